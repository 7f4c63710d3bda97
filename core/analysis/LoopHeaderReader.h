// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <clang-c/Index.h>

#include <QHash>
#include <QSet>

#include <memory>

namespace slicewatt {

class KernelReadContext;
class VariableWrites;
struct VariableWrite;

// Reads `for (init; cond; step)` headers into symbolic loop headers (analysis-rules §4):
// one induction variable, a comparison with a bound, and an additive or multiplicative
// step, each kept as an expression over constants, template parameters and the launch so
// the trip count can be evaluated for any launch later.
class LoopHeaderReader {
public:
    explicit LoopHeaderReader(KernelReadContext& context);

    // `loop` is the for statement itself: variables its bound and step name that the
    // function writes are read at the loop's start (VariableWrites).
    LoopHeader read(CXCursor loop, CXCursor init, CXCursor condition, CXCursor step);
    // `while (i < n) { …; i += s; }`: i compared in the condition and written in the loop only
    // by one statement of its body, `i++`, `i op= s` or `i = i op s`; its start is the value
    // the writes before the loop leave (analysis-rules §4). Not canonical otherwise.
    LoopHeader readWhile(CXCursor loop, CXCursor condition, CXCursor body);

    // An integer expression as constants, launch parameters and kernel arguments. Thread and
    // block indices are 0 in a loop's start (analysis-rules §4), thread positions elsewhere
    // (which no launch evaluates, but a bounds guard reads).
    SymbolicExprPtr symbolic(CXCursor expression, bool indicesAreZero, int depth);
    // A subscript's index for an access pattern: symbolic() with thread positions, or null
    // when it holds a value that may differ between the lanes of a warp and is not threadIdx
    // itself (a reassigned local, a call, a load). The loop variables of loops whose start and
    // step do not move with the thread are the same for every lane: they stay unknown values.
    SymbolicExprPtr warpIndex(CXCursor expression);

    // The thread guards of an `if` condition (`i < n`, `x < w && y < h`): every comparison
    // joined by && with a thread's position on one side; empty when anything else is in it.
    QVector<ThreadGuard> threadGuards(CXCursor condition);
    // The loop statement just read sits at `statement`: guards inside it that compare with
    // its variable name it (ThreadGuard::boundLoop).
    void placeLoop(int statement);
    // An `if` condition the launch decides for every thread alike (Statement::launchCondition):
    // comparisons, `!`, && and || over kernel arguments, template parameters, launch
    // dimensions and constants, a bare value meaning `!= 0`. Null when it names a thread's
    // position or nothing the launch gives.
    SymbolicExprPtr launchCondition(CXCursor condition);

private:
    SymbolicExprPtr truthOf(CXCursor condition, int depth);
    QString referencedVariable(CXCursor expression);
    // The step `i++`, `i op= s` or `i = i op s` of `variable` in `step`'s comma-separated parts.
    struct Step {
        BinaryOperator op = BinaryOperator::Add;
        CXCursor value; // null: 1
    };
    std::optional<Step> readStep(CXCursor step, const QString& variable);
    // Fills header's comparison and bound from `condition` for `variable`; false (with the
    // reason in header) when it does not compare it.
    bool readCondition(CXCursor condition, const QString& variable, LoopHeader& header, CXCursor& bound);
    VariableWrites& writes();
    // The value `variable` (a local or parameter of the function being read) holds where
    // m_loop starts, from the writes that reach it; unknown when a write may change it.
    SymbolicExprPtr valueAtLoop(CXCursor variable, const VariableWrite* loopStep, bool indicesAreZero, int depth);
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
    // While a for header's start and bound are read: the uniform enclosing loop variable read
    // as itself (SymbolicExpr::loopVariable), empty until one is met (null otherwise).
    QString* m_averagedVariable = nullptr;
    bool m_positionsInStart = false; // the start read a thread or block index as 0
    // The loop whose header is being read (null otherwise), and variables whose value is
    // fixed while one of its writes is folded (`g = g << 1` reads g's value before it).
    CXCursor m_loop = clang_getNullCursor();
    QHash<QString, SymbolicExprPtr> m_bound;
    QString m_lastLoopVariable; // of the last canonical header read, until placeLoop()
    QHash<QString, int> m_loopStatements; // loop variable (USR) → its loop statement
    QHash<QString, std::shared_ptr<VariableWrites>> m_writes; // by function USR
    // Loop variables whose loop's start and step are the same for every thread (USR).
    QSet<QString> m_uniformLoopVariables;
    bool m_readingWarpIndex = false;
    bool m_laneVaryingUnknown = false; // warpIndex met an unknown that may differ per lane
};

} // namespace slicewatt
