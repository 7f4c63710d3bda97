// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ConstantEvaluator.h"
#include "ir/SymbolicExpr.h"

#include <clang-c/Index.h>

#include <QHash>
#include <QStringList>

#include <array>
#include <functional>

namespace slicewatt {

// Reads a launch value that host code computes from values no constant gives (issue 47) as
// an expression over host values: `(n + 255) / 256` in `void launch(float* x, int n)` is
// ((launch:n + 255) / 256), and `int n = atoi(argv[1])` in main is main:n. Readable are
// constants (what the evaluator knows, with the bindings of the call that resolved the
// launch's other values), the function's parameters and locals, arithmetic, casts,
// `dim3(…)` and a dim3 local's components, and calls of helpers whose body is one `return`
// (llm.c's ceil_div, the samples' iDivUp), read with their arguments in place of their
// parameters. Anything else (a struct field, a branch on a run-time value, a call of
// another kind) makes the whole value unreadable: null.
class HostValueReader {
public:
    // The names the value of `function`'s parameter `index` has in the callers that pass it on.
    using CallerNames = std::function<QStringList(CXCursor function, int index)>;

    // `macros`: the unit's, for the evaluators of the helpers read.
    HostValueReader(CXTranslationUnit tu, CXCursor function, ConstantEvaluator& evaluator, CallerNames callerNames,
        std::shared_ptr<MacroOperators> macros);

    SymbolicExprPtr scalar(CXCursor expression);
    // A grid or block: a dim3 expression, or an integer meaning (n, 1, 1).
    std::array<SymbolicExprPtr, 3> dim3(CXCursor expression);

private:
    SymbolicExprPtr read(CXCursor expression, int depth);
    std::array<SymbolicExprPtr, 3> readDim3(CXCursor expression, int depth);
    SymbolicExprPtr readReference(CXCursor reference, int depth);
    SymbolicExprPtr readCall(CXCursor call, int depth);
    bool isOwnDeclaration(CXCursor declaration) const;
    SymbolicExprPtr hostValueOf(CXCursor declaration) const;

    CXTranslationUnit m_tu;
    CXCursor m_function;
    QString m_functionUsr;
    QString m_functionName;
    // The function's evaluator, or while a helper's `return` is read, the helper's: a
    // template helper's expressions are value-dependent, which only its own evaluator
    // knows not to hand to libclang's.
    ConstantEvaluator* m_evaluator;
    CallerNames m_callerNames;
    std::shared_ptr<MacroOperators> m_macros;
    // A helper's parameters, by USR, while its `return` is read: the caller's arguments.
    QHash<QString, SymbolicExprPtr> m_substitutions;
};

} // namespace slicewatt
