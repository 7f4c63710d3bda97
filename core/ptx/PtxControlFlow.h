// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PtxProgram.h"

namespace slicewatt {

// Fills the function's successors (fall-through unless the block ends in an unconditional
// branch, ret or exit; the target of a bra), its back edges and each block's loop depth.
// A branch to a label the function does not have gets no edge.
void linkBlocks(PtxFunction& function);

} // namespace slicewatt
