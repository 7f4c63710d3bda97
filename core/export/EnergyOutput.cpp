// SPDX-License-Identifier: GPL-3.0-or-later
#include "EnergyOutput.h"

#include "DisplayNumbers.h"

#include <algorithm>

namespace slicewatt {
namespace {

QJsonValue optionalJson(const std::optional<double>& value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject energyModelJson(const KernelEnergy& energy)
{
    QJsonObject perThread;
    for (int c = 0; c < kEnergyClassCount; ++c)
        perThread.insert(energyClassName(c), energy.perThread[c]);
    QJsonObject o;
    o.insert(QStringLiteral("model"), energy.modelId);
    o.insert(QStringLiteral("threads"), energy.threads);
    o.insert(QStringLiteral("threads_assumed"), energy.threadsAssumed);
    o.insert(QStringLiteral("threads_source"), energy.threadsSource);
    o.insert(QStringLiteral("per_thread"), perThread);
    o.insert(QStringLiteral("counts_source"), energy.countsSource);
    o.insert(QStringLiteral("counts_from_ptx"), energy.countsFromPtx);
    o.insert(QStringLiteral("dynamic_j"), energy.dynamicJ);
    o.insert(QStringLiteral("static_w"), optionalJson(energy.staticW));
    o.insert(QStringLiteral("seconds"), optionalJson(energy.seconds));
    o.insert(QStringLiteral("dynamic_w"), optionalJson(energy.dynamicW));
    o.insert(QStringLiteral("total_w"), optionalJson(energy.totalW));
    o.insert(QStringLiteral("total_j"), optionalJson(energy.totalJ));
    // Scaled to the power model's dynamic energy (the physical model): the table's own figure beside.
    o.insert(QStringLiteral("scaled_to_model"),
        energy.scaledToModel.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(energy.scaledToModel));
    if (!energy.scaledToModel.isEmpty())
        o.insert(QStringLiteral("table_dynamic_j"), energy.tableDynamicJ);
    return o;
}

QJsonArray lineEnergyJson(const KernelEnergy& energy, const QString& kernelFile)
{
    QJsonArray lines;
    for (const LineEnergy& line : energy.lines) {
        QJsonObject o;
        o.insert(QStringLiteral("line"), line.line);
        if (line.file != kernelFile)
            o.insert(QStringLiteral("file"), line.file);
        o.insert(QStringLiteral("energy_j"), line.joules);
        if (line.inPtx)
            o.insert(QStringLiteral("ptx_instructions"), line.inPtx->total());
        lines << o;
    }
    return lines;
}

QString energySummary(const KernelEnergy& energy)
{
    QString text = QStringLiteral("dynamic %1 per launch (%2 threads, %3)")
                       .arg(formatJoules(energy.dynamicJ), formatNumber(energy.threads, 12),
                           energy.threadsAssumed ? QStringLiteral("assumed")
                                                 : energy.threadsSource.section(QLatin1Char(':'), 0, 0));
    if (energy.countsFromPtx)
        text += QStringLiteral(", instructions from PTX");
    if (!energy.scaledToModel.isEmpty())
        text += QStringLiteral("; the %1 model's energy, spread over lines by this table's relative costs (the "
                               "table alone: %2, priced for its own GPU)")
                    .arg(energy.scaledToModel, formatJoules(energy.tableDynamicJ));
    if (energy.dynamicW)
        text += QStringLiteral("; over %1: dynamic %2")
                    .arg(formatSeconds(*energy.seconds), formatWatts(*energy.dynamicW));
    if (energy.totalW && energy.totalJ)
        text += QStringLiteral(", total %1 (static %2), %3")
                    .arg(formatWatts(*energy.totalW), formatWatts(*energy.staticW), formatJoules(*energy.totalJ));
    else if (energy.dynamicW)
        text += QStringLiteral(" (static power unknown: no total)");
    return text;
}

QVector<int> classesByEnergy(const InstructionCounts& perThread, const EnergyModel& model)
{
    QVector<int> classes;
    for (int c = 0; c < kEnergyClassCount; ++c) {
        if (perThread[c] > 0)
            classes << c;
    }
    std::stable_sort(classes.begin(), classes.end(),
        [&](int a, int b) { return perThread[a] * model.energy(a).totalNj > perThread[b] * model.energy(b).totalNj; });
    return classes;
}

QStringList energyClassTerms(const InstructionCounts& perThread, const EnergyModel& model, int most)
{
    const QVector<int> classes = classesByEnergy(perThread, model);
    QStringList terms;
    for (int i = 0; i < classes.size() && i < most; ++i) {
        const int c = classes[i];
        terms << QStringLiteral("%1 %2 × %3 nJ")
                     .arg(energyClassLabel(c), formatNumber(perThread[c], 6), formatNumber(model.energy(c).totalNj));
    }
    return terms;
}

QJsonArray copiesJson(const QVector<CopyEnergy>& copies)
{
    QJsonArray array;
    for (const CopyEnergy& copy : copies) {
        QJsonObject o;
        o.insert(QStringLiteral("file"), copy.site.location.file);
        o.insert(QStringLiteral("line"), copy.site.location.line);
        o.insert(QStringLiteral("api"), copy.site.api);
        o.insert(QStringLiteral("direction"),
            copy.site.direction.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(copy.site.direction));
        o.insert(QStringLiteral("bytes"),
            copy.site.bytes ? QJsonValue(double(*copy.site.bytes)) : QJsonValue(QJsonValue::Null));
        o.insert(QStringLiteral("seconds"), optionalJson(copy.seconds));
        o.insert(QStringLiteral("energy_j"), optionalJson(copy.joules));
        if (!copy.note.isEmpty())
            o.insert(QStringLiteral("note"), copy.note);
        array << o;
    }
    return array;
}

QString copySummary(const CopyEnergy& copy)
{
    QString text = copy.site.api;
    if (!copy.site.direction.isEmpty())
        text += QLatin1Char(' ') + copy.site.direction;
    if (copy.site.bytes)
        text += QStringLiteral(" %1 B").arg(*copy.site.bytes);
    if (copy.joules)
        return text + QStringLiteral(": %1, %2").arg(formatDuration(*copy.seconds), formatJoules(*copy.joules));
    return text + QStringLiteral(": no energy (%1)").arg(copy.note);
}

} // namespace slicewatt
