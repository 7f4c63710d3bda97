// SPDX-License-Identifier: GPL-3.0-or-later
#include "GpuSpecFile.h"

#include "ArchitecturePhysics.h"
#include "ModelFileError.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace slicewatt {
const GpuSpec* sameComputeCapability(const GpuCatalogue& catalogue, const QString& computeCapability)
{
    const GpuSpec* found = nullptr;
    for (const GpuSpec& gpu : catalogue.gpus()) {
        if (gpu.computeCapability != computeCapability || gpu.maxThreadsPerSm <= 0)
            continue;
        if (!found || (!found->throughput && gpu.throughput))
            found = &gpu;
    }
    return found;
}

std::optional<GpuSpec> parseGpuSpecFile(
    const QByteArray& json, const QString& fileName, const GpuCatalogue& catalogue, QStringList& errors)
{
    ModelFileErrors problems(fileName, json);
    const std::optional<QJsonObject> parsed = problems.parseObject();
    if (!parsed) {
        errors += problems.messages();
        return std::nullopt;
    }
    const QJsonObject& o = *parsed;
    if (o.value(QLatin1String("format")).toString() != QLatin1String("slicewatt-gpu-spec/1"))
        problems.add(QStringLiteral("expected \"format\": \"slicewatt-gpu-spec/1\""), QStringLiteral("format"));
    std::optional<GpuSpec> gpu = readGpuEntry(o, problems, false);
    if (!gpu) {
        errors += problems.messages();
        return std::nullopt;
    }
    const auto need = [&](bool present, const char* key, const QString& what) {
        if (!present)
            problems.add(
                QStringLiteral("the spec needs %1 (\"%2\")").arg(what, QLatin1String(key)), QLatin1String(key));
    };
    need(!gpu->name.isEmpty() && o.contains(QLatin1String("name")), "name", QStringLiteral("the GPU's name"));
    need(!gpu->computeCapability.isEmpty(), "compute_capability", QStringLiteral("the compute capability, \"8.9\""));
    need(o.contains(QLatin1String("sms")), "sms", QStringLiteral("the number of SMs"));
    need(gpu->boostClockMhz.has_value(), "clocks", QStringLiteral("the boost clock, \"clocks\": {\"boost_mhz\": …}"));
    need(gpu->memoryBandwidthGBs.has_value(), "memory_bandwidth_gb_s", QStringLiteral("the memory bandwidth in GB/s"));
    need(!gpu->memoryTechnology.isEmpty(), "memory",
        QStringLiteral("the memory technology, \"memory\": {\"technology\": \"GDDR6\"}"));
    need(gpu->boardPowerW.has_value(), "board_power_w", QStringLiteral("the board's power limit in W"));
    const GpuSpec* borrowed
        = gpu->computeCapability.isEmpty() ? nullptr : sameComputeCapability(catalogue, gpu->computeCapability);
    const bool ownLimits = gpu->maxThreadsPerSm > 0 && gpu->maxBlocksPerSm > 0;
    if (!borrowed && (!ownLimits || !gpu->throughput || !gpu->fp32LanesPerSm) && !gpu->computeCapability.isEmpty())
        problems.add(QStringLiteral("no catalogue GPU has compute capability %1 to take the per-SM limits and "
                                    "throughputs from: give \"limits_per_sm\", \"fp32_lanes_per_sm\" and "
                                    "\"throughput_per_sm\"")
                         .arg(gpu->computeCapability),
            QStringLiteral("compute_capability"));
    if (!problems.isEmpty()) {
        errors += problems.messages();
        return std::nullopt;
    }
    if (borrowed) {
        const QString taken = QStringLiteral("as the catalogue's %1 (compute capability %2): the same for every GPU "
                                             "of that compute capability")
                                  .arg(borrowed->name, borrowed->computeCapability);
        if (!ownLimits) {
            gpu->maxThreadsPerSm = borrowed->maxThreadsPerSm;
            gpu->maxBlocksPerSm = borrowed->maxBlocksPerSm;
            gpu->registersPerSm = borrowed->registersPerSm;
            gpu->sharedMemoryBytesPerSm = borrowed->sharedMemoryBytesPerSm;
            gpu->sources.insert(QStringLiteral("limits_per_sm"), taken);
        }
        if (!gpu->fp32LanesPerSm && borrowed->fp32LanesPerSm) {
            gpu->fp32LanesPerSm = borrowed->fp32LanesPerSm;
            gpu->sources.insert(QStringLiteral("fp32_lanes_per_sm"), taken);
        }
        if (!gpu->throughput && borrowed->throughput) {
            gpu->throughput = borrowed->throughput;
            gpu->throughput->source = QStringLiteral("%1; %2").arg(taken, borrowed->throughput->source);
            // The L2's size is the chip's, not the compute capability's.
            if (o.contains(QLatin1String("l2_bytes")) && o.value(QLatin1String("l2_bytes")).toDouble() > 0)
                gpu->throughput->l2Bytes = o.value(QLatin1String("l2_bytes")).toDouble();
        }
    }
    // Its architecture's name where the spec gives none, as the catalogue's entries carry one.
    if (const ArchitecturePhysics* architecture
        = ArchitectureTable::standard().forComputeCapability(gpu->computeCapability);
        architecture && gpu->architecture.isEmpty())
        gpu->architecture = architecture->name;
    if (gpu->boardPowerSource.isEmpty())
        gpu->boardPowerSource = QStringLiteral("the GPU spec file %1").arg(fileName);
    if (gpu->notes.isEmpty())
        gpu->notes
            = QStringLiteral("Described from its data sheet (%1): not in the catalogue, never measured.").arg(fileName);
    return gpu;
}

