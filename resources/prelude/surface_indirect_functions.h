// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: surface-object functions (declared together with the reference ones).
#include "surface_functions.h"
