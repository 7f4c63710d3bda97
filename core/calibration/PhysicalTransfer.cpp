// SPDX-License-Identifier: GPL-3.0-or-later
#include "PhysicalTransfer.h"

#include "PhysicalModelFile.h"
#include "PtxFeatureComparison.h"
#include "model/ArchitecturePhysics.h"
#include "model/DataSheetPhysics.h"
#include "model/HeldOutBand.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

double predictRow(const PhysicalFitRow& row, const QHash<QString, double>& multipliers)
{
    const std::optional<PhysicalPower> p
        = physicalPower(correctedParameters(row.prior, multipliers), row.work, row.boardW, &row.clocks);
    return p ? p->watts : 0;
}

int kernelCount(const QVector<PhysicalFitRow>& rows, const QVector<int>& which)
{
    QSet<QString> kernels;
    for (int i : which)
        kernels.insert(rows[i].kernel);
    return int(kernels.size());
}

QJsonObject multipliersJson(const QHash<QString, double>& multipliers)
{
    QJsonObject o;
    for (auto it = multipliers.begin(); it != multipliers.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

// The launches of `candidates` that correct another GPU's data sheet: those measured back to
// back at known sizes; where there are none, every candidate (TransferValidation::correctedOn).
QVector<int> correctingRows(const QVector<PhysicalFitRow>& rows, const QVector<int>& candidates)
{
    QVector<int> backToBack;
    for (int i : candidates)
        if (rows[i].measuredBackToBack)
            backToBack << i;
    return backToBack.isEmpty() ? candidates : backToBack;
}

QString gpusOf(const QVector<PhysicalFitRow>& rows, const QVector<int>& which)
{
    QStringList ids;
    for (int i : which)
        if (!ids.contains(rows[i].gpuId))
            ids << rows[i].gpuId;
    return ids.join(QStringLiteral(", "));
}

} // namespace

QVector<PhysicalFitRow> transferRows(const QByteArray& physicalFile, const GpuCatalogue& gpus, QStringList& problems)
{
    QVector<PhysicalFitRow> rows;
    const QJsonObject entries = QJsonDocument::fromJson(physicalFile).object().value(QLatin1String("gpus")).toObject();
    QStringList ids = entries.keys();
    ids.sort();
    for (const QString& id : ids) {
        const QJsonObject validation = entries.value(id).toObject().value(QLatin1String("validation")).toObject();
        if (validation.isEmpty())
            continue; // not measured
        const QJsonArray kept = validation.value(QLatin1String("rows")).toArray();
        const bool backToBack = validation.value(QLatin1String("measured_back_to_back")).toBool();
        const QJsonArray work = validation.value(QLatin1String("work")).toArray();
        const GpuSpec* gpu = gpus.find(id);
        QString why;
        const std::optional<DataSheetPhysics> physics
            = gpu ? dataSheetPhysics(*gpu, ArchitectureTable::standard(), &why) : std::nullopt;
        if (!gpu || !physics || work.size() != kept.size()) {
            problems << QStringLiteral("%1: left out of the transfer: %2")
                            .arg(id,
                                !gpu           ? QStringLiteral("not in the GPU catalogue")
                                    : !physics ? why
                                               : QStringLiteral("the file keeps no work per launch (fit it again)"));
            continue;
        }
        QVector<PhysicalFitRow> mine;
        for (int i = 0; i < kept.size(); ++i) {
            const QJsonArray r = kept[i].toArray();
            const std::optional<LaunchWork> w = launchWorkFromJson(work[i].toArray());
            if (r.size() < 4 || !w || !(w->seconds > 0) || !(r[3].toDouble() > 0))
                continue;
            PhysicalFitRow row;
            row.kernel = QStringLiteral("%1|%2").arg(id, r[0].toString());
            row.caseName = r[0].toString();
            row.set = id;
            row.gridBlocks = qint64(r[1].toDouble());
            row.blockThreads = qint64(r[2].toDouble());
            row.measuredW = r[3].toDouble();
            row.work = *w;
            row.measuredBackToBack = backToBack;
            setPhysicalPrior(row, *gpu, &*physics);
            mine << row;
        }
        for (PhysicalFitRow& row : mine)
            row.fitWeight = 1.0 / mine.size();
        rows += mine;
    }
    return rows;
}

TransferValidation validateTransfer(const QVector<PhysicalFitRow>& rows)
{
    TransferValidation t;
    QStringList gpuIds;
    for (const PhysicalFitRow& row : rows) {
        if (!gpuIds.contains(row.gpuId))
            gpuIds << row.gpuId;
    }
    QVector<double> predicted(rows.size(), 0);
    QVector<double> errors(rows.size(), 0);
    QHash<QString, QVector<int>> rowsOf;
    for (int i = 0; i < rows.size(); ++i)
        rowsOf[rows[i].gpuId] << i;
    for (const QString& id : gpuIds) {
        QVector<int> others;
        for (int i = 0; i < rows.size(); ++i)
            if (rows[i].gpuId != id)
                others << i;
        TransferGpuFigures f;
        f.gpuId = id;
        const QVector<int> correcting = correctingRows(rows, others);
        f.corrections = fitCorrections(rows, correcting, std::nullopt).multipliers;
        f.correctedOn = gpusOf(rows, correcting);
        QVector<double> measured, mine, sheet, baseline;
        // The baseline a user without any model has: the other GPUs' median share of their
        // board's limit, times this board's limit.
        QVector<double> shares;
        for (int i : others)
            shares << rows[i].measuredW / rows[i].boardW;
        std::sort(shares.begin(), shares.end());
        const double medianShare = shares.isEmpty() ? 0 : shares[shares.size() / 2];
        for (int i : rowsOf.value(id)) {
            predicted[i] = predictRow(rows[i], f.corrections);
            errors[i] = std::abs(predicted[i] - rows[i].measuredW) / predicted[i];
            measured << rows[i].measuredW;
            mine << predicted[i];
            sheet << predictRow(rows[i], {});
            baseline << medianShare * rows[i].boardW;
        }
        const int kernels = kernelCount(rows, rowsOf.value(id));
        f.heldOut = errorFigures(measured, mine, kernels);
        f.spearman = spearmanCorrelation(mine, measured);
        f.dataSheetOnly = errorFigures(measured, sheet, kernels);
        f.dataSheetSpearman = spearmanCorrelation(sheet, measured);
        f.medianBaseline = errorFigures(measured, baseline, kernels);
        QVector<int> order = rowsOf.value(id);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return errors[a] > errors[b]; });
        for (int k = 0; k < std::min<qsizetype>(order.size(), 5); ++k) {
            const PhysicalFitRow& r = rows[order[k]];
            f.worst << TransferLaunch{r.caseName, r.gridBlocks, r.blockThreads, r.measuredW, predicted[order[k]]};
        }
        t.gpus << f;
    }
    // Each GPU's band from the other GPUs' held-out errors alone, as a data-sheet GPU's is.
    int covered = 0;
    for (TransferGpuFigures& f : t.gpus) {
        QVector<double> others;
        for (int i = 0; i < rows.size(); ++i)
            if (rows[i].gpuId != f.gpuId)
                others << errors[i];
        f.bandShare = bandShare(others, kBandCoverage);
        int mineCovered = 0;
        for (int i : rowsOf.value(f.gpuId))
            mineCovered += std::abs(predicted[i] - rows[i].measuredW) <= f.bandShare * predicted[i] ? 1 : 0;
        covered += mineCovered;
        f.coveragePct = 100.0 * mineCovered / std::max<qsizetype>(1, rowsOf.value(f.gpuId).size());
    }
    QVector<double> measured;
    for (const PhysicalFitRow& row : rows)
        measured << row.measuredW;
    QVector<int> all(rows.size());
    for (int i = 0; i < all.size(); ++i)
        all[i] = i;
    t.pooled = errorFigures(measured, predicted, kernelCount(rows, all));
    t.spearman = spearmanCorrelation(predicted, measured);
    t.bandShare = bandShare(errors, kBandCoverage);
    t.coveragePct = rows.isEmpty() ? 0 : 100.0 * covered / rows.size();
    const QVector<int> correcting = correctingRows(rows, all);
    t.corrections = fitCorrections(rows, correcting, std::nullopt);
    t.correctedOn = gpusOf(rows, correcting);
    QStringList parts;
    for (const QString& id : gpuIds)
        parts << QStringLiteral("%1 (%2 launches%3)")
                     .arg(id)
                     .arg(rowsOf.value(id).size())
                     .arg(rows[rowsOf.value(id).first()].measuredBackToBack ? QStringLiteral(", back to back")
                                                                            : QStringLiteral(", power only"));
    t.data = parts.join(QStringLiteral(", "));
    return t;
}

