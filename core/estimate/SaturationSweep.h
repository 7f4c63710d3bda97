// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "WhatIf.h"

#include <QVector>

namespace slicewatt {

struct SweepPoint {
    double saturation = 0; // Sa = active SMs / SMs
    int activeSms = 0;
    double watts = 0; // the kernel's P̂ at this Sa, W
};

// P̂ of one kernel at every SM saturation a launch can reach on `gpu`: Sa = k / SMs for
// k = 1..SMs (ten steps of 0.1 when the GPU's SM count is unknown). Each point is the kernel
// re-estimated with its what-if Sa set to that value and every other setting as given, so
// the point at the kernel's own Sa is exactly the estimate the rest of the app shows. A
// launch-level model (launch-activity) reads the launch instead of Sa: its sweep launches k
// blocks of the kernel's block size, one per SM, so its last point is one block per SM
// rather than the kernel's own grid. Points without an estimate are left out.
QVector<SweepPoint> saturationSweep(const CatalogFunction& kernel, const KernelIR& ir, const PowerModel& model,
    const GpuSpec& gpu, const WhatIfSettings& settings);

} // namespace slicewatt
