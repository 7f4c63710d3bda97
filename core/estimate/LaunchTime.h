// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ExecutedPtxLines.h"
#include "analysis/KernelSlices.h"
#include "model/GpuCatalogue.h"
#include "model/PhysicalPower.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace slicewatt {

// What decided a launch's predicted time (METHOD §12).
enum class TimeBound {
    Compute, // the busiest SM's pipes or its warp schedulers
    Memory, // off-chip bytes over the memory bandwidth
    Latency, // too few warps in flight: dependent arithmetic or DRAM latency not hidden
    Launch, // the launch overhead outweighs the work
    Atomics, // global atomics that meet on a few L2 lines wait for each other (AtomicContention)
};
QString timeBoundName(TimeBound bound); // "compute", "memory", "latency", "launch", "atomics"

// The predicted execution time of one launch on one GPU (METHOD §12), with the numbers
// behind it. All times in seconds, per launch.
struct LaunchTime {
    double seconds = 0; // time_per_launch_s = overhead + max(compute, memory, atomics)
    TimeBound bound = TimeBound::Compute;
    double computeSeconds = 0; // the busiest SM: max(issue, each pipe)
    double memorySeconds = 0; // DRAM bytes / min(sustained bandwidth, bytes in flight / latency)
    double overheadSeconds = 0;
    // Global atomics applied one after another on their L2 lines (AtomicContention), summed
    // over the kernel's atomics; 0 where it has none whose addresses are known.
    double atomicSeconds = 0;
    double atomicOperations = 0; // what L2 applies, after the warps' aggregation
    // The pipe that set the compute time: "issue", "fp32", "fp64", "int32", "sfu", "load/store".
    QString computePipe;
    double globalBytes = 0; // what the launch's global and texture accesses ask for, by type size
    // What L1 and L2 serve of globalBytes because threads share the addresses (AccessReuse),
    // and what is left for DRAM: globalBytes − cacheServedBytes.
    double cacheServedBytes = 0;
    double dramBytes = 0;
    // Bytes of the 32-byte sectors uncoalesced accesses touch beyond globalBytes (WarpAccess),
    // moved at the same bandwidth.
    double excessSectorBytes = 0;
    // Shared-memory passes bank conflicts add, per launch (warp accesses × extra passes).
    double bankConflictWavefronts = 0;
    double warpInstructions = 0; // executed by the launch, after division and SFU expansion
    // Where the executed instructions came from: kTimeCountsFromSource, or the compiled
    // code's ExecutedPtxLines::source ("nvcc 13.0 PTX of k.cu (sm_90), each block run by …").
    QString countsSource;
    double threads = 0;
    int activeSms = 0;
    int residentBlocksPerSm = 0;
    double occupancy = 0; // resident warps on a busy SM / its warp limit, in (0, 1]
    double bandwidthBytesPerS = 0; // what the memory term used: sustained or latency-limited
    // The launch's off-chip bytes fit in half the L2: back to back, its loads hit in L2 and
    // wait l2_latency_ns instead of dram_latency_ns (METHOD §12, step 5).
    bool l2Resident = false;
    // The launch's work over this time by pipe and level of memory: the physical power
    // model's inputs (issue 34).
    LaunchWork work;
    QStringList assumptions;
};

inline const QString kTimeCountsFromSource = QStringLiteral("the source's operators (METHOD §12, step 2)");

// The time of `launch` on `gpu` from the kernel's executed counts (KernelSlices' weights and
// path probabilities), its access sizes and its shared memory per block. With `compiled`,
// the instructions per pipe are the compiled code's (each PTX instruction as the machine
// instruction it becomes, loop bodies the compiler unrolled counted once per source
// iteration; branches and barriers issue); bytes, access patterns and occupancy stay the
// source's. nullopt with `why` when the GPU's catalogue entry lacks the clock, bandwidth or
// per-SM throughputs.
std::optional<LaunchTime> predictLaunchTime(const KernelIR& ir, const KernelSlices& slices, const LaunchShape& launch,
    const GpuSpec& gpu, QString* why, const ExecutedPtxLines* compiled = nullptr);

} // namespace slicewatt
