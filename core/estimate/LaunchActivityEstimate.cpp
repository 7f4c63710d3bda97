// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchActivityEstimate.h"

#include "KernelEnergy.h"
#include "analysis/LaunchChoice.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {

namespace {

constexpr double kBytesPerAccess = 4; // [ours] a 32-bit word per global or texture access
constexpr int kWarpThreads = 32;

} // namespace

std::optional<double> launchDimensionProduct(const std::optional<qint64> (&dims)[3])
{
    double product = 1;
    for (const std::optional<qint64>& d : dims) {
        if (!d || *d <= 0)
            return std::nullopt;
        product *= double(*d);
    }
    return product;
}

std::optional<LaunchActivity> estimateLaunchActivity(
    const KernelIR& ir, const KernelSlices& slices, const LaunchShape& launch, const GpuSpec& gpu, QString* why)
{
    std::optional<double> grid = launchDimensionProduct(launch.gridDim);
    std::optional<double> block = launchDimensionProduct(launch.blockDim);
    const std::optional<double> clockMhz = gpu.boostClockMhz ? gpu.boostClockMhz : gpu.baseClockMhz;
    if (!clockMhz || !gpu.memoryBandwidthGBs || !gpu.fp32LanesPerSm || gpu.sms <= 0 || gpu.maxThreadsPerSm <= 0) {
        if (why)
            *why = QStringLiteral("the %1 entry lacks a clock, memory bandwidth or fp32 lanes per SM").arg(gpu.name);
        return std::nullopt;
    }

    LaunchActivity a;
    // A launch the code does not fix gets a plain one, said as an assumption, as the slice
    // models assume Sa = 1: a block of 256 threads, and one full wave of blocks.
    if (!block) {
        block = kAssumedBlockThreads;
        a.assumptions << QStringLiteral("block size not known at compile time: assumed %1 threads (set --block)%2")
                             .arg(kAssumedBlockThreads)
                             .arg(hostValuesOpenNote(launch));
    }
    // A block occupies whole warps; the per-SM thread and block limits bound how many fit.
    const double warpsPerBlock = std::ceil(*block / kWarpThreads);
    const int byThreads = int(gpu.maxThreadsPerSm / (warpsPerBlock * kWarpThreads));
    a.residentBlocksPerSm = std::max(1, std::min(gpu.maxBlocksPerSm, byThreads));
    if (!grid) {
        grid = double(gpu.sms) * a.residentBlocksPerSm;
        a.assumptions << QStringLiteral("grid size not known at compile time: assumed one full wave, %1 blocks "
                                        "(set --grid)%2")
                             .arg(*grid)
                             .arg(hostValuesOpenNote(launch));
    }
    a.gridBlocks = *grid;
    a.blockThreads = *block;
    a.threads = *grid * *block;
    a.activeSms = int(std::min<double>(*grid, gpu.sms));
    a.saturation = double(a.activeSms) / gpu.sms;
    const double blocksOnBusySm = std::min<double>(a.residentBlocksPerSm, std::ceil(*grid / gpu.sms));
    a.occupancy = std::min(1.0, blocksOnBusySm * *block / gpu.maxThreadsPerSm);
    a.waves = *grid / (double(gpu.sms) * a.residentBlocksPerSm);
    a.assumptions << QStringLiteral(
        "occupancy from the per-SM thread and block limits only (registers and shared memory per block unknown)");

    for (int i = 0; i < ir.statements.size(); ++i)
        a.perThread += executedPerThread(ir.statements[i], slices, i);
    double computePerThread = 0;
    for (int c = 0; c < kComputeClassCount; ++c)
        computePerThread += a.perThread[c];
    a.instructions = computePerThread * a.threads;
    a.globalBytes = a.perThread[kGlobalMemoryClass] * kBytesPerAccess * a.threads;
    a.trafficAssumption
        = QStringLiteral("off-chip traffic: %1 bytes per global or texture access").arg(kBytesPerAccess);

    // The lanes a launch can keep busy: those of the SMs it occupies, and no more per SM than
    // the threads resident there.
    const double lanesPerSm = std::min<double>(*gpu.fp32LanesPerSm, blocksOnBusySm * *block);
    const double instructionsPerSecond = a.activeSms * lanesPerSm * *clockMhz * 1e6;
    a.computeSeconds = a.instructions / instructionsPerSecond;
    a.memorySeconds = a.globalBytes / (*gpu.memoryBandwidthGBs * 1e9);
    a.seconds = std::max(a.computeSeconds, a.memorySeconds) + kLaunchOverheadSeconds;
    return a;
}

} // namespace slicewatt
