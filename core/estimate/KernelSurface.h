// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "KernelEstimate.h"
#include "model/ModelGrid.h"

namespace slicewatt {

// The slice length |C| the wavelet network is fed when a whole surface is drawn for a
// kernel: its slices' mean length within the network's training range [1, 60] lines;
// 10 without a kernel or slices.
double typicalSliceLines(const KernelEstimate* estimate);

// How a model's surface is sampled under a kernel's operating points, for the desktop plot
// and the PDF report alike: the fitted intensity range widened to whole decades that hold
// the kernel's and its slices' intensities (so every point is on the map), Sa down to one
// active SM (small grids are common; JoS13's range starts at 0.1), and for the wavelet
// network the kernel's typical slice length. No kernel: the model's own range.
ModelGridOptions kernelSurfaceOptions(const PowerModel& model, const GpuSpec& gpu, const KernelEstimate* estimate,
    int intensitySteps, int saturationSteps);

// Why a model has no intensity × saturation surface to draw (a launch-level model predicts
// whole launches); empty when it has one.
QString noSurfaceReason(const PowerModel& model);

} // namespace slicewatt