QByteArray physicalFileWithTransfer(const QByteArray& existing, const TransferValidation& transfer, QString* error)
{
    if (const QString problem = physicalModelFileProblem(existing);
        !problem.isEmpty() || existing.trimmed().isEmpty()) {
        if (error)
            *error = problem.isEmpty() ? QStringLiteral("no physical model file to validate") : problem;
        return {};
    }
    QJsonObject root = QJsonDocument::fromJson(existing).object();
    QJsonObject gpus;
    for (const TransferGpuFigures& f : transfer.gpus) {
        QJsonObject worst;
        QJsonArray launches;
        for (const TransferLaunch& l : f.worst)
            launches << QJsonArray{l.kernel, double(l.gridBlocks), double(l.blockThreads), l.measuredW, l.predictedW};
        QJsonObject held = figuresObject(f.heldOut);
        held.insert(QStringLiteral("spearman"), f.spearman);
        held.insert(QStringLiteral("band_pct"), f.bandShare * 100);
        held.insert(QStringLiteral("band_coverage_pct"), f.coveragePct);
        QJsonObject sheet = figuresObject(f.dataSheetOnly);
        sheet.insert(QStringLiteral("spearman"), f.dataSheetSpearman);
        gpus.insert(f.gpuId,
            QJsonObject{{QStringLiteral("held_out"), held}, {QStringLiteral("data_sheet_only"), sheet},
                {QStringLiteral("median_baseline"), figuresObject(f.medianBaseline)},
                {QStringLiteral("corrections"), multipliersJson(f.corrections)},
                {QStringLiteral("corrections_fitted_on"), f.correctedOn}, {QStringLiteral("worst"), launches}});
    }
    QJsonObject grouped = figuresObject(transfer.pooled);
    grouped.insert(QStringLiteral("spearman"), transfer.spearman);
    grouped.insert(QStringLiteral("band_coverage_pct"), transfer.coveragePct);
    root.insert(QStringLiteral("transfer"),
        QJsonObject{{QStringLiteral("band_pct"), transfer.bandShare * 100},
            {QStringLiteral("corrections"), multipliersJson(transfer.corrections.multipliers)},
            {QStringLiteral("corrections_at_bound"), QJsonArray::fromStringList(transfer.corrections.atBound)},
            {QStringLiteral("corrections_not_fitted"), QJsonArray::fromStringList(transfer.corrections.unsupported)},
            {QStringLiteral("corrections_fitted_on"), transfer.correctedOn},
            {QStringLiteral("validation"),
                QJsonObject{{QStringLiteral("split"), QStringLiteral("leave-one-gpu-out")},
                    {QStringLiteral("data"),
                        QStringLiteral("each measured GPU predicted from its data sheet and architecture "
                                       "(models/gpus.json, models/architectures.json) with the corrections the other "
                                       "GPUs' launches measured back to back give (all their launches where none "
                                       "was): %1")
                            .arg(transfer.data)},
                    {QStringLiteral("grouped"), grouped}, {QStringLiteral("gpus"), gpus}}}});
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QString transferSummary(const TransferValidation& transfer, const QByteArray& physicalFile)
{
    const QJsonObject entries = QJsonDocument::fromJson(physicalFile).object().value(QLatin1String("gpus")).toObject();
    QString out
        = QStringLiteral("Physical model across GPUs: each GPU predicted from its data sheet with the other GPUs' "
                         "corrections (leave-one-GPU-out)\n");
    out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
               .arg(QStringLiteral("GPU"), -8)
               .arg(QStringLiteral("launches"), 8)
               .arg(QStringLiteral("kernel held out"), 16)
               .arg(QStringLiteral("GPU held out (rank)"), 20)
               .arg(QStringLiteral("data sheet alone"), 17)
               .arg(QStringLiteral("median share"), 13)
               .arg(QStringLiteral("band covers"), 12);
    for (const TransferGpuFigures& f : transfer.gpus) {
        const QJsonObject grouped = entries.value(f.gpuId)
                                        .toObject()
                                        .value(QLatin1String("validation"))
                                        .toObject()
                                        .value(QLatin1String("grouped"))
                                        .toObject();
        out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                   .arg(f.gpuId, -8)
                   .arg(f.heldOut.rows, 8)
                   .arg(QStringLiteral("%1 %").arg(grouped.value(QLatin1String("mape_pct")).toDouble(), 0, 'f', 1), 16)
                   .arg(QStringLiteral("%1 % (%2)").arg(f.heldOut.mapePct, 0, 'f', 1).arg(f.spearman, 0, 'f', 2), 20)
                   .arg(QStringLiteral("%1 % (%2)")
                            .arg(f.dataSheetOnly.mapePct, 0, 'f', 1)
                            .arg(f.dataSheetSpearman, 0, 'f', 2),
                       17)
                   .arg(QStringLiteral("%1 %").arg(f.medianBaseline.mapePct, 0, 'f', 1), 13)
                   .arg(QStringLiteral("%1 % (±%2 %)").arg(f.coveragePct, 0, 'f', 0).arg(f.bandShare * 100, 0, 'f', 0),
                       12);
    }
    out += QStringLiteral("all      %1 %2 %3\n")
               .arg(transfer.pooled.rows, 8)
               .arg(QString(), 16)
               .arg(QStringLiteral("%1 % (%2)")
                        .arg(transfer.pooled.mapePct, 0, 'f', 1)
                        .arg(transfer.spearman, 0, 'f', 2),
                   20);
    out += QStringLiteral("Corrections every data-sheet GPU gets (fitted on %1's launches measured back to back):")
               .arg(transfer.correctedOn);
    for (const PhysicalCorrection& c : physicalCorrections())
        out += QStringLiteral(" %1 x%2").arg(c.id).arg(transfer.corrections.multipliers.value(c.id, 1), 0, 'f', 3);
    out += QLatin1Char('\n');
    if (!transfer.corrections.atBound.isEmpty())
        out += QStringLiteral("  at a bound: %1\n").arg(transfer.corrections.atBound.join(QStringLiteral("; ")));
    out += QStringLiteral("Band of a data-sheet GPU: ±%1 % (covers %2 % of the held-out launches)\n")
               .arg(transfer.bandShare * 100, 0, 'f', 1)
               .arg(kBandCoverage * 100, 0, 'f', 0);
    for (const TransferGpuFigures& f : transfer.gpus) {
        out += QStringLiteral("Furthest %1 launches, the GPU held out (corrections from %2:")
                   .arg(f.gpuId, f.correctedOn);
        for (const PhysicalCorrection& c : physicalCorrections())
            out += QStringLiteral(" %1 x%2").arg(c.id).arg(f.corrections.value(c.id, 1), 0, 'f', 2);
        out += QStringLiteral("):\n");
        for (const TransferLaunch& l : f.worst)
            out += QStringLiteral("  %1 <<<%2, %3>>>: measured %4 W, predicted %5 W (%6 %)\n")
                       .arg(l.kernel)
                       .arg(l.gridBlocks)
                       .arg(l.blockThreads)
                       .arg(l.measuredW, 0, 'f', 0)
                       .arg(l.predictedW, 0, 'f', 0)
                       .arg(100 * (l.predictedW - l.measuredW) / l.measuredW, 0, 'f', 1);
    }
    return out;
}

} // namespace slicewatt
