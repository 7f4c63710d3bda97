// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationCsvWriter.h"
#include "CalibrationPlan.h"
#include "PowerSampler.h"
#include "measure/PowerTrace.h"

#include <QPair>
#include <QString>
#include <QVector>

#include <atomic>
#include <functional>
#include <optional>

namespace slicewatt {

// Runs one simulated slice kernel over and over for at least `seconds` (a CUDA launch loop
// in slicewatt-calibrate; a simulated GPU in the tests) and returns when the GPU is done.
class SliceRunner {
public:
    virtual ~SliceRunner() = default;
    virtual bool run(const CalibrationPlanPoint& point, double seconds, QString* error) = 0;
};

// The GPU under calibration, as CUDA and NVML describe it: the calibration CSV's metadata.
struct CalibrationGpuInfo {
    QString id; // short id for model files ("nvidia-h100-80gb-hbm3"); see calibrationGpuId
    QString name;
    int sms = 0;
    int maxThreadsPerBlock = 0;
    QString computeCapability;
    int maxThreadsPerSm = 0;
    int maxBlocksPerSm = 0;
    int registersPerSm = 0;
    int sharedMemoryPerSmBytes = 0;
    QString pciBusId;
    QString cudaRuntime;
    NvmlDeviceInfo nvml;
};

// A run's average power from its trace, as a calibration point or a validation program
// records it.
struct RunPower {
    double rawMeanW = 0; // the sensor's readings over the run, as read
    double correctedMeanW = 0; // after the lag correction (METHOD §6)
    double settledMeanW = 0; // the corrected trace from t_p into the run to its end
    std::optional<double> counterMeanW; // energy counter increase / duration
    double watts = 0; // counterMeanW where there is a counter, else settledMeanW
    QString wattsSource; // "energy-counter" or "settled-trace"
    std::optional<double> learntLagS; // t_p, when this run let it be learnt
};

// Corrects `trace` and sums up the run `run` (idle power `idleW` for the tail; t_p learnt
// from the run, or `knownLagS` when the run does not show it). False with `error` when the
// trace cannot be corrected.
bool measureRunPower(const PowerTrace& trace, const RunWindow& run, const std::optional<double>& idleW,
    const std::optional<double>& knownLagS, RunPower* power, QString* error);

// A GPU name as a model-file id: lower case, runs of other characters as one '-'.
QString calibrationGpuId(const QString& gpuName);

struct CalibrationRunOptions {
    CalibrationPlanOptions plan;
    double idleSeconds = 3.0; // the idle trace before any kernel ran
    double warmupSeconds = 2.0; // one full-saturation run first, so clocks and temperature settle
    double leadSeconds = 0.3; // idle before each run, inside its trace
    double tailSeconds = 1.5; // after each run, inside its trace: the sensor's lag tail
    double sampleIntervalS = 0.01;
    QString tool; // "slicewatt-calibrate 0.1.0"
    // The time the run keeps (null: the steady clock); tests give a simulated one.
    MeasurementClock* clock = nullptr;
};

// What a calibration measured: one record and one trace per point, the idle trace, and the
// metadata lines of the CSV.
struct CalibrationRunResult {
    QString error; // non-empty: the run stopped; records holds the points measured before
    bool cancelled = false;
    QVector<CalibrationRecord> records;
    QVector<PowerTrace> traces; // parallel to records
    PowerTrace idleTrace;
    std::optional<double> idleW; // median of the idle trace's second half
    std::optional<double> lagS; // t_p learnt from the runs
    QVector<QPair<QString, QString>> metadata;
};

// Measures the plan's points: idle first (nothing subtracted: idle_w goes to the metadata),
// a warm-up, then each point with its own trace (lead, run, tail). A point's watts are the
// energy counter's increase over the run divided by its duration where the GPU has a counter,
// else the mean of the sensor-corrected trace (METHOD §6) from t_p into the run to its end. `progress` gets one line
// per step; `cancel` stops between points.
CalibrationRunResult runCalibration(SliceRunner& runner, const PowerSampler::ReadFunction& read,
    const CalibrationGpuInfo& gpu, const CalibrationRunOptions& options,
    const std::function<void(const QString&)>& progress, const std::atomic<bool>* cancel = nullptr);

// Writes calibration.csv, traces/point-NN.csv and traces/idle.csv into `folder` (created
// when missing), each file atomically. False with `error` on the first failure.
bool writeCalibrationFolder(const CalibrationRunResult& result, const QString& folder, QString* error);

} // namespace slicewatt
