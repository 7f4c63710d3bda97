// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchLimits.h"

namespace slicewatt {
namespace {

// "2.0" → 2; an unknown capability counts as the newest (no limit it would not have).
int majorCapability(const GpuSpec& gpu)
{
    bool ok = false;
    const int major = gpu.computeCapability.section(QLatin1Char('.'), 0, 0).toInt(&ok);
    return ok ? major : 99;
}

// "8.6" → 86, as majorCapability for an unknown one.
int capability(const GpuSpec& gpu)
{
    bool ok = false;
    const int minor = gpu.computeCapability.section(QLatin1Char('.'), 1, 1).toInt(&ok);
    return majorCapability(gpu) * 10 + (ok ? minor : 0);
}

QString which(const GpuSpec& gpu)
{
    return gpu.computeCapability.isEmpty()
        ? gpu.name
        : QStringLiteral("%1 (compute capability %2)").arg(gpu.name, gpu.computeCapability);
}

} // namespace

int maxThreadsPerBlock(const GpuSpec& gpu)
{
    return majorCapability(gpu) < 2 ? 512 : 1024;
}

qint64 maxGridBlocksX(const GpuSpec& gpu)
{
    return majorCapability(gpu) < 3 ? 65535 : 2147483647;
}

qint64 maxStaticSharedBytesPerBlock(const GpuSpec& gpu)
{
    return majorCapability(gpu) < 2 ? 16 * 1024 : 48 * 1024;
}

qint64 maxSharedBytesPerBlock(const GpuSpec& gpu)
{
    const int cc = capability(gpu);
    if (cc < 70)
        return maxStaticSharedBytesPerBlock(gpu);
    if (cc == 70)
        return 96 * 1024;
    if (cc == 75)
        return 64 * 1024;
    if (cc == 80)
        return 163 * 1024;
    if (cc < 90)
        return 99 * 1024;
    return 227 * 1024;
}

QString sharedMemoryProblem(const GpuSpec& gpu, const SharedMemoryUse& use, std::optional<qint64> dynamicBytes)
{
    if (use.staticBytes > maxStaticSharedBytesPerBlock(gpu))
        return QStringLiteral("%1 B of static shared memory per block: %2 allows at most %3 B")
            .arg(use.staticBytes)
            .arg(which(gpu))
            .arg(maxStaticSharedBytesPerBlock(gpu));
    const qint64 total = use.staticBytes + dynamicBytes.value_or(0);
    if (total > maxSharedBytesPerBlock(gpu))
        return QStringLiteral(
            "%1 B of shared memory per block (%2 B static, %3 B from the launch): %4 allows at most %5 B")
            .arg(total)
            .arg(use.staticBytes)
            .arg(dynamicBytes.value_or(0))
            .arg(which(gpu))
            .arg(maxSharedBytesPerBlock(gpu));
    if (gpu.sharedMemoryBytesPerSm > 0 && total > gpu.sharedMemoryBytesPerSm)
        return QStringLiteral("%1 B of shared memory per block: an SM of %2 holds at most %3 B")
            .arg(total)
            .arg(gpu.name)
            .arg(gpu.sharedMemoryBytesPerSm);
    return QString();
}

QString launchLimitProblem(
    const GpuSpec& gpu, const std::optional<LaunchExtent>& grid, const std::optional<LaunchExtent>& block)
{
    const std::optional<qint64> blockThreads = block ? block->total() : std::nullopt;
    if (block && !blockThreads)
        return QStringLiteral("a block of %1 threads does not fit in 64 bits").arg(block->toString());
    if (blockThreads && *blockThreads > maxThreadsPerBlock(gpu))
        return QStringLiteral("%1 threads per block: %2 runs at most %3 per block")
            .arg(*blockThreads)
            .arg(which(gpu))
            .arg(maxThreadsPerBlock(gpu));
    if (blockThreads && gpu.maxThreadsPerSm > 0 && *blockThreads > gpu.maxThreadsPerSm)
        return QStringLiteral("%1 threads per block: an SM of %2 holds at most %3 threads")
            .arg(*blockThreads)
            .arg(gpu.name)
            .arg(gpu.maxThreadsPerSm);
    // Per axis (the same guide's table): a block's y as its x, its z 64; a grid's y and z 65,535.
    if (block && (block->x > maxThreadsPerBlock(gpu) || block->y > maxThreadsPerBlock(gpu) || block->z > 64))
        return QStringLiteral("a block of %1 threads: %2 allows at most %3 in x and y and 64 in z")
            .arg(block->toString())
            .arg(which(gpu))
            .arg(maxThreadsPerBlock(gpu));
    if (grid && grid->x > maxGridBlocksX(gpu))
        return QStringLiteral("%1 blocks in the grid's x dimension: %2 launches at most %3")
            .arg(grid->x)
            .arg(which(gpu))
            .arg(maxGridBlocksX(gpu));
    constexpr qint64 kMaxGridBlocksYZ = 65535;
    if (grid && (grid->y > kMaxGridBlocksYZ || grid->z > kMaxGridBlocksYZ))
        return QStringLiteral("a grid of %1 blocks: %2 launches at most %3 in y and in z")
            .arg(grid->toString())
            .arg(which(gpu))
            .arg(kMaxGridBlocksYZ);
    return QString();
}

} // namespace slicewatt
