// SPDX-License-Identifier: GPL-3.0-or-later
// Which of a function's variables keep the value they were initialised with: the constant
// evaluator reads a non-const local's initialiser only when nothing in the function assigns
// it, increments it, takes its address or passes it to a non-const reference.
#include "ConstantEvaluator.h"

#include "ClangHandles.h"
#include "CursorQueries.h"
#include "FileBudget.h"

namespace slicewatt {
namespace {

bool isAssignment(const QString& op)
{
    return op == QLatin1String("=") || op == QLatin1String("+=") || op == QLatin1String("-=")
        || op == QLatin1String("*=") || op == QLatin1String("/=") || op == QLatin1String("%=")
        || op == QLatin1String("<<=") || op == QLatin1String(">>=") || op == QLatin1String("&=")
        || op == QLatin1String("|=") || op == QLatin1String("^=");
}

void collectReferencedVariables(CXCursor cursor, QSet<QString>& usrs)
{
    if (clang_getCursorKind(cursor) == CXCursor_DeclRefExpr)
        usrs.insert(usrOf(clang_getCursorReferenced(cursor)));
    // libclang walks expressions without recursing, however deep `*(p + 1 + 1 + …) = v` nests.
    clang_visitChildren(
        cursor,
        [](CXCursor child, CXCursor, CXClientData data) {
            if (clang_getCursorKind(child) == CXCursor_DeclRefExpr)
                static_cast<QSet<QString>*>(data)->insert(usrOf(clang_getCursorReferenced(child)));
            return CXChildVisit_Recurse;
        },
        &usrs);
}

// A prvalue: a literal, or the result of a call that returns by value (not a reference).
bool isTemporary(CXCursor expression)
{
    for (int i = 0; i < 16; ++i) {
        const CXCursorKind kind = clang_getCursorKind(expression);
        const QVector<CXCursor> operands = expressionChildren(expression);
        if ((kind == CXCursor_UnexposedExpr || kind == CXCursor_ParenExpr) && operands.size() == 1) {
            expression = operands.first();
            continue;
        }
        if (kind == CXCursor_IntegerLiteral || kind == CXCursor_FloatingLiteral || kind == CXCursor_CharacterLiteral)
            return true;
        if (kind != CXCursor_CallExpr)
            return false;
        const CXCursor callee = clang_getCursorReferenced(expression);
        if (clang_Cursor_isNull(callee))
            return false;
        const CXTypeKind result = clang_getResultType(clang_getCursorType(callee)).kind;
        return result != CXType_LValueReference && result != CXType_RValueReference && result != CXType_Invalid;
    }
    return false;
}

// The variables an assignment to `target` changes: the object it names, not what its
// subscripts and pointers read (`x[i] = v` changes x's elements, never i; `*p = v` and
// `p->f = v` change what p points at, not p). A target of another form (a conditional, a
// call returning a reference) counts everything it mentions, as before.
void collectAssignedVariables(CXCursor target, QSet<QString>& usrs)
{
    for (int i = 0; i < 64; ++i) {
        const CXCursorKind kind = clang_getCursorKind(target);
        const QVector<CXCursor> operands = expressionChildren(target);
        if (kind == CXCursor_DeclRefExpr) {
            usrs.insert(usrOf(clang_getCursorReferenced(target)));
            return;
        }
        if (kind == CXCursor_ArraySubscriptExpr && operands.size() == 2) {
            // `p[i] = v` through a pointer variable changes *p, not p (an atomic's `&bins[k]`,
            // a kernel's `out[i] = v`); an array variable's elements are the variable.
            CXCursor base = operands.first();
            while (
                (clang_getCursorKind(base) == CXCursor_UnexposedExpr || clang_getCursorKind(base) == CXCursor_ParenExpr)
                && expressionChildren(base).size() == 1)
                base = expressionChildren(base).first();
            if (clang_getCursorKind(base) == CXCursor_DeclRefExpr
                && clang_getCanonicalType(clang_getCursorType(clang_getCursorReferenced(base))).kind == CXType_Pointer)
                return;
            target = operands.first();
            continue;
        }
        if ((kind == CXCursor_UnexposedExpr || kind == CXCursor_ParenExpr) && operands.size() == 1) {
            target = operands.first();
            continue;
        }
        if (kind == CXCursor_MemberRefExpr && operands.size() == 1) {
            // `s.f = v` changes s; `p->f = v` changes *p: the arrow is a read of p.
            const CXType base = clang_getCanonicalType(clang_getCursorType(operands.first()));
            if (base.kind == CXType_Pointer)
                return;
            target = operands.first();
            continue;
        }
        if (kind == CXCursor_UnaryOperator && operands.size() == 1
            && clang_getCanonicalType(clang_getCursorType(operands.first())).kind == CXType_Pointer)
            return; // `*p = v`
        break;
    }
    collectReferencedVariables(target, usrs);
}

} // namespace

bool ConstantEvaluator::isFixedValueVariable(CXCursor variable)
{
    if (clang_isConstQualifiedType(clang_getCursorType(variable)))
        return true;
    // A non-const variable is trusted only when it is local to this function (nothing
    // else can change it) and the function never assigns it or takes its address.
    const CXCursor parent = clang_getCursorSemanticParent(variable);
    if (!clang_equalCursors(parent, m_function))
        return false;
    const QSet<QString>& modified = modifiedVariables();
    // An incomplete scan may have missed the assignment: the variable is not trusted then.
    return m_modifiedComplete && !modified.contains(usrOf(variable));
}

const QSet<QString>& ConstantEvaluator::modifiedVariables()
{
    if (m_modifiedScanned)
        return m_modified;
    m_modifiedScanned = true;
    m_modifiedComplete = scanForModifiedVariables(m_function, 0);
    return m_modified;
}

bool ConstantEvaluator::scanForModifiedVariables(CXCursor parent, int depth)
{
    // libclang finds an expression's extent by walking its leftmost operands, so a chain
    // `1, 1, 1, …` or `a + a + …` of n operators costs n² steps to scan whole: minutes for
    // a generated or fuzzed file, and libclang cannot be interrupted inside. Real functions
    // nest far less than this; below it, the scan gives up and says it is incomplete.
    constexpr int kMaxScanDepth = 256;
    struct Scan {
        ConstantEvaluator* self;
        int depth;
        bool complete;
    } scan{this, depth, true};
    clang_visitChildren(
        parent,
        [](CXCursor cursor, CXCursor, CXClientData data) {
            auto* s = static_cast<Scan*>(data);
            if (s->self->m_budget && s->self->m_budget->exhausted()) {
                s->complete = false;
                return CXChildVisit_Break;
            }
            s->self->noteModification(cursor);
            if (s->depth >= kMaxScanDepth)
                s->complete = false;
            else if (!s->self->scanForModifiedVariables(cursor, s->depth + 1))
                s->complete = false;
            return s->complete ? CXChildVisit_Continue : CXChildVisit_Break;
        },
        &scan);
    return scan.complete;
}

void ConstantEvaluator::noteModification(CXCursor cursor)
{
    const CXCursorKind kind = clang_getCursorKind(cursor);
    if (kind == CXCursor_BinaryOperator || kind == CXCursor_CompoundAssignOperator) {
        const QVector<CXCursor> operands = expressionChildren(cursor);
        if (operands.size() == 2
            && (kind == CXCursor_CompoundAssignOperator || isAssignment(operatorAfter(cursor, operands[0]))))
            collectAssignedVariables(operands[0], m_modified);
    } else if (kind == CXCursor_UnaryOperator) {
        const QString first = firstToken(cursor);
        const bool prefixChange
            = first == QLatin1String("++") || first == QLatin1String("--") || first == QLatin1String("&");
        const QVector<CXCursor> operands = expressionChildren(cursor);
        // Postfix ++/-- start with the operand, so check the last token too.
        CXToken* tokens = nullptr;
        unsigned count = 0;
        clang_tokenize(m_tu, clang_getCursorExtent(cursor), &tokens, &count);
        const QString last = count ? takeString(clang_getTokenSpelling(m_tu, tokens[count - 1])) : QString();
        clang_disposeTokens(m_tu, tokens, count);
        const bool postfixChange = last == QLatin1String("++") || last == QLatin1String("--");
        if ((prefixChange || postfixChange) && operands.size() == 1)
            collectAssignedVariables(operands[0], m_modified);
    } else if (kind == CXCursor_CallExpr) {
        // `allocate(d, n)` with `void allocate(float*& p, size_t n)`: a non-const reference
        // parameter may write the variable passed (a null pointer before the call is not one
        // at the launch after it). An overloaded operator (`std::cin >> n`, a struct's `=`) the
        // same way; a member operator's first operand is its object, written unless the method
        // is const (`out[i] = palette(…, maxIter)` on uchar4 writes out, never maxIter).
        const CXCursor callee = clang_getCursorReferenced(cursor);
        const bool overloadedOperator = spellingOf(cursor).startsWith(QLatin1String("operator"));
        if (clang_Cursor_isNull(callee)) {
            if (overloadedOperator)
                collectReferencedVariables(cursor, m_modified); // which operator is not known
            return;
        }
        const int arguments = clang_Cursor_getNumArguments(cursor);
        int first = 0;
        const CXCursorKind calleeKind = clang_getCursorKind(callee);
        if (overloadedOperator && (calleeKind == CXCursor_CXXMethod || calleeKind == CXCursor_ConversionFunction)
            && arguments > clang_Cursor_getNumArguments(callee)) {
            first = 1;
            if (!clang_CXXMethod_isConst(callee))
                collectAssignedVariables(clang_Cursor_getArgument(cursor, 0), m_modified);
        }
        for (int i = first; i < arguments; ++i) {
            const CXType parameter = clang_getArgType(clang_getCursorType(callee), unsigned(i - first));
            const CXCursor argument = clang_Cursor_getArgument(cursor, unsigned(i));
            // A temporary bound to `T&&` (a struct's move assignment from a call's result)
            // belongs to nobody: what built it is only read.
            if (parameter.kind == CXType_RValueReference && isTemporary(argument))
                continue;
            if (parameter.kind == CXType_LValueReference || parameter.kind == CXType_RValueReference) {
                if (!clang_isConstQualifiedType(clang_getPointeeType(parameter)))
                    collectAssignedVariables(argument, m_modified);
            }
        }
    }
}

} // namespace slicewatt
