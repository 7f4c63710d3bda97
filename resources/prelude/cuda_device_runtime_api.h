// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: compatibility name; the declarations live in cuda_runtime_api.h.
#include "cuda_runtime_api.h"
