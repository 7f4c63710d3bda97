// SPDX-License-Identifier: GPL-3.0-or-later
#include "MeasuredValidationWriter.h"

#include "common/CsvFields.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace slicewatt {

namespace {

QJsonValue number(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue();
}

QJsonObject rowJson(const MeasuredRowFeatures& row, const MeasuredValidation& validation, int index)
{
    const LaunchActivity& a = row.activity;
    QJsonObject features{{QStringLiteral("threads"), a.threads}, {QStringLiteral("saturation"), a.saturation},
        {QStringLiteral("active_sms"), a.activeSms}, {QStringLiteral("occupancy"), a.occupancy},
        {QStringLiteral("waves"), a.waves}, {QStringLiteral("instructions"), a.instructions},
        {QStringLiteral("global_bytes"), a.globalBytes}, {QStringLiteral("compute_s"), a.computeSeconds},
        {QStringLiteral("memory_s"), a.memorySeconds}, {QStringLiteral("estimated_s"), a.seconds},
        {QStringLiteral("assumed_loops"), row.assumedLoops}};
    if (row.hasIntensity) {
        features.insert(QStringLiteral("intensity_ratio"), row.intensityRatio);
        features.insert(QStringLiteral("intensity_fraction"), row.intensityFraction);
        features.insert(QStringLiteral("lines"), row.lines);
    }
    QJsonObject predictions;
    for (const ModelFigures& m : validation.models) {
        const double ape = std::abs(m.groupedW[index] - row.measuredW) / row.measuredW * 100;
        predictions.insert(m.id,
            QJsonObject{{QStringLiteral("grouped_w"), number(m.groupedW[index])},
                {QStringLiteral("grouped_ape_pct"), number(ape)},
                {QStringLiteral("random_split_w"), number(m.randomW[index])}});
    }
    return QJsonObject{{QStringLiteral("kernel"), row.group}, {QStringLiteral("grid"), row.gridBlocks},
        {QStringLiteral("block"), row.blockThreads}, {QStringLiteral("measured_w"), row.measuredW},
        {QStringLiteral("features"), features}, {QStringLiteral("predictions"), predictions}};
}

QString modelLine(const ModelFigures& m, bool isDefault)
{
    const QString name = m.baseline ? m.id + QStringLiteral(" (baseline)") : m.id;
    QString line = QStringLiteral("%1 %2 %3 %4 %5 %6 %7   %8\n")
                       .arg(name, -24)
                       .arg(m.grouped.rows, 5)
                       .arg(m.grouped.mapePct, 7, 'f', 1)
                       .arg(m.grouped.medianApePct, 8, 'f', 1)
                       .arg(m.grouped.p90ApePct, 7, 'f', 1)
                       .arg(m.grouped.r2, 6, 'f', 2)
                       .arg(isDefault ? QStringLiteral("*") : QStringLiteral(" "))
                       .arg(m.randomSplit.mapePct, 0, 'f', 1);
    if (!m.error.isEmpty())
        line += QStringLiteral("    fit failed for some kernels: %1\n").arg(m.error);
    return line;
}

QJsonObject modelJson(const ModelFigures& m)
{
    QJsonObject model{{QStringLiteral("id"), m.id}, {QStringLiteral("description"), m.description},
        {QStringLiteral("baseline"), m.baseline}, {QStringLiteral("grouped"), errorFiguresJson(m.grouped)},
        {QStringLiteral("random_split"), errorFiguresJson(m.randomSplit)}};
    if (!m.error.isEmpty())
        model.insert(QStringLiteral("error"), m.error);
    return model;
}

} // namespace

QJsonObject errorFiguresJson(const ErrorFigures& figures)
{
    return QJsonObject{{QStringLiteral("rows"), figures.rows}, {QStringLiteral("kernels"), figures.groups},
        {QStringLiteral("mape_pct"), number(figures.mapePct)},
        {QStringLiteral("median_ape_pct"), number(figures.medianApePct)},
        {QStringLiteral("p90_ape_pct"), number(figures.p90ApePct)}, {QStringLiteral("r2"), number(figures.r2)}};
}

QString measuredValidationTable(const MeasuredValidation& validation, const QString& gpuName)
{
    const MeasuredFeatureSet& f = validation.features;
    QSet<QString> kernels;
    for (const MeasuredRowFeatures& row : f.rows)
        kernels.insert(row.group);
    QString text = QStringLiteral("%1: %2 measured launches of %3 kernels analysed (%4 sources); %5 rows left out\n")
                       .arg(gpuName)
                       .arg(f.rows.size())
                       .arg(kernels.size())
                       .arg(f.sourcesAnalysed)
                       .arg(f.problems.size());
    text += QStringLiteral("Kernel-grouped (leave-one-kernel-out) error; the random row split beside it only for "
                           "comparison: it lets a model recognise the kernel.\n\n");
    text += QStringLiteral("%1 %2 %3 %4 %5 %6 %7   %8\n")
                .arg(QStringLiteral("model"), -24)
                .arg(QStringLiteral("rows"), 5)
                .arg(QStringLiteral("MAPE%"), 7)
                .arg(QStringLiteral("median%"), 8)
                .arg(QStringLiteral("p90%"), 7)
                .arg(QStringLiteral("R²"), 6)
                .arg(QString(), 1)
                .arg(QStringLiteral("random-split MAPE%"));
    for (const ModelFigures& m : validation.models)
        text += modelLine(m, m.id == validation.defaultModelId);
    if (!validation.defaultModelId.isEmpty())
        text += QStringLiteral(
            "\n* default for this GPU: %1 (lowest grouped MAPE among the shipped launch-activity forms; "
            "every form's figures above)\n")
                    .arg(validation.defaultModelId);
    // A model that predicts fewer rows (no PTX for some kernels) against the others on its rows.
    for (const ModelFigures& partial : validation.models) {
        if (partial.grouped.rows == 0 || partial.grouped.rows >= f.rows.size())
            continue;
        text += QStringLiteral("\nOn the %1 rows (%2 kernels) %3 predicts, grouped MAPE%:")
                    .arg(partial.grouped.rows)
                    .arg(partial.grouped.groups)
                    .arg(partial.id);
        for (const ModelFigures& m : validation.models) {
            if (m.grouped.rows > partial.grouped.rows)
                text += QStringLiteral(" %1 %2;").arg(m.id).arg(
                    figuresOnRowsOf(validation, m, partial).mapePct, 0, 'f', 1);
        }
        text += QLatin1Char('\n');
    }
    if (!f.ptxProducer.isEmpty())
        text += QStringLiteral("PTX features: %1, each block run by %2.\n").arg(f.ptxProducer, f.ptxRule);
    if (!validation.wholeFile.isEmpty()) {
        text += QStringLiteral("\nEvery row of the file on the data set's own PTX columns (no SliceWatt analysis), %1 "
                               "rows of %2 kernels:\n")
                    .arg(validation.wholeFile.first().grouped.rows)
                    .arg(validation.wholeFile.first().grouped.groups);
        for (const ModelFigures& m : validation.wholeFile)
            text += modelLine(m, false);
    }
    return text;
}

