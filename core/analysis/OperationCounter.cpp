// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one recursion over expressions, whose cases share the facts they count.
#include "OperationCounter.h"

#include "CudaCallNames.h"
#include "InstructionTyping.h"
#include "KernelReadContext.h"
#include "LoopHeaderReader.h"
#include "MemorySpaceResolver.h"
#include "RandomDrawMix.h"
#include "frontend/ClangHandles.h"
#include "frontend/CursorQueries.h"

namespace slicewatt {
namespace {

// The canonical spelling of what `pointer` points to (`&state` of a curandState: "struct
// curandStateXORWOW").
QString pointeeSpelling(CXCursor pointer)
{
    return takeString(
        clang_getTypeSpelling(clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(pointer)))));
}

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

bool isPseudoObject(CXCursor expression)
{
    // threadIdx.x and friends: special registers, spelt as properties of a pseudo-object.
    return takeString(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(expression))))
        .contains(QLatin1String("pseudo-object"));
}

// The overloaded operator a nameless call refers to ("operator*"), and which operand
// refers to it; nullopt when no operand is a reference to an overload set of operators.
std::optional<std::pair<QString, int>> overloadedOperatorOf(const QVector<CXCursor>& operands)
{
    for (int i = 0; i < operands.size(); ++i) {
        CXCursor reference = stripImplicit(operands[i]);
        if (clang_getCursorKind(reference) == CXCursor_DeclRefExpr && spellingOf(reference).isEmpty()) {
            const QVector<CXCursor> children = childrenOf(reference);
            if (children.size() != 1)
                continue;
            reference = children.first();
        }
        if (clang_getCursorKind(reference) != CXCursor_OverloadedDeclRef)
            continue;
        const QString name = spellingOf(reference);
        if (name.startsWith(QLatin1String("operator")))
            return std::make_pair(name, i);
    }
    return std::nullopt;
}

// Whether `expression` can be a compile-time constant, by its shape: literals, `sizeof`,
// casts, parentheses and operators over constants and template parameters, at most
// `budget` nodes (so a long chain `a + a + … + a` is refused in constant time, not walked
// again at every level). Launch built-ins (threadIdx, blockIdx, blockDim, gridDim,
// warpSize) never are: the launch knows them, the compiler does not.
bool mayFoldToConstant(CXCursor expression, int& budget)
{
    if (--budget < 0)
        return false;
    switch (clang_getCursorKind(expression)) {
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_CXXBoolLiteralExpr:
    case CXCursor_UnaryExpr: // sizeof, alignof
        return true;
    case CXCursor_DeclRefExpr: {
        const CXCursor referenced = clang_getCursorReferenced(expression);
        const CXCursorKind kind = clang_getCursorKind(referenced);
        if (kind == CXCursor_NonTypeTemplateParameter || kind == CXCursor_EnumConstantDecl)
            return true;
        if (kind != CXCursor_VarDecl || !clang_isConstQualifiedType(clang_getCursorType(referenced)))
            return false;
        const QString name = spellingOf(referenced);
        return name != QLatin1String("threadIdx") && name != QLatin1String("blockIdx")
            && name != QLatin1String("blockDim") && name != QLatin1String("gridDim")
            && name != QLatin1String("warpSize");
    }
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr: // implicit conversions, sizeof, macro-expanded wrappers
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_BinaryOperator:
    case CXCursor_UnaryOperator:
    case CXCursor_ConditionalOperator: {
        const QVector<CXCursor> operands = expressionChildren(expression);
        for (const CXCursor& operand : operands) {
            if (!mayFoldToConstant(operand, budget))
                return false;
        }
        return true;
    }
    default:
        return false;
    }
}

bool isArray(CXType type)
{
    const CXTypeKind kind = clang_getCanonicalType(type).kind;
    return kind == CXType_ConstantArray || kind == CXType_IncompleteArray || kind == CXType_VariableArray
        || kind == CXType_DependentSizedArray;
}

bool isMethod(CXCursorKind kind)
{
    return kind == CXCursor_CXXMethod || kind == CXCursor_ConversionFunction;
}

} // namespace

