// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: a loop header read whole; its symbolic reading serves only that.
#include "LoopHeaderReader.h"

#include "InstructionTyping.h"
#include "KernelReadContext.h"
#include "MemorySpaceResolver.h"
#include "VariableWrites.h"
#include "frontend/CursorQueries.h"

namespace slicewatt {
namespace {

// A floating value in a condition (InstructionTyping's reading of its type, __half and
// references included): the integer reading of the analysis would truncate it.
bool isFloating(CXCursor expression)
{
    const std::optional<ValueType> type = valueTypeOf(clang_getCursorType(expression), {});
    return type == ValueType::Float || type == ValueType::Double;
}

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

bool LoopHeaderReader::readCondition(CXCursor condition, const QString& variable, LoopHeader& header, CXCursor& bound)
{
    const CXCursor comparison = stripImplicit(condition);
    const QVector<CXCursor> sides = expressionChildren(comparison);
    if (clang_getCursorKind(comparison) != CXCursor_BinaryOperator || sides.size() != 2) {
        header.reason = QStringLiteral("loop condition is not a comparison");
        return false;
    }
    std::optional<BinaryOperator> op
        = binaryOperatorFromSpelling(m_context.tokens().operatorAfter(comparison, sides[0]));
    bound = sides[1];
    if (referencedVariable(sides[1]) == variable) {
        bound = sides[0];
        if (op)
            op = mirroredComparison(*op);
    } else if (referencedVariable(sides[0]) != variable) {
        header.reason = QStringLiteral("loop condition does not compare the loop variable");
        return false;
    }
    if (!op || !isComparison(*op) || *op == BinaryOperator::Equal) {
        header.reason = QStringLiteral("loop condition is not <, <=, >, >= or !=");
        return false;
    }
    header.comparison = *op;
    return true;
}

std::optional<LoopHeaderReader::Step> LoopHeaderReader::readStep(CXCursor step, const QString& variable)
{
    const TokenIndex& tokens = m_context.tokens();
    // i++, i--, i op= s, i = i op s; of several (`a += s, b += t`), the variable's.
    for (const CXCursor& part : commaOperands(step)) {
        const CXCursor stepExpression = stripImplicit(part);
        const QVector<CXCursor> stepOperands = expressionChildren(stepExpression);
        std::optional<BinaryOperator> op;
        CXCursor value = clang_getNullCursor();
        switch (clang_getCursorKind(stepExpression)) {
        case CXCursor_UnaryOperator: {
            const QString text = tokens.firstToken(stepExpression) + tokens.lastToken(stepExpression);
            if (stepOperands.size() == 1 && referencedVariable(stepOperands[0]) == variable) {
                if (text.contains(QLatin1String("++")))
                    op = BinaryOperator::Add;
                else if (text.contains(QLatin1String("--")))
                    op = BinaryOperator::Subtract;
            }
            break;
        }
        case CXCursor_CompoundAssignOperator:
            if (stepOperands.size() == 2 && referencedVariable(stepOperands[0]) == variable) {
                QString spelling = tokens.operatorAfter(stepExpression, stepOperands[0]);
                spelling.chop(1); // "+=" → "+"
                op = binaryOperatorFromSpelling(spelling);
                value = stepOperands[1];
            }
            break;
        case CXCursor_BinaryOperator:
            if (stepOperands.size() == 2 && referencedVariable(stepOperands[0]) == variable
                && tokens.operatorAfter(stepExpression, stepOperands[0]) == QLatin1String("=")) {
                const CXCursor assigned = stripImplicit(stepOperands[1]);
                const QVector<CXCursor> parts = expressionChildren(assigned);
                if (clang_getCursorKind(assigned) == CXCursor_BinaryOperator && parts.size() == 2
                    && referencedVariable(parts[0]) == variable) {
                    op = binaryOperatorFromSpelling(tokens.operatorAfter(assigned, parts[0]));
                    value = parts[1];
                }
            }
            break;
        default:
            break;
        }
        if (op)
            return Step{*op, value};
    }
    return std::nullopt;
}

LoopHeader LoopHeaderReader::read(CXCursor loop, CXCursor init, CXCursor condition, CXCursor step)
{
    const TokenIndex& tokens = m_context.tokens();
    LoopHeader header;
    const CXCursor comparison = stripImplicit(condition);
    const QVector<CXCursor> sides = expressionChildren(comparison);
    const bool compares = clang_getCursorKind(comparison) == CXCursor_BinaryOperator && sides.size() == 2;
    const QString left = compares ? referencedVariable(sides[0]) : QString();
    const QString right = compares ? referencedVariable(sides[1]) : QString();
    // Init: `int i = a` or `i = a`; of several (`int a = x, b = y`, `a = x, b = y`) the one
    // the condition compares.
    QVector<std::pair<QString, CXCursor>> initialised; // variable USR, its start (null: none)
    if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
        for (const CXCursor& declared : childrenOf(init)) {
            if (clang_getCursorKind(declared) == CXCursor_VarDecl)
                initialised.append(
                    {usrOf(declared), m_context.initialiserOf(declared).value_or(clang_getNullCursor())});
        }
    } else {
        for (const CXCursor& assignment : commaOperands(init)) {
            const QVector<CXCursor> operands = expressionChildren(assignment);
            if (clang_getCursorKind(assignment) == CXCursor_BinaryOperator && operands.size() == 2
                && tokens.operatorAfter(assignment, operands[0]) == QLatin1String("="))
                initialised.append({referencedVariable(operands[0]), operands[1]});
        }
    }
    QString variable;
    CXCursor start = clang_getNullCursor();
    for (const auto& [usr, value] : initialised) {
        if (usr.isEmpty() || (usr != left && usr != right && initialised.size() > 1))
            continue;
        variable = usr;
        start = value;
        break;
    }
    if (variable.isEmpty() || isNull(start)) {
        header.reason = QStringLiteral("loop initialisation is not `i = start`");
        return header;
    }
    CXCursor bound = clang_getNullCursor();
    if (!readCondition(condition, variable, header, bound))
        return header;
    const std::optional<Step> stepRead = readStep(step, variable);
    if (!stepRead || !isStepOperator(stepRead->op)) {
        header.reason = QStringLiteral("loop step is not i++, i--, i op= s or i = i op s");
        return header;
    }
    header.canonical = true;
    // A start that moves with an enclosing loop's variable (`for (i = iSum; i < pathN; i +=
    // 256)` inside `for (iSum = threadIdx.x; …)`) is read at that loop's first iteration, and
    // so is the bound where it moves with the same variable (`for (pos = base + tid; pos < base
    // + n; …)` with base = vec · n): the window the inner loop walks [ours, analysis-rules §4].
    // The same holds for thread and block indices: a bound that moves with the block the start
    // moves with (`for (a = aBegin; a <= aEnd; …)`, both wA · BLOCK · blockIdx.y + …) is read for
    // the first block, as the start is.
    // An enclosing loop whose values are the same for every thread (`for (stride = size / 2;
    // …)` inside `for (size = 2; size < n; size <<= 1)`, `for (j = 0; j < i; ++j)`) is named as
    // its variable instead: the count is then averaged over that loop's values
    // (averagedTripCount), one such loop per header.
    QSet<QString> moving;
    QString averaged;
    m_window = &moving;
    m_averagedVariable = &averaged;
    m_positionsInStart = false;
    m_loop = loop;
    header.start = symbolic(start, true, 0);
    header.bound = symbolic(bound, m_positionsInStart, 0);
    m_window = nullptr;
    m_averagedVariable = nullptr;
    QStringList notes;
    if (!averaged.isEmpty())
        notes << QStringLiteral("averaged over the values of the enclosing loop over %1")
                     .arg(m_inductionNames.value(averaged));
    if (!moving.isEmpty()) {
        QStringList names;
        for (const QString& usr : moving)
            names << m_inductionNames.value(usr);
        names.sort();
        notes << QStringLiteral("counted at the first iteration of the enclosing loop over %1")
                     .arg(names.join(QStringLiteral(", ")));
    }
    header.note = notes.join(QStringLiteral("; "));
    const bool startMovesWithThread = m_positionsInStart;
    header.stepOperator = stepRead->op;
    header.step = isNull(stepRead->value) ? SymbolicExpr::constant(1) : symbolic(stepRead->value, false, 0);
    m_loop = clang_getNullCursor();
    if (!startMovesWithThread && !header.start->mentionsThreadPosition() && !header.step->mentionsThreadPosition())
        m_uniformLoopVariables.insert(variable);
    m_lastLoopVariable = variable;
    // Inner loops may start from this one's variable.
    m_inductionStarts.insert(variable, start);
    m_inductionNames.insert(
        variable, spellingOf(clang_getCursorReferenced(stripImplicit(left == variable ? sides[0] : sides[1]))));
    return header;
}

LoopHeader LoopHeaderReader::readWhile(CXCursor loop, CXCursor condition, CXCursor body)
{
    LoopHeader header;
    header.reason = QStringLiteral("while loop");
    const CXCursor comparison = stripImplicit(condition);
    const QVector<CXCursor> sides = expressionChildren(comparison);
    if (clang_getCursorKind(comparison) != CXCursor_BinaryOperator || sides.size() != 2)
        return header;
    // The loop variable: the compared local the loop writes, once, in a statement of its body.
    VariableWrites& written = writes();
    const CXCursor bodyCursor = stripImplicit(body);
    const bool block = clang_getCursorKind(bodyCursor) == CXCursor_CompoundStmt;
    for (const CXCursor& side : sides) {
        const CXCursor compared = stripImplicit(side);
        if (clang_getCursorKind(compared) != CXCursor_DeclRefExpr)
            continue;
        const CXCursor variable = clang_getCursorReferenced(compared);
        const QString usr = usrOf(variable);
        const QVector<const VariableWrite*> inside = written.writesInside(usr, loop);
        if (inside.size() != 1)
            continue;
        const VariableWrite* stepWrite = inside.first();
        const int depth = int(stepWrite->path.size());
        bool bodyStatement = false; // the write is a statement of the body, not nested deeper
        CXCursor stepStatement = clang_getNullCursor();
        for (int i = 0; i + 1 < depth; ++i) {
            if (!clang_equalCursors(stepWrite->path[i].first, loop))
                continue;
            // loop → body → the write, or loop → block body → a statement of it
            bodyStatement
                = i + (block ? 3 : 2) == depth && clang_equalCursors(stepWrite->path[i + 1].first, bodyCursor);
            if (bodyStatement)
                stepStatement = stepWrite->path[depth - 1].first;
        }
        if (!bodyStatement)
            continue;
        const std::optional<Step> step = readStep(stepWrite->expression, usr);
        CXCursor bound = clang_getNullCursor();
        LoopHeader candidate;
        if (!step || !isStepOperator(step->op) || !readCondition(condition, usr, candidate, bound))
            continue;
        m_loop = loop;
        m_positionsInStart = false;
        candidate.start = valueAtLoop(variable, stepWrite, true, 0);
        candidate.bound = symbolic(bound, m_positionsInStart, 0);
        candidate.stepOperator = step->op;
        candidate.step = isNull(step->value) ? SymbolicExpr::constant(1) : symbolic(step->value, false, 0);
        m_loop = clang_getNullCursor();
        candidate.canonical = true;
        if (!m_positionsInStart && !candidate.start->mentionsThreadPosition()
            && !candidate.step->mentionsThreadPosition())
            m_uniformLoopVariables.insert(usr);
        // Guards in the body see the values the condition saw only when the step comes last.
        const QVector<CXCursor> statements = block ? childrenOf(bodyCursor) : QVector<CXCursor>();
        if (!statements.isEmpty() && clang_equalCursors(statements.last(), stepStatement))
            m_lastLoopVariable = usr;
        return candidate;
    }
    return header;
}

VariableWrites& LoopHeaderReader::writes()
{
    const CXCursor function = m_context.frame().function;
    std::shared_ptr<VariableWrites>& cached = m_writes[usrOf(function)];
    if (!cached)
        cached = std::make_shared<VariableWrites>(function, m_context.tokens());
    return *cached;
}

SymbolicExprPtr LoopHeaderReader::valueAtLoop(
    CXCursor variable, const VariableWrite* loopStep, bool indicesAreZero, int depth)
{
    const QString usr = usrOf(variable);
    const QString name = spellingOf(variable);
    const auto reaching = writes().reachingLoop(usr, m_loop, loopStep);
    if (!reaching)
        return SymbolicExpr::unknown(name);
    // Before its first write: a kernel parameter holds the launch's argument, a callee's what
    // its call passed where the launch fixes that.
    SymbolicExprPtr value = SymbolicExpr::unknown(name);
    if (clang_getCursorKind(variable) == CXCursor_ParmDecl && !m_context.inlining())
        value = SymbolicExpr::kernelArgument(name);
    else if (clang_getCursorKind(variable) == CXCursor_ParmDecl)
        value = m_context.frame().bindings.values.value(usr, value);
    // The writes' values are read with the variable bound to its value so far, and without
    // the loop: another variable they name is read where it is, not at the loop.
    const CXCursor loop = std::exchange(m_loop, clang_getNullCursor());
    for (const VariableWrite* write : *reaching) {
        const bool hasValue = !isNull(write->value);
        m_bound.insert(usr, value);
        switch (write->kind) {
        case VariableWrite::Kind::Declaration:
        case VariableWrite::Kind::Assignment:
            value = hasValue ? symbolic(write->value, indicesAreZero, depth + 1) : SymbolicExpr::unknown(name);
            break;
        case VariableWrite::Kind::Compound: {
            const auto op = binaryOperatorFromSpelling(write->compoundOperator);
            value = op && isArithmetic(*op) && hasValue
                ? SymbolicExpr::binary(*op, value, symbolic(write->value, indicesAreZero, depth + 1))
                : SymbolicExpr::unknown(name);
            break;
        }
        case VariableWrite::Kind::Increment:
        case VariableWrite::Kind::Decrement:
            value = SymbolicExpr::binary(
                write->kind == VariableWrite::Kind::Increment ? BinaryOperator::Add : BinaryOperator::Subtract, value,
                SymbolicExpr::constant(1));
            break;
        case VariableWrite::Kind::Opaque:
            value = SymbolicExpr::unknown(name);
            break;
        }
        m_bound.remove(usr);
    }
    m_loop = loop;
    return value;
}

QVector<CXCursor> LoopHeaderReader::commaOperands(CXCursor expression)
{
    QVector<CXCursor> parts;
    QVector<CXCursor> pending{expression};
    while (!pending.isEmpty() && parts.size() < 16) {
        const CXCursor part = stripImplicit(pending.takeFirst());
        const QVector<CXCursor> operands = expressionChildren(part);
        if (clang_getCursorKind(part) == CXCursor_BinaryOperator && operands.size() == 2
            && m_context.tokens().operatorAfter(part, operands[0]) == QLatin1String(",")) {
            pending.prepend(operands[1]);
            pending.prepend(operands[0]);
        } else {
            parts << part;
        }
    }
    return parts;
}

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
    if (!op || !isComparison(*op))
        return {};
    ThreadGuard guard;
    const SymbolicExprPtr symbolicSides[2] = {symbolic(sides[0], false, 0), symbolic(sides[1], false, 0)};
    guard.index = symbolicSides[0];
    guard.comparison = *op;
    guard.bound = symbolicSides[1];
    if (guard.bound->mentionsThreadPosition()) {
        std::swap(guard.index, guard.bound);
        guard.comparison = mirroredComparison(*op);
    }
    if (!guard.index->mentionsThreadPosition() || guard.bound->mentionsThreadPosition())
        return {};
    const CXCursor bound = stripImplicit(guard.index == symbolicSides[0] ? sides[1] : sides[0]);
    // Only a loop whose values are the same for every thread (its start does not move with
    // the thread): its values are then the bound each thread compares with.
    if (guard.bound->kind() == SymbolicExpr::Kind::Unknown && clang_getCursorKind(bound) == CXCursor_DeclRefExpr) {
        const QString usr = usrOf(clang_getCursorReferenced(bound));
        if (m_uniformLoopVariables.contains(usr))
            guard.boundLoop = m_loopStatements.value(usr, -1);
    }
    return {guard};
}

