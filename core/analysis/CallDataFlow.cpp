// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallDataFlow.h"

#include "InstructionTyping.h"
#include "KernelReadContext.h"
#include "LoopHeaderReader.h"
#include "MemorySpaceResolver.h"
#include "frontend/ClangHandles.h"
#include "frontend/CursorQueries.h"

#include <algorithm>

namespace slicewatt {

CallDataFlow::CallDataFlow(KernelReadContext& context, MemorySpaceResolver& spaces, LoopHeaderReader& values)
    : m_context(context)
    , m_spaces(spaces)
    , m_values(values)
{
}

QString CallDataFlow::callerVariable(CXCursor argument, bool addressOf)
{
    CXCursor expression = stripImplicit(argument);
    if (addressOf) {
        const QVector<CXCursor> operands = expressionChildren(expression);
        if (clang_getCursorKind(expression) != CXCursor_UnaryOperator || operands.size() != 1
            || m_context.tokens().firstToken(expression) != QLatin1String("&"))
            return QString();
        expression = stripImplicit(operands.first());
    }
    if (clang_getCursorKind(expression) != CXCursor_DeclRefExpr)
        return QString();
    const CXCursor variable = clang_getCursorReferenced(expression);
    const CXCursorKind kind = clang_getCursorKind(variable);
    if (kind != CXCursor_VarDecl && kind != CXCursor_ParmDecl)
        return QString();
    // A variable in memory (a __shared__ scalar) is written by stores the counter sees.
    if (m_spaces.lvalueSpace(expression))
        return QString();
    const QString usr = usrOf(variable);
    const QString outer = m_context.frame().bindings.aliases.value(usr);
    return outer.isEmpty() ? usr : outer;
}

std::optional<CXCursor> CallDataFlow::callableOf(CXCursor argument) const
{
    const CXCursor expression = stripImplicit(argument);
    if (clang_getCursorKind(expression) == CXCursor_DeclRefExpr) {
        if (const auto bound = m_context.frame().bindings.callableFor(usrOf(clang_getCursorReferenced(expression))))
            return bound;
    }
    return callOperatorOf(clang_getCursorType(argument));
}

CallBindings CallDataFlow::bind(const InlineCall& call, int callStatement)
{
    CallBindings bindings;
    if (clang_getCursorKind(call.definition) == CXCursor_FunctionTemplate)
        bindings.templateTypes = templateTypesOf(call);
    Statement& statement = m_context.ir().statements[callStatement];
    int index = 0;
    for (const CXCursor& child : childrenOf(call.definition)) {
        if (clang_getCursorKind(child) != CXCursor_ParmDecl)
            continue;
        const QString parameter = usrOf(child);
        statement.defines.insert(parameter);
        if (index < call.arguments.size()) {
            const CXCursor argument = call.arguments[index];
            m_spaces.bindParameter(child, argument);
            const CXTypeKind type = clang_getCanonicalType(clang_getCursorType(child)).kind;
            QString alias;
            if (type == CXType_LValueReference || type == CXType_RValueReference)
                alias = callerVariable(argument, false);
            else if (type == CXType_Pointer)
                alias = callerVariable(argument, true);
            if (type == CXType_Pointer && m_context.startsAtUniformAddress(argument))
                bindings.uniformPointers.insert(parameter);
            if (!alias.isEmpty())
                bindings.aliases.insert(parameter, alias);
            else if (type != CXType_LValueReference && type != CXType_RValueReference && type != CXType_Pointer) {
                // Read now, in the caller's frame. A value that differs between threads or
                // loop iterations is not bound: the callee's loops keep their own rules.
                const SymbolicExprPtr value = m_values.symbolic(argument, false, 0);
                if (value && !value->mentionsUnknown() && !value->mentionsThreadPosition()
                    && value->loopVariableStatement() < 0)
                    bindings.values.insert(parameter, value);
            }
            if (const auto callable = callableOf(argument))
                bindings.callables.insert(parameter, *callable);
        }
        ++index;
    }
    return bindings;
}

namespace {

// The template arguments a call spells between its callee's '<' and the matching '>' before
// its '(' (`escapeTime<double, 4>(…)`: "double", "4"); empty when it spells none.
QStringList explicitTemplateArguments(const QString& callText)
{
    const qsizetype paren = callText.indexOf(QLatin1Char('('));
    const qsizetype open = callText.indexOf(QLatin1Char('<'));
    if (open < 0 || paren < open)
        return {};
    QStringList arguments;
    QString current;
    int depth = 0;
    for (qsizetype i = open; i < callText.size(); ++i) {
        const QChar c = callText[i];
        if (c == QLatin1Char('<') && depth++ == 0)
            continue;
        if (c == QLatin1Char('>') && --depth == 0)
            return arguments << current.trimmed();
        if (c == QLatin1Char(',') && depth == 1) {
            arguments << current.trimmed();
            current.clear();
            continue;
        }
        current += c;
    }
    return {}; // unbalanced: not template arguments after all
}

} // namespace

QHash<QString, QString> CallDataFlow::templateTypesOf(const InlineCall& call) const
{
    QStringList parameters; // every template parameter in order; empty names for non-types
    for (const CXCursor& child : childrenOf(call.definition)) {
        const CXCursorKind kind = clang_getCursorKind(child);
        if (kind == CXCursor_TemplateTypeParameter)
            parameters << spellingOf(child);
        else if (kind == CXCursor_NonTypeTemplateParameter || kind == CXCursor_TemplateTemplateParameter)
            parameters << QString();
    }
    QHash<QString, QString> types;
    const QHash<QString, QString>& outer = m_context.templateTypes();
    const auto throughCaller = [&outer](const QString& spelling) {
        const QString name = withoutQualifiers(spelling);
        return outer.value(name, name);
    };
    const QStringList explicitArguments = explicitTemplateArguments(sourceTextOf(m_context.tu(), call.call));
    for (int i = 0; i < std::min(parameters.size(), explicitArguments.size()); ++i) {
        if (!parameters[i].isEmpty() && !explicitArguments[i].isEmpty())
            types.insert(parameters[i], throughCaller(explicitArguments[i]));
    }
    int index = 0;
    for (const CXCursor& child : childrenOf(call.definition)) {
        if (clang_getCursorKind(child) != CXCursor_ParmDecl)
            continue;
        const int argumentIndex = index++;
        const QString spelt = takeString(clang_getTypeSpelling(clang_getCursorType(child)));
        const QString parameter = withoutQualifiers(spelt);
        if (!parameters.contains(parameter) || parameter.isEmpty() || types.contains(parameter)
            || argumentIndex >= call.arguments.size())
            continue;
        CXType argument = clang_getCursorType(call.arguments[argumentIndex]);
        if (spelt.contains(QLatin1Char('*'))) {
            if (clang_getCanonicalType(argument).kind != CXType_Pointer)
                continue;
            argument = clang_getPointeeType(argument);
        }
        const QString name = withoutQualifiers(takeString(clang_getTypeSpelling(argument)));
        if (outer.contains(name)) {
            types.insert(parameter, outer.value(name));
            continue;
        }
        const QString canonical
            = withoutQualifiers(takeString(clang_getTypeSpelling(clang_getCanonicalType(argument))));
        if (!canonical.isEmpty() && !canonical.contains(QLatin1String("type-parameter")))
            types.insert(parameter, canonical);
    }
    return types;
}

void CallDataFlow::linkReturns(int callStatement, const QVector<int>& returnStatements)
{
    QVector<int>& valuesFrom = m_context.ir().statements[callStatement].valuesFrom;
    for (int id : returnStatements) {
        if (!valuesFrom.contains(id))
            valuesFrom << id;
    }
}

} // namespace slicewatt
