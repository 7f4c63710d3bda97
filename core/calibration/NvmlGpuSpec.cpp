// SPDX-License-Identifier: GPL-3.0-or-later
#include "NvmlGpuSpec.h"

#include "model/GpuSpecFile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace slicewatt {

QString inferredMemoryTechnology(const QString& computeCapability, int busWidthBits, double pinGbps)
{
    const int major = computeCapability.section(QLatin1Char('.'), 0, 0).toInt();
    const int minor = computeCapability.section(QLatin1Char('.'), 1, 1).toInt();
    if (busWidthBits >= 2048) {
        if (pinGbps >= 5.6)
            return QStringLiteral("HBM3e");
        if (pinGbps >= 4.0)
            return QStringLiteral("HBM3");
        if (pinGbps >= 2.8)
            return QStringLiteral("HBM2e");
        return QStringLiteral("HBM2");
    }
    if (major >= 10)
        return QStringLiteral("GDDR7");
    if ((major == 8 && minor >= 6) && pinGbps >= 19)
        return QStringLiteral("GDDR6X");
    if (major > 7 || (major == 7 && minor >= 5))
        return QStringLiteral("GDDR6");
    if (major == 6 && pinGbps >= 10)
        return QStringLiteral("GDDR5X");
    return QStringLiteral("GDDR5");
}

QString nvmlGpuId(const QString& name)
{
    QString id = name.toLower();
    if (id.startsWith(QLatin1String("nvidia ")))
        id = id.mid(7);
    static const QRegularExpression notWord(QStringLiteral("[^a-z0-9]+"));
    id.replace(notWord, QStringLiteral("-"));
    while (id.endsWith(QLatin1Char('-')))
        id.chop(1);
    while (id.startsWith(QLatin1Char('-')))
        id.remove(0, 1);
    return QStringLiteral("nvml-%1").arg(id.isEmpty() ? QStringLiteral("gpu") : id);
}

QByteArray nvmlGpuSpecText(const NvmlDeviceInfo& info, const GpuCatalogue& catalogue, QString* why)
{
    const auto refuse = [why](const QString& reason) {
        if (why)
            *why = reason;
        return QByteArray();
    };
    QStringList missing;
    if (info.name.isEmpty())
        missing << QStringLiteral("the name");
    if (info.computeCapability.isEmpty())
        missing << QStringLiteral("the compute capability");
    if (!info.cudaCores)
        missing << QStringLiteral("the CUDA cores (nvmlDeviceGetNumGpuCores, drivers from R520)");
    if (!info.maxSmClockMhz)
        missing << QStringLiteral("the maximum SM clock");
    if (!info.maxMemoryClockMhz || !info.memoryBusWidthBits)
        missing << QStringLiteral("the memory clock and bus width");
    if (!info.defaultPowerLimitW && !info.powerLimitW)
        missing << QStringLiteral("the power limit");
    if (!missing.isEmpty())
        return refuse(QStringLiteral("NVML does not give %1").arg(missing.join(QStringLiteral(", "))));
    const GpuSpec* sameCapability = sameComputeCapability(catalogue, info.computeCapability);
    if (!sameCapability || !sameCapability->fp32LanesPerSm)
        return refuse(QStringLiteral("no catalogue GPU has compute capability %1 to give its FP32 lanes per SM")
                          .arg(info.computeCapability));
    const int lanes = *sameCapability->fp32LanesPerSm;
    const int sms = *info.cudaCores / lanes;
    if (sms <= 0 || sms * lanes != *info.cudaCores)
        return refuse(QStringLiteral("NVML's %1 CUDA cores are not whole SMs of %2 lanes (compute capability %3)")
                          .arg(*info.cudaCores)
                          .arg(lanes)
                          .arg(info.computeCapability));
    const double pinGbps = 2.0 * *info.maxMemoryClockMhz / 1000;
    const double bandwidthGBs = pinGbps * *info.memoryBusWidthBits / 8;
    const double sizeGb = info.memoryTotalBytes.value_or(0) / double(1 << 30);
    const QString technology = inferredMemoryTechnology(info.computeCapability, *info.memoryBusWidthBits, pinGbps);
    const double limitW = info.defaultPowerLimitW.value_or(info.powerLimitW.value_or(0));
    const QString driver
        = info.driverVersion.isEmpty() ? QString() : QStringLiteral(", driver %1").arg(info.driverVersion);
    QJsonObject memory{{QStringLiteral("technology"), technology},
        {QStringLiteral("bus_width_bits"), *info.memoryBusWidthBits},
        {QStringLiteral("source"),
            QStringLiteral("NVML on this machine%1: a %2-bit bus; the technology inferred [ours: NVML does not "
                           "name it; %3 is what GPUs of compute capability %4 with this bus and %5 Gb/s per pin "
                           "carry]")
                .arg(driver)
                .arg(*info.memoryBusWidthBits)
                .arg(technology, info.computeCapability)
                .arg(pinGbps, 0, 'g', 3)}};
    if (sizeGb > 0)
        memory.insert(QStringLiteral("size_gb"), std::round(sizeGb * 10) / 10);
    const QJsonObject spec{{QStringLiteral("format"), QStringLiteral("slicewatt-gpu-spec/1")},
        {QStringLiteral("id"), nvmlGpuId(info.name)}, {QStringLiteral("name"), info.name},
        {QStringLiteral("aliases"), QJsonArray{info.name}},
        {QStringLiteral("compute_capability"), info.computeCapability}, {QStringLiteral("sms"), sms},
        {QStringLiteral("clocks"), QJsonObject{{QStringLiteral("boost_mhz"), *info.maxSmClockMhz}}},
        {QStringLiteral("memory_bandwidth_gb_s"), std::round(bandwidthGBs * 10) / 10},
        {QStringLiteral("memory"), memory}, {QStringLiteral("board_power_w"), limitW},
        {QStringLiteral("board_power_source"),
            QStringLiteral("NVML on this machine%1: the board's %2 power limit, %3 W")
                .arg(driver,
                    info.defaultPowerLimitW ? QStringLiteral("default") : QStringLiteral("enforced (no default given)"))
                .arg(limitW)},
        {QStringLiteral("sources"),
            QJsonObject{{QStringLiteral("sms"),
                            QStringLiteral("NVML on this machine: %1 CUDA cores / %2 FP32 lanes per SM of compute "
                                           "capability %3 (as the catalogue's %4)")
                                .arg(*info.cudaCores)
                                .arg(lanes)
                                .arg(info.computeCapability, sameCapability->name)},
                {QStringLiteral("clocks"), QStringLiteral("NVML on this machine: the maximum SM clock")},
                {QStringLiteral("memory_bandwidth"),
                    QStringLiteral("NVML on this machine: 2 x the maximum memory clock %1 MHz x %2 bits / 8")
                        .arg(*info.maxMemoryClockMhz)
                        .arg(*info.memoryBusWidthBits)}}},
        {QStringLiteral("notes"),
            QStringLiteral("Described from NVML on this machine%1: not in the catalogue, never measured.")
                .arg(driver)}};
    if (why)
        why->clear();
    return QJsonDocument(spec).toJson(QJsonDocument::Indented);
}

} // namespace slicewatt
