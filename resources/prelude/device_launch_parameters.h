// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: threadIdx/blockIdx/blockDim/gridDim/warpSize (provided via vector_types.h).
#include "vector_types.h"
