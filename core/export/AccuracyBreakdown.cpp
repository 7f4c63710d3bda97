// SPDX-License-Identifier: GPL-3.0-or-later
#include "AccuracyBreakdown.h"

#include "common/CsvFields.h"

#include <QMap>

#include <algorithm>
#include <cmath>

namespace slicewatt {

QVector<KernelError> kernelErrors(const ModelAccuracy& accuracy)
{
    QMap<QString, KernelError> byKernel;
    for (const HeldOutPrediction& p : accuracy.predictions) {
        KernelError& e = byKernel[p.kernel];
        e.kernel = p.kernel;
        ++e.launches;
        e.mapePct += std::abs(p.predictedW - p.measuredW) / p.measuredW * 100;
        e.meanMeasuredW += p.measuredW;
        e.meanPredictedW += p.predictedW;
    }
    QVector<KernelError> errors;
    for (KernelError e : byKernel) {
        e.mapePct /= e.launches;
        e.meanMeasuredW /= e.launches;
        e.meanPredictedW /= e.launches;
        errors << e;
    }
    std::sort(errors.begin(), errors.end(), [](const KernelError& a, const KernelError& b) {
        return a.mapePct != b.mapePct ? a.mapePct > b.mapePct : a.kernel < b.kernel;
    });
    return errors;
}

QByteArray accuracyCsv(const ModelAccuracy& accuracy, const QString& modelId, const QString& gpuId)
{
    QString text;
    text += metadataCommentLine(QStringLiteral("model"), modelId) + QLatin1Char('\n');
    text += metadataCommentLine(QStringLiteral("gpu_id"), gpuId) + QLatin1Char('\n');
    text += metadataCommentLine(QStringLiteral("split"), accuracy.split) + QLatin1Char('\n');
    text += metadataCommentLine(QStringLiteral("mape_pct"), QString::number(accuracy.mapePct, 'f', 2))
        + QLatin1Char('\n');
    text += metadataCommentLine(QStringLiteral("data"), accuracy.data) + QLatin1Char('\n');
    text += QStringLiteral("kernel,grid,block,measured_w,predicted_w,ape_pct\n");
    for (const HeldOutPrediction& p : accuracy.predictions) {
        text += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                    .arg(csvField(p.kernel))
                    .arg(p.gridBlocks)
                    .arg(p.blockThreads)
                    .arg(p.measuredW, 0, 'g', 6)
                    .arg(p.predictedW, 0, 'g', 6)
                    .arg(std::abs(p.predictedW - p.measuredW) / p.measuredW * 100, 0, 'f', 2);
    }
    return text.toUtf8();
}

} // namespace slicewatt
