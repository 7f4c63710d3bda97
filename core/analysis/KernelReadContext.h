// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TokenIndex.h"
#include "common/Diagnostic.h"
#include "frontend/CodeModel.h"
#include "frontend/ConstantEvaluator.h"
#include "frontend/ParserOptions.h"
#include "ir/KernelIR.h"

#include <clang-c/Index.h>

#include <QHash>
#include <QSet>

#include <memory>
#include <optional>
#include <vector>

namespace slicewatt {

class FileBudget;

// What an inlined call passes its callee besides values: parameters that alias a caller's
// variable (a reference, or a pointer to the caller's local: writes through them define
// that variable), and parameters that hold a lambda or functor, whose calls (`f(i)` in a
// template, where the call has no callee of its own) run that object's call operator.
struct CallBindings {
    QHash<QString, QString> aliases; // parameter USR → caller variable USR
    QHash<QString, CXCursor> callables; // parameter USR → call operator of what was passed
    // Parameter USR → the argument's value read in the caller, where the launch fixes it
    // (`escapeTime(x, y, maxIter)` with the kernel's maxIter): loops in the callee bounded by
    // the parameter take the launch's trip count (analysis-rules §3).
    QHash<QString, SymbolicExprPtr> values;
    // A function template's type parameters at this call (name → canonical spelling), from
    // the call's explicit arguments or deduced from what it passes (CallDataFlow::bind).
    QHash<QString, QString> templateTypes;
    // Pointer parameters the call passed a uniform start (KernelReadContext::startsAtUniformAddress).
    QSet<QString> uniformPointers;

    // The call operator bound to a parameter, if the call passed it a lambda or functor.
    std::optional<CXCursor> callableFor(const QString& parameterUsr) const
    {
        const auto bound = callables.constFind(parameterUsr);
        return bound == callables.constEnd() ? std::nullopt : std::optional<CXCursor>(*bound);
    }
};

// What the passes that read one kernel's AST share (the statement walker, memory-space
// resolution, operation counting, loop headers, caller/callee data flow): the unit, the IR
// being built, the function being read (the kernel or an inlined callee, innermost last),
// per-function token and constant caches, and the caps with their once-per-kernel reports.
class KernelReadContext {
public:
    // The caps of AnalysisLimits, each reported once per kernel.
    enum class Limit { Statements, StatementContext, InlinedCalls, InlineDepth, Nesting, ExpressionDepth };

    // One function being read. Callee frames carry what the call bound (CallBindings) and
    // collect their returns, whose values flow to the calling statement.
    struct Frame {
        CXCursor function;
        std::shared_ptr<TokenIndex> tokens;
        std::shared_ptr<ConstantEvaluator> evaluator;
        QString inlinedFrom; // empty for the kernel itself
        CallBindings bindings;
        QVector<int> returnStatements; // its return statements read so far (callees only)
    };

    KernelReadContext(
        CXTranslationUnit tu, KernelIR& ir, FileBudget* budget, Diagnostics* diagnostics, const AnalysisLimits& limits);

    CXTranslationUnit tu() const { return m_tu; }
    KernelIR& ir() { return m_ir; }
    const AnalysisLimits& limits() const { return m_limits; }

    void enterFunction(CXCursor function, const QString& inlinedFrom, const CallBindings& bindings = {});
    void leaveFunction();
    Frame& frame() { return m_frames.back(); }
    const TokenIndex& tokens() const { return *m_frames.back().tokens; }
    ConstantEvaluator& evaluator() { return *m_frames.back().evaluator; }
    // The tokens of any function (cached): resolution looks into callees' returns.
    std::shared_ptr<TokenIndex> tokensOf(CXCursor function);
    bool inlining() const { return m_frames.size() > 1; }
    // `expression` names an array or pointer that starts at the same address for every thread:
    // an array variable, the kernel's own pointer parameter no statement in it moves, or a
    // callee's parameter its call bound to such a start (CallBindings::uniformPointers).
    bool startsAtUniformAddress(CXCursor expression);
    int frameCount() const { return int(m_frames.size()); }

    // The launch whose template arguments decide the kernel's `if constexpr` conditions.
    void setInstantiation(CXCursor kernel, const LaunchSite& launch);
    // The compile-time value of an `if constexpr` condition: from constants, else (in the
    // kernel's own body) from the instantiation's template arguments, which it then says.
    struct CompileTimeValue {
        qint64 value = 0;
        bool fromInstantiation = false;
    };
    std::optional<CompileTimeValue> compileTimeValue(CXCursor condition);
    // Type template arguments (parameter name → canonical spelling) of the function being read:
    // the launch's instantiation in the kernel's own body, the call's in an inlined function
    // template (`escapeTime<double>(…)`, or deduced from its arguments).
    const QHash<QString, QString>& templateTypes() const;
    // Operators spelt inside the unit's macro definitions (made on first use).
    MacroOperators& macroOperators();
    // "file:line" of the launch whose template arguments decided a condition; empty when
    // none did (no instantiation was set).
    const QString& instantiationPlace() const { return m_instantiationPlace; }

    // A variable's initialiser: its last expression child, unless that is an array size
    // (`__shared__ float tile[BLOCK];` has the expression BLOCK but no initialiser).
    std::optional<CXCursor> initialiserOf(CXCursor variable) const;

    // True once the file's time is up or the kernel has as many statements, or as much
    // statement context, as it may: from then on every walk returns at once.
    bool stopped();
    // Says once per kernel and cap that a cap cut the analysis short: in the kernel's
    // notes and as a warning on the file.
    void reportLimit(Limit limit, const SourceLocation& where, const QString& message);
    void addStatementContext(int amount) { m_statementContext += amount; }

    // Depth counters for recursion caps, one per recursive pass.
    int expressionDepth = 0;
    int spaceDepth = 0;
    int nestingDepth = 0;
    int inlinedCalls = 0;

private:
    template <typename T> std::shared_ptr<T> perFunction(QHash<QString, std::shared_ptr<T>>& cache, CXCursor function);

    CXTranslationUnit m_tu;
    KernelIR& m_ir;
    FileBudget* m_budget;
    Diagnostics* m_diagnostics;
    AnalysisLimits m_limits;
    std::vector<Frame> m_frames;
    QHash<QString, std::shared_ptr<TokenIndex>> m_tokenCache; // by function USR
    QHash<QString, std::shared_ptr<ConstantEvaluator>> m_evaluatorCache;
    std::shared_ptr<MacroOperators> m_macroOperators; // one per kernel read, shared by its evaluators
    std::unique_ptr<ConstantEvaluator> m_instantiation; // the kernel's, with template arguments bound
    QString m_instantiationPlace;
    QHash<QString, QString> m_templateTypes; // of the instantiation
    bool m_stopped = false;

    int m_statementContext = 0; // loops, controls and arms of every statement so far
    QSet<int> m_reportedLimits;
};

// Counts one level of recursion for as long as it lives.
class DepthGuard {
public:
    explicit DepthGuard(int& depth)
        : m_depth(depth)
    {
        ++m_depth;
    }
    ~DepthGuard() { --m_depth; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

private:
    int& m_depth;
};

} // namespace slicewatt
