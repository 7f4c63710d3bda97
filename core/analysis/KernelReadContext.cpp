// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelReadContext.h"

#include "MemorySpaceResolver.h"
#include "frontend/CursorQueries.h"
#include "frontend/FileBudget.h"

namespace slicewatt {

KernelReadContext::KernelReadContext(
    CXTranslationUnit tu, KernelIR& ir, FileBudget* budget, Diagnostics* diagnostics, const AnalysisLimits& limits)
    : m_tu(tu)
    , m_ir(ir)
    , m_budget(budget)
    , m_diagnostics(diagnostics)
    , m_limits(limits)
    , m_macroOperators(std::make_shared<MacroOperators>(tu))
{
}

// A function's tokens and constant evaluator, made once per function: a device function
// inlined at many calls is tokenised once, not at every call.
template <typename T>
std::shared_ptr<T> KernelReadContext::perFunction(QHash<QString, std::shared_ptr<T>>& cache, CXCursor function)
{
    const QString usr = usrOf(function);
    if (usr.isEmpty())
        return std::make_shared<T>(m_tu, function);
    std::shared_ptr<T>& cached = cache[usr];
    if (!cached)
        cached = std::make_shared<T>(m_tu, function);
    return cached;
}

std::shared_ptr<TokenIndex> KernelReadContext::tokensOf(CXCursor function)
{
    return perFunction(m_tokenCache, function);
}

void KernelReadContext::enterFunction(CXCursor function, const QString& inlinedFrom, const CallBindings& bindings)
{
    Frame frame{function, tokensOf(function), perFunction(m_evaluatorCache, function), inlinedFrom, bindings, {}};
    frame.evaluator->setBudget(m_budget);
    frame.evaluator->shareMacroOperators(m_macroOperators);
    m_frames.push_back(std::move(frame));
}

void KernelReadContext::leaveFunction()
{
    m_frames.pop_back();
}

void KernelReadContext::setInstantiation(CXCursor kernel, const LaunchSite& launch)
{
    QHash<QString, qint64> bindings;
    for (auto it = launch.templateArguments.constBegin(); it != launch.templateArguments.constEnd(); ++it)
        bindings.insert(ConstantEvaluator::templateArgumentBinding(it.key()), it.value());
    m_instantiation = std::make_unique<ConstantEvaluator>(m_tu, kernel);
    m_instantiation->setBudget(m_budget);
    m_instantiation->shareMacroOperators(m_macroOperators);
    m_instantiation->bindParameters(bindings);
    m_instantiation->bindTemplateTypes(launch.templateTypes);
    m_templateTypes = launch.templateTypes;
    m_instantiationPlace = launch.location.file + QLatin1Char(':') + QString::number(launch.location.line);
}

const QHash<QString, QString>& KernelReadContext::templateTypes() const
{
    return inlining() ? m_frames.back().bindings.templateTypes : m_templateTypes;
}

MacroOperators& KernelReadContext::macroOperators()
{
    return *m_macroOperators;
}

std::optional<KernelReadContext::CompileTimeValue> KernelReadContext::compileTimeValue(CXCursor condition)
{
    if (const std::optional<qint64> value = evaluator().scalar(condition))
        return CompileTimeValue{*value, false};
    if (m_instantiation && !inlining()) {
        if (const std::optional<qint64> value = m_instantiation->scalar(condition))
            return CompileTimeValue{*value, true};
    }
    return std::nullopt;
}

std::optional<CXCursor> KernelReadContext::initialiserOf(CXCursor variable) const
{
    const QVector<CXCursor> operands = expressionChildren(variable);
    if (operands.isEmpty() || tokens().tokenBefore(operands.last()) == QLatin1String("["))
        return std::nullopt;
    return operands.last();
}

bool KernelReadContext::stopped()
{
    if (!m_stopped && m_budget && m_budget->exhausted())
        m_stopped = true;
    if (!m_stopped && m_ir.statements.size() >= m_limits.maxStatements) {
        m_stopped = true;
        reportLimit(Limit::Statements, m_ir.location,
            QStringLiteral("kernel %1 has more than %2 statements with its device functions inlined; the rest "
                           "of it is not analysed, so its estimate is incomplete")
                .arg(m_ir.kernelName)
                .arg(m_limits.maxStatements));
    }
    if (!m_stopped && m_statementContext >= m_limits.maxStatementContext) {
        m_stopped = true;
        reportLimit(Limit::StatementContext, m_ir.location,
            QStringLiteral("kernel %1 nests its statements so deeply that their enclosing loops, conditions and "
                           "branch arms add up to more than %2; the rest of it is not analysed, so its estimate is "
                           "incomplete")
                .arg(m_ir.kernelName)
                .arg(m_limits.maxStatementContext));
    }
    return m_stopped;
}

void KernelReadContext::reportLimit(Limit limit, const SourceLocation& where, const QString& message)
{
    if (m_reportedLimits.contains(int(limit)))
        return;
    m_reportedLimits.insert(int(limit));
    m_ir.notes << message;
    if (m_diagnostics)
        *m_diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Warning, where.file, message, where.line);
}

bool KernelReadContext::startsAtUniformAddress(CXCursor expression)
{
    const CXCursor reference = stripImplicit(expression);
    if (clang_getCursorKind(reference) != CXCursor_DeclRefExpr)
        return false;
    const CXCursor variable = clang_getCursorReferenced(reference);
    const CXTypeKind type = clang_getCanonicalType(clang_getCursorType(variable)).kind;
    if (type == CXType_ConstantArray || type == CXType_IncompleteArray)
        return true;
    if (clang_getCursorKind(variable) != CXCursor_ParmDecl || type != CXType_Pointer
        || !clang_equalCursors(clang_getCursorSemanticParent(variable), frame().function)
        || !evaluator().isFixedValueVariable(variable))
        return false;
    return !inlining() || frame().bindings.uniformPointers.contains(usrOf(variable));
}

} // namespace slicewatt
