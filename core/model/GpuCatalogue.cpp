// SPDX-License-Identifier: GPL-3.0-or-later
#include "GpuCatalogue.h"

#include "ModelFileError.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace slicewatt {
namespace {

QString normalised(QString text)
{
    return text.remove(QLatin1Char(' ')).remove(QLatin1Char('-')).toLower();
}

// The SM pipeline of METHOD §10's equations: every count and size positive, else a problem
// naming the field (the PTX features divide by them).
PtxPipeline readPtxPipeline(const QJsonObject& o, const QString& gpuId, ModelFileErrors& problems)
{
    PtxPipeline p;
    const auto positive = [&](const char* key) {
        const double value = o.value(QLatin1String(key)).toDouble(-1);
        if (!(value > 0))
            problems.add(
                QStringLiteral("GPU %1: \"ptx_pipeline\" needs a positive \"%2\"").arg(gpuId, QLatin1String(key)),
                QLatin1String(key));
        return value;
    };
    p.warpSchedulers = int(positive("warp_schedulers"));
    p.dispatchUnits = int(positive("dispatch_units"));
    p.loadStoreUnits = int(positive("load_store_units"));
    p.l2Bytes = positive("l2_bytes");
    p.globalLatencyCycles = positive("global_latency_cycles");
    p.sharedLatencyCycles = positive("shared_latency_cycles");
    p.sharedThroughputBytesPerCycle = positive("shared_throughput_bytes_per_cycle");
    if (o.contains(QLatin1String("global_throughput_bytes_per_cycle")))
        p.globalThroughputBytesPerCycle = positive("global_throughput_bytes_per_cycle");
    const QJsonObject sources = o.value(QLatin1String("sources")).toObject();
    for (auto it = sources.constBegin(); it != sources.constEnd(); ++it)
        p.sources.insert(it.key(), it.value().toString());
    return p;
}

// The time model's per-SM figures: every one positive (l2_latency_ns optional), else a problem naming the field.
SmThroughput readThroughput(const QJsonObject& o, const QString& gpuId, ModelFileErrors& problems)
{
    SmThroughput t;
    const auto positive = [&](const char* key) {
        const double value = o.value(QLatin1String(key)).toDouble(-1);
        if (!(value > 0))
            problems.add(
                QStringLiteral("GPU %1: \"throughput_per_sm\" needs a positive \"%2\"").arg(gpuId, QLatin1String(key)),
                QLatin1String(key));
        return value;
    };
    t.fp64Lanes = int(positive("fp64"));
    t.int32Lanes = int(positive("int32"));
    t.sfuLanes = int(positive("sfu"));
    t.loadStoreLanes = int(positive("load_store"));
    t.warpSchedulers = int(positive("warp_schedulers"));
    t.dependentIssueCycles = positive("dependent_issue_cycles");
    t.dramLatencyNs = positive("dram_latency_ns");
    // Optional (0: the time model's L2 rule is off), so older catalogue files still load.
    t.l2LatencyNs = o.value(QLatin1String("l2_latency_ns")).toDouble(0);
    if (t.l2LatencyNs < 0)
        problems.add(QStringLiteral("GPU %1: \"l2_latency_ns\" must not be negative").arg(gpuId),
            QStringLiteral("l2_latency_ns"));
    t.l2Bytes = positive("l2_bytes");
    t.source = o.value(QLatin1String("source")).toString();
    return t;
}

void readMemory(const QJsonObject& o, GpuSpec& gpu, const QString& gpuId, ModelFileErrors& problems)
{
    gpu.memoryTechnology = o.value(QLatin1String("technology")).toString();
    gpu.memorySource = o.value(QLatin1String("source")).toString();
    if (gpu.memoryTechnology.isEmpty())
        problems.add(QStringLiteral("GPU %1: \"memory\" needs its \"technology\" (HBM2, GDDR6X, …)").arg(gpuId),
            QStringLiteral("memory"));
    if (o.contains(QLatin1String("bus_width_bits"))) {
        const int bits = o.value(QLatin1String("bus_width_bits")).toInt(0);
        if (bits <= 0)
            problems.add(QStringLiteral("GPU %1: \"bus_width_bits\" must be a positive integer").arg(gpuId),
                QStringLiteral("bus_width_bits"));
        else
            gpu.memoryBusWidthBits = bits;
    }
    if (o.contains(QLatin1String("size_gb"))) {
        const double size = o.value(QLatin1String("size_gb")).toDouble(-1);
        if (!(size > 0))
            problems.add(
                QStringLiteral("GPU %1: \"size_gb\" must be a positive number").arg(gpuId), QStringLiteral("size_gb"));
        else
            gpu.memorySizeGb = size;
    }
}

} // namespace

