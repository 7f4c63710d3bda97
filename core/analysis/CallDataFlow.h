// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "KernelReadContext.h"
#include "OperationCounter.h"

#include <QHash>

namespace slicewatt {

class LoopHeaderReader;
class MemorySpaceResolver;

// Values across an inlined call (analysis-rules §3): arguments into parameters, writes
// through out-parameters back into the caller's variables, and returned values back to
// the calling statement.
class CallDataFlow {
public:
    CallDataFlow(KernelReadContext& context, MemorySpaceResolver& spaces, LoopHeaderReader& values);

    // Binds the call's arguments to the callee's parameters, read in the caller: the calling
    // statement defines every parameter (slicing follows values into the callee), pointer
    // and reference parameters take the space of what is passed, and a reference to a
    // caller's register variable (`float& CallResult`) or a pointer to one (`f(&lo)`)
    // aliases it; a lambda or functor passed (or a parameter of the caller's holding one)
    // binds its call operator to the parameter. A value parameter passed a value the launch
    // fixes (a constant, a kernel or template argument, arithmetic on them) holds it. A
    // function template's type parameters take the call's explicit arguments, else the types
    // of the arguments passed to parameters spelt by them (`T x`, `const T& x`, `T* p`).
    CallBindings bind(const InlineCall& call, int callStatement);

    // The calling statement uses what the callee's returns computed, although they come
    // after it in statement order.
    void linkReturns(int callStatement, const QVector<int>& returnStatements);

private:
    // The call operator of the lambda or functor an argument passes: from its type, or for a
    // parameter of the caller's (whose type in a template is only `F`) from what the
    // caller's own call bound to it.
    std::optional<CXCursor> callableOf(CXCursor argument) const;
    // The callee template's type parameters at this call, read through the caller's own.
    QHash<QString, QString> templateTypesOf(const InlineCall& call) const;
    // The caller's register variable an argument names (through its own aliases), if any.
    QString callerVariable(CXCursor argument, bool addressOf);

    KernelReadContext& m_context;
    MemorySpaceResolver& m_spaces;
    LoopHeaderReader& m_values;
};

} // namespace slicewatt
