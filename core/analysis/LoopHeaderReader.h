// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <clang-c/Index.h>

#include <QHash>
#include <QSet>

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

    // An integer expression as constants, launch parameters and kernel arguments. Thread and
    // block indices are 0 in a loop's start (analysis-rules §4), thread positions elsewhere
    // (which no launch evaluates, but a bounds guard reads).
    SymbolicExprPtr symbolic(CXCursor expression, bool indicesAreZero, int depth);

    // The thread guards of an `if` condition (`i < n`, `x < w && y < h`): every comparison
    // joined by && with a thread's position on one side; empty when anything else is in it.
    QVector<ThreadGuard> threadGuards(CXCursor condition);

private:
    QString referencedVariable(CXCursor expression);
    // `a, b, c` as its parts (one part for an expression without a comma operator).
    QVector<CXCursor> commaOperands(CXCursor expression);

    KernelReadContext& m_context;
    // Every loop variable read so far (USR) with its initial value and name: loops nested in
    // it may start from it.
    QHash<QString, CXCursor> m_inductionStarts;
    QHash<QString, QString> m_inductionNames;
    // While a header's start and bound are read: the enclosing loop variables read at their
    // first value (null otherwise).
    QSet<QString>* m_window = nullptr;
    bool m_positionsInStart = false; // the start read a thread or block index as 0
};

} // namespace slicewatt
