// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeModel.h"
#include "TranslationUnitParser.h"

namespace slicewatt {

// Walks a parsed file's AST and records what the project defines there: kernels
// (__global__), device functions, the calls between functions, and kernel launch sites
// with their configuration values. Code from system headers and the prelude is skipped.
UnitIndex findKernels(const ParsedUnit& unit, bool analyseKernels = true);

} // namespace slicewatt
