// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: texture descriptor types (they live in driver_types.h here).
#include "driver_types.h"
