// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <optional>

namespace slicewatt {

// The share of a launch's threads, in [0, 1], whose position passes a bounds guard
// (`if (i < n)` with i = blockIdx.x·blockDim.x + threadIdx.x passes for min(n, grid·block)
// of grid·block threads). Known when the position is one of the forms a launch spreads
// evenly over a range (threadIdx.a over blockDim.a; blockIdx.a over gridDim.a; the global
// index over gridDim.a·blockDim.a; each plus a constant) and the launch gives the range and
// the bound; otherwise nullopt, and the branch keeps its default probability.
std::optional<double> threadGuardShare(const ThreadGuard& guard, const LaunchShape& launch);

// All guards of an && condition: the product of their shares (the axes of a 2-D guard
// such as `x < w && y < h` are independent); nullopt when any is not known.
std::optional<double> threadGuardsShare(const QVector<ThreadGuard>& guards, const LaunchShape& launch);

} // namespace slicewatt
