// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PowerTrace.h"
#include "SensorCorrection.h"
#include "SensorLag.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

struct TraceMeasurementOptions {
    // The runs to correct and sum up (a caller's timer around the launches). Empty: the
    // trace's own `# run:` marks; none there either: the whole trace, with no run to learn
    // t_p from or to reset a tail after.
    QVector<RunWindow> runs;
    std::optional<double> idleW; // W; nullopt: estimated from the trace (see idleSource)
    std::optional<double> lagS; // t_p, s; nullopt: learnt from the runs
    double settleFraction = kSensorSettleFraction;
};

// One run's numbers, raw (the sensor as read) and corrected.
struct RunMeasurement {
    RunWindow window;
    bool wholeTrace = false; // no run was known: the numbers cover the whole trace
    bool shortRun = false; // shorter than t_p: corrected by the fit
    std::optional<SensorLagEstimate> lag; // what this run said about t_p, when t_p was learnt
    double rawMeanW = 0; // energy / duration
    double correctedMeanW = 0;
    double rawPeakW = 0; // the largest sample inside the window
    double correctedPeakW = 0;
    double rawEnergyJ = 0; // traceEnergyJ over the window
    double correctedEnergyJ = 0;
    std::optional<double> counterEnergyJ; // the energy counter's increase, where the trace has one
    double tailEndS = 0; // where the tail reset to idle ended (the window's end when none)
};

// A trace corrected as METHOD §6 describes, with the numbers per run.
struct TraceMeasurement {
    QString error; // non-empty: nothing below means anything
    bool ok() const { return error.isEmpty(); }

    std::optional<double> lagS; // t_p as used; nullopt with no run and none given
    QString lagSource; // "given", "learnt" (the mean over runs that settled), "none"
    std::optional<double> idleW; // W, as used for the tails
    // "given", "before-first-run" (median of the samples before it), "after-last-run"
    // (median once its tail has settled), "none"
    QString idleSource;
    CorrectedTrace corrected;
    QVector<RunMeasurement> runs;
    QStringList notes;
};

// Learns t_p (unless given), estimates the idle power (unless given), corrects the trace
// and sums up each run. Fails, in words, when a run lies outside the trace or runs overlap,
// or when runs are known but none of them lets t_p be learnt and none was given.
TraceMeasurement measureTrace(const PowerTrace& trace, const TraceMeasurementOptions& options = {});

// measureTrace, and when t_p cannot be learnt from the trace's runs (all shorter than the
// sensor needs to settle), again with `fallbackLagS` (the lag a calibration learnt overall)
// when there is one.
TraceMeasurement measureTraceWithLagFallback(
    const PowerTrace& trace, TraceMeasurementOptions options, const std::optional<double>& fallbackLagS);

} // namespace slicewatt
