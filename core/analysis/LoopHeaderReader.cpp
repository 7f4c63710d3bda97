// SPDX-License-Identifier: GPL-3.0-or-later
#include "LoopHeaderReader.h"

#include "KernelReadContext.h"
#include "MemorySpaceResolver.h"
#include "frontend/CursorQueries.h"

namespace slicewatt {
namespace {

bool isStepOperator(BinaryOperator op)
{
    switch (op) {
    case BinaryOperator::Add:
    case BinaryOperator::Subtract:
    case BinaryOperator::Multiply:
    case BinaryOperator::Divide:
    case BinaryOperator::ShiftLeft:
    case BinaryOperator::ShiftRight:
        return true;
    default:
        return false;
    }
}

} // namespace

LoopHeaderReader::LoopHeaderReader(KernelReadContext& context)
    : m_context(context)
{
}

QString LoopHeaderReader::referencedVariable(CXCursor expression)
{
    const CXCursor stripped = stripImplicit(expression);
    if (clang_getCursorKind(stripped) != CXCursor_DeclRefExpr)
        return QString();
    return usrOf(clang_getCursorReferenced(stripped));
}

LoopHeader LoopHeaderReader::read(CXCursor init, CXCursor condition, CXCursor step)
{
    const TokenIndex& tokens = m_context.tokens();
    LoopHeader header;
    QString variable;
    CXCursor start = clang_getNullCursor();
    if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
        const QVector<CXCursor> variables = childrenOf(init);
        if (variables.size() == 1 && clang_getCursorKind(variables.first()) == CXCursor_VarDecl) {
            variable = usrOf(variables.first());
            if (const auto initialiser = m_context.initialiserOf(variables.first()))
                start = *initialiser;
        }
    } else if (clang_getCursorKind(init) == CXCursor_BinaryOperator) {
        const QVector<CXCursor> operands = expressionChildren(init);
        if (operands.size() == 2 && tokens.operatorAfter(init, operands[0]) == QLatin1String("=")) {
            variable = referencedVariable(operands[0]);
            start = operands[1];
        }
    }
    if (variable.isEmpty() || isNull(start)) {
        header.reason = QStringLiteral("loop initialisation is not `i = start`");
        return header;
    }
    // Condition: i OP bound, or bound OP i (mirrored).
    const CXCursor comparison = stripImplicit(condition);
    const QVector<CXCursor> sides = expressionChildren(comparison);
    if (clang_getCursorKind(comparison) != CXCursor_BinaryOperator || sides.size() != 2) {
        header.reason = QStringLiteral("loop condition is not a comparison");
        return header;
    }
    std::optional<BinaryOperator> op = binaryOperatorFromSpelling(tokens.operatorAfter(comparison, sides[0]));
    CXCursor bound = sides[1];
    if (referencedVariable(sides[1]) == variable) {
        bound = sides[0];
        if (op)
            op = mirroredComparison(*op);
    } else if (referencedVariable(sides[0]) != variable) {
        header.reason = QStringLiteral("loop condition does not compare the loop variable");
        return header;
    }
    if (!op || !isComparison(*op) || *op == BinaryOperator::Equal) {
        header.reason = QStringLiteral("loop condition is not <, <=, >, >= or !=");
        return header;
    }
    // Step: i++, i--, i op= s, i = i op s.
    std::optional<BinaryOperator> stepOperator;
    CXCursor stepValue = clang_getNullCursor();
    const CXCursor stepExpression = stripImplicit(step);
    const QVector<CXCursor> stepOperands = expressionChildren(stepExpression);
    switch (clang_getCursorKind(stepExpression)) {
    case CXCursor_UnaryOperator: {
        const QString text = tokens.firstToken(stepExpression) + tokens.lastToken(stepExpression);
        if (stepOperands.size() == 1 && referencedVariable(stepOperands[0]) == variable)
            stepOperator = text.contains(QLatin1String("++")) ? BinaryOperator::Add : BinaryOperator::Subtract;
        break;
    }
    case CXCursor_CompoundAssignOperator:
        if (stepOperands.size() == 2 && referencedVariable(stepOperands[0]) == variable) {
            QString spelling = tokens.operatorAfter(stepExpression, stepOperands[0]);
            spelling.chop(1); // "+=" → "+"
            stepOperator = binaryOperatorFromSpelling(spelling);
            stepValue = stepOperands[1];
        }
        break;
    case CXCursor_BinaryOperator:
        if (stepOperands.size() == 2 && referencedVariable(stepOperands[0]) == variable
            && tokens.operatorAfter(stepExpression, stepOperands[0]) == QLatin1String("=")) {
            const CXCursor value = stripImplicit(stepOperands[1]);
            const QVector<CXCursor> parts = expressionChildren(value);
            if (clang_getCursorKind(value) == CXCursor_BinaryOperator && parts.size() == 2
                && referencedVariable(parts[0]) == variable) {
                stepOperator = binaryOperatorFromSpelling(tokens.operatorAfter(value, parts[0]));
                stepValue = parts[1];
            }
        }
        break;
    default:
        break;
    }
    if (!stepOperator || !isStepOperator(*stepOperator)) {
        header.reason = QStringLiteral("loop step is not i++, i--, i op= s or i = i op s");
        return header;
    }
    header.canonical = true;
    header.start = symbolic(start, true, 0);
    header.comparison = *op;
    header.bound = symbolic(bound, false, 0);
    header.stepOperator = *stepOperator;
    header.step = isNull(stepValue) ? SymbolicExpr::constant(1) : symbolic(stepValue, false, 0);
    return header;
}