QByteArray gpuSpecFileText(const GpuSpec& gpu)
{
    QJsonObject o{{QStringLiteral("format"), QStringLiteral("slicewatt-gpu-spec/1")}, {QStringLiteral("id"), gpu.id},
        {QStringLiteral("name"), gpu.name}, {QStringLiteral("compute_capability"), gpu.computeCapability},
        {QStringLiteral("sms"), gpu.sms}};
    if (!gpu.architecture.isEmpty())
        o.insert(QStringLiteral("architecture"), gpu.architecture);
    QJsonObject clocks;
    if (gpu.baseClockMhz)
        clocks.insert(QStringLiteral("base_mhz"), *gpu.baseClockMhz);
    if (gpu.boostClockMhz)
        clocks.insert(QStringLiteral("boost_mhz"), *gpu.boostClockMhz);
    o.insert(QStringLiteral("clocks"), clocks);
    if (gpu.memoryBandwidthGBs)
        o.insert(QStringLiteral("memory_bandwidth_gb_s"), *gpu.memoryBandwidthGBs);
    QJsonObject memory{{QStringLiteral("technology"), gpu.memoryTechnology}};
    if (gpu.memoryBusWidthBits)
        memory.insert(QStringLiteral("bus_width_bits"), *gpu.memoryBusWidthBits);
    if (gpu.memorySizeGb)
        memory.insert(QStringLiteral("size_gb"), *gpu.memorySizeGb);
    if (!gpu.memorySource.isEmpty())
        memory.insert(QStringLiteral("source"), gpu.memorySource);
    o.insert(QStringLiteral("memory"), memory);
    if (gpu.boardPowerW)
        o.insert(QStringLiteral("board_power_w"), *gpu.boardPowerW);
    if (!gpu.boardPowerSource.isEmpty())
        o.insert(QStringLiteral("board_power_source"), gpu.boardPowerSource);
    if (gpu.idlePowerW)
        o.insert(QStringLiteral("idle_power_w"), *gpu.idlePowerW);
    if (gpu.throughput && gpu.throughput->l2Bytes > 0)
        o.insert(QStringLiteral("l2_bytes"), gpu.throughput->l2Bytes);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

} // namespace slicewatt
