// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MeasuredValidation.h"
#include "PhysicalModelFile.h"

namespace slicewatt {

// The physical model's entry for a GPU whose measured launches carry power only (the public
// data sets of Alavani et al.: K20, M60, V100): every constant, idle power included, fitted to
// every launch the time model reads, with whole kernels held out for its figures and band. It
// becomes the GPU's default only where its held-out error on those launches is below the
// default launch-activity form's on the same launches; `defaultBecause` says which and by
// how much. `data` and `tool` go into the entry's sources.
PhysicalGpuFit physicalFitOfMeasured(
    const MeasuredValidation& validation, const GpuSpec& gpu, const QString& data, const QString& tool);

} // namespace slicewatt
