// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeModel.h"
#include "common/CudaArch.h"

namespace slicewatt {

// One file's reading put together from CUDA's two compilations of it, as nvcc sees them:
// host functions and launches from the host parse, kernels and device functions (their
// bodies, IR and calls) from the device parse for `arch`. A kernel only the host side has
// (excluded from the device compilation by an #if) keeps its host reading, with a warning.
// Diagnostics both sides give appear once; those only the device side gives say so.
UnitIndex combineCompileSides(UnitIndex host, const UnitIndex& device, CudaArch arch);

} // namespace slicewatt
