// SPDX-License-Identifier: GPL-3.0-or-later
#include "SensorLag.h"

#include "TraceStatistics.h"
#include "TraceText.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {

SensorLagEstimate learnSensorLag(const QVector<PowerSample>& samples, const RunWindow& run, double settleFraction)
{
    SensorLagEstimate estimate;
    const double duration = run.durationS();
    const int first = firstSampleAtOrAfter(samples, run.startS);
    if (first == 0) {
        estimate.problem = QStringLiteral("no samples before the run's start: the level it rises from is unknown");
        return estimate;
    }
    // The level before the run: the samples of a stretch as long as the run just before it,
    // so that an earlier run's tail further back does not count.
    estimate.baselineW = medianPowerW(samples, run.startS - duration, std::nextafter(run.startS, -INFINITY))
                             .value_or(samples[first - 1].powerW);
    const double plateauFrom = run.startS + duration * 2 / 3;
    const std::optional<double> plateau = medianPowerW(samples, plateauFrom, run.endS, 3);
    if (!plateau) {
        estimate.problem
            = QStringLiteral("fewer than 3 samples in the run's last third (%1 s): sample faster or run longer")
                  .arg(shownNumber(duration / 3));
        return estimate;
    }
    estimate.plateauW = *plateau;
    const double band = settleFraction * std::abs(*plateau);
    if (std::abs(*plateau - estimate.baselineW) <= 2 * band) {
        estimate.problem
            = QStringLiteral("the run's power (%1 W) differs from the power before it (%2 W) by less than "
                             "twice the %3 % band: no step to time")
                  .arg(shownNumber(*plateau), shownNumber(estimate.baselineW), shownNumber(settleFraction * 100));
        return estimate;
    }
    // The last sample inside the run: the averages leave out the samples after it, which a
    // reading without delay already shows falling.
    int lastInRun = first - 1;
    while (lastInRun + 1 < samples.size() && samples[lastInRun + 1].timeS <= run.endS)
        ++lastInRun;
    const auto deviation = [&](int i) { return std::abs(threeSampleAverageW(samples, i, lastInRun) - *plateau); };
    // The last sample, from the one before the start to the run's end, still outside the band.
    int lastOutside = first - 1;
    for (int i = first; i <= lastInRun; ++i) {
        if (deviation(i) > band)
            lastOutside = i;
    }
    if (lastOutside >= lastInRun) {
        estimate.problem = QStringLiteral("the reading is outside the %1 % band at the run's end")
                               .arg(shownNumber(settleFraction * 100));
        return estimate;
    }
    // Where the averaged reading crosses the band's edge, linearly between the two samples.
    const double outside = deviation(lastOutside);
    const double inside = deviation(lastOutside + 1);
    const double t0 = samples[lastOutside].timeS;
    const double t1 = samples[lastOutside + 1].timeS;
    const double crossing = outside > inside ? t0 + (outside - band) / (outside - inside) * (t1 - t0) : t1;
    estimate.settledAtS = std::max(crossing, run.startS);
    if (estimate.settledAtS > plateauFrom) {
        estimate.problem
            = QStringLiteral("the reading settled only %1 s into the %2 s run, after its first two thirds: "
                             "learn t_p from a longer run")
                  .arg(shownNumber(estimate.settledAtS - run.startS), shownNumber(duration));
        return estimate;
    }
    estimate.lagS = estimate.settledAtS - run.startS;
    return estimate;
}

} // namespace slicewatt
