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

QString launchLimitProblem(const GpuSpec& gpu, std::optional<qint64> gridBlocks, std::optional<qint64> blockThreads)
{
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
    if (gridBlocks && *gridBlocks > maxGridBlocksX(gpu))
        return QStringLiteral("%1 blocks in the grid's x dimension: %2 launches at most %3")
            .arg(*gridBlocks)
            .arg(which(gpu))
            .arg(maxGridBlocksX(gpu));
    return QString();
}

} // namespace slicewatt
