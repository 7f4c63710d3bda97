// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: compatibility name; the declarations live in driver_types.h and vector_types.h.
#include "driver_types.h"
#include "vector_types.h"