void LoopHeaderReader::placeLoop(int statement)
{
    if (!m_lastLoopVariable.isEmpty())
        m_loopStatements.insert(std::exchange(m_lastLoopVariable, QString()), statement);
}

SymbolicExprPtr LoopHeaderReader::launchCondition(CXCursor condition)
{
    const SymbolicExprPtr truth = truthOf(condition, 0);
    if (!truth || truth->mentionsThreadPosition())
        return nullptr;
    // Kept where the launch decides it, or the compiler already has (`if (sizeof(T) == 8)`).
    if (!truth->dependsOnLaunch() && !truth->evaluate(LaunchShape{}))
        return nullptr;
    return truth;
}

// The condition as an integer expression that is nonzero exactly where it holds.
SymbolicExprPtr LoopHeaderReader::truthOf(CXCursor condition, int depth)
{
    if (depth > 12)
        return nullptr;
    const CXCursor expression = stripImplicit(condition);
    const QVector<CXCursor> operands = expressionChildren(expression);
    const CXCursorKind kind = clang_getCursorKind(expression);
    if (kind == CXCursor_UnaryOperator && operands.size() == 1
        && m_context.tokens().firstToken(expression) == QLatin1String("!")) {
        const SymbolicExprPtr operand = truthOf(operands[0], depth + 1);
        return operand ? SymbolicExpr::binary(BinaryOperator::Equal, operand, SymbolicExpr::constant(0)) : nullptr;
    }
    if (kind == CXCursor_BinaryOperator && operands.size() == 2) {
        const auto op = binaryOperatorFromSpelling(m_context.tokens().operatorAfter(expression, operands[0]));
        if (op == BinaryOperator::LogicalAnd || op == BinaryOperator::LogicalOr) {
            const SymbolicExprPtr lhs = truthOf(operands[0], depth + 1);
            const SymbolicExprPtr rhs = lhs ? truthOf(operands[1], depth + 1) : nullptr;
            return rhs ? SymbolicExpr::binary(*op, lhs, rhs) : nullptr;
        }
        if (op && isComparison(*op) && !isFloating(operands[0]) && !isFloating(operands[1]))
            return SymbolicExpr::binary(
                *op, symbolic(operands[0], false, depth + 1), symbolic(operands[1], false, depth + 1));
        if (op && isComparison(*op))
            return nullptr;
    }
    if (isFloating(expression)) // `if (alpha)` on a float: the bool conversion is stripped above
        return nullptr;
    return SymbolicExpr::binary(
        BinaryOperator::NotEqual, symbolic(expression, false, depth + 1), SymbolicExpr::constant(0));
}

