// SPDX-License-Identifier: GPL-3.0-or-later
#include "PhysicalModelFile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace slicewatt {
namespace {

QJsonObject newFile()
{
    return QJsonObject{{QStringLiteral("format"), QStringLiteral("slicewatt-model/1")},
        {QStringLiteral("id"), QStringLiteral("physical")},
        {QStringLiteral("name"), QStringLiteral("Physical model: idle + energy per operation and per byte over time")},
        {QStringLiteral("form"), QStringLiteral("physical")},
        {QStringLiteral("equation"),
            QStringLiteral("P = P_idle + P_active*s + sum_class e_class*N_class/t + e_L2*B_L2/t + e_DRAM*B_DRAM/t, "
                           "capped at the board's power limit")},
        {QStringLiteral("provenance"),
            QJsonObject{{QStringLiteral("kind"), QStringLiteral("ours (issue 34)")},
                {QStringLiteral("inputs"),
                    QStringLiteral("t: the time model (resources/help/time-model.md); N per pipe and bytes: the "
                                   "analysis's executed counts at the launch (source operators)")},
                {QStringLiteral("documentation"), QStringLiteral("resources/help/physical-model.md")}}}};
}

// A corrected parameter's source: the data sheet's, and the correction the launches gave it.
QString correctedSource(const PhysicalGpuFit& fit, const QString& key)
{
    if (key == QLatin1String("idle_w") && !fit.idleSource.startsWith(QLatin1String("fitted")))
        return fit.idleSource;
    for (const PhysicalCorrection& c : physicalCorrections()) {
        if (!c.keys.contains(key))
            continue;
        const double m = fit.corrections.multipliers.value(c.id, 1);
        QString how = fit.corrections.unsupported.contains(c.id)
            ? QStringLiteral("not corrected: fewer than %1 measured kernels draw %2 % of their power through it")
                  .arg(kPhysicalSupportKernels)
                  .arg(kCorrectionSupportShare * 100, 0, 'f', 0)
            : QStringLiteral("x %1, the %2 correction fitted to %3 measured launches (bounds %4 to %5, %6)")
                  .arg(m, 0, 'f', 3)
                  .arg(c.id)
                  .arg(fit.rows.size())
                  .arg(c.low)
                  .arg(c.high)
                  .arg(fit.tool);
        for (const QString& bound : fit.corrections.atBound) {
            if (bound.startsWith(c.id + QLatin1Char(' ')))
                how += QStringLiteral("; at its bound: the data sheet's figure and these launches disagree more than "
                                      "the bound allows");
        }
        return QStringLiteral("data sheet: %1; %2").arg(fit.priorSources.value(key), how);
    }
    return fit.priorSources.value(key);
}

} // namespace

QJsonObject figuresObject(const ErrorFigures& f)
{
    return QJsonObject{{QStringLiteral("mape_pct"), f.mapePct}, {QStringLiteral("median_ape_pct"), f.medianApePct},
        {QStringLiteral("p90_ape_pct"), f.p90ApePct}, {QStringLiteral("r2"), f.r2}, {QStringLiteral("rows"), f.rows},
        {QStringLiteral("kernels"), f.groups}};
}

QStringList launchWorkColumns()
{
    return {QStringLiteral("seconds"), QStringLiteral("overhead_s"), QStringLiteral("compute_s"),
        QStringLiteral("memory_s"), QStringLiteral("active_sm_share"), QStringLiteral("fp32"), QStringLiteral("fp64"),
        QStringLiteral("int32"), QStringLiteral("sfu"), QStringLiteral("load_store"), QStringLiteral("l2_bytes"),
        QStringLiteral("dram_bytes"), QStringLiteral("atomic_s")};
}

QJsonArray launchWorkJson(const LaunchWork& w)
{
    return QJsonArray{w.seconds, w.overheadSeconds, w.computeSeconds, w.memorySeconds, w.activeSmShare, w.fp32, w.fp64,
        w.int32, w.sfu, w.loadStore, w.l2Bytes, w.dramBytes, w.atomicSeconds};
}

std::optional<LaunchWork> launchWorkFromJson(const QJsonArray& a)
{
    if (a.size() != launchWorkColumns().size())
        return std::nullopt;
    for (const QJsonValue& v : a) {
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < 0)
            return std::nullopt;
    }
    LaunchWork w;
    w.seconds = a[0].toDouble();
    w.overheadSeconds = a[1].toDouble();
    w.computeSeconds = a[2].toDouble();
    w.memorySeconds = a[3].toDouble();
    w.activeSmShare = a[4].toDouble();
    w.fp32 = a[5].toDouble();
    w.fp64 = a[6].toDouble();
    w.int32 = a[7].toDouble();
    w.sfu = a[8].toDouble();
    w.loadStore = a[9].toDouble();
    w.l2Bytes = a[10].toDouble();
    w.dramBytes = a[11].toDouble();
    w.atomicSeconds = a[12].toDouble();
    return w;
}

