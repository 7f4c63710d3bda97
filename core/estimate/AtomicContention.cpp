// SPDX-License-Identifier: GPL-3.0-or-later
#include "AtomicContention.h"

#include "AccessReuse.h"
#include "WarpAccess.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

constexpr double kWarpLanes = 32;

} // namespace

std::optional<AtomicContention> atomicContention(const AccessPattern& pattern, const LaunchShape& launch,
    const std::array<qint64, 3>& block, const std::array<qint64, 3>& grid, double executionsPerThread,
    double threadShare, double clockHz)
{
    if (!pattern.atomic || pattern.space != MemorySpace::Global || pattern.elementBytes <= 0 || clockHz <= 0)
        return std::nullopt;
    double threads = 1;
    for (int axis = 0; axis < 3; ++axis)
        threads *= double(std::max<qint64>(1, block[size_t(axis)])) * double(std::max<qint64>(1, grid[size_t(axis)]));
    AtomicContention c;
    // Every thread counted, whether or not it runs the atomic: which addresses the offset can
    // name, not who names them.
    if (const std::optional<AccessReuse> reuse = accessReuse(pattern, launch, block, grid, 1.0)) {
        c.addresses = std::max(1.0, threads / reuse->inLaunch);
    } else if (pattern.indexValues > 0) {
        c.addresses = pattern.indexValues;
        c.addressesFrom = QStringLiteral("the index's type or mask: %1 values").arg(pattern.indexValues, 0, 'g', 6);
    } else {
        return std::nullopt;
    }
    // The addresses one warp names: the first warp's lanes where the offset is the launch's,
    // else as many as the lanes and the addresses allow (loaded indices taken as distinct).
    const std::optional<WarpAccess> warp = warpAccess(pattern, launch);
    const double perWarp = warp && warp->addresses > 0 ? warp->addresses : std::min(kWarpLanes, c.addresses);
    const double share = std::clamp(threadShare, 0.0, 1.0);
    c.operations = executionsPerThread * std::min(threads * share, threads / kWarpLanes * perWarp);
    c.lines = std::max(1.0, std::ceil(c.addresses * pattern.elementBytes / kL2LineBytes));
    c.seconds = c.operations / c.lines * kAtomicCyclesPerOperation / clockHz;
    c.footprintBytes = c.addresses * pattern.elementBytes;
    return c;
}

} // namespace slicewatt