std::optional<GpuSpec> readGpuEntry(const QJsonObject& o, ModelFileErrors& problems, bool requireLimits)
{
    GpuSpec gpu;
    gpu.id = o.value(QLatin1String("id")).toString();
    problems.lookFromEntry(gpu.id);
    gpu.name = o.value(QLatin1String("name")).toString(gpu.id);
    gpu.architecture = o.value(QLatin1String("architecture")).toString();
    gpu.computeCapability = o.value(QLatin1String("compute_capability")).toString();
    gpu.sms = o.value(QLatin1String("sms")).toInt();
    if (o.contains(QLatin1String("type_index")))
        gpu.typeIndex = o.value(QLatin1String("type_index")).toInt();
    const QJsonObject limits = o.value(QLatin1String("limits_per_sm")).toObject();
    gpu.maxThreadsPerSm = limits.value(QLatin1String("threads")).toInt();
    gpu.maxBlocksPerSm = limits.value(QLatin1String("blocks")).toInt();
    gpu.registersPerSm = limits.value(QLatin1String("registers")).toInt();
    gpu.sharedMemoryBytesPerSm = limits.value(QLatin1String("shared_memory_bytes")).toInt();
    gpu.notes = o.value(QLatin1String("notes")).toString();
    if (o.contains(QLatin1String("board_power_w"))) {
        const QJsonValue watts = o.value(QLatin1String("board_power_w"));
        if (!watts.isDouble() || !(watts.toDouble() > 0))
            problems.add(QStringLiteral("GPU %1: \"board_power_w\" must be a positive number of watts")
                             .arg(o.value(QLatin1String("id")).toString()),
                QStringLiteral("board_power_w"));
        else
            gpu.boardPowerW = watts.toDouble();
        gpu.boardPowerSource = o.value(QLatin1String("board_power_source")).toString();
    }
    if (o.contains(QLatin1String("pcie"))) {
        const QJsonObject pcie = o.value(QLatin1String("pcie")).toObject();
        const double bandwidth = pcie.value(QLatin1String("bandwidth_gb_s")).toDouble(-1);
        const double latency = pcie.value(QLatin1String("latency_us")).toDouble(-1);
        if (!(bandwidth > 0) || latency < 0)
            problems.add(QStringLiteral("GPU %1: \"pcie\" needs a positive \"bandwidth_gb_s\" and a non-negative "
                                        "\"latency_us\"")
                             .arg(o.value(QLatin1String("id")).toString()),
                QStringLiteral("pcie"));
        else {
            gpu.pcieBandwidthBytesPerS = bandwidth * 1e9;
            gpu.pcieLatencyS = latency * 1e-6;
        }
        gpu.pcieSource = pcie.value(QLatin1String("source")).toString();
    }
    for (const QJsonValue& alias : o.value(QLatin1String("aliases")).toArray())
        gpu.aliases << alias.toString();
    const QJsonObject clocks = o.value(QLatin1String("clocks")).toObject();
    if (clocks.contains(QLatin1String("base_mhz")))
        gpu.baseClockMhz = clocks.value(QLatin1String("base_mhz")).toDouble();
    if (clocks.contains(QLatin1String("boost_mhz")))
        gpu.boostClockMhz = clocks.value(QLatin1String("boost_mhz")).toDouble();
    if (o.contains(QLatin1String("memory_bandwidth_gb_s")))
        gpu.memoryBandwidthGBs = o.value(QLatin1String("memory_bandwidth_gb_s")).toDouble();
    if (o.contains(QLatin1String("idle_power_w")))
        gpu.idlePowerW = o.value(QLatin1String("idle_power_w")).toDouble();
    if (o.contains(QLatin1String("memory")))
        readMemory(o.value(QLatin1String("memory")).toObject(), gpu, o.value(QLatin1String("id")).toString(), problems);
    if (o.contains(QLatin1String("fp32_lanes_per_sm"))) {
        gpu.fp32LanesPerSm = o.value(QLatin1String("fp32_lanes_per_sm")).toInt(0);
        if (*gpu.fp32LanesPerSm <= 0)
            problems.add(QStringLiteral("GPU %1: \"fp32_lanes_per_sm\" must be a positive integer")
                             .arg(o.value(QLatin1String("id")).toString()),
                QStringLiteral("fp32_lanes_per_sm"));
    }
    if (o.contains(QLatin1String("throughput_per_sm")))
        gpu.throughput = readThroughput(
            o.value(QLatin1String("throughput_per_sm")).toObject(), o.value(QLatin1String("id")).toString(), problems);
    gpu.measuredPower = o.value(QLatin1String("measured_power")).toString();
    if (o.contains(QLatin1String("ptx_pipeline")))
        gpu.ptxPipeline = readPtxPipeline(
            o.value(QLatin1String("ptx_pipeline")).toObject(), o.value(QLatin1String("id")).toString(), problems);
    const QJsonObject sources = o.value(QLatin1String("sources")).toObject();
    for (auto it = sources.constBegin(); it != sources.constEnd(); ++it)
        gpu.sources.insert(it.key(), it.value().toString());
    for (const auto& [key, figure] :
        {std::pair{"base_mhz", gpu.baseClockMhz}, std::pair{"boost_mhz", gpu.boostClockMhz},
            std::pair{"memory_bandwidth_gb_s", gpu.memoryBandwidthGBs}, std::pair{"idle_power_w", gpu.idlePowerW}}) {
        if (figure && !(*figure > 0))
            problems.add(QStringLiteral("GPU %1: \"%2\" must be a positive number").arg(gpu.id, QLatin1String(key)),
                QLatin1String(key));
    }
    if (gpu.id.isEmpty()) {
        problems.add(QStringLiteral("a GPU has no \"id\""), gpu.name);
        return std::nullopt;
    }
    if (gpu.sms <= 0)
        problems.add(QStringLiteral("GPU %1: \"sms\" must be a positive integer").arg(gpu.id), QStringLiteral("sms"));
    if (requireLimits && (gpu.maxThreadsPerSm <= 0 || gpu.maxBlocksPerSm <= 0))
        problems.add(QStringLiteral("GPU %1: \"limits_per_sm\" needs positive \"threads\" and \"blocks\"").arg(gpu.id),
            QStringLiteral("limits_per_sm"));
    return gpu;
}

