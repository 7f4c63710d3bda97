// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationRunner.h"
#include "EnergyBenchmarkPlan.h"
#include "EnergyCalibration.h"
#include "PowerSampler.h"

#include <QString>
#include <QVector>

#include <atomic>
#include <functional>
#include <optional>

namespace slicewatt {

// Runs the plan's benchmarks (ClassBenchmarks.cu on the GPU in slicewatt-calibrate; a
// simulated GPU in the tests).
class EnergyBenchmarkDriver {
public:
    virtual ~EnergyBenchmarkDriver() = default;
    // Readies `benchmark` (buffers, the iteration count of one launch). Called outside every
    // measured window, so whatever it launches is not counted.
    virtual bool prepare(const EnergyBenchmark& benchmark, QString* error) = 0;
    // Runs it back to back for at least `seconds` and returns when the GPU is done, with the
    // statements it executed over all threads (0 for the baseline).
    virtual bool run(const EnergyBenchmark& benchmark, double seconds, double* threadStatements, QString* error) = 0;
};

struct EnergyCalibrationOptions {
    EnergyBenchmarkPlanOptions plan;
    double leadSeconds = 0.3; // idle before each run, inside its trace
    double tailSeconds = 1.5; // after each run, inside its trace: the sensor's lag tail
    double sampleIntervalS = 0.01;
    // t_p from the GPU's calibration. The baseline runs first, right after the warm-up, and a
    // sleeping kernel draws what the GPU drew before it: no step to learn the lag from.
    std::optional<double> knownLagS;
    QString tool; // "slicewatt-calibrate 0.1.0"
    // The time the run keeps (null: the steady clock); tests give a simulated one.
    MeasurementClock* clock = nullptr;
};

// What the energy-class calibration measured.
struct EnergyCalibrationRun {
    QString error; // non-empty: the run stopped; what was measured before is kept
    bool cancelled = false;
    QString date; // when it started, ISO 8601 UTC
    EnergyBenchmarkPlan plan;
    QVector<double> baselineRunsW; // the baseline before the classes and, when it got that far, after them
    QVector<EnergyClassMeasurement> measurements; // in class order
    std::optional<double> lagS; // t_p learnt from the runs

    // The power subtracted from every class: the mean of the baseline runs (the board warms
    // up over the classes, and so does its static power).
    std::optional<double> baselineW() const;
};

// Warms up (the first class, unmeasured), then measures the baseline, each of the 14 classes
// and the baseline again, each run with its own trace (lead, run, tail) and its power as a
// calibration point's (energy counter where the GPU has one, else the settled lag-corrected
// trace). `progress` gets one line per step; `cancel` stops between runs.
EnergyCalibrationRun runEnergyCalibration(EnergyBenchmarkDriver& driver, const PowerSampler::ReadFunction& read,
    const CalibrationGpuInfo& gpu, const EnergyCalibrationOptions& options,
    const std::function<void(const QString&)>& progress, const std::atomic<bool>* cancel = nullptr);

// The model file's provenance for a finished run.
EnergyCalibrationSource energyCalibrationSource(
    const EnergyCalibrationRun& run, const CalibrationGpuInfo& gpu, const EnergyCalibrationOptions& options);

} // namespace slicewatt
