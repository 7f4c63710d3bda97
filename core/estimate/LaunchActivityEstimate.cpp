// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchActivityEstimate.h"

#include "KernelEnergy.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {

namespace {

constexpr double kBytesPerAccess = 4; // [ours] a 32-bit word per global or texture access
constexpr int kWarpThreads = 32;

std::optional<double> dimensionProduct(const std::optional<qint64> (&dims)[3])
{
    double product = 1;
    for (const std::optional<qint64>& d : dims) {
        if (!d || *d <= 0)
            return std::nullopt;
        product *= double(*d);
    }
    return product;
}

} // namespace

std::optional<LaunchActivity> estimateLaunchActivity(
    const KernelIR& ir, const KernelSlices& slices, const LaunchShape& launch, const GpuSpec& gpu, QString* why)
{
    const std::optional<double> grid = dimensionProduct(launch.gridDim);
    const std::optional<double> block = dimensionProduct(launch.blockDim);
    const std::optional<double> clockMhz = gpu.boostClockMhz ? gpu.boostClockMhz : gpu.baseClockMhz;
    QString missing;
    if (!grid || !block)
        missing = QStringLiteral("the launch's grid and block are not known (set --grid and --block)");
    else if (!clockMhz || !gpu.memoryBandwidthGBs || !gpu.fp32LanesPerSm || gpu.sms <= 0 || gpu.maxThreadsPerSm <= 0)
        missing = QStringLiteral("the %1 entry lacks a clock, memory bandwidth or fp32 lanes per SM").arg(gpu.name);
    if (!missing.isEmpty()) {
        if (why)
            *why = missing;
        return std::nullopt;
    }

    LaunchActivity a;
    a.gridBlocks = *grid;
    a.blockThreads = *block;
    a.threads = *grid * *block;
    a.activeSms = int(std::min<double>(*grid, gpu.sms));
    a.saturation = double(a.activeSms) / gpu.sms;
    // A block occupies whole warps; the per-SM thread and block limits bound how many fit.
    const double warpsPerBlock = std::ceil(*block / kWarpThreads);
    const int byThreads = int(gpu.maxThreadsPerSm / (warpsPerBlock * kWarpThreads));
    a.residentBlocksPerSm = std::max(1, std::min(gpu.maxBlocksPerSm, byThreads));
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
    a.assumptions << QStringLiteral("off-chip traffic: %1 bytes per global or texture access").arg(kBytesPerAccess);

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
