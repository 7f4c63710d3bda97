// SPDX-License-Identifier: GPL-3.0-or-later
#include "Validation.h"

#include "analysis/ProjectIndexer.h"
#include "common/CsvFields.h"
#include "common/FileErrorList.h"
#include "common/FileIo.h"
#include "estimate/ProjectEstimate.h"
#include "estimate/WhatIf.h"
#include "project/ProjectLoader.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

int columnOf(const QStringList& header, const char* name)
{
    for (int i = 0; i < header.size(); ++i) {
        if (header[i].compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
            return i;
    }
    return -1;
}

// What one program's analysis gives: kernel name → predicted W, or why there is none.
struct ProgramPrediction {
    QString error;
    QVector<QPair<QString, double>> kernels; // in source order
};

ProgramPrediction predictProgram(const QString& path, const PowerModel& model, const GpuSpec& gpu,
    const WhatIfSettings& settings, const ParserOptions& parserOptions)
{
    ProgramPrediction prediction;
    if (!QFileInfo(path).isFile()) {
        prediction.error = QStringLiteral("%1: no such file").arg(path);
        return prediction;
    }
    const ProjectIndex index = indexProject(loadProject({path}), parserOptions);
    const EstimateRun run = estimateProjectWhatIf(index, model, gpu, nullptr, settings); // watts only
    for (const KernelEstimateReport& k : run.kernels)
        prediction.kernels.append({k.analysis.kernel->info.name, k.estimate.watts});
    if (prediction.kernels.isEmpty())
        prediction.error = QStringLiteral("%1: no kernel was analysed").arg(path);
    return prediction;
}

QString percent(const std::optional<double>& fraction)
{
    return fraction ? QString::number(*fraction * 100, 'f', 1) : QStringLiteral("-");
}

} // namespace

std::optional<double> ValidationRow::kernelShare() const
{
    if (!kernelSeconds || !seconds || !(*seconds > 0))
        return std::nullopt;
    return std::min(1.0, *kernelSeconds / *seconds);
}

std::optional<double> ValidationResult::loopAverageW() const
{
    const std::optional<double> share = row.kernelShare();
    if (!predictedW || !share || !row.contextIdleW)
        return std::nullopt;
    return *share * *predictedW + (1 - *share) * *row.contextIdleW;
}

std::optional<double> ValidationResult::loopAverageError() const
{
    const std::optional<double> predicted = loopAverageW();
    if (!predicted || row.measuredW <= 0)
        return std::nullopt;
    return std::abs(*predicted - row.measuredW) / row.measuredW;
}

std::optional<double> ValidationResult::absoluteError() const
{
    if (!predictedW || row.measuredW <= 0)
        return std::nullopt;
    return std::abs(*predictedW - row.measuredW) / row.measuredW;
}

