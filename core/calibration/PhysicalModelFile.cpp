// SPDX-License-Identifier: GPL-3.0-or-later
#include "PhysicalModelFile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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

QJsonObject figuresObject(const ErrorFigures& f)
{
    return QJsonObject{{QStringLiteral("mape_pct"), f.mapePct}, {QStringLiteral("median_ape_pct"), f.medianApePct},
        {QStringLiteral("p90_ape_pct"), f.p90ApePct}, {QStringLiteral("r2"), f.r2}, {QStringLiteral("rows"), f.rows},
        {QStringLiteral("kernels"), f.groups}};
}

} // namespace

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
    for (auto it = fit.parameters.begin(); it != fit.parameters.end(); ++it) {
        gpu.insert(it.key(), it.value());
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
    gpu.insert(QStringLiteral("band_pct"), v.fileBandShare * 100);
    QJsonObject domain;
    for (auto it = v.domain.begin(); it != v.domain.end(); ++it)
        domain.insert(it.key(), QJsonArray{it->first, it->second});
    gpu.insert(QStringLiteral("domain"), domain);

    QJsonObject grouped = figuresObject(v.figures);
    grouped.insert(QStringLiteral("spearman"), v.spearman);
    grouped.insert(QStringLiteral("band_coverage_pct"), v.coveragePct);
    QJsonArray rows;
    for (int i = 0; i < fit.rows.size(); ++i) {
        const PhysicalFitRow& row = fit.rows[i];
        rows << QJsonArray{
            row.kernel, double(row.gridBlocks), double(row.blockThreads), row.measuredW, v.predictedW.value(i)};
    }
    gpu.insert(QStringLiteral("validation"),
        QJsonObject{{QStringLiteral("split"), QStringLiteral("leave-one-kernel-out")},
            {QStringLiteral("data"), fit.data}, {QStringLiteral("grouped"), grouped},
            {QStringLiteral("compared"),
                QJsonObject{{QStringLiteral("median"),
                                QJsonObject{{QStringLiteral("grouped"), figuresObject(v.medianBaseline)}}},
                    {QStringLiteral("idle"), QJsonObject{{QStringLiteral("grouped"), figuresObject(v.idleBaseline)}}}}},
            {QStringLiteral("default"), fit.isDefault}, {QStringLiteral("rows"), rows}});
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

QByteArray derivedPhysicalModelFile(
    const QByteArray& existing, const GpuSpec& gpu, const QVector<const GpuSpec*>& from, QString* error)
{
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(existing, &parseError);
    QJsonObject root = document.object();
    QJsonObject gpus = root.value(QLatin1String("gpus")).toObject();
    const auto smGhz = [](const GpuSpec& g) { return g.sms * g.boostClockMhz.value_or(0) / 1000.0; };
    if (root.value(QLatin1String("form")).toString() != QLatin1String("physical") || from.isEmpty() || !gpu.boardPowerW
        || smGhz(gpu) <= 0) {
        if (error)
            *error = QStringLiteral("needs a physical model file with measured GPUs, and %1's board power, SMs and "
                                    "boost clock")
                         .arg(gpu.name);
        return {};
    }
    QHash<QString, double> sums;
    QStringList names;
    for (const GpuSpec* source : from) {
        const QJsonObject entry = gpus.value(source->id).toObject();
        if (entry.isEmpty() || !source->boardPowerW || smGhz(*source) <= 0 || !entry.contains("validation")) {
            if (error)
                *error = QStringLiteral("%1 has no measured entry to derive from").arg(source->name);
            return {};
        }
        names << source->id;
        for (const QString& name : physicalParameterNames()) {
            double value = entry.value(name).toDouble();
            if (name == QLatin1String("idle_w"))
                value /= *source->boardPowerW;
            else if (name == QLatin1String("active_w"))
                value /= smGhz(*source);
            sums[name] += value / from.size();
        }
    }
    const QString basis = names.join(QStringLiteral(" and "));
    QJsonObject entry;
    QJsonObject sources;
    for (const QString& name : physicalParameterNames()) {
        double value = sums.value(name);
        QString source;
        if (name == QLatin1String("idle_w")) {
            value *= *gpu.boardPowerW;
            source = QStringLiteral("derived: %1's measured idle share of the power limit (%2 %) x %3 W")
                         .arg(basis)
                         .arg(sums.value(name) * 100, 0, 'f', 1)
                         .arg(*gpu.boardPowerW);
        } else if (name == QLatin1String("active_w")) {
            value *= smGhz(gpu);
            source = QStringLiteral("derived: %1's fitted W per SM and GHz (%2) x %3 SMs x %4 GHz")
                         .arg(basis)
                         .arg(sums.value(name), 0, 'f', 3)
                         .arg(gpu.sms)
                         .arg(gpu.boostClockMhz.value_or(0) / 1000.0);
        } else {
            source = QStringLiteral("derived: the mean of %1's (not scaled by process node)").arg(basis);
        }
        entry.insert(name, value);
        sources.insert(name, source);
    }
    entry.insert(QStringLiteral("sources"), sources);
    entry.insert(QStringLiteral("default"), true);
    gpus.insert(gpu.id, entry);
    root.insert(QStringLiteral("gpus"), gpus);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace slicewatt
