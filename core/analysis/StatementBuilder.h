// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "KernelIR.h"

#include <clang-c/Index.h>

namespace slicewatt {

// Builds a kernel's statement list from its AST (analysis-rules.md §1–4): effective
// statements with lines, per-execution arithmetic and memory counts, the variables each
// defines and uses, enclosing loops and conditions, branch arms, and symbolic loop headers.
// __device__ functions called from the kernel are inlined at the call.
KernelIR buildKernelIR(CXTranslationUnit tu, CXCursor kernel, const QString& kernelKey);

} // namespace slicewatt