ValidationSet parseValidationCsv(const QByteArray& contents, const QString& fileName)
{
    ValidationSet set;
    set.file = fileName;
    FileErrorList errors(fileName);
    QStringList header;
    int program = -1, kernel = -1, measured = -1, seconds = -1, kernelSeconds = -1, contextIdle = -1;
    const QStringList lines = QString::fromUtf8(contents).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        if (line.startsWith(QLatin1Char('#'))) {
            QString key, value;
            if (header.isEmpty() && splitMetadataComment(line, &key, &value))
                set.metadata.insert(key, value);
            continue;
        }
        QStringList fields;
        if (!splitCsvFields(line, &fields)) {
            errors.add(i + 1, QStringLiteral("unterminated quote"));
            continue;
        }
        if (header.isEmpty()) {
            header = fields;
            program = columnOf(header, "program");
            kernel = columnOf(header, "kernel");
            measured = columnOf(header, "measured_w");
            seconds = columnOf(header, "seconds");
            kernelSeconds = columnOf(header, "kernel_s");
            contextIdle = columnOf(header, "context_idle_w");
            if (program < 0 || measured < 0) {
                errors.add(i + 1, QStringLiteral("the header needs the columns program and measured_w"));
                break;
            }
            continue;
        }
        if (fields.size() != header.size()) {
            errors.add(i + 1, QStringLiteral("expected %1 columns, got %2").arg(header.size()).arg(fields.size()));
            continue;
        }
        ValidationRow row;
        row.line = i + 1;
        row.program = fields[program];
        row.kernel = kernel >= 0 ? fields[kernel] : QString();
        bool ok = false;
        row.measuredW = fields[measured].toDouble(&ok);
        if (!ok || !(row.measuredW > 0) || !std::isfinite(row.measuredW)) {
            errors.add(i + 1, QStringLiteral("measured_w '%1' is not a positive number").arg(fields[measured]));
            continue;
        }
        if (seconds >= 0 && !fields[seconds].isEmpty()) {
            const double s = fields[seconds].toDouble(&ok);
            if (!ok || !(s > 0)) {
                errors.add(i + 1, QStringLiteral("seconds '%1' is not a positive number").arg(fields[seconds]));
                continue;
            }
            row.seconds = s;
        }
        // Optional measurements: empty where a row was measured without them.
        const auto optionalColumn = [&](int column, const char* name, bool zeroAllowed, std::optional<double>* out) {
            if (column < 0 || fields[column].isEmpty())
                return true;
            bool isNumber = false;
            const double v = fields[column].toDouble(&isNumber);
            if (!isNumber || !std::isfinite(v) || v < 0 || (!zeroAllowed && v == 0)) {
                errors.add(i + 1,
                    QStringLiteral("%1 '%2' is not a %3 number")
                        .arg(QLatin1String(name), fields[column],
                            zeroAllowed ? QStringLiteral("non-negative") : QStringLiteral("positive")));
                return false;
            }
            *out = v;
            return true;
        };
        if (!optionalColumn(kernelSeconds, "kernel_s", true, &row.kernelSeconds)
            || !optionalColumn(contextIdle, "context_idle_w", false, &row.contextIdleW))
            continue;
        if (row.program.isEmpty()) {
            errors.add(i + 1, QStringLiteral("no program"));
            continue;
        }
        set.rows.append(row);
    }
    if (errors.count() == 0 && header.isEmpty())
        errors.add(0, QStringLiteral("no header line (expected columns program, measured_w)"));
    else if (errors.count() == 0 && set.rows.isEmpty())
        errors.add(0, QStringLiteral("no rows after the header"));
    set.errors = errors.finish();
    return set;
}

ValidationSet readValidationCsv(const QString& path)
{
    QByteArray contents;
    QString error;
    if (!readTextFile(path, &contents, &error)) {
        ValidationSet set;
        set.file = path;
        set.errors << error;
        return set;
    }
    return parseValidationCsv(contents, path);
}

ValidationSummary validatePredictions(const ValidationSet& set, const PowerModel& model, const GpuSpec& gpu,
    const WhatIfSettings& settings, const ParserOptions& parserOptions)
{
    ValidationSummary summary;
    const QDir base = QFileInfo(set.file).absoluteDir();
    QHash<QString, ProgramPrediction> programs;
    double sum = 0;
    double worst = 0;
    double loopSum = 0;
    double loopWorst = 0;
    for (const ValidationRow& row : set.rows) {
        ValidationResult result;
        result.row = row;
        const QString path = QDir::cleanPath(base.absoluteFilePath(row.program));
        if (!programs.contains(path))
            programs.insert(path, predictProgram(path, model, gpu, settings, parserOptions));
        const ProgramPrediction& prediction = programs[path];
        if (!prediction.error.isEmpty()) {
            result.error = prediction.error;
        } else if (row.kernel.isEmpty()) {
            double total = 0;
            for (const auto& [name, watts] : prediction.kernels)
                total += watts;
            result.kernelsCompared = int(prediction.kernels.size());
            result.predictedW = total / result.kernelsCompared;
        } else {
            for (const auto& [name, watts] : prediction.kernels) {
                if (name == row.kernel) {
                    result.predictedW = watts;
                    result.kernelsCompared = 1;
                    break;
                }
            }
            if (!result.predictedW)
                result.error = QStringLiteral("%1 has no kernel %2").arg(row.program, row.kernel);
        }
        if (const std::optional<double> e = result.absoluteError()) {
            ++summary.compared;
            sum += *e;
            worst = std::max(worst, *e);
        }
        if (const std::optional<double> e = result.loopAverageError()) {
            ++summary.comparedLoopAverage;
            loopSum += *e;
            loopWorst = std::max(loopWorst, *e);
        }
        summary.results.append(result);
    }
    if (summary.compared > 0) {
        summary.meanAbsolutePercentageError = sum / summary.compared * 100;
        summary.maxAbsolutePercentageError = worst * 100;
    }
    if (summary.comparedLoopAverage > 0) {
        summary.loopAverageMeanAbsolutePercentageError = loopSum / summary.comparedLoopAverage * 100;
        summary.loopAverageMaxAbsolutePercentageError = loopWorst * 100;
    }
    return summary;
}