OperationCounter::OperationCounter(KernelReadContext& context, MemorySpaceResolver& spaces)
    : m_context(context)
    , m_spaces(spaces)
{
}

void OperationCounter::countInstruction(
    OperationClass operation, const QVector<CXCursor>& operands, ExpressionFacts& facts)
{
    std::optional<ValueType> widest;
    bool untyped = false;
    for (const CXCursor& operand : operands) {
        const CXType type = clang_getCursorType(operand);
        if (const std::optional<ValueType> valueType = valueTypeOf(type, m_context.templateTypes())) {
            widest = widest ? std::max(*widest, *valueType) : *valueType;
        } else {
            untyped = true;
            facts.untypedOperands.insert(takeString(clang_getTypeSpelling(type)));
        }
    }
    // A template parameter the launch did not bind: float, the commonest element type of
    // the templates the analysis meets [ours]; the kernel's notes say so.
    if (!widest)
        widest = untyped ? ValueType::Float : ValueType::Integer;
    facts.instructions.add(*widest, operation);
}

void OperationCounter::countOperator(const QString& spelling, const QVector<CXCursor>& operands, ExpressionFacts& facts)
{
    QString op = spelling;
    if (op.size() >= 2 && op.endsWith(QLatin1Char('=')) && op != QLatin1String("==") && op != QLatin1String("!=")
        && op != QLatin1String("<=") && op != QLatin1String(">="))
        op.chop(1); // the operator part of a compound assignment
    if (op == QLatin1String("++") || op == QLatin1String("--")) {
        ++facts.arithmetic;
        countInstruction(OperationClass::Arithmetic, operands, facts);
        return;
    }
    if (op == QLatin1String("!")) {
        countInstruction(OperationClass::Other, operands, facts);
        return;
    }
    if (op == QLatin1String("~")) {
        ++facts.arithmetic;
        countInstruction(OperationClass::Other, operands, facts);
        return;
    }
    // Unary minus reads as Subtract: one arithmetic operation either way.
    const std::optional<BinaryOperator> binary = binaryOperatorFromSpelling(op);
    if (binary && isArithmetic(*binary))
        ++facts.arithmetic;
    const std::optional<OperationClass> operation = binary ? operatorClass(*binary) : std::nullopt;
    if (operation)
        countInstruction(*operation, operands, facts);
    if (operation == OperationClass::Division && dividesByIntegerConstant(operands)) {
        facts.machineAdjustment.add(ValueType::Integer, OperationClass::Division, -1);
        facts.machineAdjustment.add(ValueType::Integer, OperationClass::Arithmetic, 1);
    }
}

// nvcc turns an integer division or remainder by a constant into a multiply-high and a
// shift, or a shift or mask for a power of two (`blockDim.x / 2`, `i % 32`): no division
// sequence runs [ours: what nvcc emits]. The operation stays a division of METHOD §9; the
// time model runs it as one integer instruction (machineAdjustment).
bool OperationCounter::dividesByIntegerConstant(const QVector<CXCursor>& operands) const
{
    if (operands.size() != 2)
        return false;
    for (const CXCursor& operand : operands) {
        if (valueTypeOf(clang_getCursorType(operand), m_context.templateTypes()) != ValueType::Integer)
            return false;
    }
    const std::optional<qint64> divisor = m_context.evaluator().scalar(operands[1]);
    return divisor && *divisor != 0;
}

void OperationCounter::countAccess(CXCursor lvalue, AccessMode mode, ExpressionFacts& facts)
{
    if (mode == AccessMode::Address)
        return;
    if (const auto space = m_spaces.lvalueSpace(lvalue)) {
        facts.accesses[*space] += accessCount(mode);
        const double bytes = bytesOf(clang_getCursorType(lvalue));
        facts.accessBytes[*space] += accessCount(mode) * bytes;
        if (mode == AccessMode::Store || mode == AccessMode::LoadStore)
            facts.storeBytes[*space] += bytes;
        if (*space == MemorySpace::Global || *space == MemorySpace::Shared) {
            // A shared-memory pattern matters for bank conflicts only where lanes differ; a
            // global one also where they do not: threads that share an address read it once
            // (AccessReuse: `coeffs[k]`, `out[blockIdx.x]`).
            SymbolicExprPtr offset = byteOffsetOf(lvalue, 0);
            CXCursor base = stripImplicit(lvalue);
            while (clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr && !expressionChildren(base).isEmpty())
                base = stripImplicit(expressionChildren(base).first());
            const bool uniformBase = m_context.startsAtUniformAddress(base);
            if (offset && (offset->mentionsThreadIndex() || (*space == MemorySpace::Global && uniformBase)))
                facts.patterns << AccessPattern{
                    *space, std::move(offset), int(bytes), double(accessCount(mode)), uniformBase};
        }
    }
}

