// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibrationCsvWriter.h"

#include "common/CsvFields.h"

#include <QStringList>

namespace slicewatt {
namespace {

QString number(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

} // namespace

QByteArray calibrationCsv(const QVector<QPair<QString, QString>>& metadata, const QVector<CalibrationRecord>& records)
{
    QString text;
    for (const auto& [key, value] : metadata)
        text += metadataCommentLine(key, value) + QLatin1Char('\n');
    text += QStringLiteral(
        "point,gpu,saturation,intensity,lines,watts,watts_source,raw_mean_w,corrected_mean_w,settled_mean_w,"
        "counter_mean_w,seconds,blocks,threads,arith_per_access,trace,run_start_s,run_end_s\n");
    for (const CalibrationRecord& r : records) {
        const QStringList fields = {QString::number(r.point), r.gpu, number(r.saturation, 6), number(r.intensity, 5),
            QString::number(r.lines), number(r.watts, 3), r.wattsSource, number(r.rawMeanW, 3),
            number(r.correctedMeanW, 3), number(r.settledMeanW, 3),
            r.counterMeanW ? number(*r.counterMeanW, 3) : QString(), number(r.seconds, 4), QString::number(r.blocks),
            QString::number(r.threadsPerBlock), QString::number(r.arithPerAccess), r.trace, number(r.runStartS, 4),
            number(r.runEndS, 4)};
        text += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return text.toUtf8();
}

} // namespace slicewatt