QString validationTable(const ValidationSummary& summary)
{
    // The loop-average columns only where some row has the kernel time to make one.
    const bool loop = std::any_of(summary.results.cbegin(), summary.results.cend(),
        [](const ValidationResult& r) { return r.row.kernelShare().has_value(); });
    const auto loopColumns = [&](const QString& share, const QString& average, const QString& error) {
        return loop ? QStringLiteral(" %1 %2 %3").arg(share, 8).arg(average, 11).arg(error, 12) : QString();
    };
    const auto kernelLabel = [](const ValidationResult& r) {
        if (!r.row.kernel.isEmpty())
            return r.row.kernel;
        return r.kernelsCompared > 0 ? QStringLiteral("(mean of %1)").arg(r.kernelsCompared) : QStringLiteral("-");
    };
    // As wide as the longest name, so the numbers stay in their columns.
    qsizetype programWidth = 7, kernelWidth = 6;
    for (const ValidationResult& r : summary.results) {
        programWidth = std::max(programWidth, r.row.program.size());
        kernelWidth = std::max(kernelWidth, kernelLabel(r).size());
    }
    QString text
        = QStringLiteral("%1 %2 %3 %4 %5%6\n")
              .arg(QStringLiteral("PROGRAM"), -int(programWidth))
              .arg(QStringLiteral("KERNEL"), -int(kernelWidth))
              .arg(QStringLiteral("PREDICTED W"), 12)
              .arg(QStringLiteral("MEASURED W"), 11)
              .arg(QStringLiteral("ERROR %"), 8)
              .arg(loopColumns(QStringLiteral("BUSY %"), QStringLiteral("LOOP AVG W"), QStringLiteral("LOOP ERROR %")));
    for (const ValidationResult& r : summary.results) {
        const std::optional<double> average = r.loopAverageW();
        text += QStringLiteral("%1 %2 %3 %4 %5%6%7\n")
                    .arg(r.row.program, -int(programWidth))
                    .arg(kernelLabel(r), -int(kernelWidth))
                    .arg(r.predictedW ? QString::number(*r.predictedW, 'f', 1) : QStringLiteral("-"), 12)
                    .arg(QString::number(r.row.measuredW, 'f', 1), 11)
                    .arg(percent(r.absoluteError()), 8)
                    .arg(loopColumns(percent(r.row.kernelShare()),
                        average ? QString::number(*average, 'f', 1) : QStringLiteral("-"),
                        percent(r.loopAverageError())))
                    .arg(r.error.isEmpty() ? QString() : QStringLiteral("  ") + r.error);
    }
    text += QStringLiteral("%1 of %2 rows compared; mean absolute percentage error %3 %, max %4 %\n")
                .arg(summary.compared)
                .arg(summary.results.size())
                .arg(summary.meanAbsolutePercentageError ? QString::number(*summary.meanAbsolutePercentageError, 'f', 2)
                                                         : QStringLiteral("-"))
                .arg(summary.maxAbsolutePercentageError ? QString::number(*summary.maxAbsolutePercentageError, 'f', 2)
                                                        : QStringLiteral("-"));
    if (summary.comparedLoopAverage > 0)
        text += QStringLiteral("loop average (the prediction while kernels run for their measured share of the loop, "
                               "the measured between-kernel power for the rest), %1 rows: mean absolute percentage "
                               "error %2 %, max %3 %\n")
                    .arg(summary.comparedLoopAverage)
                    .arg(QString::number(summary.loopAverageMeanAbsolutePercentageError.value_or(0), 'f', 2),
                        QString::number(summary.loopAverageMaxAbsolutePercentageError.value_or(0), 'f', 2));
    return text;
}

