// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchTime.h"

#include "AccessReuse.h"
#include "AtomicContention.h"
#include "KernelEnergy.h"
#include "LaunchActivityEstimate.h"
#include "WarpAccess.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace slicewatt {
namespace {

constexpr int kWarpThreads = 32;
// [ours] The share of the data sheet's memory bandwidth that streaming kernels sustain:
// STREAM-like copies reach 80-90 % on HBM GPUs.
constexpr double kSustainedBandwidthShare = 0.8;
// A global load that hits in L1 waits about 30 cycles on every architecture since Volta
// [Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking", 2018:
// 28 cycles on V100; "Dissecting the NVIDIA Turing T4 GPU", 2019: 32 cycles]; 32 taken for all.
constexpr double kL1HitLatencyCycles = 32;

// One global access whose address threads share (AccessReuse), per thread of the launch.
struct SharedAccess {
    double bytesPerThread = 0; // what the threads ask for: executions × element bytes
    double loadShare = 1; // the part of them that loads (its statement's loaded / moved bytes)
    AccessReuse reuse;
};

// The machine instructions one counted operation becomes, by pipe [ours, METHOD §12]:
// a division is a reciprocal on the SFU refined by fused multiply-adds (nvcc's IEEE
// division and its 32-bit integer division sequences), a math function one SFU op plus
// its range reduction; everything else one instruction of its type's pipe.
enum Pipe { Fp32 = 0, Fp64, Int32, Sfu, LoadStore, kPipeCount };
struct Expansion {
    std::array<double, kPipeCount> perOperation{};
};

Expansion expansionOf(int energyClass)
{
    Expansion e;
    auto& p = e.perOperation;
    if (energyClass == kGlobalMemoryClass || energyClass == kLocalMemoryClass) {
        p[LoadStore] = 1;
        return e;
    }
    const auto type = ValueType(energyClass / 4);
    const auto operation = OperationClass(energyClass % 4);
    const Pipe own = type == ValueType::Double ? Fp64 : type == ValueType::Float ? Fp32 : Int32;
    switch (operation) {
    case OperationClass::Arithmetic:
    case OperationClass::Other:
        p[own] = 1;
        break;
    case OperationClass::Division:
        p[Sfu] = 1;
        p[own] = type == ValueType::Integer ? 16 : 8;
        break;
    case OperationClass::Sfu:
        p[Sfu] = 1;
        p[own] = type == ValueType::Double ? 16 : 4;
        break;
    }
    return e;
}

// [ours] The share of threads an atomic's contention counts: its statement's probability,
// with each arm of a branch nothing decides (analysis-rules §6's defaults) taken at most
// 1/32, as if one lane a warp took it. Contention grows with the operations, and a default
// of 0.5 on an error flag's `if (!ok) atomicOr(&flag, 1)` would price half the threads
// failing; a leader lane (`if (lane == leader)`) sends one operation a warp either way.
double atomicThreadShare(const Statement& statement, const KernelSlices& slices, bool* floored)
{
    constexpr double kOneLaneShare = 1.0 / 32;
    double share = 1;
    for (const ArmStep& step : statement.arms) {
        const auto branch = std::find_if(slices.branches.begin(), slices.branches.end(),
            [&](const BranchResolution& b) { return b.statement == step.branch; });
        if (branch == slices.branches.end() || step.arm < 0 || step.arm >= branch->arms.size())
            continue;
        double arm = branch->arms[step.arm];
        if (branch->assumed && arm > kOneLaneShare) {
            arm = kOneLaneShare;
            *floored = true;
        }
        share *= arm;
    }
    return share;
}

// A number nvcc knows when it unrolls: constants and template parameters.
bool isCompileTimeConstant(const SymbolicExprPtr& e)
{
    if (!e)
        return false;
    switch (e->kind()) {
    case SymbolicExpr::Kind::Constant:
    case SymbolicExpr::Kind::TemplateParameter:
        return true;
    case SymbolicExpr::Kind::Binary:
        return isCompileTimeConstant(e->lhs()) && isCompileTimeConstant(e->rhs());
    default:
        return false;
    }
}

// Loops under `#pragma unroll` whose count is a compile-time constant: nvcc unrolls them
// fully, and their comparison, increment and the index arithmetic on the loop variable
// become immediate offsets of the unrolled instructions [ours, METHOD §12]. A flag per
// statement: it sits in such a loop.
QVector<bool> insideUnrolledLoops(const KernelIR& ir, const KernelSlices& slices, int* unrolled)
{
    QVector<bool> unrolledLoop(ir.statements.size(), false);
    *unrolled = 0;
    for (const LoopResolution& loop : slices.loops) {
        if (loop.statement < 0 || loop.statement >= ir.statements.size() || loop.assumed)
            continue;
        const LoopHeader& header = ir.statements[loop.statement].loop;
        if (header.unrollPragma && header.canonical && isCompileTimeConstant(header.start)
            && isCompileTimeConstant(header.bound) && isCompileTimeConstant(header.step)) {
            unrolledLoop[loop.statement] = true;
            ++*unrolled;
        }
    }
    QVector<bool> inside(ir.statements.size(), false);
    for (int i = 0; i < ir.statements.size(); ++i) {
        for (int loop : ir.statements[i].loops)
            inside[i] = inside[i] || (loop >= 0 && loop < unrolledLoop.size() && unrolledLoop[loop]);
    }
    return inside;
}

} // namespace

