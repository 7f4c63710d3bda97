// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: compatibility name; the declarations live in device_functions.h.
#include "device_functions.h"
