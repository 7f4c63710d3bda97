// SPDX-License-Identifier: GPL-3.0-or-later
#include "LocalGpu.h"

#include "NvmlSession.h"

namespace slicewatt {

QString localGpuId(const GpuCatalogue& catalogue, QString* why)
{
    QString error;
    const std::unique_ptr<NvmlSession> nvml = NvmlSession::open(&error);
    if (!nvml || !nvml->selectFirst(&error)) {
        if (why)
            *why = error;
        return {};
    }
    QString name = nvml->deviceInfo().name;
    const GpuSpec* gpu = catalogue.find(name);
    if (!gpu && name.startsWith(QLatin1String("NVIDIA ")))
        gpu = catalogue.find(name.mid(7));
    if (!gpu) {
        if (why)
            *why = QStringLiteral("this machine's %1 is not in the GPU catalogue").arg(name);
        return {};
    }
    if (why)
        *why = QStringLiteral("this machine's GPU (%1, by NVML)").arg(name);
    return gpu->id;
}

QString firstRunGpuId(const GpuCatalogue& catalogue, QString* why)
{
    QString local = localGpuId(catalogue, why);
    if (!local.isEmpty())
        return local;
    if (why)
        *why = QStringLiteral("%1; a current data-centre GPU").arg(*why);
    return kCurrentDataCentreGpu;
}

} // namespace slicewatt
