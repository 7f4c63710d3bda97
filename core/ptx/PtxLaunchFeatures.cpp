// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxLaunchFeatures.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {

namespace {

constexpr double kGlobalAccessBytes = 128;
constexpr double kSharedAccessBytes = 4;

double at(const PtxClassCounts& counts, PtxClass c)
{
    return counts[size_t(c)];
}

} // namespace

QVector<double> ptxLoopRuns(const PtxFunction& function, double loopIterations)
{
    QVector<double> runs;
    for (const PtxBlock& block : function.blocks)
        runs << std::pow(loopIterations, block.loopDepth);
    return runs;
}

PtxClassCounts ptxThreadCounts(const PtxFunction& function, const QVector<double>& blockRuns)
{
    PtxClassCounts counts{};
    for (int b = 0; b < function.blocks.size(); ++b) {
        const double runs = b < blockRuns.size() ? blockRuns[b] : 1.0;
        for (const PtxInstruction& i : function.blocks[b].instructions)
            counts[size_t(i.cls)] += runs;
    }
    return counts;
}

QHash<QString, double> ptxLaunchFeatures(
    const PtxClassCounts& perThread, double blocks, double threads, const PtxArchitecture& gpu)
{
    const double compute = at(perThread, PtxClass::Compute);
    const double global
        = at(perThread, PtxClass::Global) + at(perThread, PtxClass::Texture) + at(perThread, PtxClass::Local);
    const double shared = at(perThread, PtxClass::Shared);
    double total = 0;
    for (double c : perThread)
        total += c;
    const double misc = total - compute - global - shared;

    const double totalThreads = blocks * threads;
    const double threadsPerSm = std::ceil(blocks / gpu.sms) * threads; // nTh_schd
    const double waves = std::ceil(threadsPerSm / gpu.maxThreadsPerSm);
    QHash<QString, double> f;
    f.insert(QStringLiteral("total threads"), totalThreads);
    f.insert(QStringLiteral("n_warps"), std::ceil(threads / gpu.warpSize));
    f.insert(QStringLiteral("waves"), waves);
    f.insert(QStringLiteral("sm_active"), std::min<double>(blocks, gpu.sms));
    f.insert(QStringLiteral("comp_inst_kernel"), compute);
    f.insert(QStringLiteral("glob_inst_kernel"), global);
    f.insert(QStringLiteral("shar_inst_kernel"), shared);
    f.insert(QStringLiteral("misc_inst_kernel"), misc);
    // Per SM: the threads it runs, wave after wave.
    const double globalPerSm = global * threadsPerSm;
    const double sharedPerSm = shared * threadsPerSm;
    f.insert(QStringLiteral("comp_inst_sm"), compute * threadsPerSm);
    f.insert(QStringLiteral("glob_inst_sm"), globalPerSm);
    f.insert(QStringLiteral("shar_inst_sm"), sharedPerSm);
    f.insert(QStringLiteral("total_inst"), total);
    // (1) inst_issue_cycles = total_threads / (nWS · warp_size) · total_inst / nDU
    f.insert(QStringLiteral("inst_issue_cycles"),
        totalThreads / (double(gpu.warpSchedulers) * gpu.warpSize) * total / gpu.dispatchUnits);
    // (2) cache_penalty = (total_threads · glob_inst_sm) / (waves · L2_size / access_size) · L(gm)
    f.insert(QStringLiteral("cache_penalty"),
        (totalThreads * globalPerSm) / (waves * gpu.l2Bytes / kGlobalAccessBytes) * gpu.globalLatencyCycles);
    // (3) glb_penalty = total_threads / R[LSU] · access_size / TP(gm) · glob_inst_sm
    f.insert(QStringLiteral("glb_penalty"),
        totalThreads / gpu.loadStoreUnits * kGlobalAccessBytes / gpu.globalThroughput * globalPerSm);
    // (4) shm_penalty = total_threads / (R[LSU] · nSM) · access_size / TP(sm) · shar_inst_sm
    f.insert(QStringLiteral("sh_penalty"),
        totalThreads / (double(gpu.loadStoreUnits) * gpu.sms) * kSharedAccessBytes / gpu.sharedThroughput
            * sharedPerSm);
    return f;
}

} // namespace slicewatt
