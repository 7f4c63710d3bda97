// SPDX-License-Identifier: GPL-3.0-or-later
#include "StatementBuilder.h"

#include "TokenIndex.h"
#include "frontend/ClangHandles.h"
#include "frontend/ConstantEvaluator.h"
#include "frontend/CudaPrelude.h"
#include "frontend/CursorQueries.h"
#include "frontend/FileBudget.h"

#include <QHash>

#include <memory>
#include <optional>

namespace slicewatt {
namespace {

// The caps of AnalysisLimits, each reported once per kernel.
enum class Limit { Statements, StatementContext, InlinedCalls, InlineDepth, Nesting, ExpressionDepth };

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

enum class AccessMode { Load, Store, LoadStore, Address };

int accessCount(AccessMode mode)
{
    switch (mode) {
    case AccessMode::Load:
    case AccessMode::Store:
        return 1;
    case AccessMode::LoadStore:
        return 2;
    case AccessMode::Address:
        return 0;
    }
    return 0;
}

bool isArithmeticOperator(const QString& op)
{
    static const QSet<QString> ops
        = {QStringLiteral("+"), QStringLiteral("-"), QStringLiteral("*"), QStringLiteral("/"), QStringLiteral("%"),
            QStringLiteral("<<"), QStringLiteral(">>"), QStringLiteral("&"), QStringLiteral("|"), QStringLiteral("^")};
    return ops.contains(op);
}

bool isComparison(const QString& op)
{
    return op == QLatin1String("<") || op == QLatin1String("<=") || op == QLatin1String(">")
        || op == QLatin1String(">=") || op == QLatin1String("!=") || op == QLatin1String("==");
}

const QSet<QString>& textureFunctions()
{
    static const QSet<QString> names = {QStringLiteral("tex1Dfetch"), QStringLiteral("tex1D"), QStringLiteral("tex2D"),
        QStringLiteral("tex3D"), QStringLiteral("tex1DLayered"), QStringLiteral("tex2DLayered"),
        QStringLiteral("texCubemap"), QStringLiteral("texCubemapLayered"), QStringLiteral("tex2Dgather"),
        QStringLiteral("tex1DLod"), QStringLiteral("tex2DLod"), QStringLiteral("tex3DLod"), QStringLiteral("tex1DGrad"),
        QStringLiteral("tex2DGrad"), QStringLiteral("tex3DGrad"), QStringLiteral("surf1Dread"),
        QStringLiteral("surf2Dread"), QStringLiteral("surf3Dread"), QStringLiteral("surf1Dwrite"),
        QStringLiteral("surf2Dwrite"), QStringLiteral("surf3Dwrite"), QStringLiteral("surf2DLayeredread"),
        QStringLiteral("surf2DLayeredwrite")};
    return names;
}

bool isReadOnlyLoad(const QString& name)
{
    return name == QLatin1String("__ldg") || name == QLatin1String("__ldcg") || name == QLatin1String("__ldca")
        || name == QLatin1String("__ldcs") || name == QLatin1String("__ldlu") || name == QLatin1String("__ldcv");
}

bool isAtomic(const QString& name)
{
    return name.startsWith(QLatin1String("atomic"));
}

bool isBarrier(const QString& name)
{
    return name.startsWith(QLatin1String("__syncthreads")) || name == QLatin1String("__syncwarp");
}

// Functions of the prelude or system headers that are not arithmetic: synchronisation,
// warp communication, memory helpers, constructors of vector types, output.
bool isNonArithmeticLibraryCall(const QString& name)
{
    static const QStringList prefixes = {QStringLiteral("__sync"), QStringLiteral("__threadfence"),
        QStringLiteral("__shfl"), QStringLiteral("__ballot"), QStringLiteral("__any"), QStringLiteral("__all"),
        QStringLiteral("__activemask"), QStringLiteral("__match"), QStringLiteral("__reduce"), QStringLiteral("make_"),
        QStringLiteral("cuda"), QStringLiteral("printf"), QStringLiteral("assert"), QStringLiteral("__assert"),
        QStringLiteral("malloc"), QStringLiteral("free"), QStringLiteral("memcpy"), QStringLiteral("memset"),
        QStringLiteral("clock"), QStringLiteral("__nanosleep"), QStringLiteral("__prof"), QStringLiteral("this_"),
        QStringLiteral("tiled_partition"), QStringLiteral("__trap"), QStringLiteral("__brkpt")};
    for (const QString& prefix : prefixes) {
        if (name.startsWith(prefix))
            return true;
    }
    return false;
}

QString typeSpelling(CXCursor cursor)
{
    return takeString(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(cursor))));
}

bool isPointerLike(CXType type)
{
    const CXType canonical = clang_getCanonicalType(type);
    return canonical.kind == CXType_Pointer || canonical.kind == CXType_LValueReference
        || canonical.kind == CXType_RValueReference || canonical.kind == CXType_ConstantArray
        || canonical.kind == CXType_IncompleteArray || canonical.kind == CXType_VariableArray;
}

