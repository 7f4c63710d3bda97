// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"
#include "ir/LaunchExtent.h"
#include "model/GpuCatalogue.h"

#include <QString>

#include <optional>

namespace slicewatt {

// What a launch may ask of a GPU (CUDA C Programming Guide, "Compute Capabilities", table of
// technical specifications): a launch what-if beyond them could never run, so it is refused
// with the limit named, never clamped into range.

// Threads per block: 512 before compute capability 2.0, 1024 from 2.0 on.
int maxThreadsPerBlock(const GpuSpec& gpu);
// Blocks in a grid's x dimension: 65,535 before compute capability 3.0, 2^31 − 1 from 3.0 on.
qint64 maxGridBlocksX(const GpuSpec& gpu);

// Why a launch of a `grid` of blocks of `block` threads (either may be unset: the code's own)
// cannot run on `gpu`: "4096 threads per block: GeForce GTX 480 (compute capability 2.0) runs
// at most 1024 per block". Per axis too: a block's x and y at most 1024 (512 before 2.0), its z
// at most 64; a grid's y and z at most 65,535. Empty when it can.
QString launchLimitProblem(
    const GpuSpec& gpu, const std::optional<LaunchExtent>& grid, const std::optional<LaunchExtent>& block);

// Shared memory one block may have: statically declared, 16 KB before compute capability
// 2.0 and 48 KB from then on; in all, dynamic included, 48 KB up to 6.x and what a kernel
// may opt into from 7.0 on (96 KB on 7.0, 64 KB on 7.5, 163 KB on 8.0, 99 KB on 8.6 and
// 8.9, 227 KB on 9.0).
qint64 maxStaticSharedBytesPerBlock(const GpuSpec& gpu);
qint64 maxSharedBytesPerBlock(const GpuSpec& gpu);

// Why a kernel with `use` (and `dynamicBytes` from its launch, when known) cannot run on
// `gpu`: "32768 B of static shared memory per block: GeForce GTX 280 (compute capability
// 1.3) allows at most 16384 B". Empty when it can, or when the sizes are not known.
QString sharedMemoryProblem(const GpuSpec& gpu, const SharedMemoryUse& use, std::optional<qint64> dynamicBytes);

} // namespace slicewatt
