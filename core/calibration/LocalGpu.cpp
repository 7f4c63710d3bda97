// SPDX-License-Identifier: GPL-3.0-or-later
#include "LocalGpu.h"

#include "NvmlGpuSpec.h"
#include "NvmlSession.h"
#include "model/GpuSpecFile.h"
#include "model/ModelLibrary.h"

#include <QtGlobal>

namespace slicewatt {
namespace {

// NVML's first device, or nullopt with `why`.
std::optional<NvmlDeviceInfo> firstNvmlDevice(QString* why)
{
    QString error;
    const std::unique_ptr<NvmlSession> nvml = NvmlSession::open(&error, nvmlLibrary());
    if (!nvml || !nvml->selectFirst(&error)) {
        if (why)
            *why = error;
        return std::nullopt;
    }
    return nvml->deviceInfo();
}

const GpuSpec* catalogueEntryOf(const GpuCatalogue& catalogue, const QString& name)
{
    const GpuSpec* gpu = catalogue.find(name);
    if (!gpu && name.startsWith(QLatin1String("NVIDIA ")))
        gpu = catalogue.find(name.mid(7));
    return gpu;
}

} // namespace

QString nvmlLibrary()
{
    const QString file = qEnvironmentVariable("SLICEWATT_NVML_LIBRARY");
    return file.isEmpty() ? QStringLiteral("nvidia-ml") : file;
}

QString localGpuId(const GpuCatalogue& catalogue, QString* why)
{
    const std::optional<NvmlDeviceInfo> device = firstNvmlDevice(why);
    if (!device)
        return {};
    const GpuSpec* gpu = catalogueEntryOf(catalogue, device->name);
    if (!gpu) {
        if (why)
            *why = QStringLiteral("this machine's %1 is not in the GPU catalogue").arg(device->name);
        return {};
    }
    if (why)
        *why = gpu->id.startsWith(QLatin1String("nvml-"))
            ? QStringLiteral("this machine's GPU (%1), described from NVML: not in the catalogue").arg(device->name)
            : QStringLiteral("this machine's GPU (%1, by NVML)").arg(device->name);
    return gpu->id;
}

QString addNvmlDescribedGpu(ModelLibrary& library, QString* why)
{
    const std::optional<NvmlDeviceInfo> device = firstNvmlDevice(why);
    if (!device)
        return {};
    if (const GpuSpec* known = catalogueEntryOf(library.gpus(), device->name)) {
        if (why)
            *why = QStringLiteral("this machine's %1 is the catalogue's %2").arg(device->name, known->id);
        return {};
    }
    QString reason;
    const QByteArray text = nvmlGpuSpecText(*device, library.gpus(), &reason);
    QStringList errors;
    const std::optional<GpuSpec> spec
        = text.isEmpty() ? std::nullopt : parseGpuSpecFile(text, QStringLiteral("NVML"), library.gpus(), errors);
    if (!spec) {
        if (why)
            *why = QStringLiteral("this machine's %1 cannot be described from NVML: %2")
                       .arg(device->name, text.isEmpty() ? reason : errors.join(QStringLiteral("; ")));
        return {};
    }
    if (const QString problem = library.addGpu(*spec); !problem.isEmpty() && why)
        *why = QStringLiteral("%1: no physical model from its data sheet: %2").arg(spec->name, problem);
    else if (why)
        *why = QStringLiteral("this machine's %1, described from NVML").arg(spec->name);
    return spec->id;
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
