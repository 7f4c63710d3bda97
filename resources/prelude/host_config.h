// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: compatibility name; the declarations live in host_defines.h.
#include "host_defines.h"
