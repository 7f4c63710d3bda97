// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelAccuracyText.h"

#include <cmath>

namespace slicewatt {

std::optional<double> expectedErrorPct(const PowerModel& model, const GpuSpec& gpu)
{
    const ModelAccuracy* accuracy = model.accuracy(gpu.id);
    if (!accuracy)
        return std::nullopt;
    return accuracy->mapePct;
}

QString accuracyText(const PowerModel& model, const GpuSpec& gpu)
{
    if (const ModelAccuracy* a = model.accuracy(gpu.id)) {
        const std::optional<double> band = bandPctOf(model, gpu);
        const QString bandWords = !band ? QString()
            : a->bandCoveragePct > 0    ? QStringLiteral(", band ±%1 % (it held %2 % of the held-out launches)")
                                           .arg(std::round(*band))
                                           .arg(std::round(a->bandCoveragePct))
                                     : QStringLiteral(", band ±%1 % (covers %2 % of the held-out launches)")
                                           .arg(std::round(*band))
                                           .arg(std::round(kBandCoverage * 100));
        // A GPU nobody measured: its constants come from its data sheet, and its error is what
        // such predictions earned on the measured GPUs, each held out in turn.
        if (model.isDataSheetOnly(gpu.id))
            return QStringLiteral("±%1 % typical error%2: constants from the %3's data sheet; the error of such "
                                  "predictions on measured GPUs, each held out (%4, %5 launches)")
                .arg(std::round(a->mapePct))
                .arg(bandWords, gpu.name, a->split)
                .arg(a->rows);
        return QStringLiteral("±%1 % typical error%2: %3 on %4 measured %5 kernels (%6 launches)")
            .arg(std::round(a->mapePct))
            .arg(bandWords, a->split)
            .arg(a->kernels)
            .arg(gpu.name)
            .arg(a->rows);
    }
    // What the model's own source says of its quality, where the file records it.
    const QString reported = model.provenance().value(QStringLiteral("reported_quality")).toString();
    const QString paper = model.provenance().value(QStringLiteral("paper")).toString();
    if (!reported.isEmpty())
        return QStringLiteral("not validated on measured power here; its authors report: %1").arg(reported);
    if (!paper.isEmpty())
        return QStringLiteral("not validated on measured power here (published by %1)")
            .arg(paper.section(QLatin1Char(':'), 0, 0));
    return QStringLiteral("not validated on measured power of the %1").arg(gpu.name);
}

QString wattsWithError(double watts, const PowerModel& model, const GpuSpec& gpu)
{
    const std::optional<double> error = expectedErrorPct(model, gpu);
    const QString w = QStringLiteral("%1 W").arg(watts, 0, 'f', 1);
    return error ? QStringLiteral("%1 ±%2 %").arg(w).arg(std::round(*error)) : w;
}

QString bandText(const KernelEstimate& estimate)
{
    if (!estimate.band)
        return {};
    const PowerBand& b = *estimate.band;
    const int digits = b.highW < 10 ? 1 : 0;
    return QStringLiteral("%1–%2 W%3")
        .arg(b.lowW, 0, 'f', digits)
        .arg(b.highW, 0, 'f', digits)
        .arg(b.widened() ? QStringLiteral(", widened: %1").arg(b.widening.shortText()) : QString());
}

QString powerWithBand(const KernelEstimate& estimate, const PowerModel& model, const GpuSpec& gpu)
{
    if (!estimate.band)
        return wattsWithError(estimate.watts, model, gpu);
    return QStringLiteral("%1 W (%2)").arg(estimate.watts, 0, 'f', 1).arg(bandText(estimate));
}

} // namespace slicewatt
