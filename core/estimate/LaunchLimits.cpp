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
