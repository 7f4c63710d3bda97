// SPDX-License-Identifier: GPL-3.0-or-later
// A GPU for the calibration tests: slicewatt-calibrate's runner drives it like the CUDA
// launcher, and its sensor reads like NVML's.
#pragma once

#include "calibration/CalibrationRunner.h"

#include <QString>

#include <chrono>
#include <cmath>
#include <mutex>

namespace slicewatt::test {

// The true power of the simulated GPU (an idle-aware JoS13 surface) and a sensor that follows
// it with a first-order lag, as NVML's readings do; the energy counter integrates the truth.
struct SurfaceTruth {
    double idleW = 60;
    double beta0 = 120; // W per unit of saturation
    double beta1 = 25;
    double beta2 = 0.2;
    double watts(double saturation, double intensity) const
    {
        return idleW + beta0 * saturation + beta1 * std::pow(intensity, beta2);
    }
};

// A board's true power, switched in steps, as its sensor reads it: with a first-order lag
// (time constant τ) as NVML's readings do, and an energy counter that integrates the truth.
// Its time is the run's clock: a simulated one in the runner's tests (exact and instant), the
// steady clock where a real program runs beside it.
class LaggingSensor {
public:
    using Clock = PowerSampler::Clock;
    LaggingSensor(double startW, double lagTauS, bool energyCounter, const MeasurementClock& clock)
        : m_clock(clock)
        , m_tauS(lagTauS)
        , m_energyCounter(energyCounter)
        , m_origin(clock.now())
        , m_levelW(startW)
        , m_sensorAtSwitchW(startW)
    {
    }

    void setLevel(double watts)
    {
        const std::lock_guard lock(m_mutex);
        const double t = now();
        m_sensorAtSwitchW = sensorAt(t);
        m_energyAtSwitchJ += m_levelW * (t - m_switchS);
        m_switchS = t;
        m_levelW = watts;
    }

    std::optional<NvmlPowerReading> read(QString*)
    {
        const std::lock_guard lock(m_mutex);
        const double t = now();
        NvmlPowerReading reading;
        reading.powerW = sensorAt(t);
        if (m_energyCounter)
            reading.energyJ = m_energyAtSwitchJ + m_levelW * (t - m_switchS);
        return reading;
    }

private:
    double now() const { return std::chrono::duration<double>(m_clock.now() - m_origin).count(); }
    double sensorAt(double t) const
    {
        return m_levelW + (m_sensorAtSwitchW - m_levelW) * std::exp(-(t - m_switchS) / m_tauS);
    }

    const MeasurementClock& m_clock;
    double m_tauS;
    bool m_energyCounter;
    Clock::time_point m_origin;
    std::mutex m_mutex;
    double m_levelW;
    double m_switchS = 0;
    double m_sensorAtSwitchW;
    double m_energyAtSwitchJ = 0;
};

class SimulatedGpu final : public SliceRunner {
public:
    SimulatedGpu(SurfaceTruth truth, double lagTauS, bool energyCounter, MeasurementClock& clock)
        : m_truth(truth)
        , m_clock(clock)
        , m_sensor(truth.idleW, lagTauS, energyCounter, clock)
    {
    }

    bool run(const CalibrationPlanPoint& point, double seconds, QString* error) override
    {
        if (failAtPoint > 0 && point.index == failAtPoint) {
            *error = QStringLiteral("the kernel faulted");
            return false;
        }
        m_sensor.setLevel(m_truth.watts(point.saturation, point.intensity));
        m_clock.sleepFor(seconds);
        m_sensor.setLevel(m_truth.idleW);
        ++runs;
        return true;
    }

    std::optional<NvmlPowerReading> read(QString* error) { return m_sensor.read(error); }

    int failAtPoint = 0;
    int runs = 0;

private:
    SurfaceTruth m_truth;
    MeasurementClock& m_clock;
    LaggingSensor m_sensor;
};

inline CalibrationGpuInfo simulatedGpuInfo()
{
    CalibrationGpuInfo gpu;
    gpu.name = QStringLiteral("Simulated GPU 9000");
    gpu.id = calibrationGpuId(gpu.name);
    gpu.sms = 40;
    gpu.maxThreadsPerBlock = 1024;
    gpu.computeCapability = QStringLiteral("9.0");
    gpu.maxThreadsPerSm = 2048;
    gpu.maxBlocksPerSm = 32;
    gpu.nvml.driverVersion = QStringLiteral("999.1");
    gpu.nvml.smClockMhz = 1500;
    gpu.nvml.hasInstantPower = true;
    return gpu;
}

// Short but honest: every run is JoS13's minimum 0.5 s, the sensor settles (3 %) in
// 3.5 τ = 0.28 s, the tail is long enough to see it fall. On `clock`, the simulated GPU's:
// the run takes no real time.
inline CalibrationRunOptions quickOptions(MeasurementClock& clock)
{
    CalibrationRunOptions options;
    options.clock = &clock;
    options.plan.intensities = {7, 180, 8200};
    options.plan.saturations = {0.25, 1.0};
    options.plan.runSeconds = 0.5;
    options.idleSeconds = 0.6;
    options.warmupSeconds = 0;
    options.leadSeconds = 0.1;
    options.tailSeconds = 0.5;
    options.sampleIntervalS = 0.005;
    options.tool = QStringLiteral("test_calibration");
    return options;
}

} // namespace slicewatt::test
