// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PowerTrace.h"
#include "SensorLag.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// Which rule of METHOD §6 produced a corrected sample.
enum class CorrectionRule {
    Kept, // the first and last samples, which lack a neighbour: the reading as it was
    ShortRunFit, // in a run shorter than t_p: the fitted reading t_p later, three-point average
    // The first t_p of a longer run, a phase shorter than t_p: the same fitted reading t_p
    // later, so the rise the sensor delays is moved back to the run's start [ours: METHOD
    // §6 names phases shorter than t_p; the start of every run is one].
    RunStartFit,
    DirectionAverage, // error direction K ≥ 0: the average of the sample and its neighbours
    DirectionMinimum, // K < 0: the smallest of the three
    IdleTail, // after a run's end, while the reading still falls: the idle power
};
// "kept", "short-run-fit", "run-start-fit", "average", "minimum", "idle-tail": the names
// the CLI writes.
QString correctionRuleName(CorrectionRule rule);

struct SensorCorrectionOptions {
    // t_p, s. 0: unknown, and no run counts as short (the fit needs t_p).
    double lagS = 0;
    // The GPU's idle power, W, that a run's tail is reset to; nullopt: tails are kept.
    std::optional<double> idleW;
    // The runs whose starts and ends are known (sorted by start, not overlapping).
    QVector<RunWindow> runs;
    // Δ, in samples: the neighbours the three-point rules use.
    int neighbourSamples = 1;
    // A tail ends, t_p or more after its run, when the three-sample average is within this
    // fraction of the idle power.
    double settleFraction = kSensorSettleFraction;
    // The fit's half width, s; ≤ 0: TraceFit's default.
    double fitHalfWidthS = 0;
};

struct CorrectedTrace {
    QVector<PowerSample> samples; // the raw samples' times (and counters), corrected power
    QVector<CorrectionRule> rules; // per sample
    // Per run, where its tail (reset to idle) ends: the first sample, t_p or more after the
    // run's end, whose averaged reading is back within the band around idle; the next run's
    // start or the trace's end if that comes first. The run's end when no idle is known.
    QVector<double> tailEndS;
    QStringList notes; // e.g. a short run whose t_p-later reading lies past the trace's end
};

// A run shorter than t_p: its reading never settles, so the short-run rule applies.
inline bool isShortRun(const RunWindow& run, double lagS)
{
    return lagS > 0 && run.durationS() < lagS;
}

// The SC16 correction (METHOD §6) of a raw sensor trace, sample by sample:
// - in a run shorter than t_p: fit f to the samples (TraceFit) and read it t_p later,
//   P(t_i) = avg(f(t_{i−Δ} + t_p), f(t_i + t_p), f(t_{i+Δ} + t_p)), which undoes the
//   reading's delay (not a slow approach: a reading that never settles stays low);
// - after a run's end, until the reading is back near idle (looked for from t_p after the
//   end): the idle power (the variable part of the tail is the run's power arriving late,
//   which must not count after it);
// - everywhere else (long runs and between runs) the error-direction rule on the raw
//   samples: K = (P(t_{i+Δ}) − P(t_{i−Δ})) / (t_{i+Δ} − t_{i−Δ}); K ≥ 0: the average of the
//   three samples (a steady or rising reading is evened out), K < 0: the smallest (a falling
//   reading lags above the true power). On noise alone the minimum is taken about half the
//   time, which lowers a flat level by about 0.4 standard deviations of the noise.
CorrectedTrace correctSensorTrace(const QVector<PowerSample>& raw, const SensorCorrectionOptions& options);

} // namespace slicewatt
