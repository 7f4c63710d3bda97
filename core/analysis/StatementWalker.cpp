// SPDX-License-Identifier: GPL-3.0-or-later
#include "StatementWalker.h"

#include "KernelReadContext.h"
#include "frontend/CursorQueries.h"

#include <optional>
#include <utility>

namespace slicewatt {

StatementWalker::StatementWalker(KernelReadContext& context)
    : m_context(context)
    , m_spaces(context)
    , m_counter(context, m_spaces)
    , m_loops(context)
    , m_calls(context, m_spaces, m_loops)
{
    m_counter.setIndexReader(&m_loops);
}

void StatementWalker::walkKernel(CXCursor kernel)
{
    for (const CXCursor& child : childrenOf(kernel)) {
        if (clang_getCursorKind(child) == CXCursor_ParmDecl)
            m_spaces.classifyParameter(child);
    }
    m_inlineStack << usrOf(kernel);
    walkFunctionBody(kernel, Context{}, QString(), {});
    m_context.leaveFunction();
}

// Leaves the function's frame in place: the caller reads its returns, then leaves it.
void StatementWalker::walkFunctionBody(
    CXCursor function, const Context& context, const QString& inlinedFrom, const CallBindings& bindings)
{
    m_context.enterFunction(function, inlinedFrom, bindings);
    for (const CXCursor& child : childrenOf(function)) {
        if (clang_getCursorKind(child) == CXCursor_CompoundStmt) {
            Context body = context;
            walkBlock(child, body);
        }
    }
}

QVector<int> StatementWalker::walkBlock(CXCursor block, Context& context)
{
    // Returns the exits (if + return statement ids) of conditional returns inside the
    // block, which later statements depend on.
    QVector<int> exits;
    for (const CXCursor& child : childrenOf(block)) {
        const QVector<int> childExits = walkStatement(child, context);
        for (int id : childExits) {
            if (!context.controls.contains(id))
                context.controls << id;
            exits << id;
        }
    }
    return exits;
}

QVector<int> StatementWalker::walkStatement(CXCursor cursor, Context& context)
{
    const DepthGuard nesting(m_context.nestingDepth);
    if (m_context.stopped())
        return {};
    if (m_context.nestingDepth > m_context.limits().maxNestingDepth) {
        m_context.reportLimit(KernelReadContext::Limit::Nesting, expansionLocationOf(cursor),
            QStringLiteral("statements nest deeper than %1 levels in kernel %2; deeper statements are not "
                           "analysed, so its estimate is incomplete")
                .arg(m_context.limits().maxNestingDepth)
                .arg(m_context.ir().kernelName));
        return {};
    }
    const CXCursorKind kind = clang_getCursorKind(cursor);
    switch (kind) {
    case CXCursor_CompoundStmt: {
        Context inner = context;
        return walkBlock(cursor, inner);
    }
    case CXCursor_DeclStmt:
        walkDeclaration(cursor, context);
        return {};
    case CXCursor_IfStmt:
        return walkIf(cursor, context);
    case CXCursor_SwitchStmt:
        return walkSwitch(cursor, context);
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
        return walkLoop(cursor, context);
    case CXCursor_ReturnStmt: {
        ExpressionFacts facts;
        for (const CXCursor& operand : expressionChildren(cursor))
            m_counter.scan(operand, AccessMode::Load, facts);
        const int id = addStatement(StatementKind::Return, cursor, facts, context);
        inlineCalls(facts, id, context);
        // Inside an inlined function a return ends the callee, not the kernel; its value
        // goes to the calling statement.
        if (!m_context.inlining())
            return {id};
        m_context.frame().returnStatements << id;
        return {};
    }
    case CXCursor_LabelStmt: {
        const QVector<CXCursor> children = childrenOf(cursor);
        return children.isEmpty() ? QVector<int>{} : walkStatement(children.last(), context);
    }
    case CXCursor_UnexposedStmt: { // `#pragma unroll` wraps its loop in an attributed statement
        QVector<int> exits;
        for (const CXCursor& child : childrenOf(cursor)) {
            const CXCursorKind childKind = clang_getCursorKind(child);
            // The loop hint is the only attribute CUDA code puts on loops.
            m_unrollPragma
                = childKind == CXCursor_ForStmt || childKind == CXCursor_WhileStmt || childKind == CXCursor_DoStmt;
            if (clang_isStatement(childKind) || clang_isExpression(childKind))
                exits += walkStatement(child, context);
            m_unrollPragma = false;
        }
        return exits;
    }
    case CXCursor_NullStmt:
    case CXCursor_BreakStmt:
    case CXCursor_ContinueStmt:
    case CXCursor_GotoStmt:
        return {};
    default:
        if (clang_isExpression(kind) || kind == CXCursor_AsmStmt || kind == CXCursor_GCCAsmStmt) {
            ExpressionFacts facts;
            if (clang_isExpression(kind))
                m_counter.scanStatement(cursor, facts);
            const int id = addStatement(StatementKind::Expression, cursor, facts, context);
            inlineCalls(facts, id, context);
        }
        return {};
    }
}

void StatementWalker::countSharedDeclaration(CXCursor variable)
{
    SharedMemoryUse& use = m_context.ir().sharedMemory;
    const QString usr = usrOf(variable);
    if (use.declarations.contains(usr))
        return;
    use.declarations << usr;
    // clang's layout of the declared type: an incomplete array (`extern __shared__ float
    // s[]`) or a template-dependent one has no size here and is named instead.
    const long long bytes = clang_Type_getSizeOf(clang_getCursorType(variable));
    if (bytes >= 0)
        use.staticBytes += bytes;
    else
        use.unsized << spellingOf(variable);
}

void StatementWalker::walkDeclaration(CXCursor declaration, Context& context)
{
    ExpressionFacts facts;
    bool initialised = false;
    for (const CXCursor& variable : childrenOf(declaration)) {
        if (clang_getCursorKind(variable) != CXCursor_VarDecl)
            continue;
        if (hasAttribute(variable, CXCursor_CUDASharedAttr))
            countSharedDeclaration(variable);
        const auto found = m_context.initialiserOf(variable);
        // `float4 v;` has an implicit constructor call with no arguments: no initialiser.
        const bool implicitConstruction = found && clang_getCursorKind(*found) == CXCursor_CallExpr
            && expressionChildren(*found).isEmpty() && sourceTextOf(m_context.tu(), *found).isEmpty();
        // `auto f = [&](int k) { … };` runs nothing where it stands: the body runs where f is
        // called (and is inlined there); captures are addresses and copies the compiler
        // keeps in registers. So the definition is no statement of the kernel.
        const bool lambda = found && clang_getCursorKind(stripImplicit(*found)) == CXCursor_LambdaExpr;
        if (!found || implicitConstruction || lambda) {
            m_spaces.declareVariable(variable, std::nullopt);
            continue;
        }
        const CXCursor initialiser = *found;
        initialised = true;
        facts.defines.insert(usrOf(variable));
        m_counter.scan(initialiser, AccessMode::Load, facts);
        m_spaces.declareVariable(variable, initialiser);
        // `T* sdata = SharedMemory<T>();` in a template: the conversion the instantiation
        // will call is not in the AST yet; inline it as the instantiation would.
        if (isPointerLike(clang_getCursorType(variable))) {
            if (const auto conversion = m_spaces.pointerConversionOf(stripImplicit(initialiser)))
                facts.deviceCalls << InlineCall{initialiser, *conversion, {}};
        }
    }
    if (!initialised)
        return;
    const int id = addStatement(StatementKind::Declaration, declaration, facts, context);
    inlineCalls(facts, id, context);
}

QVector<int> StatementWalker::walkArm(CXCursor statement, Context& context, int branch, int arm)
{
    Context inner = context;
    inner.controls << branch;
    inner.arms << ArmStep{branch, arm};
    return walkStatement(statement, inner);
}

QVector<int> StatementWalker::walkIf(CXCursor cursor, Context& context)
{
    const QVector<CXCursor> children = childrenOf(cursor);
    QVector<CXCursor> statements;
    std::optional<CXCursor> condition;
    for (const CXCursor& child : children) {
        if (!condition
            && (clang_isExpression(clang_getCursorKind(child)) || clang_getCursorKind(child) == CXCursor_DeclStmt))
            condition = child;
        else
            statements << child;
    }
    // `if constexpr` is decided at compile time: only the selected arm exists at run time,
    // as part of the enclosing block (analysis-rules §1).
    if (condition && m_context.tokens().tokenAt(cursor, 1) == QLatin1String("constexpr")) {
        if (const auto decided = m_context.compileTimeValue(*condition)) {
            const int selected = decided->value != 0 ? 0 : 1;
            if (decided->fromInstantiation)
                m_context.ir().notes << QStringLiteral("if constexpr at line %1 decided (%2) with the template "
                                                       "arguments of the launch at %3")
                                            .arg(expansionLocationOf(cursor).line)
                                            .arg(decided->value != 0 ? QStringLiteral("true") : QStringLiteral("false"),
                                                m_context.instantiationPlace());
            return selected < statements.size() ? walkStatement(statements[selected], context) : QVector<int>{};
        }
        m_context.ir().notes << QStringLiteral("if constexpr at line %1 depends on template arguments SliceWatt "
                                               "could not evaluate: both arms are read as a run-time branch")
                                    .arg(expansionLocationOf(cursor).line);
    }
    ExpressionFacts facts;
    if (condition)
        m_counter.scan(*condition, AccessMode::Load, facts);
    const int id = addStatement(StatementKind::If, cursor, facts, context);
    Statement& statement = m_context.ir().statements[id];
    statement.decisionPoints += 1;
    statement.armCount = 2;
    statement.equalityOnThreadIndex = condition && comparesThreadIndexForEquality(*condition);
    if (condition) {
        statement.guards = m_loops.threadGuards(*condition);
        // A loop variable compared outside its loop (a while's, after it) is one value, unknown.
        for (ThreadGuard& guard : statement.guards) {
            if (!context.loops.contains(guard.boundLoop))
                guard.boundLoop = -1;
        }
        statement.launchCondition = m_loops.launchCondition(*condition);
    }
    inlineCalls(facts, id, context);

    QVector<int> exits;
    for (int arm = 0; arm < statements.size() && arm < 2; ++arm) {
        const QVector<int> armExits = walkArm(statements[arm], context, id, arm);
        if (!armExits.isEmpty()) {
            exits << id;
            exits += armExits;
        }
    }
    return exits;
}

QVector<int> StatementWalker::walkSwitch(CXCursor cursor, Context& context)
{
    const QVector<CXCursor> children = childrenOf(cursor);
    ExpressionFacts facts;
    CXCursor body = clang_getNullCursor();
    for (const CXCursor& child : children) {
        if (clang_isExpression(clang_getCursorKind(child)))
            m_counter.scan(child, AccessMode::Load, facts);
        else if (clang_getCursorKind(child) == CXCursor_CompoundStmt)
            body = child;
    }
    const int id = addStatement(StatementKind::Switch, cursor, facts, context);
    inlineCalls(facts, id, context);
    if (isNull(body))
        return {};
    int arm = -1;
    int labels = 0;
    bool hasDefault = false;
    QVector<int> exits;
    for (const CXCursor& child : childrenOf(body)) {
        CXCursor statement = child;
        // Consecutive labels (`case 1: case 2:`) nest: they open one arm together.
        bool opensArm = false;
        while (clang_getCursorKind(statement) == CXCursor_CaseStmt
            || clang_getCursorKind(statement) == CXCursor_DefaultStmt) {
            if (clang_getCursorKind(statement) == CXCursor_CaseStmt)
                ++labels;
            else
                hasDefault = true;
            opensArm = true;
            const QVector<CXCursor> parts = childrenOf(statement);
            if (parts.isEmpty())
                break;
            statement = parts.last();
        }
        if (opensArm)
            ++arm;
        const QVector<int> armExits = walkArm(statement, context, id, qMax(arm, 0));
        if (!armExits.isEmpty()) {
            exits << id;
            exits += armExits;
        }
    }
    Statement& s = m_context.ir().statements[id];
    s.decisionPoints += labels;
    s.armCount = arm + 1 + (hasDefault ? 0 : 1); // a missing default is an empty arm
    return exits;
}

QVector<int> StatementWalker::walkLoop(CXCursor cursor, Context& context)
{
    const CXCursorKind kind = clang_getCursorKind(cursor);
    const QVector<CXCursor> children = childrenOf(cursor);
    const bool unrollPragma = std::exchange(m_unrollPragma, false); // not the loops nested in it
    // `do { … } while (0)` (the statement-like macro idiom) runs its body once: a block.
    if (kind == CXCursor_DoStmt && children.size() == 2 && clang_isExpression(clang_getCursorKind(children[1]))) {
        const auto value = m_context.evaluator().scalar(children[1]);
        if (value && *value == 0)
            return walkStatement(children[0], context);
    }
    ExpressionFacts facts;
    CXCursor body = clang_getNullCursor();
    LoopHeader header;
    if (kind == CXCursor_ForStmt && children.size() == 4) {
        for (int i = 0; i < 3; ++i) {
            if (clang_getCursorKind(children[i]) == CXCursor_DeclStmt) {
                for (const CXCursor& variable : childrenOf(children[i])) {
                    if (clang_getCursorKind(variable) != CXCursor_VarDecl)
                        continue;
                    facts.defines.insert(usrOf(variable));
                    const auto init = m_context.initialiserOf(variable);
                    if (init)
                        m_counter.scan(*init, AccessMode::Load, facts);
                    m_spaces.declareVariable(variable, init);
                }
            } else {
                m_counter.scan(children[i], AccessMode::Load, facts);
            }
        }
        body = children[3];
        header = m_loops.read(cursor, children[0], children[1], children[2]);
    } else {
        // The body is the last child of a while (which may be a bare expression statement,
        // `while (c) ++b;`) and the first of a do; the other expressions are the condition.
        const int bodyIndex = kind == CXCursor_DoStmt ? 0 : int(children.size()) - 1;
        for (int i = 0; i < children.size(); ++i) {
            if (i == bodyIndex)
                body = children[i];
            else if (clang_isExpression(clang_getCursorKind(children[i])))
                m_counter.scan(children[i], AccessMode::Load, facts);
        }
        if (kind == CXCursor_WhileStmt && children.size() == 2 && !isNull(body))
            header = m_loops.readWhile(cursor, children[0], body);
        else
            header.reason = kind == CXCursor_WhileStmt ? QStringLiteral("while loop")
                : kind == CXCursor_DoStmt              ? QStringLiteral("do-while loop")
                                                       : QStringLiteral("for loop without init, condition and step");
    }
    header.unrollPragma = unrollPragma;
    const int id = addStatement(StatementKind::Loop, cursor, facts, context);
    if (header.canonical)
        m_loops.placeLoop(id);
    m_context.ir().statements[id].loops << id;
    m_context.ir().statements[id].loop = header;
    inlineCalls(facts, id, context);
    if (isNull(body))
        return {};
    Context inner = context;
    inner.loops << id;
    inner.controls << id;
    const QVector<int> exits = walkStatement(body, inner);
    return exits.isEmpty() ? QVector<int>{} : QVector<int>{id} + exits;
}

int StatementWalker::addStatement(
    StatementKind kind, CXCursor cursor, const ExpressionFacts& facts, const Context& context)
{
    Statement statement;
    statement.kind = kind;
    statement.location = expansionLocationOf(cursor);
    statement.arithmetic = facts.arithmetic;
    statement.instructions = facts.instructions;
    statement.machineAdjustment = facts.machineAdjustment;
    statement.accesses = facts.accesses;
    statement.accessBytes = facts.accessBytes;
    statement.storeBytes = facts.storeBytes;
    statement.patterns = facts.patterns;
    noteUntypedOperands(facts);
    // A declaration's initialiser is written with `=` in the papers' examples.
    const int assignments = facts.assignments + (kind == StatementKind::Declaration ? 1 : 0);
    for (MemorySpace space : kAllMemorySpaces) {
        if (facts.accesses[space] > 0)
            statement.lexicalAccesses[space] = assignments;
    }
    statement.isBarrier = facts.barrier;
    statement.defines = facts.defines;
    statement.uses = facts.uses;
    statement.loops = context.loops;
    statement.controls = context.controls;
    statement.arms = context.arms;
    statement.decisionPoints = facts.ternaries;
    statement.inlinedFrom = m_context.frame().inlinedFrom;
    m_context.addStatementContext(int(context.loops.size() + context.controls.size() + context.arms.size()));
    KernelIR& ir = m_context.ir();
    ir.statements << statement;
    return int(ir.statements.size() - 1);
}

void StatementWalker::noteUntypedOperands(const ExpressionFacts& facts)
{
    QStringList& notes = m_context.ir().notes;
    QStringList types = facts.untypedOperands.values();
    types.sort();
    for (const QString& type : types) {
        const QString note = QStringLiteral("operands of type '%1' have no type from a launch: their operations are "
                                            "counted as float for the instruction-class energy")
                                 .arg(type);
        if (!notes.contains(note))
            notes << note;
    }
}

void StatementWalker::inlineCalls(const ExpressionFacts& facts, int callStatement, const Context& context)
{
    KernelIR& ir = m_context.ir();
    const AnalysisLimits& limits = m_context.limits();
    for (const InlineCall& call : facts.deviceCalls) {
        const QString usr = usrOf(call.definition);
        const QString name = spellingOf(call.definition);
        if (m_inlineStack.contains(usr)) {
            ir.notes << QStringLiteral("recursive call of %1 at line %2 cut off")
                            .arg(name)
                            .arg(expansionLocationOf(call.call).line);
            continue;
        }
        if (m_context.stopped())
            return;
        if (m_inlineStack.size() >= limits.maxInlineDepth) {
            m_context.reportLimit(KernelReadContext::Limit::InlineDepth, expansionLocationOf(call.call),
                QStringLiteral("device function calls nest deeper than %1 levels in kernel %2; deeper calls are "
                               "not inlined, so their bodies are not counted")
                    .arg(limits.maxInlineDepth)
                    .arg(ir.kernelName));
            continue;
        }
        if (m_context.inlinedCalls >= limits.maxInlinedCalls) {
            m_context.reportLimit(KernelReadContext::Limit::InlinedCalls, expansionLocationOf(call.call),
                QStringLiteral("kernel %1 inlines more than %2 device function calls; further calls are not "
                               "inlined, so their bodies are not counted")
                    .arg(ir.kernelName)
                    .arg(limits.maxInlinedCalls));
            continue;
        }
        ++m_context.inlinedCalls;
        const CallBindings bindings = m_calls.bind(call, callStatement);
        m_inlineStack << usr;
        walkFunctionBody(call.definition, context, name, bindings);
        const QVector<int> returns = m_context.frame().returnStatements;
        m_context.leaveFunction();
        m_inlineStack.removeLast();
        m_calls.linkReturns(callStatement, returns);
    }
}

bool StatementWalker::comparesThreadIndexForEquality(CXCursor condition)
{
    const CXCursor expression = stripImplicit(condition);
    if (clang_getCursorKind(expression) != CXCursor_BinaryOperator)
        return false;
    const QVector<CXCursor> operands = expressionChildren(expression);
    if (operands.size() != 2 || m_context.tokens().operatorAfter(expression, operands[0]) != QLatin1String("=="))
        return false;
    for (int side = 0; side < 2; ++side) {
        if (m_context.evaluator().scalar(operands[1 - side]) && mentionsThreadIndex(operands[side], 0))
            return true;
    }
    return false;
}

// threadIdx itself, or a local variable initialised from it (`int tid = threadIdx.x`).
bool StatementWalker::mentionsThreadIndex(CXCursor expression, int depth)
{
    if (depth > 4)
        return false;
    const QString text = sourceTextOf(m_context.tu(), expression);
    if (text.contains(QLatin1String("threadIdx")))
        return true;
    const CXCursor stripped = stripImplicit(expression);
    if (clang_getCursorKind(stripped) != CXCursor_DeclRefExpr)
        return false;
    const CXCursor variable = clang_getCursorReferenced(stripped);
    if (clang_getCursorKind(variable) != CXCursor_VarDecl)
        return false;
    const auto initialiser = m_context.initialiserOf(variable);
    return initialiser && mentionsThreadIndex(*initialiser, depth + 1);
}

} // namespace slicewatt
