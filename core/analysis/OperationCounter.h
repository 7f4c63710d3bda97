// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/InstructionClass.h"
#include "ir/KernelIR.h"
#include "ir/MemorySpace.h"

#include <clang-c/Index.h>

#include <QSet>
#include <QString>
#include <QVector>

#include <optional>

namespace slicewatt {

class KernelReadContext;
class LoopHeaderReader;
class MemorySpaceResolver;

// How an expression is used where it appears: read, written, both (`x += 1`), or only its
// address taken (`&a[i]`, the base of a subscript).
enum class AccessMode { Load, Store, LoadStore, Address };

// A call of a project function to inline after its statement.
struct InlineCall {
    CXCursor call;
    CXCursor definition; // the callee's definition
    QVector<CXCursor> arguments; // in parameter order (no callee reference, no object)
};

// What one expression contributes to its statement (analysis-rules §3).
struct ExpressionFacts {
    int arithmetic = 0;
    InstructionCounts instructions; // compute classes (METHOD §9), comparisons and logic included
    // What the machine runs minus `instructions`, for the time model only (Statement).
    InstructionCounts machineAdjustment;
    QSet<QString> untypedOperands; // template parameter types the reading could not bind
    SpaceCounts accesses;
    // Bytes those accesses move, by the accessed type's size (4 where the type has no size
    // yet, as in a template: analysis-rules §3).
    SpaceCounts accessBytes;
    SpaceCounts storeBytes; // the part of accessBytes that stores write
    bool barrier = false;
    int ternaries = 0;
    int assignments = 0; // `=` and compound `op=` operators, for lexical counting
    QSet<QString> uses;
    QSet<QString> defines;
    QVector<InlineCall> deviceCalls;
    QVector<AccessPattern> patterns; // subscripts whose offset moves with threadIdx, shared ones, atomics' targets
};

// Counts arithmetic and memory operations of expressions, and the variables they read and
// write, in the function the context is reading.
class OperationCounter {
public:
    OperationCounter(KernelReadContext& context, MemorySpaceResolver& spaces);

    void scan(CXCursor expression, AccessMode mode, ExpressionFacts& facts);
    // Reads subscripts' offsets as symbolic expressions (for access patterns); unset, none
    // are read.
    void setIndexReader(LoopHeaderReader* reader) { m_indices = reader; }
    // An expression statement. A binary operator whose operator cannot be read (spelt in a
    // macro's definition: libclang 14 gives only the macro's use) is taken as an assignment
    // there, the only binary operator a statement of its own is written for.
    void scanStatement(CXCursor expression, ExpressionFacts& facts);

    // Bytes per access where the type gives none [ours].
    static constexpr double kAssumedAccessBytes = 4;

private:
    double bytesOf(CXType type) const;
    void scanAssignment(CXCursor target, CXCursor value, ExpressionFacts& facts);
    void scanCall(CXCursor call, const QVector<CXCursor>& operands, ExpressionFacts& facts);
    // `a * b` on a type that depends on a template parameter, with overloaded operators in
    // scope (cuda_fp16.h's __half ones): one operator, spelt as a nameless call. False when
    // the call is no such thing.
    bool scanDependentOperator(const QVector<CXCursor>& operands, ExpressionFacts& facts);
    void countAccess(CXCursor lvalue, AccessMode mode, ExpressionFacts& facts);
    // `a[i]`, `tile[y][x]`: the byte offset from the array's start; null for any other lvalue.
    SymbolicExprPtr byteOffsetOf(CXCursor lvalue, int depth);
    // The element an atomic call's first argument names, as a pattern (AccessPattern::atomic).
    std::optional<AccessPattern> atomicTargetOf(CXCursor address, double bytes);
    double indexValueCount(CXCursor index);
    // A read or write of a variable, through the caller's variable it aliases (out-parameters).
    void recordVariable(const QString& usr, AccessMode mode, ExpressionFacts& facts);
    bool isInlinable(CXCursor callee) const;
    // One executed instruction of `operation` typed by the widest of `operands` (METHOD §9).
    void countInstruction(OperationClass operation, const QVector<CXCursor>& operands, ExpressionFacts& facts);
    // `op` spelt as an operator (+, /=, <<, <): #A when rule book §3 says so, and its class.
    void countOperator(const QString& spelling, const QVector<CXCursor>& operands, ExpressionFacts& facts);
    bool dividesByIntegerConstant(const QVector<CXCursor>& operands) const;

    KernelReadContext& m_context;
    MemorySpaceResolver& m_spaces;
    LoopHeaderReader* m_indices = nullptr;
};

} // namespace slicewatt
