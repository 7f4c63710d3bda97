// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

class QJsonObject;

namespace slicewatt {

class ModelFileErrors;

// What the PTX launch features of METHOD §10 need of a GPU's SM pipeline (their equations
// (1)–(4)), with where each figure comes from. A GPU without it has no PTX features.
struct PtxPipeline {
    int warpSchedulers = 0; // nWS per SM
    int dispatchUnits = 0; // nDU per SM
    int loadStoreUnits = 0; // R[LSU] per SM
    double l2Bytes = 0;
    double globalLatencyCycles = 0; // L(gm)
    double sharedLatencyCycles = 0;
    // TP(gm): bytes per clock per SM; derived from the memory bandwidth and boost clock when
    // the file does not give it.
    std::optional<double> globalThroughputBytesPerCycle;
    double sharedThroughputBytesPerCycle = 0; // TP(sm)
    QHash<QString, QString> sources;
};

// What the time model (METHOD §12) needs of an SM beyond its FP32 lanes: results per clock
// per SM of each pipe (CUDA C++ Programming Guide, 'Arithmetic Instructions' throughput
// table, by compute capability), the warp schedulers that issue, and two latencies.
struct SmThroughput {
    int fp64Lanes = 0; // 64-bit floating-point add, multiply, multiply-add
    int int32Lanes = 0; // 32-bit integer add, compare, logic, shift, multiply-add
    int sfuLanes = 0; // special functions: reciprocal, rsqrt, log2, exp2, sin, cos
    int loadStoreLanes = 0; // threads' shared/global accesses per clock (one warp-wide access = 32)
    int warpSchedulers = 0; // warp instructions issued per clock
    double dependentIssueCycles = 0; // a warp's next dependent arithmetic instruction waits this long
    double dramLatencyNs = 0; // a global load that misses the caches
    double l2LatencyNs = 0; // a global load that hits in L2
    double l2Bytes = 0;
    QString source;
};

// One GPU the models know (models/gpus.json). Per-SM limits bound how many blocks can be
// resident; the SM count turns a launch into an SM saturation.
struct GpuSpec {
    QString id; // short, used on the command line and in model files: "gtx280"
    QString name;
    QString architecture;
    QString computeCapability;
    int sms = 0;
    std::optional<int> typeIndex; // the wavelet network's GPU input (JoS13), when it has one
    int maxThreadsPerSm = 0;
    int maxBlocksPerSm = 0;
    int registersPerSm = 0;
    int sharedMemoryBytesPerSm = 0;
    QString notes;
    // The most the board may draw (its TDP / maximum graphics card power, W), from its data
    // sheet; a prediction above it is flagged. Unknown for a GPU without a data sheet.
    std::optional<double> boardPowerW;
    QString boardPowerSource; // where the figure comes from
    // The host link, for the copy term of the instruction-class energy model (METHOD §9):
    // time of a copy = latency + bytes / bandwidth. Unknown when the file does not say.
    std::optional<double> pcieBandwidthBytesPerS;
    std::optional<double> pcieLatencyS;
    QString pcieSource;
    QStringList aliases; // other names `--gpu` accepts ("V100", "Tesla V100")
    std::optional<double> baseClockMhz;
    std::optional<double> boostClockMhz;
    std::optional<double> memoryBandwidthGBs; // GB/s (10^9 bytes)
    std::optional<double> idlePowerW; // only where a data sheet publishes it
    // The board's memory: its technology ("HBM3e", "GDDR6X"; the physical model's DRAM energy
    // per bit, models/architectures.json), bus width and size, from the data sheet.
    QString memoryTechnology;
    std::optional<int> memoryBusWidthBits;
    std::optional<double> memorySizeGb;
    QString memorySource;
    // 32-bit floating-point results per clock per SM: the arithmetic roof of the static time
    // estimate (LaunchActivity).
    std::optional<int> fp32LanesPerSm;
    // The other pipes and latencies of the time model; a GPU without them has no time model.
    std::optional<SmThroughput> throughput;
    // The public measured power per launch this GPU has (METHOD §11): every model with
    // parameters for it must carry its validation figures. Empty: none.
    QString measuredPower;
    std::optional<PtxPipeline> ptxPipeline;
    QHash<QString, QString> sources; // field ("sms", "clocks", "memory_bandwidth", …) → where it comes from
};

// Volta (compute capability 7.0) and newer: the GPUs people use today, grouped apart from the
// papers' GT200-to-Fermi boards in the GPU menu and the --gpu help.
bool isCurrentGpu(const GpuSpec& gpu);

// One GPU object of a catalogue or spec file; problems are added to `problems`. Without
// `requireLimits` the per-SM limits may be missing (a spec file borrows them, GpuSpecFile.h).
std::optional<GpuSpec> readGpuEntry(const QJsonObject& o, ModelFileErrors& problems, bool requireLimits);

class GpuCatalogue {
public:
    // Parses a catalogue file; problems come back as "file:line: problem".
    static std::optional<GpuCatalogue> parse(const QByteArray& json, const QString& fileName, QStringList& errors);
    // The catalogue shipped in models/ (compiled in), plus *.json catalogues in `userFolders`.
    static GpuCatalogue standard(const QStringList& userFolders, QStringList& errors);

    const QVector<GpuSpec>& gpus() const { return m_gpus; }
    // By id, name or alias, case-insensitive and ignoring spaces and dashes ("GTX 280",
    // "gtx280", "Tesla V100", "v100").
    const GpuSpec* find(const QString& idOrName) const;
    void add(const GpuSpec& gpu); // replaces a GPU with the same id

private:
    QVector<GpuSpec> m_gpus;
};

} // namespace slicewatt
