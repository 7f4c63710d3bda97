// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportFacts.h"

#include "estimate/KernelSurface.h"

#include "DisplayNumbers.h"
#include "EnergyOutput.h"
#include "OutputFormatting.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace slicewatt::report {

QString locationText(const QString& file, int line, const QString& projectFolder)
{
    return QStringLiteral("%1:%2").arg(pathRelativeTo(file, projectFolder)).arg(line);
}

QString lineReference(const KernelIR& ir, int statement, const QString& kernelFile)
{
    if (statement < 0 || statement >= ir.statements.size())
        return QStringLiteral("statement %1").arg(statement);
    const SourceLocation& where = ir.statements[statement].location;
    if (where.file == kernelFile)
        return QStringLiteral("line %1").arg(where.line);
    return QStringLiteral("%1 line %2").arg(QFileInfo(where.file).fileName()).arg(where.line);
}

QString armsText(const QVector<double>& arms)
{
    QStringList parts;
    for (double p : arms)
        parts << formatNumber(p, 6); // as precise as a measured profile gives them
    return parts.join(QStringLiteral(" / "));
}

QString launchDims(const std::optional<qint64> (&dims)[3])
{
    QStringList parts;
    for (const auto& value : dims)
        parts << (value ? QString::number(*value) : QStringLiteral("?"));
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

QString tripsText(qint64 trips)
{
    return QStringLiteral("%1 trips").arg(trips);
}

QStringList provenanceItems(const QJsonObject& provenance)
{
    QStringList items;
    const auto valueText = [](const QJsonValue& value, const auto& self) -> QString {
        if (value.isString())
            return value.toString();
        if (value.isDouble())
            return formatNumber(value.toDouble(), 6);
        if (value.isBool())
            return value.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
        if (value.isArray()) {
            QStringList parts;
            for (const QJsonValue& item : value.toArray())
                parts << self(item, self);
            return parts.join(QStringLiteral(", "));
        }
        if (value.isObject()) {
            QStringList parts;
            const QJsonObject object = value.toObject();
            for (auto it = object.begin(); it != object.end(); ++it)
                parts << QStringLiteral("%1 %2").arg(it.key(), self(it.value(), self));
            return parts.join(QStringLiteral(", "));
        }
        return {};
    };
    // QJsonObject iterates its keys sorted: the order is stable.
    for (auto it = provenance.begin(); it != provenance.end(); ++it) {
        QString key = it.key();
        key.replace(QLatin1Char('_'), QLatin1Char(' '));
        const QString text = valueText(it.value(), valueText);
        if (!text.isEmpty())
            items << QStringLiteral("%1: %2").arg(key, text);
    }
    return items;
}

std::optional<ModelGrid> kernelSurface(const PowerModel& model, const GpuSpec& gpu, const KernelEstimate& estimate)
{
    // Sampled as the desktop's surface plot samples it.
    ModelGrid grid = ModelGrid::sample(
        model, gpu, kernelSurfaceOptions(model, gpu, &estimate, kSurfaceIntensitySteps, kSurfaceSaturationSteps));
    if (!grid.hasValues())
        return std::nullopt;
    return grid;
}

ReportKernelEnergy kernelEnergy(const KernelEnergy& energy, const EnergyModel& model)
{
    ReportKernelEnergy report;
    report.dynamicJ = energy.dynamicJ;
    report.threads = energy.threads;
    report.threadsAssumed = energy.threadsAssumed;
    report.threadsSource = energy.threadsSource;
    report.countsSource = energy.countsSource;
    report.seconds = energy.seconds;
    report.staticW = energy.staticW;
    report.dynamicW = energy.dynamicW;
    report.totalW = energy.totalW;
    report.totalJ = energy.totalJ;
    double perThreadNj = 0;
    // Scaled to the power model's energy (KernelEnergy::scaledToModel): the classes keep their shares.
    const bool scaled = !energy.scaledToModel.isEmpty();
    const double factor = scaled && energy.tableDynamicJ > 0 ? energy.dynamicJ / energy.tableDynamicJ : 1;
    const QVector<int> classes = classesByEnergy(energy.perThread, model);
    for (int i = 0; i < classes.size(); ++i) {
        const int c = classes[i];
        const double eachNj = model.energy(c).totalNj;
        const double joules = factor * energy.threads * energy.perThread[c] * eachNj * 1e-9;
        perThreadNj += energy.perThread[c] * eachNj;
        if (i < kReportEnergyClasses) {
            report.classes << ReportEnergyClass{energyClassLabel(c), energy.perThread[c], eachNj, joules};
        } else {
            ++report.omittedClasses;
            report.omittedJoules += joules;
        }
    }
    report.formula = QStringLiteral("E_dyn = threads × Σ n_class·e_class = %1 × %2 nJ = %3")
                         .arg(formatNumber(energy.threads, 12), formatNumber(perThreadNj, 6),
                             formatJoules(scaled ? energy.tableDynamicJ : energy.dynamicJ));
    if (scaled)
        report.formula += QStringLiteral(" for the table's GPU; scaled to the %1 model's (P − P_idle)·t = %2")
                              .arg(energy.scaledToModel, formatJoules(energy.dynamicJ));
    return report;
}

std::pair<std::optional<double>, QString> staticPower(const EnergyModel& model, const EnergySettings& settings)
{
    if (settings.staticW)
        return {settings.staticW, QStringLiteral("set by the user (--static-w)")};
    return {model.staticW(), model.staticSource()};
}

ReportEnergyModel energyModelFacts(const EnergyModel& model, const EnergySettings& settings)
{
    ReportEnergyModel facts;
    facts.id = model.id();
    facts.name = model.name();
    facts.equation = model.equation();
    facts.source = model.provenance().value(QStringLiteral("source")).toString();
    facts.provenanceItems = provenanceItems(model.provenance());
    std::tie(facts.staticW, facts.staticSource) = staticPower(model, settings);
    facts.transferW = model.transferPowerW();
    facts.transferSource = model.transferSource();
    return facts;
}

} // namespace slicewatt::report