std::optional<GpuCatalogue> GpuCatalogue::parse(const QByteArray& json, const QString& fileName, QStringList& errors)
{
    ModelFileErrors problems(fileName, json);
    const std::optional<QJsonObject> parsed = problems.parseObject();
    if (!parsed) {
        errors += problems.messages();
        return std::nullopt;
    }
    const QJsonObject& root = *parsed;
    if (root.value(QLatin1String("format")).toString() != QLatin1String("slicewatt-gpus/1"))
        problems.add(QStringLiteral("expected \"format\": \"slicewatt-gpus/1\""), QStringLiteral("format"));
    if (!root.value(QLatin1String("gpus")).isArray())
        problems.add(QStringLiteral("expected a \"gpus\" array"));
    GpuCatalogue catalogue;
    for (const QJsonValue& value : root.value(QLatin1String("gpus")).toArray()) {
        if (const std::optional<GpuSpec> gpu = readGpuEntry(value.toObject(), problems, true))
            catalogue.add(*gpu);
    }
    if (!problems.isEmpty()) {
        errors += problems.messages();
        return std::nullopt;
    }
    return catalogue;
}

GpuCatalogue GpuCatalogue::standard(const QStringList& userFolders, QStringList& errors)
{
    GpuCatalogue catalogue;
    QFile shipped(QStringLiteral(":/slicewatt/models/gpus.json"));
    if (shipped.open(QIODevice::ReadOnly)) {
        if (const auto parsed = parse(shipped.readAll(), QStringLiteral("models/gpus.json"), errors))
            catalogue = *parsed;
    }
    for (const QString& folder : userFolders) {
        for (const QString& name : QDir(folder).entryList({QStringLiteral("gpus*.json")}, QDir::Files, QDir::Name)) {
            QFile file(QDir(folder).filePath(name));
            if (!file.open(QIODevice::ReadOnly)) {
                errors << QStringLiteral("%1: cannot read: %2").arg(file.fileName(), file.errorString());
                continue;
            }
            if (const auto parsed = parse(file.readAll(), file.fileName(), errors)) {
                for (const GpuSpec& gpu : parsed->gpus())
                    catalogue.add(gpu);
            }
        }
    }
    return catalogue;
}

const GpuSpec* GpuCatalogue::find(const QString& idOrName) const
{
    const QString wanted = normalised(idOrName);
    if (wanted.isEmpty())
        return nullptr;
    // Exact names first (an id, the name, an alias); then the end of a name ("280").
    for (const GpuSpec& gpu : m_gpus) {
        if (normalised(gpu.id) == wanted || normalised(gpu.name) == wanted)
            return &gpu;
        for (const QString& alias : gpu.aliases) {
            if (normalised(alias) == wanted)
                return &gpu;
        }
    }
    for (const GpuSpec& gpu : m_gpus) {
        if (normalised(gpu.name).endsWith(wanted))
            return &gpu;
    }
    return nullptr;
}

void GpuCatalogue::add(const GpuSpec& gpu)
{
    for (GpuSpec& existing : m_gpus) {
        if (existing.id == gpu.id) {
            existing = gpu;
            return;
        }
    }
    m_gpus << gpu;
}

bool isCurrentGpu(const GpuSpec& gpu)
{
    return gpu.computeCapability.section(QLatin1Char('.'), 0, 0).toInt() >= 7;
}

} // namespace slicewatt
