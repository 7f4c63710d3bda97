// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <QString>

#include <array>
#include <optional>

namespace slicewatt {

// Global atomics that meet on a few addresses wait for each other (METHOD §12, step 4b;
// time-model.md). L2 applies every global atomic. Those on one 128-byte line are applied one
// after another, kAtomicCyclesPerOperation cycles each; lines on different L2 slices work in
// parallel. A warp whose active lanes name one address sends one operation: nvcc aggregates
// `atomicAdd(counter, v)` over the warp, and a leader lane (`if (lane == 0)`) sends one by
// itself. So a warp-shuffle reduction's one atomic per warp, a histogram's 256 bins and a
// compaction's one counter cost what their lines can take, not what their bytes move.
struct AtomicContention {
    double operations = 0; // what L2 applies per launch, after the warps' aggregation
    double addresses = 0; // distinct elements the operations update
    double lines = 0; // the 128-byte lines those elements fill, taken as contiguous [ours]
    double seconds = 0; // operations per line × cycles per operation / SM clock
    double footprintBytes = 0; // addresses × element bytes: what DRAM holds of the target
    // Where `addresses` came from: empty for the launch's own indices, else what bounded the
    // index ("the index's type or mask: 256 values").
    QString addressesFrom;
};

// [ours] An atomic reads its line and writes it back: two L2 cycles, taken at the SM's clock
// (the L2's is not published). The Kepler GK110 whitepaper (NVIDIA 2012) gives one operation
// per clock to one address for the unit alone. Checked on our H200 corpus (time-model.md).
constexpr double kAtomicCyclesPerOperation = 2;
constexpr double kL2LineBytes = 128;

// The contention of one atomic pattern (AccessPattern::atomic), run `executionsPerThread`
// times by `threadShare` of the launch's `threads` (block and grid per axis as the time model
// takes them). nullopt when the pattern is no atomic, or neither the launch nor the index's
// type says how many addresses it updates (an int read from memory as the index).
std::optional<AtomicContention> atomicContention(const AccessPattern& pattern, const LaunchShape& launch,
    const std::array<qint64, 3>& block, const std::array<qint64, 3>& grid, double executionsPerThread,
    double threadShare, double clockHz);

} // namespace slicewatt
