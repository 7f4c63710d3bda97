// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <QString>

#include <optional>

namespace slicewatt {

// The share of a launch's threads, in [0, 1], whose position passes a bounds guard
// (`if (i < n)` with i = blockIdx.x·blockDim.x + threadIdx.x passes for min(n, grid·block)
// of grid·block threads). Known when the position is one of the forms a launch spreads
// evenly over a range (threadIdx.a over blockDim.a; blockIdx.a over gridDim.a; the global
// index over gridDim.a·blockDim.a; each plus a constant) and the launch gives the range and
// the bound; otherwise nullopt, and the branch keeps its default probability.
// Any other position that names the thread's indices is averaged over the launch's threads
// (threadAveragedValue: exact for small launches and `%` cycles, else sampled), and the
// share's note says how.
struct GuardShare {
    double share = 0; // in [0, 1]
    QString note; // empty where the share is the closed form above
};
std::optional<GuardShare> threadGuardShare(const ThreadGuard& guard, const LaunchShape& launch);

// A guard whose bound is an enclosing loop's variable (ThreadGuard::boundLoop, `tid < s` in a
// tree reduction): the share averaged over the values the loop gives it, counted in whole
// warps where the index is threadIdx.x (a warp with one passing lane runs the arm: `tid < 1`
// keeps 32 lanes busy). `statements` are the kernel's, to read the loop's header.
std::optional<GuardShare> loopGuardShare(
    const ThreadGuard& guard, const LaunchShape& launch, const QVector<Statement>& statements);

// All guards of an && condition: the product of their shares (the axes of a 2-D guard
// such as `x < w && y < h` are independent); nullopt when any is not known.
std::optional<GuardShare> threadGuardsShare(
    const QVector<ThreadGuard>& guards, const LaunchShape& launch, const QVector<Statement>& statements);

} // namespace slicewatt
