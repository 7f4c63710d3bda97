// SPDX-License-Identifier: GPL-3.0-or-later
#include "MemorySpaceResolver.h"

#include "KernelReadContext.h"
#include "frontend/ClangHandles.h"
#include "frontend/CursorQueries.h"

namespace slicewatt {
namespace {

QString canonicalTypeSpelling(CXCursor cursor)
{
    return takeString(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(cursor))));
}

bool isPlainPointer(CXType type)
{
    return clang_getCanonicalType(type).kind == CXType_Pointer;
}

// Every return statement of a function body, not those of lambdas inside it.
void collectReturns(CXCursor cursor, QVector<CXCursor>& returns, int depth)
{
    if (depth > 64)
        return;
    for (const CXCursor& child : childrenOf(cursor)) {
        const CXCursorKind kind = clang_getCursorKind(child);
        if (kind == CXCursor_ReturnStmt)
            returns << child;
        else if (kind != CXCursor_LambdaExpr && clang_isStatement(kind))
            collectReturns(child, returns, depth + 1);
    }
}

// The class a type names, through references, typedefs and template specialisations.
CXCursor classOf(CXType type)
{
    CXType canonical = clang_getCanonicalType(type);
    if (canonical.kind == CXType_LValueReference || canonical.kind == CXType_RValueReference)
        canonical = clang_getCanonicalType(clang_getPointeeType(canonical));
    CXCursor declaration = clang_getTypeDeclaration(canonical);
    if (isNull(declaration))
        declaration = clang_getTypeDeclaration(type);
    const CXCursor primary = primaryTemplateOf(declaration);
    return isNull(primary) ? declaration : primary;
}

} // namespace

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
    const QString canonical = canonicalTypeSpelling(variable);
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

MemorySpaceResolver::MemorySpaceResolver(KernelReadContext& context)
    : m_context(context)
{
}

void MemorySpaceResolver::classifyParameter(CXCursor parameter)
{
    const QString usr = usrOf(parameter);
    if (isTextureHandle(parameter) && !isPointerLike(clang_getCursorType(parameter)))
        m_spaces.insert(usr, MemorySpace::Texture);
    else if (isPointerLike(clang_getCursorType(parameter)))
        m_spaces.insert(usr, MemorySpace::Global);
    else if (clang_getCanonicalType(clang_getCursorType(parameter)).kind == CXType_Record)
        m_structParameters.insert(usr); // pointer members of a by-value struct point to global memory
}

void MemorySpaceResolver::declareVariable(CXCursor variable, std::optional<CXCursor> initialiser)
{
    const QString usr = usrOf(variable);
    if (hasAttribute(variable, CXCursor_CUDASharedAttr))
        m_spaces.insert(usr, MemorySpace::Shared);
    else if (hasAttribute(variable, CXCursor_CUDAConstantAttr))
        m_spaces.insert(usr, MemorySpace::Constant);
    else if (initialiser && isPointerLike(clang_getCursorType(variable))) {
        if (const auto space = pointerSpace(*initialiser))
            m_spaces.insert(usr, *space);
    }
}

void MemorySpaceResolver::assignPointer(CXCursor target, CXCursor value)
{
    const CXCursor stripped = stripImplicit(target);
    if (clang_getCursorKind(stripped) != CXCursor_DeclRefExpr)
        return;
    const CXCursor variable = clang_getCursorReferenced(stripped);
    if (clang_getCursorKind(variable) != CXCursor_VarDecl || !isPlainPointer(clang_getCursorType(variable)))
        return;
    if (const auto space = pointerSpace(value))
        m_spaces.insert(usrOf(variable), *space);
}

void MemorySpaceResolver::bindParameter(CXCursor parameter, CXCursor argument)
{
    const auto space = isPointerLike(clang_getCursorType(parameter)) ? pointerSpace(argument) : std::nullopt;
    if (space)
        m_spaces.insert(usrOf(parameter), *space);
    else if (isTextureHandle(parameter))
        m_spaces.insert(usrOf(parameter), MemorySpace::Texture);
}

std::optional<MemorySpace> MemorySpaceResolver::variableSpace(CXCursor variable)
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

