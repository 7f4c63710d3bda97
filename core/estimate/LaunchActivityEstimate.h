// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/KernelSlices.h"
#include "model/GpuCatalogue.h"
#include "model/LaunchActivity.h"

#include <optional>

namespace slicewatt {

// The launch overhead added to every static time estimate, s [ours: the order of a kernel
// launch's latency on these GPUs].
constexpr double kLaunchOverheadSeconds = 5e-6;
// The block assumed where the code does not fix one [ours: the common choice].
constexpr int kAssumedBlockThreads = 256;

// x · y · z of a grid or block; nullopt when a component is unknown or not positive.
std::optional<double> launchDimensionProduct(const std::optional<qint64> (&dims)[3]);

// The activity of `launch` on `gpu`. A grid or block the code does not fix is assumed (one
// full wave of 256-thread blocks) and the assumption recorded. nullopt with `why` set when
// the GPU lacks the clock, bandwidth or arithmetic lanes the time estimate needs.
std::optional<LaunchActivity> estimateLaunchActivity(
    const KernelIR& ir, const KernelSlices& slices, const LaunchShape& launch, const GpuSpec& gpu, QString* why);

} // namespace slicewatt
