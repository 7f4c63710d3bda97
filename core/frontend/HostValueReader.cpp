// SPDX-License-Identifier: GPL-3.0-or-later
#include "HostValueReader.h"

#include "CursorQueries.h"

namespace slicewatt {
namespace {

// Deep enough for a launcher's arithmetic through two helpers, shallow enough that a
// self-referencing initialiser in broken code cannot recurse forever.
constexpr int kMaxDepth = 24;

// The expression of a body that is one `return EXPR;`; null for any other body.
CXCursor singleReturnOf(CXCursor definition)
{
    for (const CXCursor& child : childrenOf(definition)) {
        if (clang_getCursorKind(child) != CXCursor_CompoundStmt)
            continue;
        const QVector<CXCursor> statements = childrenOf(child);
        if (statements.size() != 1 || clang_getCursorKind(statements.first()) != CXCursor_ReturnStmt)
            return clang_getNullCursor();
        const QVector<CXCursor> value = expressionChildren(statements.first());
        return value.size() == 1 ? value.first() : clang_getNullCursor();
    }
    return clang_getNullCursor();
}

} // namespace

HostValueReader::HostValueReader(CXTranslationUnit tu, CXCursor function, ConstantEvaluator& evaluator,
    CallerNames callerNames, std::shared_ptr<MacroOperators> macros)
    : m_tu(tu)
    , m_function(function)
    , m_functionUsr(usrOf(primaryTemplateOf(function)))
    , m_functionName(spellingOf(primaryTemplateOf(function)))
    , m_evaluator(&evaluator)
    , m_callerNames(std::move(callerNames))
    , m_macros(std::move(macros))
{
}

SymbolicExprPtr HostValueReader::scalar(CXCursor expression)
{
    return read(expression, 0);
}

std::array<SymbolicExprPtr, 3> HostValueReader::dim3(CXCursor expression)
{
    return readDim3(expression, 0);
}

bool HostValueReader::isOwnDeclaration(CXCursor declaration) const
{
    return usrOf(primaryTemplateOf(clang_getCursorSemanticParent(declaration))) == m_functionUsr;
}

SymbolicExprPtr HostValueReader::hostValueOf(CXCursor declaration) const
{
    QStringList names{QStringLiteral("%1:%2").arg(m_functionName, spellingOf(declaration))};
    if (clang_getCursorKind(declaration) == CXCursor_ParmDecl && m_callerNames) {
        const QVector<CXCursor> parameters = parametersOf(m_function);
        for (int i = 0; i < parameters.size(); ++i) {
            if (clang_equalCursors(parameters[i], declaration)) {
                for (const QString& name : m_callerNames(m_function, i)) {
                    if (!names.contains(name))
                        names << name;
                }
            }
        }
    }
    return SymbolicExpr::hostValue(names);
}

SymbolicExprPtr HostValueReader::read(CXCursor expression, int depth)
{
    if (depth > kMaxDepth || isNull(expression))
        return nullptr;
    if (const std::optional<qint64> value = m_evaluator->scalar(expression))
        return SymbolicExpr::constant(*value);
    const QVector<CXCursor> operands = expressionChildren(expression);
    switch (clang_getCursorKind(expression)) {
    case CXCursor_UnexposedExpr:
    case CXCursor_ParenExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
        return operands.size() == 1 ? read(operands.first(), depth + 1) : nullptr;
    case CXCursor_DeclRefExpr:
        return readReference(expression, depth);
    case CXCursor_MemberRefExpr: {
        // `grid.x` of a dim3 whose components are readable.
        if (operands.size() != 1 || !isDim3Type(clang_getCursorType(operands.first())))
            return nullptr;
        const QString member = spellingOf(expression);
        const int axis = member == QLatin1String("x") ? 0 : member == QLatin1String("y") ? 1 : 2;
        if (axis == 2 && member != QLatin1String("z"))
            return nullptr;
        return readDim3(operands.first(), depth + 1)[size_t(axis)];
    }
    case CXCursor_BinaryOperator: {
        if (operands.size() != 2)
            return nullptr;
        const std::optional<BinaryOperator> op = m_evaluator->binaryOperatorOf(expression, operands[0]);
        if (!op || *op == BinaryOperator::Assign || *op == BinaryOperator::Comma)
            return nullptr;
        SymbolicExprPtr lhs = read(operands[0], depth + 1);
        SymbolicExprPtr rhs = lhs ? read(operands[1], depth + 1) : nullptr;
        return rhs ? SymbolicExpr::binary(*op, std::move(lhs), std::move(rhs)) : nullptr;
    }
    case CXCursor_UnaryOperator: {
        if (operands.size() != 1)
            return nullptr;
        const QString text = sourceTextOf(m_tu, expression);
        SymbolicExprPtr value = read(operands.first(), depth + 1);
        if (!value)
            return nullptr;
        if (text.startsWith(QLatin1Char('+')))
            return value;
        if (text.startsWith(QLatin1Char('-')) && !text.startsWith(QLatin1String("--")))
            return SymbolicExpr::binary(BinaryOperator::Subtract, SymbolicExpr::constant(0), std::move(value));
        return nullptr;
    }
    case CXCursor_ConditionalOperator: {
        // Readable when the condition is known; a run-time choice is not one value.
        if (operands.size() != 3)
            return nullptr;
        const std::optional<qint64> condition = m_evaluator->scalar(operands[0]);
        return condition ? read(*condition ? operands[1] : operands[2], depth + 1) : nullptr;
    }
    case CXCursor_CallExpr:
        return readCall(expression, depth);
    default:
        return nullptr;
    }
}

SymbolicExprPtr HostValueReader::readReference(CXCursor reference, int depth)
{
    const CXCursor declaration = clang_getCursorReferenced(reference);
    const CXCursorKind kind = clang_getCursorKind(declaration);
    if (kind == CXCursor_ParmDecl) {
        const auto substituted = m_substitutions.constFind(usrOf(declaration));
        if (substituted != m_substitutions.constEnd())
            return *substituted;
        return isOwnDeclaration(declaration) ? hostValueOf(declaration) : nullptr;
    }
    if (kind != CXCursor_VarDecl || !isOwnDeclaration(declaration))
        return nullptr; // a global the evaluator could not read, or another function's local
    // A local whose initialiser is readable is that value (`int blocks = ceil_div(n, 256)`);
    // one read from the run (`atoi(argv[1])`) or changed later is a value of its own.
    if (m_evaluator->isFixedValueVariable(declaration)) {
        const QVector<CXCursor> initialiser = expressionChildren(declaration);
        if (!initialiser.isEmpty()) {
            if (SymbolicExprPtr value = read(initialiser.last(), depth + 1))
                return value;
        }
    }
    return hostValueOf(declaration);
}

SymbolicExprPtr HostValueReader::readCall(CXCursor call, int depth)
{
    const CXCursor callee = clang_getCursorReferenced(call);
    if (isNull(callee))
        return nullptr;
    const CXCursor definition = clang_getCursorDefinition(primaryTemplateOf(callee));
    const CXCursor body = isNull(definition) ? definition : singleReturnOf(definition);
    if (isNull(body))
        return nullptr;
    const QVector<CXCursor> parameters = parametersOf(definition);
    const QVector<CXCursor> arguments = callArguments(call);
    QHash<QString, SymbolicExprPtr> inner;
    for (int i = 0; i < parameters.size() && i < arguments.size(); ++i) {
        if (SymbolicExprPtr value = read(arguments[i], depth + 1))
            inner.insert(usrOf(parameters[i]), std::move(value));
    }
    // The helper's parameters stand for this call's arguments while its return is read.
    const QHash<QString, SymbolicExprPtr> outer = m_substitutions;
    for (auto it = inner.cbegin(); it != inner.cend(); ++it)
        m_substitutions.insert(it.key(), it.value());
    ConstantEvaluator helper(m_tu, definition);
    helper.shareMacroOperators(m_macros);
    ConstantEvaluator* const caller = m_evaluator;
    m_evaluator = &helper;
    SymbolicExprPtr value = read(body, depth + 1);
    m_evaluator = caller;
    m_substitutions = outer;
    return value;
}

std::array<SymbolicExprPtr, 3> HostValueReader::readDim3(CXCursor expression, int depth)
{
    if (depth > kMaxDepth || isNull(expression))
        return {};
    if (!isDim3Type(clang_getCursorType(expression)))
        return {read(expression, depth + 1), SymbolicExpr::constant(1), SymbolicExpr::constant(1)};
    const QVector<CXCursor> operands = expressionChildren(expression);
    switch (clang_getCursorKind(expression)) {
    case CXCursor_CallExpr: {
        // A dim3 constructor: a copy, or up to three integers, the missing ones 1.
        if (operands.size() == 1 && isDim3Type(clang_getCursorType(operands.first())))
            return readDim3(operands.first(), depth + 1);
        if (operands.size() > 3)
            return {};
        std::array<SymbolicExprPtr, 3> value
            = {SymbolicExpr::constant(1), SymbolicExpr::constant(1), SymbolicExpr::constant(1)};
        for (int i = 0; i < operands.size(); ++i) {
            if (!isDefaultedArgument(operands[i]))
                value[size_t(i)] = read(operands[i], depth + 1);
        }
        return value;
    }
    case CXCursor_DeclRefExpr: {
        // A dim3 local set once: its initialiser (`dim3 grid(ceil_div(n, 16), rows)`).
        const CXCursor variable = clang_getCursorReferenced(expression);
        if (clang_getCursorKind(variable) != CXCursor_VarDecl || !isOwnDeclaration(variable)
            || !m_evaluator->isFixedValueVariable(variable))
            return {};
        const QVector<CXCursor> initialiser = expressionChildren(variable);
        if (initialiser.isEmpty())
            return {SymbolicExpr::constant(1), SymbolicExpr::constant(1), SymbolicExpr::constant(1)};
        return readDim3(initialiser.last(), depth + 1);
    }
    default:
        // Parentheses, casts and the conversions libclang does not expose.
        return operands.size() == 1 ? readDim3(operands.first(), depth + 1) : std::array<SymbolicExprPtr, 3>{};
    }
}

} // namespace slicewatt