SymbolicExprPtr LoopHeaderReader::symbolic(CXCursor expression, bool indicesAreZero, int depth)
{
    if (depth > 12) {
        m_laneVaryingUnknown = true;
        return SymbolicExpr::unknown(QStringLiteral("deep expression"));
    }
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
            if (indicesAreZero) {
                m_positionsInStart = true;
                return SymbolicExpr::constant(0);
            }
            return SymbolicExpr::threadPosition(
                thread ? SymbolicExpr::Kind::ThreadIndex : SymbolicExpr::Kind::BlockIndex, axis);
        }
        break;
    }
    case CXCursor_BinaryOperator: {
        if (operands.size() != 2)
            break;
        std::optional<BinaryOperator> op
            = binaryOperatorFromSpelling(m_context.tokens().operatorAfter(stripped, operands[0]));
        if (!op) // spelt inside a macro's definition: UMAD(a, b, c) = ((a) * (b)) + (c)
            op = m_context.macroOperators().operatorOf(stripped);
        if (!op || !isArithmetic(*op))
            break;
        return SymbolicExpr::binary(
            *op, symbolic(operands[0], indicesAreZero, depth + 1), symbolic(operands[1], indicesAreZero, depth + 1));
    }
    case CXCursor_CallExpr: {
        // __mul24 / __umul24 (the samples' IMUL, UMUL, MUL macros): a multiplication.
        const QString name = spellingOf(stripped);
        const QVector<CXCursor> arguments = callArguments(stripped);
        if ((name == QLatin1String("__mul24") || name == QLatin1String("__umul24")) && arguments.size() == 2)
            return SymbolicExpr::binary(BinaryOperator::Multiply, symbolic(arguments[0], indicesAreZero, depth + 1),
                symbolic(arguments[1], indicesAreZero, depth + 1));
        break;
    }
    case CXCursor_DeclRefExpr: {
        // A local initialised once (`int tid = threadIdx.x; int stride = blockDim.x * gridDim.x;`).
        const CXCursor variable = clang_getCursorReferenced(stripped);
        // An enclosing loop's variable in this loop's start, or in its bound where the start
        // moves with it too: its first value (read()'s window rule).
        if (m_window) {
            const QString usr = usrOf(variable);
            if (m_averagedVariable && (m_averagedVariable->isEmpty() || *m_averagedVariable == usr)
                && m_inductionStarts.contains(usr) && m_uniformLoopVariables.contains(usr)
                && m_loopStatements.contains(usr)) {
                *m_averagedVariable = usr;
                return SymbolicExpr::loopVariable(m_inductionNames.value(usr), m_loopStatements.value(usr));
            }
            const auto enclosing = m_inductionStarts.constFind(usr);
            if (enclosing != m_inductionStarts.constEnd() && (indicesAreZero || m_window->contains(usr))) {
                m_window->insert(usr);
                return symbolic(*enclosing, true, depth + 1);
            }
        }
        if (const auto bound = m_bound.constFind(usrOf(variable)); bound != m_bound.constEnd())
            return *bound;
        if (clang_getCursorKind(variable) == CXCursor_NonTypeTemplateParameter)
            return SymbolicExpr::templateParameter(spellingOf(variable));
        // The kernel's own integer parameter, never changed in its body: its value is the
        // launch's argument (`n` of `k<<<g, b>>>(x, n)`), known per launch. A callee's
        // parameter never changed in its body holds what its call passed, where the launch
        // fixes that (CallBindings::values); else it stays unknown.
        if (clang_getCursorKind(variable) == CXCursor_ParmDecl
            && clang_equalCursors(clang_getCursorSemanticParent(variable), m_context.frame().function)
            && m_context.evaluator().isFixedValueVariable(variable)) {
            if (!m_context.inlining())
                return SymbolicExpr::kernelArgument(spellingOf(variable));
            if (const auto passed = m_context.frame().bindings.values.constFind(usrOf(variable));
                passed != m_context.frame().bindings.values.constEnd())
                return *passed;
        }
        if (clang_getCursorKind(variable) == CXCursor_VarDecl && m_context.evaluator().isFixedValueVariable(variable)) {
            if (const auto initialiser = m_context.initialiserOf(variable))
                return symbolic(*initialiser, indicesAreZero, depth + 1);
        }
        // A variable the function writes, named in a loop's header: the value the writes
        // before the loop leave, where nothing inside or around the loop changes it.
        const CXCursorKind variableKind = clang_getCursorKind(variable);
        if (!isNull(m_loop) && (variableKind == CXCursor_VarDecl || variableKind == CXCursor_ParmDecl)
            && clang_equalCursors(clang_getCursorSemanticParent(variable), m_context.frame().function))
            return valueAtLoop(variable, nullptr, indicesAreZero, depth + 1);
        break;
    }
    default:
        break;
    }
    if (m_readingWarpIndex
        && !(clang_getCursorKind(stripped) == CXCursor_DeclRefExpr
            && m_uniformLoopVariables.contains(usrOf(clang_getCursorReferenced(stripped)))))
        m_laneVaryingUnknown = true;
    return SymbolicExpr::unknown(text.isEmpty() ? QStringLiteral("?") : text);
}

SymbolicExprPtr LoopHeaderReader::warpIndex(CXCursor expression)
{
    m_readingWarpIndex = true;
    m_laneVaryingUnknown = false;
    SymbolicExprPtr index = symbolic(expression, false, 0);
    m_readingWarpIndex = false;
    return m_laneVaryingUnknown ? nullptr : index;
}

} // namespace slicewatt
