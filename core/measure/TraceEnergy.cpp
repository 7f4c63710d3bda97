// SPDX-License-Identifier: GPL-3.0-or-later
#include "TraceEnergy.h"

#include "TraceStatistics.h"
#include "TraceText.h"

#include <algorithm>

namespace slicewatt {
namespace {

double interpolatedPowerW(const QVector<PowerSample>& samples, double timeS)
{
    const int after = firstSampleAtOrAfter(samples, timeS);
    if (after == 0)
        return samples.first().powerW;
    if (after >= samples.size())
        return samples.last().powerW;
    const PowerSample& a = samples[after - 1];
    const PowerSample& b = samples[after];
    const double span = b.timeS - a.timeS;
    return span > 0 ? a.powerW + (b.powerW - a.powerW) * (timeS - a.timeS) / span : b.powerW;
}

} // namespace

double traceEnergyJ(const QVector<PowerSample>& samples, double startS, double endS)
{
    if (samples.isEmpty() || !(endS > startS))
        return 0;
    const int first = firstSampleAtOrAfter(samples, startS);
    int last = first - 1; // the last sample inside the window
    while (last + 1 < samples.size() && samples[last + 1].timeS <= endS)
        ++last;
    if (last < first)
        return interpolatedPowerW(samples, (startS + endS) / 2) * (endS - startS);
    double energy = samples[first].powerW * (samples[first].timeS - startS);
    for (int i = first + 1; i <= last; ++i)
        energy += (samples[i - 1].powerW + samples[i].powerW) / 2 * (samples[i].timeS - samples[i - 1].timeS);
    energy += samples[last].powerW * (endS - samples[last].timeS);
    return energy;
}

std::optional<double> counterEnergyJ(const QVector<PowerSample>& samples, double startS, double endS, QString* problem)
{
    const auto fail = [&](const QString& why) -> std::optional<double> {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    if (samples.isEmpty()
        || !std::all_of(samples.begin(), samples.end(), [](const PowerSample& s) { return s.energyJ.has_value(); }))
        return fail(QStringLiteral("the trace has no energy counter"));
    if (samples.size() < 2)
        return fail(QStringLiteral("one sample is no energy"));
    if (startS < samples.first().timeS || endS > samples.last().timeS)
        return fail(QStringLiteral("the trace (%1–%2 s) does not cover %3–%4 s")
                        .arg(shownNumber(samples.first().timeS), shownNumber(samples.last().timeS), shownNumber(startS),
                            shownNumber(endS)));
    const auto counterAt = [&](double timeS) {
        const int after = std::max(1, std::min(firstSampleAtOrAfter(samples, timeS), int(samples.size()) - 1));
        const PowerSample& a = samples[after - 1];
        const PowerSample& b = samples[after];
        const double span = b.timeS - a.timeS;
        return span > 0 ? *a.energyJ + (*b.energyJ - *a.energyJ) * (timeS - a.timeS) / span : *b.energyJ;
    };
    const int from = std::max(0, firstSampleAtOrAfter(samples, startS) - 1);
    for (int i = from + 1; i < samples.size() && samples[i - 1].timeS <= endS; ++i) {
        if (*samples[i].energyJ < *samples[i - 1].energyJ)
            return fail(
                QStringLiteral("the energy counter goes backwards at line %1 (driver reloaded?)").arg(samples[i].line));
    }
    return counterAt(endS) - counterAt(startS);
}

} // namespace slicewatt