QByteArray measuredValidationJson(const QVector<MeasuredValidation>& validations)
{
    QJsonArray gpus;
    for (const MeasuredValidation& v : validations) {
        QJsonArray models;
        for (const ModelFigures& m : v.models)
            models << modelJson(m);
        QJsonArray wholeFile;
        for (const ModelFigures& m : v.wholeFile)
            wholeFile << modelJson(m);
        QJsonArray rows;
        for (int i = 0; i < v.features.rows.size(); ++i)
            rows << rowJson(v.features.rows[i], v, i);
        gpus << QJsonObject{{QStringLiteral("gpu"), v.features.gpuId},
            {QStringLiteral("default_model"), v.defaultModelId}, {QStringLiteral("models"), models},
            {QStringLiteral("whole_file"), wholeFile}, {QStringLiteral("rows"), rows},
            {QStringLiteral("left_out"), QJsonArray::fromStringList(v.features.problems)}};
    }
    QJsonObject root{{QStringLiteral("format"), QStringLiteral("slicewatt-measured-validation/1")},
        {QStringLiteral("split"), QStringLiteral("leave-one-kernel-out; random_split: labelled, for comparison")},
        {QStringLiteral("gpus"), gpus}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray measuredValidationCsv(const QVector<MeasuredValidation>& validations)
{
    QByteArray csv;
    for (const MeasuredValidation& v : validations) {
        if (csv.isEmpty()) {
            QStringList header = {QStringLiteral("gpu"), QStringLiteral("kernel"), QStringLiteral("grid"),
                QStringLiteral("block"), QStringLiteral("measured_w"), QStringLiteral("saturation"),
                QStringLiteral("occupancy"), QStringLiteral("estimated_s"), QStringLiteral("intensity_ratio")};
            for (const ModelFigures& m : v.models)
                header << m.id + QStringLiteral("_grouped_w");
            csv += header.join(QLatin1Char(',')).toUtf8() + '\n';
        }
        for (int i = 0; i < v.features.rows.size(); ++i) {
            const MeasuredRowFeatures& r = v.features.rows[i];
            QStringList fields
                = {v.features.gpuId, csvField(r.group), QString::number(r.gridBlocks), QString::number(r.blockThreads),
                    QString::number(r.measuredW, 'g', 6), QString::number(r.activity.saturation, 'g', 6),
                    QString::number(r.activity.occupancy, 'g', 6), QString::number(r.activity.seconds, 'g', 6),
                    r.hasIntensity ? QString::number(r.intensityRatio, 'g', 6) : QString()};
            for (const ModelFigures& m : v.models)
                fields << (std::isfinite(m.groupedW[i]) ? QString::number(m.groupedW[i], 'g', 6) : QString());
            csv += fields.join(QLatin1Char(',')).toUtf8() + '\n';
        }
    }
    return csv;
}

QJsonObject comparedModels(const MeasuredValidation& validation, const ModelFigures* sameRowsAs)
{
    QJsonObject compared;
    for (const ModelFigures& m : validation.models) {
        QJsonObject entry{{QStringLiteral("description"), m.description}, {QStringLiteral("baseline"), m.baseline},
            {QStringLiteral("grouped"), errorFiguresJson(m.grouped)},
            {QStringLiteral("random_split"), errorFiguresJson(m.randomSplit)}};
        if (sameRowsAs && sameRowsAs->grouped.rows < m.grouped.rows)
            entry.insert(
                QStringLiteral("grouped_on_same_rows"), errorFiguresJson(figuresOnRowsOf(validation, m, *sameRowsAs)));
        compared.insert(m.id, entry);
    }
    return compared;
}

QJsonArray heldOutRows(const MeasuredValidation& validation, const ModelFigures& figures)
{
    QJsonArray rows;
    for (int i = 0; i < validation.features.rows.size(); ++i) {
        const MeasuredRowFeatures& row = validation.features.rows[i];
        if (std::isfinite(figures.groupedW[i]))
            rows << QJsonArray{row.group, row.gridBlocks, row.blockThreads, row.measuredW,
                std::round(figures.groupedW[i] * 1000) / 1000};
    }
    return rows;
}

} // namespace slicewatt