SymbolicExprPtr OperationCounter::byteOffsetOf(CXCursor lvalue, int depth)
{
    const CXCursor subscript = stripImplicit(lvalue);
    const QVector<CXCursor> parts = expressionChildren(subscript);
    if (!m_indices || depth > 4 || clang_getCursorKind(subscript) != CXCursor_ArraySubscriptExpr || parts.size() != 2)
        return nullptr;
    long long elementBytes = clang_Type_getSizeOf(clang_getCanonicalType(clang_getCursorType(subscript)));
    // A template's `T` has no size of its own: the launched instantiation's type gives it.
    if (elementBytes <= 0) {
        if (const auto bound = accessBytesOf(clang_getCursorType(subscript), m_context.templateTypes()))
            elementBytes = *bound;
    }
    if (elementBytes <= 0)
        return nullptr;
    SymbolicExprPtr index = m_indices->warpIndex(parts[1]);
    if (!index)
        return nullptr;
    SymbolicExprPtr offset
        = SymbolicExpr::binary(BinaryOperator::Multiply, std::move(index), SymbolicExpr::constant(elementBytes));
    // `tile[y][x]`: the row's offset first. A pointer base (`p[i]`) starts the array; a pointer
    // read from an array (`rows[y][x]` on float**) is a different array per lane: no pattern.
    const CXCursor base = stripImplicit(parts[0]);
    if (clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr) {
        const CXTypeKind baseType = clang_getCanonicalType(clang_getCursorType(base)).kind;
        if (baseType != CXType_ConstantArray && baseType != CXType_IncompleteArray && baseType != CXType_VariableArray
            && baseType != CXType_DependentSizedArray)
            return nullptr;
        SymbolicExprPtr row = byteOffsetOf(base, depth + 1);
        if (!row)
            return nullptr;
        offset = SymbolicExpr::binary(BinaryOperator::Add, std::move(row), std::move(offset));
    }
    return offset;
}

// The global element an atomic updates, as a pattern: `atomicAdd(counter, v)` updates offset
// 0 of `counter`, `atomicAdd(&bins[k], 1u)` k's offset; where the launch cannot give k (a
// loaded value), the values k's type or form allows (indexValueCount). nullopt for any other
// address (`p + i`, a member).
std::optional<AccessPattern> OperationCounter::atomicTargetOf(CXCursor address, double bytes)
{
    AccessPattern pattern;
    pattern.atomic = true;
    pattern.elementBytes = int(bytes);
    const CXCursor target = stripImplicit(address);
    if (clang_getCursorKind(target) == CXCursor_DeclRefExpr) {
        pattern.byteOffset = SymbolicExpr::constant(0);
        pattern.uniformBase = m_context.startsAtUniformAddress(target);
        return pattern;
    }
    const QVector<CXCursor> operand = expressionChildren(target);
    if (clang_getCursorKind(target) != CXCursor_UnaryOperator || operand.size() != 1
        || m_context.tokens().firstToken(target) != QLatin1String("&"))
        return std::nullopt;
    const CXCursor subscript = stripImplicit(operand.first());
    const QVector<CXCursor> parts = expressionChildren(subscript);
    if (clang_getCursorKind(subscript) != CXCursor_ArraySubscriptExpr || parts.size() != 2)
        return std::nullopt;
    pattern.uniformBase = m_context.startsAtUniformAddress(parts[0]);
    pattern.byteOffset = byteOffsetOf(subscript, 0);
    pattern.indexValues = indexValueCount(parts[1]);
    if (!pattern.byteOffset && pattern.indexValues <= 0)
        return std::nullopt;
    return pattern;
}