namespace {

bool mentionsThreadPosition(const SymbolicExprPtr& e)
{
    if (!e)
        return false;
    if (e->kind() == SymbolicExpr::Kind::ThreadIndex || e->kind() == SymbolicExpr::Kind::BlockIndex)
        return true;
    return e->kind() == SymbolicExpr::Kind::Binary && (mentionsThreadPosition(e->lhs()) || mentionsThreadPosition(e->rhs()));
}

} // namespace

QVector<ThreadGuard> LoopHeaderReader::threadGuards(CXCursor condition)
{
    const CXCursor expression = stripImplicit(condition);
    const QVector<CXCursor> sides = expressionChildren(expression);
    if (clang_getCursorKind(expression) != CXCursor_BinaryOperator || sides.size() != 2)
        return {};
    const QString spelling = m_context.tokens().operatorAfter(expression, sides[0]);
    if (spelling == QLatin1String("&&")) {
        const QVector<ThreadGuard> left = threadGuards(sides[0]);
        const QVector<ThreadGuard> right = left.isEmpty() ? QVector<ThreadGuard>() : threadGuards(sides[1]);
        return right.isEmpty() ? QVector<ThreadGuard>() : left + right;
    }
    const auto op = binaryOperatorFromSpelling(spelling);
    if (!op || !isComparison(*op) || *op == BinaryOperator::Equal || *op == BinaryOperator::NotEqual)
        return {};
    ThreadGuard guard;
    guard.index = symbolic(sides[0], false, 0);
    guard.comparison = *op;
    guard.bound = symbolic(sides[1], false, 0);
    if (mentionsThreadPosition(guard.bound)) {
        std::swap(guard.index, guard.bound);
        guard.comparison = mirroredComparison(*op);
    }
    if (!mentionsThreadPosition(guard.index) || mentionsThreadPosition(guard.bound))
        return {};
    return {guard};
}

SymbolicExprPtr LoopHeaderReader::symbolic(CXCursor expression, bool indicesAreZero, int depth)
{
    if (depth > 12)
        return SymbolicExpr::unknown(QStringLiteral("deep expression"));
    if (const auto value = m_context.evaluator().scalar(expression))
        return SymbolicExpr::constant(*value);
    const CXCursor stripped = stripImplicit(expression);
    const QVector<CXCursor> operands = expressionChildren(stripped);
    const QString text = sourceTextOf(m_context.tu(), stripped);
    switch (clang_getCursorKind(stripped)) {
    case CXCursor_MemberRefExpr: {
        if (operands.size() != 1)
            break;
        const QString base = spellingOf(clang_getCursorReferenced(stripImplicit(operands.first())));
        const QString member = m_context.tokens().lastToken(stripped);
        const int axis = member == QLatin1String("y") ? 1 : member == QLatin1String("z") ? 2 : 0;
        if (base == QLatin1String("blockDim"))
            return SymbolicExpr::launch(SymbolicExpr::Kind::BlockDim, axis);
        if (base == QLatin1String("gridDim"))
            return SymbolicExpr::launch(SymbolicExpr::Kind::GridDim, axis);
        const bool thread = base == QLatin1String("threadIdx");
        if (thread || base == QLatin1String("blockIdx")) {
            if (indicesAreZero)
                return SymbolicExpr::constant(0);
            return SymbolicExpr::threadPosition(
                thread ? SymbolicExpr::Kind::ThreadIndex : SymbolicExpr::Kind::BlockIndex, axis);
        }
        break;
    }
    case CXCursor_BinaryOperator: {
        if (operands.size() != 2)
            break;
        const auto op = binaryOperatorFromSpelling(m_context.tokens().operatorAfter(stripped, operands[0]));
        if (!op || !isArithmetic(*op))
            break;
        return SymbolicExpr::binary(
            *op, symbolic(operands[0], indicesAreZero, depth + 1), symbolic(operands[1], indicesAreZero, depth + 1));
    }
    case CXCursor_DeclRefExpr: {
        // A local initialised once (`int tid = threadIdx.x; int stride = blockDim.x * gridDim.x;`).
        const CXCursor variable = clang_getCursorReferenced(stripped);
        if (clang_getCursorKind(variable) == CXCursor_NonTypeTemplateParameter)
            return SymbolicExpr::templateParameter(spellingOf(variable));
        // The kernel's own integer parameter, never changed in its body: its value is the
        // launch's argument (`n` of `k<<<g, b>>>(x, n)`), known per launch. A callee's
        // parameter is not the kernel's: it stays unknown unless a constant was bound.
        if (clang_getCursorKind(variable) == CXCursor_ParmDecl && !m_context.inlining()
            && clang_equalCursors(clang_getCursorSemanticParent(variable), m_context.frame().function)
            && m_context.evaluator().isFixedValueVariable(variable))
            return SymbolicExpr::kernelArgument(spellingOf(variable));
        if (clang_getCursorKind(variable) == CXCursor_VarDecl && m_context.evaluator().isFixedValueVariable(variable)) {
            if (const auto initialiser = m_context.initialiserOf(variable))
                return symbolic(*initialiser, indicesAreZero, depth + 1);
        }
        break;
    }
    default:
        break;
    }
    return SymbolicExpr::unknown(text.isEmpty() ? QStringLiteral("?") : text);
}

} // namespace slicewatt
