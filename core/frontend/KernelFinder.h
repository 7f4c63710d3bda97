// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeModel.h"
#include "TranslationUnitParser.h"

#include <functional>

namespace slicewatt {

// Walks a parsed file's AST and records what the project defines there: kernels
// (__global__), device functions, the calls between functions, and kernel launch sites
// with their configuration values. Code from system headers and the prelude is skipped.
// Spends what the parse left of the unit's time budget: when it runs out the walk stops,
// the unit is marked stoppedByBudget with a diagnostic, and what was found so far is kept
// except the function being walked (a kernel half read would be estimated as if whole).
// `readKernel` turns each kernel definition into its statement IR (the analysis stage
// supplies it; the front end only finds things). Without one, no IR is built. Kernels are
// read after the whole unit was walked, with their launches in the unit (in source order):
// a template kernel's `if constexpr` is decided with the arguments of the launch the
// analysis uses.
using KernelReader = std::function<KernelIR(CXTranslationUnit tu, CXCursor kernel, const QString& kernelKey,
    const QVector<LaunchSite>& launches, FileBudget* budget, Diagnostics* diagnostics, const AnalysisLimits& limits)>;
UnitIndex findKernels(const ParsedUnit& unit, const KernelReader& readKernel = {});

} // namespace slicewatt
