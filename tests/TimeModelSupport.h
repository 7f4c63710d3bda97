// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the time-model and physical-model tests share: a GPU with round figures, and the time
// of a launch built from statements given by hand.
#include "analysis/KernelSlices.h"
#include "estimate/LaunchTime.h"

namespace slicewatt::test {

// Round numbers, so the arithmetic below is short: 10 SMs at 1000 MHz, 100 GB/s.
inline GpuSpec testGpu()
{
    GpuSpec gpu;
    gpu.id = QStringLiteral("test");
    gpu.name = QStringLiteral("test GPU");
    gpu.sms = 10;
    gpu.maxThreadsPerSm = 2048;
    gpu.maxBlocksPerSm = 32;
    gpu.sharedMemoryBytesPerSm = 100000;
    gpu.boostClockMhz = 1000;
    gpu.memoryBandwidthGBs = 100;
    gpu.fp32LanesPerSm = 128;
    SmThroughput t;
    t.fp64Lanes = 32;
    t.int32Lanes = 64;
    t.sfuLanes = 16;
    t.loadStoreLanes = 32;
    t.warpSchedulers = 4;
    t.dependentIssueCycles = 4;
    t.dramLatencyNs = 500;
    t.l2LatencyNs = 100;
    t.l2Bytes = 1e6;
    gpu.throughput = t;
    return gpu;
}

// One statement per entry, each run `weight` times per thread (probability 1).
struct Work {
    InstructionCounts instructions;
    SpaceCounts accesses;
    SpaceCounts bytes;
    SpaceCounts stores; // the part of `bytes` stores write
    double weight = 1;
};

inline LaunchTime timeOf(const QVector<Work>& work, qint64 grid, qint64 block, QStringList* assumptions = nullptr)
{
    KernelIR ir;
    KernelSlices slices;
    for (const Work& w : work) {
        Statement s;
        s.instructions = w.instructions;
        s.accesses = w.accesses;
        s.accessBytes = w.bytes;
        s.storeBytes = w.stores;
        ir.statements << s;
        slices.weights << w.weight;
        slices.probability << 1.0;
    }
    LaunchShape launch;
    launch.gridDim[0] = grid;
    launch.blockDim[0] = block;
    for (int axis = 1; axis < 3; ++axis) {
        launch.gridDim[axis] = 1;
        launch.blockDim[axis] = 1;
    }
    launch.dynamicSharedBytes = 0;
    QString why;
    const std::optional<LaunchTime> time = predictLaunchTime(ir, slices, launch, testGpu(), &why);
    if (!time)
        qFatal("no time: %s", qPrintable(why));
    if (assumptions)
        *assumptions = time->assumptions;
    return *time;
}

} // namespace slicewatt::test