// How many values an index can take when only its type or its last operation says: a byte
// 256, a 16-bit integer 65,536, a bool 2; `v & C` at most C + 1, `v % C` C (C > 0, a
// constant). 0 where neither says (an int read from memory can be anything).
double OperationCounter::indexValueCount(CXCursor index)
{
    const CXCursor e = stripImplicit(index);
    const QVector<CXCursor> parts = expressionChildren(e);
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator && parts.size() == 2) {
        const std::optional<BinaryOperator> op
            = binaryOperatorFromSpelling(m_context.tokens().operatorAfter(e, parts[0]));
        const std::optional<qint64> right = m_context.evaluator().scalar(parts[1]);
        if (op == BinaryOperator::BitAnd && right && *right >= 0)
            return double(*right) + 1;
        if (op == BinaryOperator::Remainder && right && *right > 0)
            return double(*right);
    }
    switch (clang_getCanonicalType(clang_getCursorType(e)).kind) {
    case CXType_Bool:
        return 2;
    case CXType_Char_U:
    case CXType_UChar:
    case CXType_Char_S:
    case CXType_SChar:
        return 256;
    case CXType_UShort:
    case CXType_Short:
        return 65536;
    default:
        return 0;
    }
}

// The bytes one access of `type` moves: its size; in a template, the size of the type the
// launched instantiation binds its parameter to (`T` = double: 8); else 4 [ours] (a type a
// callee's template parameter spells, an incomplete type in broken code). Vector types count
// whole (a float4 load is 16 bytes), which is what the memory system moves.
double OperationCounter::bytesOf(CXType type) const
{
    const auto bytes = accessBytesOf(type, m_context.templateTypes());
    return bytes ? double(*bytes) : kAssumedAccessBytes;
}

// What the expression defines and uses, as `mode` says.
static void recordAccess(const QString& usr, AccessMode mode, ExpressionFacts& facts)
{
    if (mode == AccessMode::Store || mode == AccessMode::LoadStore)
        facts.defines.insert(usr);
    if (mode != AccessMode::Store)
        facts.uses.insert(usr);
}

void OperationCounter::recordVariable(const QString& usr, AccessMode mode, ExpressionFacts& facts)
{
    recordAccess(usr, mode, facts);
    const QString alias = m_context.frame().bindings.aliases.value(usr);
    if (!alias.isEmpty())
        recordAccess(alias, mode, facts);
}