std::optional<MemorySpace> MemorySpaceResolver::pointerSpace(CXCursor expression)
{
    // `p + 1 + 1 + …` recurses once per operator; past the expression cap it is unknown.
    const DepthGuard depth(m_context.spaceDepth);
    if (m_context.spaceDepth > m_context.limits().maxExpressionDepth)
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
        if (operands.size() == 1 && m_context.tokens().firstToken(expression) == QLatin1String("&"))
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
    case CXCursor_CallExpr: {
        // A helper that hands out a pointer: the space of what it returns.
        const QVector<CXCursor> candidates = calleeCandidates(expression);
        const CXCursor callee = candidates.size() == 1 ? candidates.first() : clang_getCursorReferenced(expression);
        if (!isNull(callee) && isProjectCode(callee)) {
            if (const auto space = returnedSpace(bodyDefinitionOf(callee)))
                return space;
        }
        break;
    }
    default:
        break;
    }
    // A class value converted to a pointer where the conversion is not spelt out yet.
    if (const auto conversion = pointerConversionOf(expression))
        return returnedSpace(*conversion);
    return std::nullopt;
}

std::optional<CXCursor> MemorySpaceResolver::pointerConversionOf(CXCursor expression)
{
    const CXType type = clang_getCursorType(expression);
    const CXTypeKind kind = clang_getCanonicalType(type).kind;
    if (kind != CXType_Record && kind != CXType_Unexposed && kind != CXType_Elaborated)
        return std::nullopt;
    const CXCursor record = classOf(type);
    if (isNull(record) || !isProjectCode(record))
        return std::nullopt;
    for (const CXCursor& member : childrenOf(record)) {
        if (clang_getCursorKind(member) != CXCursor_ConversionFunction)
            continue;
        if (!isPointerLike(clang_getCursorResultType(member)))
            continue;
        const CXCursor definition = clang_getCursorDefinition(member);
        if (!isNull(definition))
            return definition;
    }
    return std::nullopt;
}

std::optional<MemorySpace> MemorySpaceResolver::returnedSpace(CXCursor function)
{
    if (isNull(function) || !isProjectCode(function))
        return std::nullopt;
    const QString usr = usrOf(function);
    if (m_resolvingReturns.contains(usr))
        return std::nullopt; // recursion: the first call decides
    m_resolvingReturns.insert(usr);
    QVector<CXCursor> returns;
    collectReturns(function, returns, 0);
    // Its returns are read with its own tokens; its locals keep the spaces of their
    // initialisers while it is looked at.
    m_context.enterFunction(function, spellingOf(function));
    std::optional<MemorySpace> space;
    for (const CXCursor& statement : returns) {
        const QVector<CXCursor> values = expressionChildren(statement);
        if (values.isEmpty())
            continue;
        std::optional<MemorySpace> returned = pointerSpace(values.first());
        if (!returned) {
            // `float* p = &tile[r][0]; return p;`
            const CXCursor value = stripImplicit(values.first());
            if (clang_getCursorKind(value) == CXCursor_DeclRefExpr) {
                const CXCursor variable = clang_getCursorReferenced(value);
                if (clang_getCursorKind(variable) == CXCursor_VarDecl) {
                    if (const auto initialiser = m_context.initialiserOf(variable))
                        returned = pointerSpace(*initialiser);
                }
            }
        }
        if (returned) {
            space = returned;
            break;
        }
    }
    m_context.leaveFunction();
    m_resolvingReturns.remove(usr);
    return space;
}

std::optional<MemorySpace> MemorySpaceResolver::memberPointerSpace(CXCursor member)
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

std::optional<MemorySpace> MemorySpaceResolver::lvalueSpace(CXCursor expression)
{
    const DepthGuard depth(m_context.spaceDepth);
    if (m_context.spaceDepth > m_context.limits().maxExpressionDepth)
        return std::nullopt;
    expression = stripImplicit(expression);
    switch (clang_getCursorKind(expression)) {
    case CXCursor_DeclRefExpr: {
        const CXCursor variable = clang_getCursorReferenced(expression);
        const auto space = variableSpace(variable);
        // A pointer variable itself lives in a register; what it points to has a space.
        if (space && isPlainPointer(clang_getCursorType(variable)))
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
        if (operands.size() == 1 && m_context.tokens().firstToken(expression) == QLatin1String("*"))
            return pointerSpace(operands.first());
        return std::nullopt;
    }
    case CXCursor_MemberRefExpr: {
        const QVector<CXCursor> operands = expressionChildren(expression);
        if (operands.size() != 1)
            return std::nullopt;
        const CXCursor base = stripImplicit(operands.first());
        if (isPlainPointer(clang_getCursorType(base)))
            return pointerSpace(base);
        return lvalueSpace(base);
    }
    default:
        return std::nullopt;
    }
}

} // namespace slicewatt