QString physicalModelFileProblem(const QByteArray& existing)
{
    if (existing.trimmed().isEmpty())
        return {};
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(existing, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return parseError.errorString();
    if (!document.isObject() || document.object().value(QLatin1String("form")).toString() != "physical")
        return QStringLiteral("not a model file of form \"physical\"");
    return {};
}

QByteArray physicalModelFile(const QByteArray& existing, const PhysicalGpuFit& fit, QString* error)
{
    QJsonObject root = newFile();
    if (const QString problem = physicalModelFileProblem(existing); !problem.isEmpty()) {
        if (error)
            *error = problem;
        return {};
    }
    if (!existing.trimmed().isEmpty())
        root = QJsonDocument::fromJson(existing).object();
    const PhysicalValidation& v = fit.validation;
    QJsonObject gpu;
    QJsonObject sources;
    QVector<int> all(fit.rows.size());
    for (int i = 0; i < all.size(); ++i)
        all[i] = i;
    const QStringList unsupported = unsupportedPhysicalInputs(fit.rows, all);
    const QString fitted = QStringLiteral("fitted: %1 measured launches of %2 kernels (%3)")
                               .arg(fit.rows.size())
                               .arg(v.figures.groups)
                               .arg(fit.tool);
    const QString few = QStringLiteral("fewer than %1 measured kernels run it at %2 a second or more")
                            .arg(kPhysicalSupportKernels)
                            .arg(kPhysicalSupportRate, 0, 'g', 2);
    const bool corrected = !fit.priorSources.isEmpty();
    for (auto it = fit.parameters.begin(); it != fit.parameters.end(); ++it) {
        gpu.insert(it.key(), it.value());
        if (corrected) {
            sources.insert(it.key(), correctedSource(fit, it.key()));
            continue;
        }
        QString source = fitted;
        if (it.key() == QLatin1String("idle_w"))
            source = fit.idleSource;
        else if (it.key() == QLatin1String("pj_fp64") && unsupported.contains(it.key()))
            source = QStringLiteral("derived: 2 x pj_fp32, not fitted (%1)").arg(few);
        else if (unsupported.contains(it.key()))
            source = QStringLiteral("not fitted, 0 (%1): a launch that uses it is outside the domain").arg(few);
        sources.insert(it.key(), source);
    }
    gpu.insert(QStringLiteral("sources"), sources);
    if (corrected) {
        QJsonObject multipliers;
        for (auto it = fit.corrections.multipliers.begin(); it != fit.corrections.multipliers.end(); ++it)
            multipliers.insert(it.key(), it.value());
        gpu.insert(QStringLiteral("corrections"), multipliers);
        gpu.insert(QStringLiteral("corrections_at_bound"), QJsonArray::fromStringList(fit.corrections.atBound));
        gpu.insert(QStringLiteral("corrections_not_fitted"), QJsonArray::fromStringList(fit.corrections.unsupported));
    }
    gpu.insert(QStringLiteral("band_pct"), v.fileBandShare * 100);
    QJsonObject domain;
    for (auto it = v.domain.begin(); it != v.domain.end(); ++it)
        domain.insert(it.key(), QJsonArray{it->first, it->second});
    gpu.insert(QStringLiteral("domain"), domain);

    QJsonObject grouped = figuresObject(v.figures);
    grouped.insert(QStringLiteral("spearman"), v.spearman);
    grouped.insert(QStringLiteral("band_coverage_pct"), v.coveragePct);
    QJsonArray rows;
    QJsonArray work;
    for (int i = 0; i < fit.rows.size(); ++i) {
        const PhysicalFitRow& row = fit.rows[i];
        rows << QJsonArray{
            row.kernel, double(row.gridBlocks), double(row.blockThreads), row.measuredW, v.predictedW.value(i)};
        work << launchWorkJson(row.work);
    }
    gpu.insert(QStringLiteral("validation"),
        QJsonObject{{QStringLiteral("split"), QStringLiteral("leave-one-kernel-out")},
            {QStringLiteral("data"), fit.data}, {QStringLiteral("grouped"), grouped},
            {QStringLiteral("compared"),
                QJsonObject{{QStringLiteral("median"),
                                QJsonObject{{QStringLiteral("grouped"), figuresObject(v.medianBaseline)}}},
                    {QStringLiteral("idle"), QJsonObject{{QStringLiteral("grouped"), figuresObject(v.idleBaseline)}}}}},
            {QStringLiteral("measured_back_to_back"), fit.measuredBackToBack},
            {QStringLiteral("default"), fit.isDefault}, {QStringLiteral("rows"), rows},
            {QStringLiteral("work_columns"), QJsonArray::fromStringList(launchWorkColumns())},
            {QStringLiteral("work"), work}});
    if (!fit.defaultBecause.isEmpty()) {
        QJsonObject validation = gpu.value(QLatin1String("validation")).toObject();
        validation.insert(QStringLiteral("default_because"), fit.defaultBecause);
        gpu.insert(QStringLiteral("validation"), validation);
    }
    QJsonObject gpus = root.value(QLatin1String("gpus")).toObject();
    gpus.insert(fit.gpuId, gpu);
    root.insert(QStringLiteral("gpus"), gpus);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace slicewatt
