// SPDX-License-Identifier: GPL-3.0-or-later
#include "CopyEnergy.h"

namespace slicewatt {

QVector<CopyEnergy> estimateCopies(const QVector<MemoryCopySite>& copies, const EnergyModel& model, const GpuSpec& gpu)
{
    QVector<CopyEnergy> result;
    for (const MemoryCopySite& site : copies) {
        CopyEnergy copy;
        copy.site = site;
        if (site.direction == QLatin1String("DeviceToDevice") || site.direction == QLatin1String("HostToHost"))
            copy.note = QStringLiteral("%1: no PCI Express transfer").arg(site.direction);
        else if (!site.bytes)
            copy.note = site.bytesExpression.isEmpty()
                ? QStringLiteral("size not in the call")
                : QStringLiteral("size known only at run time (%1)").arg(site.bytesExpression);
        else if (!gpu.pcieBandwidthBytesPerS || !gpu.pcieLatencyS)
            copy.note = QStringLiteral("the %1 has no PCI Express link in its GPU file").arg(gpu.name);
        else if (!model.transferPowerW())
            copy.note = QStringLiteral("energy model %1 has no copy power").arg(model.id());
        if (copy.note.isEmpty()) {
            copy.seconds = *gpu.pcieLatencyS + double(*site.bytes) / *gpu.pcieBandwidthBytesPerS;
            copy.joules = *model.transferPowerW() * *copy.seconds;
        }
        result << copy;
    }
    return result;
}

double knownCopyJoules(const QVector<CopyEnergy>& copies)
{
    double joules = 0;
    for (const CopyEnergy& copy : copies)
        joules += copy.joules.value_or(0);
    return joules;
}

} // namespace slicewatt
