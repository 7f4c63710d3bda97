// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <clang-c/Index.h>

namespace slicewatt {

class KernelReadContext;

// Reads `for (init; cond; step)` headers into symbolic loop headers (analysis-rules §4):
// one induction variable, a comparison with a bound, and an additive or multiplicative
// step, each kept as an expression over constants, template parameters and the launch so
// the trip count can be evaluated for any launch later.
class LoopHeaderReader {
public:
    explicit LoopHeaderReader(KernelReadContext& context);

    LoopHeader read(CXCursor init, CXCursor condition, CXCursor step);

    // An integer expression as constants and launch parameters. Thread and block indices
    // are 0 in a loop's start (analysis-rules §4), unknown elsewhere.
    SymbolicExprPtr symbolic(CXCursor expression, bool indicesAreZero, int depth);

private:
    QString referencedVariable(CXCursor expression);

    KernelReadContext& m_context;
};

} // namespace slicewatt
