// SPDX-License-Identifier: GPL-3.0-or-later
#include "TraceMeasurement.h"

#include "TraceEnergy.h"
#include "TraceStatistics.h"
#include "TraceText.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QString describeRun(const RunWindow& run)
{
    return QStringLiteral("%1–%2 s").arg(shownNumber(run.startS), shownNumber(run.endS));
}

QString checkRuns(const QVector<RunWindow>& runs, const PowerTrace& trace)
{
    const double first = trace.samples.first().timeS;
    const double last = trace.samples.last().timeS;
    for (int r = 0; r < runs.size(); ++r) {
        const RunWindow& run = runs[r];
        if (!(run.endS > run.startS) || !std::isfinite(run.startS) || !std::isfinite(run.endS))
            return QStringLiteral("run %1 ends before it starts").arg(describeRun(run));
        if (run.startS < first || run.endS > last)
            return QStringLiteral("run %1 is not inside the trace (%2–%3 s)")
                .arg(describeRun(run), shownNumber(first), shownNumber(last));
        if (r > 0 && run.startS < runs[r - 1].endS)
            return QStringLiteral("runs %1 and %2 overlap").arg(describeRun(runs[r - 1]), describeRun(run));
    }
    return {};
}

} // namespace

TraceMeasurement measureTrace(const PowerTrace& trace, const TraceMeasurementOptions& options)
{
    TraceMeasurement result;
    if (!trace.ok() || trace.samples.size() < 3) {
        result.error = trace.ok() ? QStringLiteral("%1: fewer than 3 samples").arg(trace.file)
                                  : trace.errors.value(0, QStringLiteral("the trace could not be read"));
        return result;
    }
    if (!(trace.samples.last().timeS > trace.samples.first().timeS)) {
        result.error = QStringLiteral("%1: every sample has the same time").arg(trace.file);
        return result;
    }
    QVector<RunWindow> runs = options.runs.isEmpty() ? trace.runs : options.runs;
    std::sort(runs.begin(), runs.end(), [](const RunWindow& a, const RunWindow& b) { return a.startS < b.startS; });
    result.error = checkRuns(runs, trace);
    if (!result.ok())
        return result;
    const QVector<PowerSample>& raw = trace.samples;

    // t_p: given, or the mean over the runs that settled.
    QVector<std::optional<SensorLagEstimate>> estimates(runs.size());
    if (options.lagS) {
        result.lagS = *options.lagS;
        result.lagSource = QStringLiteral("given");
    } else if (!runs.isEmpty()) {
        double sum = 0;
        int count = 0;
        QStringList problems;
        for (int r = 0; r < runs.size(); ++r) {
            estimates[r] = learnSensorLag(raw, runs[r], options.settleFraction);
            if (estimates[r]->ok()) {
                sum += *estimates[r]->lagS;
                ++count;
            } else {
                problems.append(QStringLiteral("run %1: %2").arg(describeRun(runs[r]), estimates[r]->problem));
            }
        }
        if (count == 0) {
            result.error
                = QStringLiteral("cannot learn the sensor lag t_p from %1 (%2); give t_p learnt from a longer run")
                      .arg(trace.file, problems.join(QStringLiteral("; ")));
            return result;
        }
        result.lagS = sum / count;
        result.lagSource = QStringLiteral("learnt");
        for (const QString& problem : problems)
            result.notes.append(QStringLiteral("t_p not learnt from %1").arg(problem));
    } else {
        result.lagSource = QStringLiteral("none");
    }

    // The idle power the tails are reset to.
    if (options.idleW) {
        result.idleW = options.idleW;
        result.idleSource = QStringLiteral("given");
    } else if (!runs.isEmpty()) {
        result.idleW = medianPowerW(raw, raw.first().timeS, std::nextafter(runs.first().startS, -INFINITY), 3);
        result.idleSource = QStringLiteral("before-first-run");
        if (!result.idleW) {
            // After the last run, once its tail has surely settled (three times t_p).
            result.idleW = medianPowerW(raw, runs.last().endS + 3 * result.lagS.value_or(0), raw.last().timeS, 3);
            result.idleSource = QStringLiteral("after-last-run");
        }
        if (!result.idleW) {
            result.idleSource = QStringLiteral("none");
            result.notes.append(
                QStringLiteral("the idle power is unknown (fewer than 3 samples before the first run and "
                               "after the last): tails are not reset; give it"));
        }
    } else {
        result.idleSource = QStringLiteral("none");
    }

    SensorCorrectionOptions correction;
    correction.lagS = result.lagS.value_or(0);
    correction.idleW = result.idleW;
    correction.runs = runs;
    correction.settleFraction = options.settleFraction;
    result.corrected = correctSensorTrace(raw, correction);
    result.notes += result.corrected.notes;

    const auto summarise = [&](const RunWindow& window) {
        RunMeasurement run;
        run.window = window;
        run.rawEnergyJ = traceEnergyJ(raw, window.startS, window.endS);
        run.correctedEnergyJ = traceEnergyJ(result.corrected.samples, window.startS, window.endS);
        run.rawMeanW = run.rawEnergyJ / window.durationS();
        run.correctedMeanW = run.correctedEnergyJ / window.durationS();
        run.rawPeakW = peakPowerW(raw, window.startS, window.endS).value_or(run.rawMeanW);
        run.correctedPeakW
            = peakPowerW(result.corrected.samples, window.startS, window.endS).value_or(run.correctedMeanW);
        if (trace.hasEnergy)
            run.counterEnergyJ = counterEnergyJ(raw, window.startS, window.endS);
        run.tailEndS = window.endS;
        return run;
    };
    for (int r = 0; r < runs.size(); ++r) {
        RunMeasurement run = summarise(runs[r]);
        run.shortRun = isShortRun(runs[r], correction.lagS);
        run.lag = estimates[r];
        run.tailEndS = result.corrected.tailEndS.value(r, runs[r].endS);
        result.runs.append(run);
    }
    if (runs.isEmpty()) {
        RunMeasurement whole = summarise(RunWindow{raw.first().timeS, raw.last().timeS, 0});
        whole.wholeTrace = true;
        result.runs.append(whole);
    }
    return result;
}

TraceMeasurement measureTraceWithLagFallback(
    const PowerTrace& trace, TraceMeasurementOptions options, const std::optional<double>& fallbackLagS)
{
    TraceMeasurement measured = measureTrace(trace, options);
    if (!measured.ok() && fallbackLagS && !options.lagS) {
        options.lagS = fallbackLagS;
        measured = measureTrace(trace, options);
    }
    return measured;
}

} // namespace slicewatt
