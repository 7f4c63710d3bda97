// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "estimate/KernelEstimate.h"
#include "model/PowerModel.h"

#include <QString>

#include <optional>

namespace slicewatt {

// The error a prediction carries (METHOD §11), in the words every output uses: the model's
// kernel-grouped MAPE on the GPU's measured power where it has one, and otherwise the plain
// statement that the model is not validated on measurements here.
std::optional<double> expectedErrorPct(const PowerModel& model, const GpuSpec& gpu);

// "±15 % typical error: leave-one-kernel-out on 19 measured Tesla V100 kernels (85 launches)"
// or "not validated on measured power here (published surface, GTX 280)".
QString accuracyText(const PowerModel& model, const GpuSpec& gpu);

// "62.8 W ±15 %", or "62.8 W" without a validation.
QString wattsWithError(double watts, const PowerModel& model, const GpuSpec& gpu);

// "420.3 W (310–530 W)" with the estimate's band, "(…, widened: outside the measured kernels)"
// when doubled, else as wattsWithError.
QString powerWithBand(const KernelEstimate& estimate, const PowerModel& model, const GpuSpec& gpu);
// "310–530 W", with ", widened" when doubled; empty without a band.
QString bandText(const KernelEstimate& estimate);

} // namespace slicewatt