// Texture and surface handles: references (`texture<float, 2>`) by their template, objects
// by their typedef name, since cudaTextureObject_t is a plain unsigned long long underneath.
bool isTextureHandle(CXCursor variable)
{
    const QString declared = takeString(clang_getTypeSpelling(clang_getCursorType(variable)));
    const QString canonical = typeSpelling(variable);
    for (const QString& type : {declared, canonical}) {
        if (type.contains(QLatin1String("cudaTextureObject_t")) || type.contains(QLatin1String("cudaSurfaceObject_t"))
            || type.startsWith(QLatin1String("texture<")) || type.startsWith(QLatin1String("surface<"))
            || type.contains(QLatin1String(" texture<")) || type.contains(QLatin1String(" surface<")))
            return true;
    }
    return false;
}

CXCursor stripImplicit(CXCursor expression)
{
    for (int i = 0; i < 16; ++i) {
        const CXCursorKind kind = clang_getCursorKind(expression);
        if (kind != CXCursor_UnexposedExpr && kind != CXCursor_ParenExpr && kind != CXCursor_CStyleCastExpr
            && kind != CXCursor_CXXStaticCastExpr && kind != CXCursor_CXXReinterpretCastExpr
            && kind != CXCursor_CXXConstCastExpr && kind != CXCursor_CXXFunctionalCastExpr)
            break;
        const QVector<CXCursor> operands = expressionChildren(expression);
        if (operands.size() != 1)
            break;
        expression = operands.first();
    }
    return expression;
}

// What one expression contributes to its statement.
struct ExpressionFacts {
    int arithmetic = 0;
    SpaceCounts accesses;
    bool barrier = false;
    int ternaries = 0;
    int assignments = 0; // `=` and compound `op=` operators, for lexical counting
    QSet<QString> uses;
    QSet<QString> defines;
    QVector<std::pair<CXCursor, CXCursor>> deviceCalls; // (call expression, callee definition)
};

class Builder {
public:
    Builder(CXTranslationUnit tu, KernelIR& ir, FileBudget* budget, Diagnostics* diagnostics, const AnalysisLimits& limits)
        : m_tu(tu)
        , m_ir(ir)
        , m_budget(budget)
        , m_diagnostics(diagnostics)
        , m_limits(limits)
    {
    }

    void buildKernel(CXCursor kernel)
    {
        for (const CXCursor& child : childrenOf(kernel)) {
            if (clang_getCursorKind(child) == CXCursor_ParmDecl)
                classifyParameter(child);
        }
        m_inlineStack << usrOf(kernel);
        walkFunctionBody(kernel, Context{}, QString());
    }

private:
    struct Context {
        QVector<int> loops;
        QVector<int> controls;
        QVector<ArmStep> arms;
    };

    void classifyParameter(CXCursor parameter)
    {
        const QString usr = usrOf(parameter);
        if (isTextureHandle(parameter) && !isPointerLike(clang_getCursorType(parameter)))
            m_spaces.insert(usr, MemorySpace::Texture);
        else if (isPointerLike(clang_getCursorType(parameter)))
            m_spaces.insert(usr, MemorySpace::Global);
        else if (clang_getCanonicalType(clang_getCursorType(parameter)).kind == CXType_Record)
            m_structParameters.insert(usr); // pointer members of a by-value struct point to global memory
    }

    // True once the file's time is up or the kernel has as many statements, or as much
    // statement context, as it may: from then on every walk returns at once.
    bool stopped()
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

    // Says once per kernel and cap that a cap cut the analysis short: in the kernel's notes
    // and as a warning on the file.
    void reportLimit(Limit limit, const SourceLocation& where, const QString& message)
    {
        if (m_reportedLimits.contains(int(limit)))
            return;
        m_reportedLimits.insert(int(limit));
        m_ir.notes << message;
        if (m_diagnostics)
            *m_diagnostics << Diagnostic::fromLoader(Diagnostic::Severity::Warning, where.file, message, where.line);
    }

    // A function's tokens and constant evaluator, made once per function: a device
    // function inlined at many calls is tokenised once, not at every call.
    template <typename T>
    std::shared_ptr<T> perFunction(QHash<QString, std::shared_ptr<T>>& cache, CXCursor function)
    {
        const QString usr = usrOf(function);
        if (usr.isEmpty())
            return std::make_shared<T>(m_tu, function);
        std::shared_ptr<T>& cached = cache[usr];
        if (!cached)
            cached = std::make_shared<T>(m_tu, function);
        return cached;
    }

    void walkFunctionBody(CXCursor function, const Context& context, const QString& inlinedFrom)
    {
        m_tokens.push_back(perFunction(m_tokenCache, function));
        m_evaluators.push_back(perFunction(m_evaluatorCache, function));
        m_evaluators.back()->setBudget(m_budget);
        const QString previous = m_inlinedFrom;
        m_inlinedFrom = inlinedFrom;
        for (const CXCursor& child : childrenOf(function)) {
            if (clang_getCursorKind(child) == CXCursor_CompoundStmt) {
                Context body = context;
                walkBlock(child, body);
            }
        }
        m_inlinedFrom = previous;
        m_evaluators.pop_back();
        m_tokens.pop_back();
    }

    const TokenIndex& tokens() const { return *m_tokens.back(); }

    // A variable's initialiser: its last expression child, unless that is an array size
    // (`__shared__ float tile[BLOCK];` has the expression BLOCK but no initialiser).
    std::optional<CXCursor> initialiserOf(CXCursor variable) const
    {
        const QVector<CXCursor> operands = expressionChildren(variable);
        if (operands.isEmpty() || tokens().tokenBefore(operands.last()) == QLatin1String("["))
            return std::nullopt;
        return operands.last();
    }

