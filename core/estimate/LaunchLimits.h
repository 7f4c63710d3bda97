// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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

// Why a launch of `gridBlocks` blocks of `blockThreads` threads (either may be unset: the
// code's own) cannot run on `gpu`: "4096 threads per block: GeForce GTX 480 (compute
// capability 2.0) runs at most 1024 per block". Empty when it can.
QString launchLimitProblem(const GpuSpec& gpu, std::optional<qint64> gridBlocks, std::optional<qint64> blockThreads);

} // namespace slicewatt
