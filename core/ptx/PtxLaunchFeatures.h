// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PtxProgram.h"

#include <QHash>
#include <QString>
#include <QVector>

namespace slicewatt {

// What METHOD §10's equations need to know about a GPU: its SMs and resident threads, and
// per SM its warp schedulers (nWS), dispatch units (nDU) and load-store units (R[LSU]); the
// L2 size, the global-memory latency L(gm) and the global and shared throughputs TP(gm),
// TP(sm) its authors measured with microbenchmarks.
struct PtxArchitecture {
    int sms = 0;
    int maxThreadsPerSm = 0;
    int warpSize = 32;
    int warpSchedulers = 0; // nWS
    int dispatchUnits = 0; // nDU
    int loadStoreUnits = 0; // R[LSU]
    double l2Bytes = 0;
    double globalLatencyCycles = 0; // L(gm)
    double globalThroughput = 0; // TP(gm), bytes per cycle
    double sharedThroughput = 0; // TP(sm), bytes per cycle
};

// How many times each basic block runs for one thread by PFEA's rule: `loopIterations` times
// per loop around it (its loop depth), once outside loops.
QVector<double> ptxLoopRuns(const PtxFunction& function, double loopIterations);

// Instructions per class of one thread's run through a kernel: each basic block's counts
// times its runs (one entry per block).
using PtxClassCounts = std::array<double, kPtxClassCount>;
PtxClassCounts ptxThreadCounts(const PtxFunction& function, const QVector<double>& blockRuns);

// The launch features of METHOD §10 for `blocks` blocks of `threads` threads, by the data
// set's column names: total threads, n_warps, waves, sm_active, per-SM counts (threads per
// SM nTh_schd = ⌈blocks / SMs⌉ · threads times one thread's counts, over the waves), total
// instructions, and equations (1)–(4): inst_issue_cycles, cache_penalty, glb_penalty,
// sh_penalty. Access sizes: 128 B global, 4 B shared.
QHash<QString, double> ptxLaunchFeatures(
    const PtxClassCounts& perThread, double blocks, double threads, const PtxArchitecture& gpu);

} // namespace slicewatt