QByteArray validationJson(const ValidationSummary& summary, const QString& modelId, const QString& gpuId)
{
    const auto optional = [](const std::optional<double>& v) { return v ? QJsonValue(*v) : QJsonValue(); };
    QJsonArray rows;
    for (const ValidationResult& r : summary.results) {
        QJsonObject o{{QStringLiteral("program"), r.row.program}, {QStringLiteral("kernel"), r.row.kernel},
            {QStringLiteral("measured_w"), r.row.measuredW}, {QStringLiteral("kernels_compared"), r.kernelsCompared}};
        o.insert(QStringLiteral("predicted_w"), r.predictedW ? QJsonValue(*r.predictedW) : QJsonValue());
        const std::optional<double> e = r.absoluteError();
        o.insert(QStringLiteral("absolute_percentage_error"), e ? QJsonValue(*e * 100) : QJsonValue());
        if (r.row.kernelShare()) {
            o.insert(QStringLiteral("kernel_share"), *r.row.kernelShare());
            o.insert(QStringLiteral("context_idle_w"), optional(r.row.contextIdleW));
            o.insert(QStringLiteral("predicted_loop_w"), optional(r.loopAverageW()));
            const std::optional<double> loopError = r.loopAverageError();
            o.insert(QStringLiteral("loop_absolute_percentage_error"),
                loopError ? QJsonValue(*loopError * 100) : QJsonValue());
        }
        if (!r.error.isEmpty())
            o.insert(QStringLiteral("error"), r.error);
        rows.append(o);
    }
    QJsonObject root{{QStringLiteral("model"), modelId}, {QStringLiteral("gpu"), gpuId},
        {QStringLiteral("compared"), summary.compared},
        {QStringLiteral("mean_absolute_percentage_error"), optional(summary.meanAbsolutePercentageError)},
        {QStringLiteral("max_absolute_percentage_error"), optional(summary.maxAbsolutePercentageError)},
        {QStringLiteral("rows"), rows}};
    if (summary.comparedLoopAverage > 0)
        root.insert(QStringLiteral("loop_average"),
            QJsonObject{{QStringLiteral("compared"), summary.comparedLoopAverage},
                {QStringLiteral("mean_absolute_percentage_error"),
                    optional(summary.loopAverageMeanAbsolutePercentageError)},
                {QStringLiteral("max_absolute_percentage_error"),
                    optional(summary.loopAverageMaxAbsolutePercentageError)}});
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray validationCsvOutput(const ValidationSummary& summary)
{
    QString text = QStringLiteral("program,kernel,predicted_w,measured_w,absolute_percentage_error,kernel_share,"
                                  "predicted_loop_w,loop_absolute_percentage_error,error\n");
    const auto number = [](const std::optional<double>& v, double scale) {
        return v ? QString::number(*v * scale, 'f', 3) : QString();
    };
    for (const ValidationResult& r : summary.results) {
        QString error = r.error;
        error.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        text += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8,\"%9\"\n")
                    .arg(r.row.program, r.row.kernel, number(r.predictedW, 1), QString::number(r.row.measuredW, 'f', 3),
                        number(r.absoluteError(), 100), number(r.row.kernelShare(), 1), number(r.loopAverageW(), 1),
                        number(r.loopAverageError(), 100), error);
    }
    return text.toUtf8();
}

} // namespace slicewatt
