// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <optional>

namespace slicewatt {

// What one warp-wide access costs the memory system, from the addresses of the first warp's
// lanes (METHOD §12). Global memory moves 32-byte sectors: a warp whose lanes read
// consecutive 4-byte words touches 4 sectors, one whose lanes are 4 KiB apart touches 32.
// Shared memory serves 32 banks of 4-byte words per clock: lanes that want different words of
// one bank wait for each other (a bank conflict), so `tile[threadIdx.x][c]` over a 32-float
// row takes 32 passes instead of one.
// The unit global memory moves [NVIDIA CUDA C++ Best Practices Guide, coalesced access].
constexpr qint64 kSectorBytes = 32;

struct WarpAccess {
    int lanes = 0; // active lanes of the first warp (fewer than 32 in a small block)
    double addresses = 0; // distinct byte offsets the lanes name (1 where every lane names one)
    double sectors = 0; // global: distinct 32-byte sectors the lanes touch
    double idealSectors = 0; // the same bytes laid out contiguously: ceil(lanes · bytes / 32)
    double wavefronts = 0; // shared: passes through the banks (most distinct words in one bank)
    double idealWavefronts = 0; // ceil(lanes · bytes / 128): one pass per 128 bytes
    // Sectors or passes beyond the ideal, per warp access (0 for a coalesced or
    // conflict-free access; never negative: a broadcast is not counted as a saving).
    double excessSectors() const { return sectors > idealSectors ? sectors - idealSectors : 0; }
    double excessWavefronts() const { return wavefronts > idealWavefronts ? wavefronts - idealWavefronts : 0; }
    // The excess sectors' bytes shared among the lanes: what one thread's access adds.
    double excessSectorBytesPerLane() const { return lanes > 0 ? excessSectors() * kSectorBytes / lanes : 0; }
};

// The first warp of block (0, 0, 0): lane l has threadIdx.x = l mod blockDim.x, threadIdx.y =
// (l div blockDim.x) mod blockDim.y, and so on; a block size the launch does not give is
// taken as 256 × 1 × 1 (the time model's assumed block). nullopt when an offset cannot be
// computed for every lane.
std::optional<WarpAccess> warpAccess(const AccessPattern& pattern, const LaunchShape& launch);

} // namespace slicewatt
