// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimeOutput.h"

#include "DisplayNumbers.h"

#include <QJsonArray>

#include <algorithm>

namespace slicewatt {
namespace {

QJsonValue orNull(const std::optional<double>& value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QString formatBytes(double bytes)
{
    if (bytes >= 1e9)
        return QStringLiteral("%1 GB").arg(bytes / 1e9, 0, 'g', 4);
    if (bytes >= 1e6)
        return QStringLiteral("%1 MB").arg(bytes / 1e6, 0, 'g', 4);
    if (bytes >= 1e3)
        return QStringLiteral("%1 kB").arg(bytes / 1e3, 0, 'g', 4);
    return QStringLiteral("%1 B").arg(bytes, 0, 'g', 4);
}

} // namespace

std::optional<double> energyPerLaunchJ(const KernelEstimate& estimate)
{
    return estimate.joules;
}

std::optional<double> dynamicEnergyPerLaunchJ(const KernelEstimate& estimate)
{
    if (estimate.physical && estimate.seconds && estimate.hasEstimate())
        return (estimate.watts - estimate.physical->idleW) * *estimate.seconds;
    return estimate.energy ? std::optional<double>(estimate.energy->dynamicJ) : std::nullopt;
}

void insertPowerJson(QJsonObject& kernel, const KernelEstimate& estimate)
{
    if (estimate.band) {
        kernel.insert(QStringLiteral("power_band_w"), QJsonArray{estimate.band->lowW, estimate.band->highW});
        kernel.insert(QStringLiteral("power_band_widened"), estimate.band->widened());
        kernel.insert(
            QStringLiteral("power_band_widened_because"), QJsonArray::fromStringList(estimate.band->widening.reasons));
    } else {
        kernel.insert(QStringLiteral("power_band_w"), QJsonValue(QJsonValue::Null));
    }
    if (!estimate.physical)
        return;
    const PhysicalPower& p = *estimate.physical;
    QJsonArray terms;
    for (const PhysicalTerm& term : p.terms)
        terms << QJsonObject{{QStringLiteral("input"), term.key}, {QStringLiteral("meaning"), term.meaning},
            {QStringLiteral("per_launch"), term.perLaunch}, {QStringLiteral("unit"), term.unit},
            {QStringLiteral("watts"), term.watts}};
    kernel.insert(QStringLiteral("power_terms"),
        QJsonObject{{QStringLiteral("idle_w"), p.idleW}, {QStringLiteral("terms"), terms},
            {QStringLiteral("uncapped_w"), p.uncappedW}, {QStringLiteral("capped"), p.capped}});
}

QString physicalTermsSummary(const KernelEstimate& estimate)
{
    if (!estimate.physical)
        return {};
    const PhysicalPower& p = *estimate.physical;
    QVector<PhysicalTerm> terms = p.terms;
    std::stable_sort(
        terms.begin(), terms.end(), [](const PhysicalTerm& a, const PhysicalTerm& b) { return a.watts > b.watts; });
    QStringList parts{QStringLiteral("idle %1 W").arg(p.idleW, 0, 'f', 1)};
    for (const PhysicalTerm& term : terms) {
        if (term.watts >= 0.5)
            parts << QStringLiteral("%1 %2 W").arg(term.meaning).arg(term.watts, 0, 'f', 1);
    }
    QString text = parts.join(QStringLiteral(" + "));
    if (p.capped)
        text += QStringLiteral(" = %1 W, capped at the board's limit").arg(p.uncappedW, 0, 'f', 0);
    return text;
}

void insertTimeJson(QJsonObject& kernel, const KernelEstimate& estimate)
{
    const std::optional<LaunchTime>& t = estimate.time;
    kernel.insert(QStringLiteral("time_per_launch_s"), t ? QJsonValue(t->seconds) : QJsonValue(QJsonValue::Null));
    kernel.insert(QStringLiteral("time_bound"), t ? QJsonValue(timeBoundName(t->bound)) : QJsonValue(QJsonValue::Null));
    if (t) {
        kernel.insert(QStringLiteral("time"),
            QJsonObject{{QStringLiteral("compute_s"), t->computeSeconds},
                {QStringLiteral("memory_s"), t->memorySeconds}, {QStringLiteral("overhead_s"), t->overheadSeconds},
                {QStringLiteral("atomic_s"), t->atomicSeconds},
                {QStringLiteral("atomic_operations"), t->atomicOperations},
                {QStringLiteral("compute_pipe"), t->computePipe}, {QStringLiteral("global_bytes"), t->globalBytes},
                {QStringLiteral("cache_served_bytes"), t->cacheServedBytes},
                {QStringLiteral("dram_bytes"), t->dramBytes},
                {QStringLiteral("warp_instructions"), t->warpInstructions},
                {QStringLiteral("instructions_from"), t->countsSource}, {QStringLiteral("threads"), t->threads},
                {QStringLiteral("active_sms"), t->activeSms},
                {QStringLiteral("resident_blocks_per_sm"), t->residentBlocksPerSm},
                {QStringLiteral("occupancy"), t->occupancy},
                {QStringLiteral("bandwidth_bytes_per_s"), t->bandwidthBytesPerS},
                {QStringLiteral("l2_resident"), t->l2Resident},
                {QStringLiteral("assumptions"), QJsonArray::fromStringList(t->assumptions)}});
    } else {
        kernel.insert(QStringLiteral("time"), QJsonValue(QJsonValue::Null));
        kernel.insert(QStringLiteral("no_time"), estimate.noTime);
    }
    kernel.insert(QStringLiteral("energy_seconds_source"),
        estimate.seconds ? QJsonValue(estimate.secondsSource) : QJsonValue(QJsonValue::Null));
    kernel.insert(QStringLiteral("energy_per_launch_j"), orNull(energyPerLaunchJ(estimate)));
    kernel.insert(QStringLiteral("dynamic_energy_per_launch_j"), orNull(dynamicEnergyPerLaunchJ(estimate)));
}

QString timeSummary(const KernelEstimate& estimate)
{
    if (!estimate.time)
        return QStringLiteral("no time per launch: %1").arg(estimate.noTime);
    const LaunchTime& t = *estimate.time;
    const QString atomics = t.atomicSeconds > 0
        ? QStringLiteral("; atomics waiting on their L2 lines %1").arg(formatDuration(t.atomicSeconds))
        : QString();
    return QStringLiteral("%1 per launch, %2-bound (%3 from DRAM at %4/s: %5; compute %6, %7%8)")
        .arg(formatDuration(t.seconds), timeBoundName(t.bound), formatBytes(t.dramBytes),
            formatBytes(t.bandwidthBytesPerS), formatDuration(t.memorySeconds), formatDuration(t.computeSeconds),
            t.computePipe, atomics);
}

QString energyPerLaunchSummary(const KernelEstimate& estimate)
{
    const std::optional<double> total = energyPerLaunchJ(estimate);
    const std::optional<double> dynamic = dynamicEnergyPerLaunchJ(estimate);
    if (!total && !dynamic)
        return QString();
    QStringList parts;
    if (total)
        parts << QStringLiteral("%1 per launch (P̂·t)").arg(formatJoules(*total));
    if (dynamic)
        parts << QStringLiteral("dynamic %1 (%2)")
                     .arg(formatJoules(*dynamic),
                         estimate.physical ? QStringLiteral("above idle") : estimate.energy->modelId);
    return QStringLiteral("%1, over the %2 time")
        .arg(parts.join(QStringLiteral(", ")),
            estimate.secondsSource == QLatin1String("--time") ? QStringLiteral("given") : QStringLiteral("predicted"));
}

} // namespace slicewatt
