// SPDX-License-Identifier: GPL-3.0-or-later
#include "SensorCorrection.h"

#include "TraceFit.h"
#include "TraceStatistics.h"
#include "TraceText.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

// Where run r's tail ends: the first sample, t_p or more after the run's end, whose
// three-sample average is within the band around idle, but no later than the next run's
// start. Not before t_p: a delayed reading still shows idle right after a short run ends,
// and its late bump is the tail. `unsettled` says when the trace ended first.
double tailEnd(const QVector<PowerSample>& raw, const SensorCorrectionOptions& options, int r, bool* unsettled)
{
    *unsettled = false;
    const RunWindow& run = options.runs[r];
    const double limit = r + 1 < options.runs.size() ? options.runs[r + 1].startS : INFINITY;
    const double band = options.settleFraction * std::abs(*options.idleW);
    for (int i = firstSampleAtOrAfter(raw, std::nextafter(run.endS + options.lagS, INFINITY)); i < raw.size(); ++i) {
        if (raw[i].timeS >= limit)
            return limit;
        if (std::abs(threeSampleAverageW(raw, i) - *options.idleW) <= band)
            return raw[i].timeS;
    }
    if (raw.isEmpty() || raw.last().timeS <= run.endS)
        return run.endS;
    *unsettled = true;
    return std::min(limit, std::nextafter(raw.last().timeS, INFINITY));
}

} // namespace

QString correctionRuleName(CorrectionRule rule)
{
    switch (rule) {
    case CorrectionRule::Kept:
        return QStringLiteral("kept");
    case CorrectionRule::RunStartFit:
        return QStringLiteral("run-start-fit");
    case CorrectionRule::ShortRunFit:
        return QStringLiteral("short-run-fit");
    case CorrectionRule::DirectionAverage:
        return QStringLiteral("average");
    case CorrectionRule::DirectionMinimum:
        return QStringLiteral("minimum");
    case CorrectionRule::IdleTail:
        return QStringLiteral("idle-tail");
    }
    return {};
}

CorrectedTrace correctSensorTrace(const QVector<PowerSample>& raw, const SensorCorrectionOptions& options)
{
    CorrectedTrace corrected;
    corrected.samples = raw;
    corrected.rules.fill(CorrectionRule::Kept, raw.size());
    const int n = int(raw.size());
    const int delta = std::max(1, options.neighbourSamples);

    // Everywhere first: the error-direction rule on the raw samples.
    for (int i = delta; i + delta < n; ++i) {
        const PowerSample& before = raw[i - delta];
        const PowerSample& after = raw[i + delta];
        const double rise = after.powerW - before.powerW;
        const double span = after.timeS - before.timeS;
        const double k = span > 0 ? rise / span : rise; // equal times: the sign still tells
        if (k >= 0) {
            corrected.samples[i].powerW = (before.powerW + raw[i].powerW + after.powerW) / 3;
            corrected.rules[i] = CorrectionRule::DirectionAverage;
        } else {
            corrected.samples[i].powerW = std::min({before.powerW, raw[i].powerW, after.powerW});
            corrected.rules[i] = CorrectionRule::DirectionMinimum;
        }
    }

    // Short runs, and the first t_p of longer ones: the fitted reading t_p later.
    const TraceFit fit(raw, options.fitHalfWidthS);
    for (const RunWindow& run : options.runs) {
        const bool shortRun = isShortRun(run, options.lagS);
        const double phaseEndS = shortRun ? run.endS : run.startS + options.lagS;
        bool pastEnd = false;
        for (int i = firstSampleAtOrAfter(raw, run.startS); i < n && raw[i].timeS <= phaseEndS; ++i) {
            double sum = 0;
            int count = 0;
            for (const int k : {i - delta, i, i + delta}) {
                if (k < 0 || k >= n)
                    continue;
                const double later = raw[k].timeS + options.lagS;
                pastEnd = pastEnd || fit.beyondEnd(later);
                sum += fit.valueAtW(later);
                ++count;
            }
            corrected.samples[i].powerW = sum / count;
            corrected.rules[i] = shortRun ? CorrectionRule::ShortRunFit : CorrectionRule::RunStartFit;
        }
        if (pastEnd)
            corrected.notes.append(QStringLiteral("the trace ends less than t_p (%1 s) after the run %2–%3 s: its last "
                                                  "readings were extrapolated from the last sample")
                                       .arg(shownNumber(options.lagS), shownNumber(run.startS), shownNumber(run.endS)));
    }

    // Tails: reset to idle from each run's end until the reading is back near idle.
    for (int r = 0; r < options.runs.size(); ++r) {
        const RunWindow& run = options.runs[r];
        if (!options.idleW) {
            corrected.tailEndS.append(run.endS);
            continue;
        }
        bool unsettled = false;
        const double end = tailEnd(raw, options, r, &unsettled);
        corrected.tailEndS.append(end);
        if (unsettled)
            corrected.notes.append(QStringLiteral("after the run %1–%2 s the reading does not come back within %3 % of "
                                                  "the idle power (%4 W) before the trace ends")
                                       .arg(shownNumber(run.startS), shownNumber(run.endS),
                                           shownNumber(options.settleFraction * 100), shownNumber(*options.idleW)));
        for (int i = firstSampleAtOrAfter(raw, std::nextafter(run.endS, INFINITY)); i < n && raw[i].timeS < end; ++i) {
            corrected.samples[i].powerW = *options.idleW;
            corrected.rules[i] = CorrectionRule::IdleTail;
        }
    }
    return corrected;
}

} // namespace slicewatt