QString timeBoundName(TimeBound bound)
{
    switch (bound) {
    case TimeBound::Compute:
        return QStringLiteral("compute");
    case TimeBound::Memory:
        return QStringLiteral("memory");
    case TimeBound::Latency:
        return QStringLiteral("latency");
    case TimeBound::Launch:
        return QStringLiteral("launch");
    case TimeBound::Atomics:
        return QStringLiteral("atomics");
    }
    return QString();
}

std::optional<LaunchTime> predictLaunchTime(const KernelIR& ir, const KernelSlices& slices, const LaunchShape& launch,
    const GpuSpec& gpu, QString* why, const ExecutedPtxLines* compiled)
{
    const std::optional<double> clockMhz = gpu.boostClockMhz ? gpu.boostClockMhz : gpu.baseClockMhz;
    if (!clockMhz || !gpu.memoryBandwidthGBs || !gpu.fp32LanesPerSm || !gpu.throughput || gpu.sms <= 0
        || gpu.maxThreadsPerSm <= 0 || gpu.maxBlocksPerSm <= 0) {
        if (why)
            *why = QStringLiteral("the %1 catalogue entry lacks the clock, memory bandwidth or per-SM throughputs "
                                  "the time model needs")
                       .arg(gpu.name);
        return std::nullopt;
    }
    const SmThroughput& sm = *gpu.throughput;
    const double clockHz = *clockMhz * 1e6;
    LaunchTime t;

    std::optional<double> grid = launchDimensionProduct(launch.gridDim);
    std::optional<double> block = launchDimensionProduct(launch.blockDim);
    if (!block) {
        block = kAssumedBlockThreads;
        t.assumptions << QStringLiteral("block size not known: assumed %1 threads").arg(kAssumedBlockThreads);
    }
    const double warpsPerBlock = std::ceil(*block / kWarpThreads);

    // Resident blocks per SM: the thread, block and shared-memory limits (registers unknown).
    int resident = std::min(gpu.maxBlocksPerSm, int(gpu.maxThreadsPerSm / (warpsPerBlock * kWarpThreads)));
    double sharedPerBlock = double(ir.sharedMemory.staticBytes);
    if (launch.dynamicSharedBytes)
        sharedPerBlock += double(*launch.dynamicSharedBytes);
    else if (!ir.sharedMemory.unsized.isEmpty())
        t.assumptions << QStringLiteral("dynamic shared memory not known: counted as 0 bytes for occupancy");
    if (sharedPerBlock > 0 && gpu.sharedMemoryBytesPerSm > 0)
        resident = std::min(resident, int(gpu.sharedMemoryBytesPerSm / sharedPerBlock));
    t.residentBlocksPerSm = std::max(1, resident);
    t.assumptions << QStringLiteral("registers per thread not known: assumed not to limit occupancy");
    if (!grid) {
        grid = double(gpu.sms) * t.residentBlocksPerSm;
        t.assumptions << QStringLiteral("grid size not known: assumed one full wave, %1 blocks").arg(*grid);
    }
    t.threads = *grid * *block;
    t.activeSms = int(std::min<double>(*grid, gpu.sms));
    const double blocksOnBusiestSm = std::ceil(*grid / gpu.sms);
    const double residentWarps = std::min<double>(t.residentBlocksPerSm, blocksOnBusiestSm) * warpsPerBlock;
    t.occupancy = std::min(1.0, residentWarps * kWarpThreads / gpu.maxThreadsPerSm);

    // Per thread: executed operations by pipe, off-chip bytes, and the bytes one pass of the
    // code issues at once (every access of an iteration, for the latency bound).
    std::array<double, kPipeCount> perThread{};
    double bytesPerThread = 0;
    double loadBytesPerThread = 0; // stores are posted: a thread does not wait for them
    double bytesInFlight = 0; // loads one pass of the code issues before it waits
    double excessSectorBytesPerThread = 0; // uncoalesced accesses' whole sectors (WarpAccess)
    double conflictPassesPerThread = 0; // shared-memory passes bank conflicts add, per warp
    QVector<SharedAccess> sharedAccesses; // global accesses whose addresses threads share
    double atomicL2BytesPerThread = 0; // atomics' bytes beyond their targets' footprint: L2's
    double atomicFootprint = 0; // distinct bytes the atomics update, per launch
    QStringList atomicNotes;
    bool atomicsUnderAssumedBranches = false;
    // The launch's block and grid per axis, as the time model takes them (a block it assumes
    // runs along x, as an assumed grid does).
    std::array<qint64, 3> blockAxes{};
    std::array<qint64, 3> gridAxes{};
    for (int axis = 0; axis < 3; ++axis) {
        blockAxes[size_t(axis)] = launch.blockDim[axis] ? std::max<qint64>(1, *launch.blockDim[axis]) : 1;
        gridAxes[size_t(axis)] = launch.gridDim[axis] ? std::max<qint64>(1, *launch.gridDim[axis]) : 1;
    }
    if (!launchDimensionProduct(launch.blockDim))
        blockAxes = {qint64(*block), 1, 1};
    if (!launchDimensionProduct(launch.gridDim))
        gridAxes = {qint64(*grid), 1, 1};
    const auto addToPipes = [&perThread](const InstructionCounts& executed) {
        for (int c = 0; c < kEnergyClassCount; ++c) {
            if (executed[c] <= 0)
                continue;
            const Expansion e = expansionOf(c);
            for (int p = 0; p < kPipeCount; ++p)
                perThread[size_t(p)] += executed[c] * e.perOperation[size_t(p)];
        }
    };
    int unrolledLoops = 0;
    const QVector<bool> unrolled = compiled ? QVector<bool>() : insideUnrolledLoops(ir, slices, &unrolledLoops);
    if (unrolledLoops > 0)
        t.assumptions << QStringLiteral("integer arithmetic in %1 loop(s) under #pragma unroll with a constant count: "
                                        "folded into the unrolled code, not counted")
                             .arg(unrolledLoops);
    t.countsSource = compiled ? compiled->source : kTimeCountsFromSource;
    if (compiled) {
        addToPipes(compiled->perThread);
        t.assumptions << QStringLiteral("instructions from %1").arg(compiled->source);
        t.assumptions += compiled->assumptions;
    }
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& statement = ir.statements[i];
        const double probability = i < slices.probability.size() ? slices.probability[i] : 1.0;
        const double weight = i < slices.weights.size() ? slices.weights[i] : 1.0;
        if (!compiled) {
            InstructionCounts executed = executedPerThread(statement, slices, i);
            if (unrolled[i]) {
                executed[computeClassIndex(ValueType::Integer, OperationClass::Arithmetic)] = 0;
                executed[computeClassIndex(ValueType::Integer, OperationClass::Other)] = 0;
            }
            // After the unrolled loop's folding: a generator's integer work is not index
            // arithmetic, and a division by a constant the fold would drop stays one instruction.
            executed += statement.machineAdjustment.scaled(weight * probability);
            addToPipes(executed);
        }
        const double offChip = statement.accessBytes[MemorySpace::Global] + statement.accessBytes[MemorySpace::Texture];
        const double loaded = offChip - statement.storeBytes[MemorySpace::Global];
        bytesPerThread += offChip * weight * probability;
        double sharedBytes = 0; // of this statement's off-chip bytes, those of shared addresses
        for (const AccessPattern& pattern : statement.patterns) {
            const double executions = weight * probability * pattern.count;
            if (pattern.atomic) { // applied in L2: neither L1 nor a sector's neighbours serve it
                bool floored = false;
                const double share = atomicThreadShare(statement, slices, &floored);
                const std::optional<AtomicContention> contention
                    = atomicContention(pattern, launch, blockAxes, gridAxes, weight * pattern.count, share, clockHz);
                atomicsUnderAssumedBranches = atomicsUnderAssumedBranches || (contention && floored);
                if (!contention)
                    continue;
                t.atomicSeconds += contention->seconds;
                t.atomicOperations += contention->operations;
                atomicFootprint += contention->footprintBytes;
                atomicL2BytesPerThread += executions * pattern.elementBytes;
                atomicNotes << QStringLiteral("%1 on %2 address(es)%3 in %4 line(s)")
                                   .arg(contention->operations, 0, 'g', 3)
                                   .arg(contention->addresses, 0, 'g', 3)
                                   .arg(contention->addressesFrom.isEmpty()
                                           ? QString()
                                           : QStringLiteral(" (%1)").arg(contention->addressesFrom))
                                   .arg(contention->lines, 0, 'g', 3);
                continue;
            }
            const std::optional<AccessReuse> reuse = accessReuse(pattern, launch, blockAxes, gridAxes, probability);
            const std::optional<WarpAccess> access = warpAccess(pattern, launch);
            if (access && access->lanes > 0) {
                if (pattern.space == MemorySpace::Shared)
                    conflictPassesPerThread += executions * access->excessWavefronts();
                else // a block's threads that share the sectors fetch them once
                    excessSectorBytesPerThread
                        += executions * access->excessSectorBytesPerLane() / (reuse ? reuse->inBlock : 1);
            }
            const double bytes
                = std::min(executions * pattern.elementBytes, offChip * weight * probability - sharedBytes);
            if (!reuse || reuse->inLaunch <= 1 || bytes <= 0)
                continue;
            sharedBytes += bytes;
            sharedAccesses << SharedAccess{bytes, offChip > 0 ? loaded / offChip : 1, *reuse};
        }
        loadBytesPerThread += loaded * weight * probability;
        bytesInFlight += loaded * probability;
    }

    // Compute: the busiest SM runs ceil(grid / SMs) blocks; each pipe serves its lanes per
    // clock, the schedulers one warp instruction each per clock, and a warp's dependent
    // instructions wait dependentIssueCycles (few resident warps cannot hide that).
    const double warpsOnBusiestSm = blocksOnBusiestSm * warpsPerBlock;
    const std::array<double, kPipeCount> lanes = {double(*gpu.fp32LanesPerSm), double(sm.fp64Lanes),
        double(sm.int32Lanes), double(sm.sfuLanes), double(sm.loadStoreLanes)};
    static const char* const pipeNames[kPipeCount] = {"fp32", "fp64", "int32", "sfu", "load/store"};
    double instructionsPerThread = 0;
    double pipeCycles = 0;
    if (compiled)
        instructionsPerThread += compiled->controlPerThread;
    for (int p = 0; p < kPipeCount; ++p) {
        instructionsPerThread += perThread[size_t(p)];
        double cycles = warpsOnBusiestSm * perThread[size_t(p)] * kWarpThreads / lanes[size_t(p)];
        // A bank conflict replays the warp's access in the load/store pipe, one pass a clock,
        // without issuing another instruction.
        if (p == LoadStore)
            cycles += warpsOnBusiestSm * conflictPassesPerThread;
        if (cycles > pipeCycles) {
            pipeCycles = cycles;
            t.computePipe = QLatin1String(pipeNames[p]);
        }
    }
    t.warpInstructions = instructionsPerThread * t.threads / kWarpThreads;
    const double issueRate = std::min<double>(sm.warpSchedulers, residentWarps / sm.dependentIssueCycles);
    const bool issueLatencyBound = residentWarps / sm.dependentIssueCycles < sm.warpSchedulers;
    const double issueCycles = warpsOnBusiestSm * instructionsPerThread / issueRate;
    bool computeLatency = false;
    if (issueCycles > pipeCycles) {
        pipeCycles = issueCycles;
        t.computePipe = QStringLiteral("issue");
        computeLatency = issueLatencyBound;
    }
    t.computeSeconds = pipeCycles / clockHz;

    // Memory: every byte DRAM moves at the sustained bandwidth, and the loaded bytes no faster
    // than the bytes in flight cover their latency (Little's law: bandwidth = bytes in flight /
    // latency); stores are posted and wait for nothing.
    t.globalBytes = bytesPerThread * t.threads;
    t.excessSectorBytes = excessSectorBytesPerThread * t.threads;
    t.bankConflictWavefronts = conflictPassesPerThread * t.threads / kWarpThreads;
    if (t.excessSectorBytes > 0)
        t.assumptions << QStringLiteral("uncoalesced accesses move whole 32-byte sectors: %1 bytes more, at the "
                                        "same bandwidth")
                             .arg(t.excessSectorBytes, 0, 'g', 3);
    if (t.bankConflictWavefronts > 0)
        t.assumptions << QStringLiteral("shared-memory bank conflicts: %1 extra passes of the load/store pipe")
                             .arg(t.bankConflictWavefronts, 0, 'g', 3);

    // Shared addresses (AccessReuse): the first thread of a block to ask fetches the bytes,
    // L1 serves the block's others; the first block fetches them from DRAM, L2 serves the
    // others while the shared data fits in it, and the share of it L2 holds otherwise
    // [ours: capacity misses of a cache of l2_bytes over a working set read again evenly].
    double sharedFootprint = 0; // distinct bytes of the shared accesses
    for (const SharedAccess& a : sharedAccesses)
        sharedFootprint += a.bytesPerThread * t.threads / a.reuse.inLaunch;
    const double l2HoldShare = sharedFootprint <= sm.l2Bytes ? 1.0 : sm.l2Bytes / sharedFootprint;
    double l1Served = 0, l2Served = 0, l1ServedLoads = 0, l2ServedLoads = 0;
    for (const SharedAccess& a : sharedAccesses) {
        const double bytes = a.bytesPerThread * t.threads;
        const double beyondL1 = bytes / a.reuse.inBlock;
        const double distinct = bytes / a.reuse.inLaunch;
        const double fromL2 = (beyondL1 - distinct) * l2HoldShare;
        l1Served += bytes - beyondL1;
        l2Served += fromL2;
        l1ServedLoads += (bytes - beyondL1) * a.loadShare;
        l2ServedLoads += fromL2 * a.loadShare;
    }
    // Atomics stay in L2 while their targets fit: DRAM moves each target once.
    const double atomicBytes = atomicL2BytesPerThread * t.threads;
    if (atomicBytes > atomicFootprint && atomicFootprint <= sm.l2Bytes) {
        l2Served += atomicBytes - atomicFootprint;
        l2ServedLoads += atomicBytes - atomicFootprint;
    }
    t.cacheServedBytes = l1Served + l2Served;
    t.dramBytes = std::max(0.0, t.globalBytes - t.cacheServedBytes);
    if (!sharedAccesses.isEmpty())
        t.assumptions << QStringLiteral(
            "threads that share an address read it once: of %1 global bytes L1 serves %2 (threads of a block), "
            "L2 %3 (blocks; the shared data, %4 bytes, %5 the %6-byte L2), DRAM moves %7")
                             .arg(t.globalBytes, 0, 'g', 3)
                             .arg(l1Served, 0, 'g', 3)
                             .arg(l2Served, 0, 'g', 3)
                             .arg(sharedFootprint, 0, 'g', 3)
                             .arg(l2HoldShare >= 1
                                     ? QStringLiteral("fits in")
                                     : QStringLiteral("%1 % of it stays in").arg(l2HoldShare * 100, 0, 'f', 0))
                             .arg(sm.l2Bytes, 0, 'g', 3)
                             .arg(t.dramBytes, 0, 'g', 3);

    const double loadBytes = loadBytesPerThread * t.threads;
    const double sustained = *gpu.memoryBandwidthGBs * 1e9 * kSustainedBandwidthShare;
    const double inFlight = double(t.activeSms) * residentWarps * kWarpThreads * bytesInFlight;
    // Launched back to back (as a kernel runs in an application's loop, and as it is
    // measured), data that fits in L2 is still there: its loads hit in L2. Half the L2,
    // because A100 and later split it in two partitions that may each keep a copy of a line
    // SMs on both sides read [ours].
    t.l2Resident = sm.l2LatencyNs > 0 && t.dramBytes + t.excessSectorBytes <= sm.l2Bytes / 2;
    const double loadLatencyNs = t.l2Resident ? sm.l2LatencyNs : sm.dramLatencyNs;
    const double l2LatencyNs = sm.l2LatencyNs > 0 ? sm.l2LatencyNs : sm.dramLatencyNs;
    const double l1LatencyNs = kL1HitLatencyCycles / clockHz * 1e9;
    const double dramLoads = std::max(0.0, loadBytes - l1ServedLoads - l2ServedLoads);
    const double waitedNsBytes = dramLoads * loadLatencyNs + l2ServedLoads * l2LatencyNs + l1ServedLoads * l1LatencyNs;
    const double atSustained = (t.dramBytes + t.excessSectorBytes) / sustained;
    const double loadsAtLatency = loadBytes > 0 && inFlight > 0 ? waitedNsBytes * 1e-9 / inFlight : 0;
    const bool memoryLatency = loadsAtLatency > atSustained;
    t.memorySeconds = std::max(atSustained, loadsAtLatency);
    t.bandwidthBytesPerS = t.dramBytes > 0 && t.memorySeconds > 0 ? t.dramBytes / t.memorySeconds : sustained;
    if (t.l2Resident)
        t.assumptions << QStringLiteral(
            "the launch's %1 off-chip bytes fit in half the L2 (%2 bytes): launched back to "
            "back, its loads hit in L2 (%3 ns, not %4 ns); bytes still at %5 % of the "
            "DRAM's bandwidth")
                             .arg(t.dramBytes + t.excessSectorBytes, 0, 'g', 3)
                             .arg(sm.l2Bytes / 2, 0, 'g', 3)
                             .arg(sm.l2LatencyNs)
                             .arg(sm.dramLatencyNs)
                             .arg(kSustainedBandwidthShare * 100);
    else if (sharedAccesses.isEmpty())
        t.assumptions << QStringLiteral("every global and texture byte comes from DRAM (no thread reads an address "
                                        "another reads), at %1 % of the data sheet's bandwidth")
                             .arg(kSustainedBandwidthShare * 100);
    else
        t.assumptions
            << QStringLiteral("DRAM's bytes at %1 % of the data sheet's bandwidth").arg(kSustainedBandwidthShare * 100);

    t.work.fp32 = perThread[Fp32] * t.threads;
    t.work.fp64 = perThread[Fp64] * t.threads;
    t.work.int32 = perThread[Int32] * t.threads;
    t.work.sfu = perThread[Sfu] * t.threads;
    t.work.loadStore = perThread[LoadStore] * t.threads;
    // What reaches L2: all but L1's hits, and the uncoalesced accesses' whole sectors.
    t.work.l2Bytes = t.globalBytes - l1Served + t.excessSectorBytes;
    // An uncoalesced access's whole sectors move between L2 and the SMs (its time above), but
    // the rest of each sector is used by neighbouring warps before L2 evicts it, so DRAM moves
    // each byte once [ours; Nsight Compute on the H100: transposeNaive 129 MB from DRAM and
    // 917 MB through L2, the coalesced copy 118 MB and 206 MB].
    t.work.dramBytes = t.l2Resident ? 0 : t.dramBytes;
    t.work.activeSmShare = double(t.activeSms) / gpu.sms;
    t.work.countsSource = t.countsSource;

    if (!atomicNotes.isEmpty())
        t.assumptions << QStringLiteral("global atomics on the same L2 line wait for each other, %1 cycles each at "
                                        "the SM clock: %2, %3 s%4")
                             .arg(kAtomicCyclesPerOperation)
                             .arg(atomicNotes.join(QStringLiteral("; ")))
                             .arg(t.atomicSeconds, 0, 'g', 3)
                             .arg(atomicsUnderAssumedBranches
                                     ? QStringLiteral(" (an atomic under a branch nothing decides counted as if "
                                                      "one thread in 32 took it)")
                                     : QString());
    t.work.atomicSeconds = t.atomicSeconds;

    t.overheadSeconds = kLaunchOverheadSeconds;
    const double work = std::max({t.computeSeconds, t.memorySeconds, t.atomicSeconds});
    t.seconds = t.overheadSeconds + work;
    t.work.seconds = t.seconds;
    t.work.overheadSeconds = t.overheadSeconds;
    t.work.computeSeconds = t.computeSeconds;
    t.work.memorySeconds = t.memorySeconds;
    if (t.overheadSeconds >= work)
        t.bound = TimeBound::Launch;
    else if (t.atomicSeconds > std::max(t.computeSeconds, t.memorySeconds))
        t.bound = TimeBound::Atomics;
    else if (t.computeSeconds >= t.memorySeconds)
        t.bound = computeLatency ? TimeBound::Latency : TimeBound::Compute;
    else
        t.bound = memoryLatency ? TimeBound::Latency : TimeBound::Memory;
    return t;
}

} // namespace slicewatt
