// SPDX-License-Identifier: GPL-3.0-or-later
#include "EnergyCalibrationRunner.h"

#include "ir/InstructionClass.h"

#include <QDateTime>

namespace slicewatt {
namespace {

using Clock = PowerSampler::Clock;

// One measured run of `benchmark`.
struct BenchmarkPower {
    RunPower power;
    double seconds = 0;
    double threadStatements = 0;
};

class Measurer {
public:
    Measurer(
        EnergyBenchmarkDriver& driver, const PowerSampler::ReadFunction& read, const EnergyCalibrationOptions& options)
        : m_driver(driver)
        , m_clock(options.clock ? *options.clock : steadyMeasurementClock())
        , m_sampler(read, options.sampleIntervalS, m_clock)
        , m_options(options)
        , m_lagS(options.knownLagS)
    {
    }

    bool measure(const EnergyBenchmark& benchmark, BenchmarkPower* result, QString* error)
    {
        if (!m_driver.prepare(benchmark, error))
            return false;
        const Clock::time_point origin = m_clock.now();
        m_sampler.start(origin);
        m_clock.sleepFor(m_options.leadSeconds);
        const Clock::time_point start = m_clock.now();
        const bool ran = m_driver.run(benchmark, m_options.plan.runSeconds, &result->threadStatements, error);
        const Clock::time_point end = m_clock.now();
        if (ran)
            m_clock.sleepFor(m_options.tailSeconds);
        const PowerTrace trace = m_sampler.stop();
        if (!ran)
            return false;
        if (!trace.ok()) {
            *error = trace.errors.join(QLatin1Char(' '));
            return false;
        }
        const RunWindow run{m_sampler.secondsSince(origin, start), m_sampler.secondsSince(origin, end), 0};
        result->seconds = run.durationS();
        // Idle for the tail from the lead (nullopt): between runs the GPU is truly idle.
        if (!measureRunPower(trace, run, std::nullopt, m_lagS, &result->power, error))
            return false;
        if (result->power.learntLagS)
            m_lagS = m_lagS ? (*m_lagS + *result->power.learntLagS) / 2 : *result->power.learntLagS;
        return true;
    }

    std::optional<double> lagS() const { return m_lagS; }

private:
    EnergyBenchmarkDriver& m_driver;
    MeasurementClock& m_clock;
    PowerSampler m_sampler;
    const EnergyCalibrationOptions& m_options;
    std::optional<double> m_lagS;
};

} // namespace

std::optional<double> EnergyCalibrationRun::baselineW() const
{
    if (baselineRunsW.isEmpty())
        return std::nullopt;
    double sum = 0;
    for (double w : baselineRunsW)
        sum += w;
    return sum / baselineRunsW.size();
}

EnergyCalibrationRun runEnergyCalibration(EnergyBenchmarkDriver& driver, const PowerSampler::ReadFunction& read,
    const CalibrationGpuInfo& gpu, const EnergyCalibrationOptions& options,
    const std::function<void(const QString&)>& progress, const std::atomic<bool>* cancel)
{
    EnergyCalibrationRun result;
    result.date = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    QString error;
    result.plan = energyBenchmarkPlan(options.plan, gpu.sms, gpu.maxThreadsPerSm, gpu.maxThreadsPerBlock, &error);
    if (result.plan.classes.isEmpty()) {
        result.error = error;
        return result;
    }
    const auto cancelled = [&] {
        result.cancelled = cancel && cancel->load();
        return result.cancelled;
    };
    Measurer measurer(driver, read, options);

    if (options.plan.warmupSeconds > 0) {
        // Clocks and temperature settle under load before anything counts (the thesis: a minute).
        const EnergyBenchmark& warmup = result.plan.classes.first();
        double ignored = 0;
        progress(QStringLiteral("warm-up: %1 s of %2").arg(options.plan.warmupSeconds).arg(warmup.name));
        if (!driver.prepare(warmup, &error) || !driver.run(warmup, options.plan.warmupSeconds, &ignored, &error)) {
            result.error = QStringLiteral("warm-up: ") + error;
            return result;
        }
    }

    const auto measureBaseline = [&](const QString& when) {
        BenchmarkPower baseline;
        if (!measurer.measure(result.plan.baseline, &baseline, &error)) {
            result.error = QStringLiteral("baseline %1: %2").arg(when, error);
            return false;
        }
        result.baselineRunsW.append(baseline.power.watts);
        result.lagS = measurer.lagS();
        progress(QStringLiteral("baseline (%1): %2 W over %3 s (%4)")
                     .arg(when)
                     .arg(baseline.power.watts, 0, 'f', 1)
                     .arg(baseline.seconds, 0, 'f', 2)
                     .arg(baseline.power.wattsSource));
        return true;
    };
    if (cancelled() || !measureBaseline(QStringLiteral("before")))
        return result;

    for (const EnergyBenchmark& benchmark : result.plan.classes) {
        if (cancelled())
            return result;
        BenchmarkPower measured;
        if (!measurer.measure(benchmark, &measured, &error)) {
            result.error = benchmark.name + QStringLiteral(": ") + error;
            return result;
        }
        EnergyClassMeasurement m;
        m.energyClass = benchmark.energyClass;
        m.powerW = measured.power.watts;
        m.seconds = measured.seconds;
        m.instructions = measured.threadStatements * benchmark.operationsPerStatement;
        m.powerSource = measured.power.wattsSource;
        result.measurements.append(m);
        result.lagS = measurer.lagS();
        const double nj = (m.powerW - result.baselineRunsW.first()) * m.seconds / m.instructions * 1e9;
        progress(QStringLiteral("%1 (%2/%3): %4 W over %5 s, %6 instructions/s: %7 nJ per instruction (against the "
                                "first baseline)")
                     .arg(benchmark.name)
                     .arg(benchmark.energyClass + 1)
                     .arg(kEnergyClassCount)
                     .arg(m.powerW, 0, 'f', 1)
                     .arg(m.seconds, 0, 'f', 2)
                     .arg(m.instructions / m.seconds, 0, 'g', 3)
                     .arg(nj, 0, 'g', 3));
    }
    if (!cancelled())
        measureBaseline(QStringLiteral("after"));
    return result;
}

EnergyCalibrationSource energyCalibrationSource(
    const EnergyCalibrationRun& run, const CalibrationGpuInfo& gpu, const EnergyCalibrationOptions& options)
{
    EnergyCalibrationSource source;
    source.gpu = gpu;
    source.date = run.date;
    source.tool = options.tool;
    source.plan = run.plan;
    source.runSeconds = options.plan.runSeconds;
    source.baselineRunsW = run.baselineRunsW;
    return source;
}

} // namespace slicewatt
