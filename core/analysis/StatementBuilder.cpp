// SPDX-License-Identifier: GPL-3.0-or-later
#include "StatementBuilder.h"

#include "KernelReadContext.h"
#include "StatementWalker.h"
#include "frontend/CursorQueries.h"

namespace slicewatt {

KernelIR buildKernelIR(CXTranslationUnit tu, CXCursor kernel, const QString& kernelKey, FileBudget* budget,
    Diagnostics* diagnostics, const AnalysisLimits& limits, const LaunchSite* instantiation)
{
    KernelIR ir;
    ir.kernelKey = kernelKey;
    ir.kernelName = spellingOf(kernel);
    ir.location = expansionLocationOf(kernel);
    KernelReadContext context(tu, ir, budget, diagnostics, limits);
    if (instantiation && (!instantiation->templateArguments.isEmpty() || !instantiation->templateTypes.isEmpty()))
        context.setInstantiation(kernel, *instantiation);
    StatementWalker(context).walkKernel(kernel);
    return ir;
}

} // namespace slicewatt