void OperationCounter::scan(CXCursor expression, AccessMode mode, ExpressionFacts& facts)
{
    const DepthGuard depth(m_context.expressionDepth);
    if (m_context.stopped())
        return;
    if (m_context.expressionDepth > m_context.limits().maxExpressionDepth) {
        m_context.reportLimit(KernelReadContext::Limit::ExpressionDepth, expansionLocationOf(expression),
            QStringLiteral("an expression nests deeper than %1 levels in kernel %2; its deeper operands are not "
                           "counted, so its estimate is incomplete")
                .arg(m_context.limits().maxExpressionDepth)
                .arg(m_context.ir().kernelName));
        return;
    }
    const TokenIndex& tokens = m_context.tokens();
    const CXCursorKind kind = clang_getCursorKind(expression);
    const QVector<CXCursor> operands = expressionChildren(expression);
    switch (kind) {
    case CXCursor_DeclRefExpr: {
        const CXCursor referenced = clang_getCursorReferenced(expression);
        const CXCursorKind referencedKind = clang_getCursorKind(referenced);
        if (referencedKind != CXCursor_VarDecl && referencedKind != CXCursor_ParmDecl)
            return;
        recordVariable(usrOf(referenced), mode, facts);
        // Scalars in memory (__shared__ float sum) are accessed; an array's name is its
        // address (`(float*)smem`, `f(tile)`), read only through a subscript.
        if (!isArray(clang_getCursorType(referenced)))
            countAccess(expression, mode, facts);
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
        if (isPseudoObject(expression))
            return;
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
        std::optional<BinaryOperator> op = binaryOperatorFromSpelling(tokens.operatorAfter(expression, operands[0]));
        if (!op) // spelt in a macro's definition: `CEIL_DIV(n, 256)`
            op = m_context.macroOperators().operatorOf(expression);
        if (op == BinaryOperator::Assign) {
            scanAssignment(operands[0], operands[1], facts);
            return;
        }
        // Arithmetic on compile-time constants (`NUM_STEPS / THREADBLOCK_SIZE` from macros,
        // template parameters, const locals with constant values) is folded by the compiler:
        // no instruction runs for it and it reads nothing (analysis-rules §3).
        int budget = 64;
        if (op && mayFoldToConstant(expression, budget) && m_context.evaluator().scalar(expression))
            return;
        if (op)
            countOperator(spellingOf(*op), operands, facts);
        scan(operands[0], AccessMode::Load, facts);
        scan(operands[1], AccessMode::Load, facts);
        return;
    }
    case CXCursor_CompoundAssignOperator: {
        if (operands.size() != 2)
            break;
        // `x /= y` is a division; an operator the tokens do not show (spelt in a macro) is
        // taken as the commonest, an addition.
        const QString spelt = tokens.operatorAfter(expression, operands[0]);
        countOperator(spelt.isEmpty() ? QStringLiteral("+=") : spelt, operands, facts);
        ++facts.assignments;
        scan(operands[0], AccessMode::LoadStore, facts);
        scan(operands[1], AccessMode::Load, facts);
        return;
    }
    case CXCursor_UnaryOperator: {
        if (operands.size() != 1)
            break;
        const QString first = tokens.firstToken(expression);
        const QString last = tokens.lastToken(expression);
        if (first == QLatin1String("++") || first == QLatin1String("--") || last == QLatin1String("++")
            || last == QLatin1String("--")) {
            countOperator(QStringLiteral("++"), operands, facts);
            scan(operands[0], AccessMode::LoadStore, facts);
        } else if (first == QLatin1String("&")) {
            scan(operands[0], AccessMode::Address, facts);
        } else if (first == QLatin1String("*")) {
            countAccess(expression, mode, facts);
            // `*out = v` through a pointer to a caller's local writes that local.
            const CXCursor pointer = stripImplicit(operands[0]);
            if (mode != AccessMode::Address && clang_getCursorKind(pointer) == CXCursor_DeclRefExpr) {
                const QString alias
                    = m_context.frame().bindings.aliases.value(usrOf(clang_getCursorReferenced(pointer)));
                if (!alias.isEmpty())
                    recordAccess(alias, mode, facts);
            }
            scan(operands[0], AccessMode::Load, facts);
        } else {
            if (first == QLatin1String("-") || first == QLatin1String("~") || first == QLatin1String("!"))
                countOperator(first, operands, facts);
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

void OperationCounter::scanAssignment(CXCursor target, CXCursor value, ExpressionFacts& facts)
{
    ++facts.assignments;
    m_spaces.assignPointer(target, value);
    scan(target, AccessMode::Store, facts);
    scan(value, AccessMode::Load, facts);
}

void OperationCounter::scanStatement(CXCursor expression, ExpressionFacts& facts)
{
    const QVector<CXCursor> operands = expressionChildren(expression);
    if (clang_getCursorKind(expression) == CXCursor_BinaryOperator && operands.size() == 2
        && m_context.tokens().operatorAfter(expression, operands[0]).isEmpty()) {
        // The operator is spelt in a macro's definition. A statement of its own is an
        // assignment (`(a) = (b);` of a swap macro) unless the expansion says otherwise.
        const std::optional<BinaryOperator> op = m_context.macroOperators().operatorOf(expression);
        if (!op || *op == BinaryOperator::Assign) {
            const DepthGuard depth(m_context.expressionDepth);
            scanAssignment(operands[0], operands[1], facts);
            return;
        }
    }
    scan(expression, AccessMode::Load, facts);
}

bool OperationCounter::isInlinable(CXCursor callee) const
{
    if (clang_getCursorKind(callee) == CXCursor_FunctionTemplate)
        return true; // attributes are not exposed on templates; only device code calls them here
    // A lambda's __device__ is implicit, which libclang does not show.
    return hasAttribute(callee, CXCursor_CUDADeviceAttr) || isLambdaCallOperator(callee);
}

bool OperationCounter::scanDependentOperator(const QVector<CXCursor>& operands, ExpressionFacts& facts)
{
    const auto overloaded = overloadedOperatorOf(operands);
    if (!overloaded)
        return false;
    QVector<CXCursor> values = operands;
    values.removeAt(overloaded->second);
    const QString op = overloaded->first.mid(8).trimmed();
    if (op == QLatin1String("=") && values.size() == 2) {
        scanAssignment(values[0], values[1], facts);
        return true;
    }
    const bool comparison = op == QLatin1String("==") || op == QLatin1String("!=") || op == QLatin1String("<=")
        || op == QLatin1String(">=");
    countOperator(op, values, facts);
    const bool updates = op == QLatin1String("++") || op == QLatin1String("--")
        || (op.endsWith(QLatin1Char('=')) && !comparison && values.size() == 2);
    if (updates && op.endsWith(QLatin1Char('=')))
        ++facts.assignments;
    for (int i = 0; i < values.size(); ++i)
        scan(values[i], updates && i == 0 ? AccessMode::LoadStore : AccessMode::Load, facts);
    return true;
}

void OperationCounter::scanCall(CXCursor call, const QVector<CXCursor>& operands, ExpressionFacts& facts)
{
    if (spellingOf(call).isEmpty() && scanDependentOperator(operands, facts))
        return;
    // A dependent call in a template kernel has candidates instead of a callee; one
    // candidate is as good as resolved.
    const QVector<CXCursor> candidates = calleeCandidates(call);
    CXCursor callee = candidates.size() == 1 ? candidates.first() : clang_getCursorReferenced(call);
    // `f(i)` on a parameter that holds a lambda or functor (a template's `F f`): the call
    // runs the call operator of what the caller passed.
    if (clang_getCursorKind(callee) == CXCursor_ParmDecl) {
        if (const auto bound = m_context.frame().bindings.callableFor(usrOf(callee)))
            callee = *bound;
    }
    // A dependent call (`__stcs(p, value.get_bits())` in a template) has no spelling of its
    // own: its name is the candidates' (every overload of one name).
    const QString name
        = spellingOf(call).isEmpty() && !candidates.isEmpty() ? spellingOf(candidates.first()) : spellingOf(call);
    const CXCursorKind calleeKind = clang_getCursorKind(callee);
    // Arguments: every operand after the callee reference (constructors have no callee operand).
    QVector<CXCursor> arguments = operands;
    std::optional<CXCursor> object; // `o` of `o.method(…)` and of a conversion `(float)o`
    if (!arguments.isEmpty() && calleeKind != CXCursor_Constructor) {
        const CXCursor first = stripImplicit(arguments.first());
        const CXCursorKind firstKind = clang_getCursorKind(first);
        if (firstKind == CXCursor_DeclRefExpr || firstKind == CXCursor_MemberRefExpr
            || firstKind == CXCursor_OverloadedDeclRef) {
            arguments.removeFirst();
            if (firstKind == CXCursor_MemberRefExpr && isMethod(calleeKind)) {
                const QVector<CXCursor> base = expressionChildren(first);
                if (base.size() == 1)
                    object = base.first();
            } else if (firstKind == CXCursor_DeclRefExpr && isMethod(calleeKind) && !clang_CXXMethod_isStatic(callee)
                && name.startsWith(QLatin1String("operator")) && !arguments.isEmpty()) {
                object = arguments.takeFirst(); // `f(x)` on a functor: operator(), then the object
            }
        }
    }
    const int arithmeticBefore = facts.arithmetic;
    const double instructionsBefore = facts.instructions.total();
    CudaCallRole role = cudaCallRole(name);
    if (!isNull(callee) && !isProjectCode(callee))
        role = cooperativeGroupsCallRole(qualifiedNameOf(callee)).value_or(role);
    switch (role) {
    case CudaCallRole::TextureFetch:
        facts.accesses[MemorySpace::Texture] += 1;
        facts.accessBytes[MemorySpace::Texture] += bytesOf(clang_getCursorType(call));
        break;
    case CudaCallRole::CachedLoad:
    case CudaCallRole::CachedStore: {
        // `__ldcs(reinterpret_cast<const int4*>(p))`: one access of the pointee's bytes, 16
        // for a vector type, as the one instruction the intrinsic is.
        const double bytes = arguments.isEmpty()
            ? kAssumedAccessBytes
            : bytesOf(clang_getPointeeType(clang_getCursorType(arguments.first())));
        facts.accesses[MemorySpace::Global] += 1;
        facts.accessBytes[MemorySpace::Global] += bytes;
        if (role == CudaCallRole::CachedStore)
            facts.storeBytes[MemorySpace::Global] += bytes;
        for (int i = 0; i < arguments.size(); ++i)
            scan(arguments[i], i == 0 ? AccessMode::Address : AccessMode::Load, facts);
        return;
    }
    case CudaCallRole::Atomic:
        if (arguments.isEmpty())
            break;
        if (const auto space = m_spaces.pointerSpace(arguments.first())) {
            const double bytes = bytesOf(clang_getPointeeType(clang_getCursorType(arguments.first())));
            facts.accesses[*space] += 1;
            facts.accessBytes[*space] += bytes;
            if (*space == MemorySpace::Global) {
                if (auto target = atomicTargetOf(arguments.first(), bytes))
                    facts.patterns << *target;
            }
        }
        scan(arguments.first(), AccessMode::Address, facts);
        for (int i = 1; i < arguments.size(); ++i)
            scan(arguments[i], AccessMode::Load, facts);
        return;
    case CudaCallRole::Barrier:
        facts.barrier = true;
        break;
    case CudaCallRole::NotArithmetic:
    case CudaCallRole::Other:
        if (name.startsWith(QLatin1String("operator"))) {
            // float2 a + b with overloaded operators: one operation, not inlined (a
            // comparison, `h < k` on __half, only an instruction of class other).
            QVector<CXCursor> values = arguments;
            if (object)
                values.prepend(*object);
            countOperator(name.mid(8).trimmed(), values, facts);
            if (facts.arithmetic > arithmeticBefore || facts.instructions.total() > instructionsBefore)
                break;
        }
        if (calleeKind == CXCursor_FunctionDecl || calleeKind == CXCursor_FunctionTemplate || isMethod(calleeKind)) {
            if (!isProjectCode(callee)) {
                // Library functions are arithmetic unless named otherwise; methods of library
                // classes (conversions of __half, cooperative-groups calls) are not.
                if (!isMethod(calleeKind) && role == CudaCallRole::Other
                    && !name.startsWith(QLatin1String("operator"))) {
                    ++facts.arithmetic;
                    const std::optional<InstructionCounts> draw
                        = arguments.isEmpty() ? std::nullopt : randomDrawMix(name, pointeeSpelling(arguments.first()));
                    const InstructionCounts before = facts.instructions;
                    // Typed by its arguments; a call without any (a constant) by its result.
                    countInstruction(
                        mathCallClass(name), arguments.isEmpty() ? QVector<CXCursor>{call} : arguments, facts);
                    if (draw) {
                        // One operation of METHOD §9; the time model runs the generator's
                        // instructions in its place.
                        facts.machineAdjustment += *draw;
                        facts.machineAdjustment += before;
                        facts.machineAdjustment += facts.instructions.scaled(-1);
                    }
                }
            } else {
                const CXCursor definition = bodyDefinitionOf(callee);
                if (!isNull(definition) && isInlinable(definition))
                    facts.deviceCalls << InlineCall{call, definition, arguments};
            }
        }
        break;
    }
    // A method reads the object it is called on: `(float)h[i]` loads h[i].
    if (object)
        scan(*object, AccessMode::Load, facts);
    for (const CXCursor& argument : arguments)
        scan(argument, AccessMode::Load, facts);
}

} // namespace slicewatt
