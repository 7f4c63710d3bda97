// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CallDataFlow.h"
#include "LoopHeaderReader.h"
#include "MemorySpaceResolver.h"
#include "OperationCounter.h"

namespace slicewatt {

class KernelReadContext;

// Walks a kernel's statements in source order and turns each effective statement into an
// IR statement (analysis-rules §1): its kind and line, what the counter finds in its
// expressions, its enclosing loops, conditions and branch arms, and loop headers. Device
// functions, methods and conversion operators of the project are inlined at their calls.
// `if constexpr` keeps only the arm its condition selects when the condition is known, and
// `do { … } while (0)` is a block, not a loop.
class StatementWalker {
public:
    explicit StatementWalker(KernelReadContext& context);

    void walkKernel(CXCursor kernel);

private:
    struct Context {
        QVector<int> loops;
        QVector<int> controls;
        QVector<ArmStep> arms;
    };

    void walkFunctionBody(
        CXCursor function, const Context& context, const QString& inlinedFrom, const CallBindings& bindings);
    QVector<int> walkBlock(CXCursor block, Context& context);
    QVector<int> walkStatement(CXCursor cursor, Context& context);
    // Adds a `__shared__` variable to the kernel's shared memory per block (once per declaration).
    void countSharedDeclaration(CXCursor variable);
    void walkDeclaration(CXCursor declaration, Context& context);
    QVector<int> walkIf(CXCursor cursor, Context& context);
    QVector<int> walkSwitch(CXCursor cursor, Context& context);
    QVector<int> walkLoop(CXCursor cursor, Context& context);
    QVector<int> walkArm(CXCursor statement, Context& context, int branch, int arm);
    int addStatement(StatementKind kind, CXCursor cursor, const ExpressionFacts& facts, const Context& context);
    // Says in the kernel's notes which template types were counted as float (METHOD §9).
    void noteUntypedOperands(const ExpressionFacts& facts);
    void inlineCalls(const ExpressionFacts& facts, int callStatement, const Context& context);
    bool comparesThreadIndexForEquality(CXCursor condition);
    bool mentionsThreadIndex(CXCursor expression, int depth);

    KernelReadContext& m_context;
    MemorySpaceResolver m_spaces;
    OperationCounter m_counter;
    LoopHeaderReader m_loops;
    CallDataFlow m_calls;
    QStringList m_inlineStack; // USRs of the kernel and the functions inlined into it
    bool m_unrollPragma = false; // the next loop walked sits under `#pragma unroll`
};

} // namespace slicewatt
