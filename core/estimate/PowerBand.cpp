// SPDX-License-Identifier: GPL-3.0-or-later
#include "PowerBand.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {

QString BandWidening::shortText() const
{
    QStringList words;
    if (outsideMeasured)
        words << QStringLiteral("outside the measured kernels");
    if (assumedSizes)
        words << QStringLiteral("assumed sizes");
    return words.join(QStringLiteral(", "));
}

std::optional<double> bandPctOf(const PowerModel& model, const GpuSpec& gpu)
{
    const ModelAccuracy* accuracy = model.accuracy(gpu.id);
    if (!accuracy || accuracy->bandPct <= 0)
        return std::nullopt;
    return accuracy->bandPct;
}

BandWidening bandWideningReasons(
    const QStringList& outOfDomain, const QVector<LoopResolution>& loops, const LaunchShape& launch)
{
    BandWidening widening;
    QStringList& reasons = widening.reasons;
    widening.outsideMeasured = !outOfDomain.isEmpty();
    if (widening.outsideMeasured)
        reasons << QStringLiteral("outside the measured kernels (%1)").arg(outOfDomain.first())
                + (outOfDomain.size() > 1 ? QStringLiteral(" and %1 more").arg(outOfDomain.size() - 1) : QString());
    const auto known = [](const std::optional<qint64>(&dims)[3]) {
        return std::all_of(
            std::begin(dims), std::end(dims), [](const std::optional<qint64>& d) { return d.has_value(); });
    };
    QStringList unknown;
    if (!known(launch.gridDim))
        unknown << QStringLiteral("grid");
    if (!known(launch.blockDim))
        unknown << QStringLiteral("block");
    if (!unknown.isEmpty()) {
        widening.assumedSizes = true;
        reasons << QStringLiteral("the launch's %1 not known (assumed)")
                       .arg(unknown.size() > 1 ? QStringLiteral("grid and block are")
                                               : unknown.first() + QStringLiteral(" is"));
    }
    for (const LoopResolution& loop : loops) {
        if (!loop.assumed || loop.workShare < kAssumedLoopWorkShareForBand)
            continue;
        widening.assumedSizes = true;
        reasons << QStringLiteral("the trip count of the loop at line %1 (%2 % of the work) is assumed")
                       .arg(loop.line)
                       .arg(100 * loop.workShare, 0, 'f', 0);
    }
    return widening;
}

std::optional<PowerBand> powerBandFor(
    const PowerModel& model, const GpuSpec& gpu, double watts, const BandWidening& widening)
{
    const std::optional<double> pct = bandPctOf(model, gpu);
    if (!pct)
        return std::nullopt;
    PowerBand band;
    band.widening = widening;
    band.sharePct = *pct * (band.widened() ? 2 : 1);
    band.coveragePct = model.accuracy(gpu.id)->bandCoveragePct;
    band.lowW = std::max(0.0, watts * (1 - band.sharePct / 100));
    // No board draws above its power limit for long (the clocks drop there): the band stops at it.
    band.highW = std::min(watts * (1 + band.sharePct / 100), gpu.boardPowerW.value_or(qInf()));
    return band;
}

} // namespace slicewatt