    // Walks the statements of a block in order; returns the exits (if + return statement
    // ids) of conditional returns inside it, which later statements depend on.
    QVector<int> walkBlock(CXCursor block, Context& context)
    {
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

    QVector<int> walkStatement(CXCursor cursor, Context& context)
    {
        const DepthGuard nesting(m_nestingDepth);
        if (stopped())
            return {};
        if (m_nestingDepth > m_limits.maxNestingDepth) {
            reportLimit(Limit::Nesting, expansionLocationOf(cursor),
                QStringLiteral("statements nest deeper than %1 levels in kernel %2; deeper statements are not "
                               "analysed, so its estimate is incomplete")
                    .arg(m_limits.maxNestingDepth)
                    .arg(m_ir.kernelName));
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
                scan(operand, AccessMode::Load, facts);
            const int id = addStatement(StatementKind::Return, cursor, facts, context);
            inlineCalls(facts, id, context);
            // Inside an inlined function a return ends the callee, not the kernel.
            return m_inlinedFrom.isEmpty() ? QVector<int>{id} : QVector<int>{};
        }
        case CXCursor_LabelStmt: {
            const QVector<CXCursor> children = childrenOf(cursor);
            return children.isEmpty() ? QVector<int>{} : walkStatement(children.last(), context);
        }
        case CXCursor_UnexposedStmt: { // `#pragma unroll` wraps its loop in an attributed statement
            QVector<int> exits;
            for (const CXCursor& child : childrenOf(cursor)) {
                if (clang_isStatement(clang_getCursorKind(child)) || clang_isExpression(clang_getCursorKind(child)))
                    exits += walkStatement(child, context);
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
                    scan(cursor, AccessMode::Load, facts);
                const int id = addStatement(StatementKind::Expression, cursor, facts, context);
                inlineCalls(facts, id, context);
            }
            return {};
        }
    }

    void walkDeclaration(CXCursor declaration, Context& context)
    {
        ExpressionFacts facts;
        bool initialised = false;
        for (const CXCursor& variable : childrenOf(declaration)) {
            if (clang_getCursorKind(variable) != CXCursor_VarDecl)
                continue;
            const QString usr = usrOf(variable);
            if (hasAttribute(variable, CXCursor_CUDASharedAttr))
                m_spaces.insert(usr, MemorySpace::Shared);
            else if (hasAttribute(variable, CXCursor_CUDAConstantAttr))
                m_spaces.insert(usr, MemorySpace::Constant);
            const auto found = initialiserOf(variable);
            if (!found)
                continue;
            const CXCursor initialiser = *found;
            // `float4 v;` has an implicit constructor call with no arguments: no initialiser.
            if (clang_getCursorKind(initialiser) == CXCursor_CallExpr && expressionChildren(initialiser).isEmpty()
                && sourceTextOf(m_tu, initialiser).isEmpty())
                continue;
            initialised = true;
            facts.defines.insert(usr);
            scan(initialiser, AccessMode::Load, facts);
            if (isPointerLike(clang_getCursorType(variable))) {
                if (const auto space = pointerSpace(initialiser))
                    m_spaces.insert(usr, *space);
            }
        }
        if (!initialised)
            return;
        const int id = addStatement(StatementKind::Declaration, declaration, facts, context);
        inlineCalls(facts, id, context);
    }

    QVector<int> walkIf(CXCursor cursor, Context& context)
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
        ExpressionFacts facts;
        if (condition)
            scan(*condition, AccessMode::Load, facts);
        const int id = addStatement(StatementKind::If, cursor, facts, context);
        Statement& statement = m_ir.statements[id];
        statement.decisionPoints += 1;
        statement.armCount = 2;
        statement.equalityOnThreadIndex = condition && comparesThreadIndexForEquality(*condition);
        inlineCalls(facts, id, context);

        QVector<int> exits;
        for (int arm = 0; arm < statements.size() && arm < 2; ++arm) {
            Context inner = context;
            inner.controls << id;
            inner.arms << ArmStep{id, arm};
            const QVector<int> armExits = walkStatement(statements[arm], inner);
            if (!armExits.isEmpty()) {
                exits << id;
                exits += armExits;
            }
        }
        return exits;
    }

    QVector<int> walkSwitch(CXCursor cursor, Context& context)
    {
        const QVector<CXCursor> children = childrenOf(cursor);
        ExpressionFacts facts;
        CXCursor body = clang_getNullCursor();
        for (const CXCursor& child : children) {
            if (clang_isExpression(clang_getCursorKind(child)))
                scan(child, AccessMode::Load, facts);
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
            Context inner = context;
            inner.controls << id;
            inner.arms << ArmStep{id, qMax(arm, 0)};
            const QVector<int> armExits = walkStatement(statement, inner);
            if (!armExits.isEmpty()) {
                exits << id;
                exits += armExits;
            }
        }
        Statement& s = m_ir.statements[id];
        s.decisionPoints += labels;
        s.armCount = arm + 1 + (hasDefault ? 0 : 1); // a missing default is an empty arm
        return exits;
    }

