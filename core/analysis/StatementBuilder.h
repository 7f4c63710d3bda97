// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Diagnostic.h"
#include "frontend/CodeModel.h"
#include "frontend/ParserOptions.h"
#include "ir/KernelIR.h"

#include <clang-c/Index.h>

namespace slicewatt {

class FileBudget;

// Builds a kernel's statement list from its AST (analysis-rules.md §1–4): effective
// statements with lines, per-execution arithmetic and memory counts, the variables each
// defines and uses, enclosing loops and conditions, branch arms, and symbolic loop headers.
// __device__ functions called from the kernel are inlined at the call. The work is done by
// one pass per concern (StatementWalker, MemorySpaceResolver, OperationCounter,
// LoopHeaderReader, CallDataFlow) sharing a KernelReadContext.
// Stops when `budget` runs out (the caller then drops the kernel: it is incomplete), and
// where a cap of `limits` is hit, which it reports in the kernel's notes and, when given,
// as a warning in `diagnostics`.
// A template kernel's `if constexpr` on its template arguments is decided with those of
// `instantiation` (the launch the analysis uses by default), and says so in the notes.
KernelIR buildKernelIR(CXTranslationUnit tu, CXCursor kernel, const QString& kernelKey, FileBudget* budget = nullptr,
    Diagnostics* diagnostics = nullptr, const AnalysisLimits& limits = {}, const LaunchSite* instantiation = nullptr);

} // namespace slicewatt
