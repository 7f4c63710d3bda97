// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: NVTX v3 include path; same declarations as nvToolsExt.h.
// Angle brackets: a quoted include would find this very file first.
#include <nvToolsExt.h>