    QVector<int> walkLoop(CXCursor cursor, Context& context)
    {
        const CXCursorKind kind = clang_getCursorKind(cursor);
        const QVector<CXCursor> children = childrenOf(cursor);
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
                        if (const auto init = initialiserOf(variable))
                            scan(*init, AccessMode::Load, facts);
                    }
                } else {
                    scan(children[i], AccessMode::Load, facts);
                }
            }
            body = children[3];
            header = canonicalLoop(children[0], children[1], children[2]);
        } else {
            for (const CXCursor& child : children) {
                if (clang_isExpression(clang_getCursorKind(child)))
                    scan(child, AccessMode::Load, facts);
                else if (clang_isStatement(clang_getCursorKind(child)))
                    body = child;
            }
            header.reason = kind == CXCursor_WhileStmt ? QStringLiteral("while loop")
                : kind == CXCursor_DoStmt              ? QStringLiteral("do-while loop")
                                                       : QStringLiteral("for loop without init, condition and step");
        }
        Context headerContext = context;
        const int id = addStatement(StatementKind::Loop, cursor, facts, headerContext);
        m_ir.statements[id].loops << id;
        m_ir.statements[id].loop = header;
        inlineCalls(facts, id, context);
        if (isNull(body))
            return {};
        Context inner = context;
        inner.loops << id;
        inner.controls << id;
        const QVector<int> exits = walkStatement(body, inner);
        return exits.isEmpty() ? QVector<int>{} : QVector<int>{id} + exits;
    }

    int addStatement(StatementKind kind, CXCursor cursor, const ExpressionFacts& facts, const Context& context)
    {
        Statement statement;
        statement.kind = kind;
        statement.location = expansionLocationOf(cursor);
        statement.arithmetic = facts.arithmetic;
        statement.accesses = facts.accesses;
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
        statement.inlinedFrom = m_inlinedFrom;
        m_statementContext += int(context.loops.size() + context.controls.size() + context.arms.size());
        m_ir.statements << statement;
        return int(m_ir.statements.size() - 1);
    }

    void inlineCalls(const ExpressionFacts& facts, int callStatement, const Context& context)
    {
        for (const auto& [call, definition] : facts.deviceCalls) {
            const QString usr = usrOf(definition);
            const QString name = spellingOf(definition);
            if (m_inlineStack.contains(usr)) {
                m_ir.notes << QStringLiteral("recursive call of %1 at line %2 cut off")
                                  .arg(name)
                                  .arg(expansionLocationOf(call).line);
                continue;
            }
            if (stopped())
                return;
            if (m_inlineStack.size() >= m_limits.maxInlineDepth) {
                reportLimit(Limit::InlineDepth, expansionLocationOf(call),
                    QStringLiteral("device function calls nest deeper than %1 levels in kernel %2; deeper calls are "
                                   "not inlined, so their bodies are not counted")
                        .arg(m_limits.maxInlineDepth)
                        .arg(m_ir.kernelName));
                continue;
            }
            if (m_inlinedCalls >= m_limits.maxInlinedCalls) {
                reportLimit(Limit::InlinedCalls, expansionLocationOf(call),
                    QStringLiteral("kernel %1 inlines more than %2 device function calls; further calls are not "
                                   "inlined, so their bodies are not counted")
                        .arg(m_ir.kernelName)
                        .arg(m_limits.maxInlinedCalls));
                continue;
            }
            ++m_inlinedCalls;
            // Parameters take the memory space of the pointers passed in, and the calling
            // statement defines them (so slicing follows values into the callee).
            const QVector<CXCursor> arguments = expressionChildren(call).mid(1);
            int index = 0;
            for (const CXCursor& child : childrenOf(definition)) {
                if (clang_getCursorKind(child) != CXCursor_ParmDecl)
                    continue;
                const QString parameter = usrOf(child);
                m_ir.statements[callStatement].defines.insert(parameter);
                if (index < arguments.size()) {
                    const auto space
                        = isPointerLike(clang_getCursorType(child)) ? pointerSpace(arguments[index]) : std::nullopt;
                    if (space)
                        m_spaces.insert(parameter, *space);
                    else if (isTextureHandle(child))
                        m_spaces.insert(parameter, MemorySpace::Texture);
                }
                ++index;
            }
            m_inlineStack << usr;
            walkFunctionBody(definition, context, name);
            m_inlineStack.removeLast();
        }
    }

    // ---- expressions ------------------------------------------------------------------

    std::optional<MemorySpace> variableSpace(CXCursor variable)
    {
        const QString usr = usrOf(variable);
        const auto it = m_spaces.constFind(usr);
        if (it != m_spaces.constEnd())
            return *it;
        if (clang_getCursorKind(variable) != CXCursor_VarDecl)
            return std::nullopt;
        std::optional<MemorySpace> space;
        if (hasAttribute(variable, CXCursor_CUDASharedAttr))
            space = MemorySpace::Shared;
        else if (hasAttribute(variable, CXCursor_CUDAConstantAttr))
            space = MemorySpace::Constant;
        else if (isTextureHandle(variable)
            && clang_getCursorKind(clang_getCursorSemanticParent(variable)) != CXCursor_FunctionDecl)
            space = MemorySpace::Texture;
        else if (hasAttribute(variable, CXCursor_CUDADeviceAttr))
            space = MemorySpace::Global;
        if (space)
            m_spaces.insert(usr, *space);
        return space;
    }

    // The space a pointer-valued (or array) expression points into.
    std::optional<MemorySpace> pointerSpace(CXCursor expression)
    {
        // `p + 1 + 1 + …` recurses once per operator; past the expression cap it is unknown.
        const DepthGuard depth(m_spaceDepth);
        if (m_spaceDepth > m_limits.maxExpressionDepth)
            return std::nullopt;
        expression = stripImplicit(expression);
        switch (clang_getCursorKind(expression)) {
        case CXCursor_DeclRefExpr:
            return variableSpace(clang_getCursorReferenced(expression));
        case CXCursor_BinaryOperator: {
            for (const CXCursor& operand : expressionChildren(expression)) {
                if (isPointerLike(clang_getCursorType(stripImplicit(operand))))
                    return pointerSpace(operand);
            }
            return std::nullopt;
        }
        case CXCursor_UnaryOperator: {
            const QVector<CXCursor> operands = expressionChildren(expression);
            if (operands.size() == 1 && tokens().firstToken(expression) == QLatin1String("&"))
                return lvalueSpace(operands.first());
            return std::nullopt;
        }
        case CXCursor_ArraySubscriptExpr:
            return lvalueSpace(expression); // a row of a 2-D array decays to a pointer
        case CXCursor_MemberRefExpr:
            return memberPointerSpace(expression);
        case CXCursor_ConditionalOperator: {
            const QVector<CXCursor> operands = expressionChildren(expression);
            return operands.size() == 3 ? pointerSpace(operands[1]) : std::nullopt;
        }
        default:
            return std::nullopt;
        }
    }

    // `params.data`: a pointer member of a by-value struct parameter points to global memory.
    std::optional<MemorySpace> memberPointerSpace(CXCursor member)
    {
        const QVector<CXCursor> operands = expressionChildren(member);
        if (operands.size() != 1)
            return std::nullopt;
        const CXCursor base = stripImplicit(operands.first());
        if (clang_getCursorKind(base) == CXCursor_DeclRefExpr
            && m_structParameters.contains(usrOf(clang_getCursorReferenced(base))))
            return MemorySpace::Global;
        if (isPointerLike(clang_getCursorType(base)))
            return pointerSpace(base); // p->next: same space as p
        return lvalueSpace(base);
    }

    // The space of the memory an lvalue expression (a[i], *p, p->f, s.f, x) lives in.
    std::optional<MemorySpace> lvalueSpace(CXCursor expression)
    {
        const DepthGuard depth(m_spaceDepth);
        if (m_spaceDepth > m_limits.maxExpressionDepth)
            return std::nullopt;
        expression = stripImplicit(expression);
        switch (clang_getCursorKind(expression)) {
        case CXCursor_DeclRefExpr: {
            const CXCursor variable = clang_getCursorReferenced(expression);
            const auto space = variableSpace(variable);
            // A pointer variable itself lives in a register; what it points to has a space.
            if (space && isPointerLike(clang_getCursorType(variable))
                && clang_getCanonicalType(clang_getCursorType(variable)).kind == CXType_Pointer)
                return std::nullopt;
            return space == MemorySpace::Texture ? std::nullopt : space;
        }
        case CXCursor_ArraySubscriptExpr: {
            const QVector<CXCursor> operands = expressionChildren(expression);
            if (operands.isEmpty())
                return std::nullopt;
            const CXCursor base = stripImplicit(operands.first());
            if (clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr)
                return lvalueSpace(base); // tile[y][x]
            return pointerSpace(base);
        }
        case CXCursor_UnaryOperator: {
            const QVector<CXCursor> operands = expressionChildren(expression);
            if (operands.size() == 1 && tokens().firstToken(expression) == QLatin1String("*"))
                return pointerSpace(operands.first());
            return std::nullopt;
        }
        case CXCursor_MemberRefExpr: {
            const QVector<CXCursor> operands = expressionChildren(expression);
            if (operands.size() != 1)
                return std::nullopt;
            const CXCursor base = stripImplicit(operands.first());
            if (isPointerLike(clang_getCursorType(base))
                && clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer)
                return pointerSpace(base);
            return lvalueSpace(base);
        }
        default:
            return std::nullopt;
        }
    }

    void countAccess(CXCursor lvalue, AccessMode mode, ExpressionFacts& facts)
    {
        if (mode == AccessMode::Address)
            return;
        if (const auto space = lvalueSpace(lvalue))
            facts.accesses[*space] += accessCount(mode);
    }

    void scan(CXCursor expression, AccessMode mode, ExpressionFacts& facts)
    {
        const DepthGuard depth(m_expressionDepth);
        if (stopped())
            return;
        if (m_expressionDepth > m_limits.maxExpressionDepth) {
            reportLimit(Limit::ExpressionDepth, expansionLocationOf(expression),
                QStringLiteral("an expression nests deeper than %1 levels in kernel %2; its deeper operands are not "
                               "counted, so its estimate is incomplete")
                    .arg(m_limits.maxExpressionDepth)
                    .arg(m_ir.kernelName));
            return;
        }
        const CXCursorKind kind = clang_getCursorKind(expression);
        const QVector<CXCursor> operands = expressionChildren(expression);
        switch (kind) {
        case CXCursor_DeclRefExpr: {
            const CXCursor referenced = clang_getCursorReferenced(expression);
            const CXCursorKind referencedKind = clang_getCursorKind(referenced);
            if (referencedKind != CXCursor_VarDecl && referencedKind != CXCursor_ParmDecl)
                return;
            const QString usr = usrOf(referenced);
            if (mode == AccessMode::Store || mode == AccessMode::LoadStore)
                facts.defines.insert(usr);
            if (mode != AccessMode::Store)
                facts.uses.insert(usr);
            countAccess(expression, mode, facts); // scalars in memory (__shared__ float sum)
            return;
        }
        case CXCursor_ArraySubscriptExpr: {
            countAccess(expression, mode, facts);
            if (operands.size() == 2) {
                scan(operands[0], AccessMode::Address, facts); // the base is an address, not a load
                scan(operands[1], AccessMode::Load, facts);
            }
            return;
        }
        case CXCursor_MemberRefExpr: {
            if (typeSpelling(expression).contains(QLatin1String("pseudo-object")))
                return; // threadIdx.x and friends: special registers
            countAccess(expression, mode, facts);
            for (const CXCursor& operand : operands)
                scan(operand,
                    isPointerLike(clang_getCursorType(stripImplicit(operand))) ? AccessMode::Load : AccessMode::Address,
                    facts);
            return;
        }
        case CXCursor_BinaryOperator: {
            if (operands.size() != 2)
                break;
            const QString op = tokens().operatorAfter(expression, operands[0]);
            if (op == QLatin1String("=")) {
                ++facts.assignments;
                scan(operands[0], AccessMode::Store, facts);
                scan(operands[1], AccessMode::Load, facts);
                return;
            }
            if (isArithmeticOperator(op))
                ++facts.arithmetic;
            scan(operands[0], AccessMode::Load, facts);
            scan(operands[1], AccessMode::Load, facts);
            return;
        }
        case CXCursor_CompoundAssignOperator: {
            if (operands.size() != 2)
                break;
            ++facts.arithmetic;
            ++facts.assignments;
            scan(operands[0], AccessMode::LoadStore, facts);
            scan(operands[1], AccessMode::Load, facts);
            return;
        }
        case CXCursor_UnaryOperator: {
            if (operands.size() != 1)
                break;
            const QString first = tokens().firstToken(expression);
            const QString last = tokens().lastToken(expression);
            if (first == QLatin1String("++") || first == QLatin1String("--") || last == QLatin1String("++")
                || last == QLatin1String("--")) {
                ++facts.arithmetic;
                scan(operands[0], AccessMode::LoadStore, facts);
            } else if (first == QLatin1String("&")) {
                scan(operands[0], AccessMode::Address, facts);
            } else if (first == QLatin1String("*")) {
                countAccess(expression, mode, facts);
                scan(operands[0], AccessMode::Load, facts);
            } else {
                if (first == QLatin1String("-") || first == QLatin1String("~"))
                    ++facts.arithmetic;
                scan(operands[0], AccessMode::Load, facts);
            }
            return;
        }
        case CXCursor_ConditionalOperator:
            ++facts.ternaries;
            for (const CXCursor& operand : operands)
                scan(operand, mode == AccessMode::Address ? AccessMode::Address : AccessMode::Load, facts);
            return;
        case CXCursor_CallExpr:
            scanCall(expression, operands, facts);
            return;
        case CXCursor_LambdaExpr:
            return;
        default:
            break;
        }
        for (const CXCursor& operand : operands)
            scan(operand, mode, facts);
    }

    void scanCall(CXCursor call, const QVector<CXCursor>& operands, ExpressionFacts& facts)
    {
        // A dependent call in a template kernel has candidates instead of a callee; one
        // candidate is as good as resolved.
        const QVector<CXCursor> candidates = calleeCandidates(call);
        const CXCursor callee = candidates.size() == 1 ? candidates.first() : clang_getCursorReferenced(call);
        QString name = spellingOf(call);
        const CXCursorKind calleeKind = clang_getCursorKind(callee);
        // Arguments: every operand after the callee reference (constructors have no callee operand).
        QVector<CXCursor> arguments = operands;
        if (!arguments.isEmpty() && calleeKind != CXCursor_Constructor) {
            const CXCursor first = stripImplicit(arguments.first());
            const CXCursorKind firstKind = clang_getCursorKind(first);
            if (firstKind == CXCursor_DeclRefExpr || firstKind == CXCursor_MemberRefExpr
                || firstKind == CXCursor_OverloadedDeclRef)
                arguments.removeFirst();
        }
        if (textureFunctions().contains(name)) {
            facts.accesses[MemorySpace::Texture] += 1;
        } else if (isReadOnlyLoad(name)) {
            facts.accesses[MemorySpace::Global] += 1;
            for (const CXCursor& argument : arguments)
                scan(argument, AccessMode::Address, facts);
            return;
        } else if (isAtomic(name) && !arguments.isEmpty()) {
            if (const auto space = pointerSpace(arguments.first()))
                facts.accesses[*space] += 1;
            scan(arguments.first(), AccessMode::Address, facts);
            for (int i = 1; i < arguments.size(); ++i)
                scan(arguments[i], AccessMode::Load, facts);
            return;
        } else if (isBarrier(name)) {
            facts.barrier = true;
        } else if (name.startsWith(QLatin1String("operator"))
            && isArithmeticOperator(name.mid(8).remove(QLatin1Char('=')))) {
            ++facts.arithmetic; // float2 a + b with overloaded operators
        } else if (calleeKind == CXCursor_FunctionDecl || calleeKind == CXCursor_FunctionTemplate) {
            if (!isProjectCode(callee)) {
                if (!isNonArithmeticLibraryCall(name))
                    ++facts.arithmetic;
            } else {
                const CXCursor definition = clang_getCursorDefinition(primaryTemplateOf(callee));
                if (!isNull(definition) && hasDeviceCode(definition))
                    facts.deviceCalls << std::make_pair(call, definition);
            }
        }
        for (const CXCursor& argument : arguments)
            scan(argument, AccessMode::Load, facts);
    }

    bool hasDeviceCode(CXCursor function)
    {
        if (clang_getCursorKind(function) == CXCursor_FunctionTemplate)
            return true; // attributes are not exposed on templates; only device code calls them here
        return hasAttribute(function, CXCursor_CUDADeviceAttr);
    }

    bool comparesThreadIndexForEquality(CXCursor condition)
    {
        const CXCursor expression = stripImplicit(condition);
        if (clang_getCursorKind(expression) != CXCursor_BinaryOperator)
            return false;
        const QVector<CXCursor> operands = expressionChildren(expression);
        if (operands.size() != 2 || tokens().operatorAfter(expression, operands[0]) != QLatin1String("=="))
            return false;
        for (int side = 0; side < 2; ++side) {
            if (m_evaluators.back()->scalar(operands[1 - side]) && mentionsThreadIndex(operands[side], 0))
                return true;
        }
        return false;
    }

    // threadIdx itself, or a local variable initialised from it (`int tid = threadIdx.x`).
    bool mentionsThreadIndex(CXCursor expression, int depth)
    {
        if (depth > 4)
            return false;
        const QString text = sourceTextOf(m_tu, expression);
        if (text.contains(QLatin1String("threadIdx")))
            return true;
        const CXCursor stripped = stripImplicit(expression);
        if (clang_getCursorKind(stripped) != CXCursor_DeclRefExpr)
            return false;
        const CXCursor variable = clang_getCursorReferenced(stripped);
        if (clang_getCursorKind(variable) != CXCursor_VarDecl)
            return false;
        const auto initialiser = initialiserOf(variable);
        return initialiser && mentionsThreadIndex(*initialiser, depth + 1);
    }

    // ---- loops --------------------------------------------------------------------------

    LoopHeader canonicalLoop(CXCursor init, CXCursor condition, CXCursor step)
    {
        LoopHeader header;
        QString variable;
        CXCursor start = clang_getNullCursor();
        if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
            const QVector<CXCursor> variables = childrenOf(init);
            if (variables.size() == 1 && clang_getCursorKind(variables.first()) == CXCursor_VarDecl) {
                variable = usrOf(variables.first());
                if (const auto initialiser = initialiserOf(variables.first()))
                    start = *initialiser;
            }
        } else if (clang_getCursorKind(init) == CXCursor_BinaryOperator) {
            const QVector<CXCursor> operands = expressionChildren(init);
            if (operands.size() == 2 && tokens().operatorAfter(init, operands[0]) == QLatin1String("=")) {
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
        QString op = tokens().operatorAfter(comparison, sides[0]);
        CXCursor bound = sides[1];
        if (referencedVariable(sides[1]) == variable) {
            bound = sides[0];
            static const QHash<QString, QString> mirrored = {{QStringLiteral("<"), QStringLiteral(">")},
                {QStringLiteral(">"), QStringLiteral("<")}, {QStringLiteral("<="), QStringLiteral(">=")},
                {QStringLiteral(">="), QStringLiteral("<=")}, {QStringLiteral("!="), QStringLiteral("!=")}};
            op = mirrored.value(op);
        } else if (referencedVariable(sides[0]) != variable) {
            header.reason = QStringLiteral("loop condition does not compare the loop variable");
            return header;
        }
        if (!isComparison(op) || op == QLatin1String("==")) {
            header.reason = QStringLiteral("loop condition is not <, <=, >, >= or !=");
            return header;
        }
        // Step: i++, i--, i op= s, i = i op s.
        QString stepOperator;
        CXCursor stepValue = clang_getNullCursor();
        const CXCursor stepExpression = stripImplicit(step);
        const QVector<CXCursor> stepOperands = expressionChildren(stepExpression);
        switch (clang_getCursorKind(stepExpression)) {
        case CXCursor_UnaryOperator: {
            const QString text = tokens().firstToken(stepExpression) + tokens().lastToken(stepExpression);
            if (stepOperands.size() == 1 && referencedVariable(stepOperands[0]) == variable)
                stepOperator = text.contains(QLatin1String("++")) ? QStringLiteral("+") : QStringLiteral("-");
            break;
        }
        case CXCursor_CompoundAssignOperator:
            if (stepOperands.size() == 2 && referencedVariable(stepOperands[0]) == variable) {
                stepOperator = tokens().operatorAfter(stepExpression, stepOperands[0]);
                stepOperator.chop(1); // "+=" → "+"
                stepValue = stepOperands[1];
            }
            break;
        case CXCursor_BinaryOperator:
            if (stepOperands.size() == 2 && referencedVariable(stepOperands[0]) == variable
                && tokens().operatorAfter(stepExpression, stepOperands[0]) == QLatin1String("=")) {
                const CXCursor value = stripImplicit(stepOperands[1]);
                const QVector<CXCursor> parts = expressionChildren(value);
                if (clang_getCursorKind(value) == CXCursor_BinaryOperator && parts.size() == 2
                    && referencedVariable(parts[0]) == variable) {
                    stepOperator = tokens().operatorAfter(value, parts[0]);
                    stepValue = parts[1];
                }
            }
            break;
        default:
            break;
        }
        static const QSet<QString> steps = {QStringLiteral("+"), QStringLiteral("-"), QStringLiteral("*"),
            QStringLiteral("/"), QStringLiteral("<<"), QStringLiteral(">>")};
        if (!steps.contains(stepOperator)) {
            header.reason = QStringLiteral("loop step is not i++, i--, i op= s or i = i op s");
            return header;
        }
        header.canonical = true;
        header.start = symbolic(start, true, 0);
        header.comparison = op;
        header.bound = symbolic(bound, false, 0);
        header.stepOperator = stepOperator;
        header.step = isNull(stepValue) ? SymbolicExpr::constant(1) : symbolic(stepValue, false, 0);
        return header;
    }

    QString referencedVariable(CXCursor expression)
    {
        const CXCursor stripped = stripImplicit(expression);
        if (clang_getCursorKind(stripped) != CXCursor_DeclRefExpr)
            return QString();
        return usrOf(clang_getCursorReferenced(stripped));
    }

    // An integer expression as constants and launch parameters. Thread and block indices
    // are 0 in a loop's start (analysis-rules §4), unknown elsewhere.
    SymbolicExprPtr symbolic(CXCursor expression, bool indicesAreZero, int depth)
    {
        if (depth > 12)
            return SymbolicExpr::unknown(QStringLiteral("deep expression"));
        if (const auto value = m_evaluators.back()->scalar(expression))
            return SymbolicExpr::constant(*value);
        const CXCursor stripped = stripImplicit(expression);
        const QVector<CXCursor> operands = expressionChildren(stripped);
        const QString text = sourceTextOf(m_tu, stripped);
        switch (clang_getCursorKind(stripped)) {
        case CXCursor_MemberRefExpr: {
            if (operands.size() != 1)
                break;
            const QString base = spellingOf(clang_getCursorReferenced(stripImplicit(operands.first())));
            const QString member = tokens().lastToken(stripped);
            const int axis = member == QLatin1String("y") ? 1 : member == QLatin1String("z") ? 2 : 0;
            if (base == QLatin1String("blockDim"))
                return SymbolicExpr::launch(SymbolicExpr::Kind::BlockDim, axis);
            if (base == QLatin1String("gridDim"))
                return SymbolicExpr::launch(SymbolicExpr::Kind::GridDim, axis);
            if (indicesAreZero && (base == QLatin1String("threadIdx") || base == QLatin1String("blockIdx")))
                return SymbolicExpr::constant(0);
            break;
        }
        case CXCursor_BinaryOperator: {
            if (operands.size() != 2)
                break;
            const QString op = tokens().operatorAfter(stripped, operands[0]);
            if (!isArithmeticOperator(op))
                break;
            return SymbolicExpr::binary(
                op, symbolic(operands[0], indicesAreZero, depth + 1), symbolic(operands[1], indicesAreZero, depth + 1));
        }
        case CXCursor_DeclRefExpr: {
            // A local initialised once (`int tid = threadIdx.x; int stride = blockDim.x * gridDim.x;`).
            const CXCursor variable = clang_getCursorReferenced(stripped);
            if (clang_getCursorKind(variable) == CXCursor_NonTypeTemplateParameter)
                return SymbolicExpr::templateParameter(spellingOf(variable));
            if (clang_getCursorKind(variable) == CXCursor_VarDecl
                && m_evaluators.back()->isFixedValueVariable(variable)) {
                if (const auto initialiser = initialiserOf(variable))
                    return symbolic(*initialiser, indicesAreZero, depth + 1);
            }
            break;
        }
        default:
            break;
        }
        return SymbolicExpr::unknown(text.isEmpty() ? QStringLiteral("?") : text);
    }

    CXTranslationUnit m_tu;
    KernelIR& m_ir;
    QHash<QString, MemorySpace> m_spaces; // variable USR → space
    QSet<QString> m_structParameters;
    QStringList m_inlineStack;
    QString m_inlinedFrom;
    std::vector<std::shared_ptr<TokenIndex>> m_tokens; // of the function being walked, innermost last
    std::vector<std::shared_ptr<ConstantEvaluator>> m_evaluators;
    QHash<QString, std::shared_ptr<TokenIndex>> m_tokenCache; // by function USR
    QHash<QString, std::shared_ptr<ConstantEvaluator>> m_evaluatorCache;
    FileBudget* m_budget;
    Diagnostics* m_diagnostics;
    AnalysisLimits m_limits;
    bool m_stopped = false;
    int m_nestingDepth = 0;
    int m_expressionDepth = 0;
    int m_spaceDepth = 0;
    int m_inlinedCalls = 0;
    int m_statementContext = 0; // loops, controls and arms of every statement so far
    QSet<int> m_reportedLimits;
};

} // namespace

KernelIR buildKernelIR(CXTranslationUnit tu, CXCursor kernel, const QString& kernelKey, FileBudget* budget,
    Diagnostics* diagnostics, const AnalysisLimits& limits)
{
    KernelIR ir;
    ir.kernelKey = kernelKey;
    ir.kernelName = spellingOf(kernel);
    ir.location = expansionLocationOf(kernel);
    Builder(tu, ir, budget, diagnostics, limits).buildKernel(kernel);
    return ir;
}

} // namespace slicewatt
