// SPDX-License-Identifier: GPL-3.0-or-later
#include "PowerBand.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {

double bandShare(QVector<double> relativeErrors, double coverage)
{
    if (relativeErrors.isEmpty())
        return 0;
    std::sort(relativeErrors.begin(), relativeErrors.end());
    const int n = int(relativeErrors.size());
    return relativeErrors[std::clamp(int(std::ceil(coverage * n)) - 1, 0, n - 1)];
}

std::optional<double> bandPctOf(const PowerModel& model, const GpuSpec& gpu)
{
    const std::optional<ModelAccuracy> accuracy = model.accuracy(gpu.id);
    if (!accuracy)
        return std::nullopt;
    if (accuracy->bandPct > 0)
        return accuracy->bandPct;
    QVector<double> errors;
    for (const HeldOutPrediction& p : accuracy->predictions) {
        if (p.predictedW > 0)
            errors << std::abs(p.predictedW - p.measuredW) / p.predictedW;
    }
    if (errors.isEmpty())
        return std::nullopt;
    return 100 * bandShare(errors, kBandCoverage);
}

std::optional<PowerBand> powerBandFor(const PowerModel& model, const GpuSpec& gpu, double watts, bool outsideMeasured)
{
    const std::optional<double> pct = bandPctOf(model, gpu);
    if (!pct)
        return std::nullopt;
    PowerBand band;
    band.widened = outsideMeasured;
    band.sharePct = *pct * (outsideMeasured ? 2 : 1);
    band.coveragePct = model.accuracy(gpu.id)->bandCoveragePct;
    band.lowW = std::max(0.0, watts * (1 - band.sharePct / 100));
    band.highW = watts * (1 + band.sharePct / 100);
    return band;
}

} // namespace slicewatt
