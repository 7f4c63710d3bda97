// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cudaProfilerStart/Stop (declared with the rest of the runtime API).
#include "cuda_runtime_api.h"
