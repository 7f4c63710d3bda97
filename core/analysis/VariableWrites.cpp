// SPDX-License-Identifier: GPL-3.0-or-later
#include "VariableWrites.h"

#include "MemorySpaceResolver.h"
#include "TokenIndex.h"
#include "frontend/CursorQueries.h"

namespace slicewatt {
namespace {

// Real functions nest far less; deeper (generated or fuzzed code) is not trusted.
constexpr int kMaxDepth = 256;

bool isLoop(CXCursorKind kind)
{
    return kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt;
}

// The local or parameter a plain `v` names, or empty.
QString variableNamed(CXCursor expression)
{
    const CXCursor stripped = stripImplicit(expression);
    if (clang_getCursorKind(stripped) != CXCursor_DeclRefExpr)
        return QString();
    const CXCursor variable = clang_getCursorReferenced(stripped);
    const CXCursorKind kind = clang_getCursorKind(variable);
    return kind == CXCursor_VarDecl || kind == CXCursor_ParmDecl ? usrOf(variable) : QString();
}

bool mentions(CXCursor expression, const QString& usr, int depth = 0)
{
    if (depth > kMaxDepth)
        return true; // too deep to tell: assume it does
    if (clang_getCursorKind(expression) == CXCursor_DeclRefExpr && usrOf(clang_getCursorReferenced(expression)) == usr)
        return true;
    for (const CXCursor& child : childrenOf(expression)) {
        if (mentions(child, usr, depth + 1))
            return true;
    }
    return false;
}

int commonPrefix(const QVector<std::pair<CXCursor, int>>& a, const QVector<std::pair<CXCursor, int>>& b)
{
    int k = 0;
    while (k < a.size() && k < b.size() && clang_equalCursors(a[k].first, b[k].first))
        ++k;
    return k;
}

} // namespace

VariableWrites::VariableWrites(CXCursor function, const TokenIndex& tokens)
    : m_tokens(tokens)
{
    QVector<std::pair<CXCursor, int>> path{{function, 0}};
    m_complete = scan(function, path);
}

bool VariableWrites::scan(CXCursor parent, QVector<std::pair<CXCursor, int>>& path)
{
    struct Visit {
        VariableWrites* self;
        QVector<std::pair<CXCursor, int>>* path;
        int index = 0;
        bool complete = true;
    } visit{this, &path};
    clang_visitChildren(
        parent,
        [](CXCursor cursor, CXCursor, CXClientData data) {
            auto* v = static_cast<Visit*>(data);
            v->path->append({cursor, v->index++});
            v->self->note(cursor, *v->path);
            if (isLoop(clang_getCursorKind(cursor)))
                v->self->m_loopPaths.append(*v->path);
            if (v->path->size() > kMaxDepth || !v->self->scan(cursor, *v->path))
                v->complete = false;
            v->path->removeLast();
            return v->complete ? CXChildVisit_Continue : CXChildVisit_Break;
        },
        &visit);
    return visit.complete;
}

void VariableWrites::note(CXCursor cursor, const QVector<std::pair<CXCursor, int>>& path)
{
    VariableWrite write;
    write.expression = cursor;
    write.value = clang_getNullCursor();
    write.path = path;
    QString variable;
    const QVector<CXCursor> operands = expressionChildren(cursor);
    switch (clang_getCursorKind(cursor)) {
    case CXCursor_VarDecl: {
        variable = usrOf(cursor);
        write.kind = VariableWrite::Kind::Declaration;
        // The initialiser is the last expression child, unless that is an array's size.
        if (!operands.isEmpty() && m_tokens.tokenBefore(operands.last()) != QLatin1String("["))
            write.value = operands.last();
        break;
    }
    case CXCursor_BinaryOperator:
        if (operands.size() == 2 && m_tokens.operatorAfter(cursor, operands[0]) == QLatin1String("=")) {
            variable = variableNamed(operands[0]);
            write.kind = VariableWrite::Kind::Assignment;
            write.value = operands[1];
        }
        break;
    case CXCursor_CompoundAssignOperator:
        if (operands.size() == 2) {
            variable = variableNamed(operands[0]);
            write.kind = VariableWrite::Kind::Compound;
            write.compoundOperator = m_tokens.operatorAfter(cursor, operands[0]);
            write.compoundOperator.chop(1); // "+=" → "+"
            write.value = operands[1];
        }
        break;
    case CXCursor_UnaryOperator: {
        if (operands.size() != 1)
            break;
        const QString first = m_tokens.firstToken(cursor);
        const QString last = m_tokens.lastToken(cursor);
        if (first == QLatin1String("++") || last == QLatin1String("++"))
            write.kind = VariableWrite::Kind::Increment;
        else if (first == QLatin1String("--") || last == QLatin1String("--"))
            write.kind = VariableWrite::Kind::Decrement;
        else if (first != QLatin1String("&"))
            break;
        variable = variableNamed(operands[0]); // `&v` stays Opaque
        break;
    }
    case CXCursor_CallExpr: {
        // An argument bound to a non-const reference parameter, or an overloaded operator's
        // operand, may be written by the call.
        const CXCursor callee = clang_getCursorReferenced(cursor);
        const QVector<CXCursor> arguments = callArguments(cursor);
        const bool overloaded = spellingOf(cursor).startsWith(QLatin1String("operator"));
        for (int i = 0; i < arguments.size(); ++i) {
            const QString named = variableNamed(arguments[i]);
            if (named.isEmpty())
                continue;
            const CXType parameter = clang_getCursorType(clang_Cursor_getArgument(callee, unsigned(i)));
            const bool byReference = parameter.kind == CXType_LValueReference
                && !clang_isConstQualifiedType(clang_getPointeeType(parameter));
            if (overloaded || byReference) {
                VariableWrite opaque = write;
                m_writes[named].append(opaque);
            }
        }
        return;
    }
    default:
        return;
    }
    if (!variable.isEmpty())
        m_writes[variable].append(write);
}

const QVector<std::pair<CXCursor, int>>* VariableWrites::loopPath(CXCursor loop) const
{
    for (const auto& path : m_loopPaths) {
        if (clang_equalCursors(path.last().first, loop))
            return &path;
    }
    return nullptr;
}

QVector<const VariableWrite*> VariableWrites::writesInside(const QString& variable, CXCursor loop) const
{
    QVector<const VariableWrite*> inside;
    const auto* loopAt = loopPath(loop);
    const auto writes = m_writes.constFind(variable);
    if (!loopAt || writes == m_writes.constEnd())
        return inside;
    for (const VariableWrite& write : *writes) {
        if (commonPrefix(write.path, *loopAt) == loopAt->size())
            inside << &write;
    }
    return inside;
}

std::optional<QVector<const VariableWrite*>> VariableWrites::reachingLoop(
    const QString& variable, CXCursor loop, const VariableWrite* loopStep) const
{
    const auto* loopAt = loopPath(loop);
    if (!m_complete || !loopAt)
        return std::nullopt;
    QVector<const VariableWrite*> reaching;
    const auto writes = m_writes.constFind(variable);
    if (writes == m_writes.constEnd())
        return reaching;
    for (const VariableWrite& write : *writes) {
        if (write.kind == VariableWrite::Kind::Opaque)
            return std::nullopt;
        const int k = commonPrefix(write.path, *loopAt);
        if (k == loopAt->size()) { // inside the loop: only its own step may be
            if (&write == loopStep)
                continue;
            return std::nullopt;
        }
        if (k == 0 || k >= write.path.size())
            return std::nullopt;
        const CXCursor common = (*loopAt)[k - 1].first;
        const int writeSide = write.path[k].second;
        const int loopSide = (*loopAt)[k].second;
        bool inEnclosingLoop = false;
        for (int i = 0; i < k; ++i)
            inEnclosingLoop = inEnclosingLoop || isLoop(clang_getCursorKind((*loopAt)[i].first));
        switch (clang_getCursorKind(common)) {
        case CXCursor_IfStmt:
            // The then- and else-arms exclude each other (the condition runs before either),
            // unless a loop around the `if` runs one arm after the other.
            if (writeSide >= 1 && loopSide >= 1 && writeSide != loopSide && !inEnclosingLoop)
                continue;
            return std::nullopt;
        case CXCursor_CompoundStmt: {
            if (writeSide > loopSide) { // after the loop: harmless unless a loop brings it round
                if (inEnclosingLoop)
                    return std::nullopt;
                continue;
            }
            // Before the loop: it must run whenever the loop does, a statement of this block
            // itself (or a declaration in one), not nested in a branch or another loop.
            const bool statement = write.path.size() == k + 1;
            const bool declaration = write.kind == VariableWrite::Kind::Declaration && write.path.size() == k + 2
                && clang_getCursorKind(write.path[k].first) == CXCursor_DeclStmt;
            if (!statement && !declaration)
                return std::nullopt;
            // A `case`, `default` or label between them is a way to the loop that skips the
            // write (`case 0: i = 5; break; case 1: while (i < n) …`).
            const QVector<CXCursor> between = childrenOf(common);
            for (int i = writeSide + 1; i <= loopSide && i < between.size(); ++i) {
                const CXCursorKind kind = clang_getCursorKind(between[i]);
                if (kind == CXCursor_CaseStmt || kind == CXCursor_DefaultStmt || kind == CXCursor_LabelStmt)
                    return std::nullopt;
            }
            // In an enclosing loop's body, a write that reads the variable gives a different
            // value each time round.
            const bool selfReferring = write.kind == VariableWrite::Kind::Compound
                || write.kind == VariableWrite::Kind::Increment || write.kind == VariableWrite::Kind::Decrement
                || (!isNull(write.value) && mentions(write.value, variable));
            if (inEnclosingLoop && selfReferring)
                return std::nullopt;
            reaching << &write;
            continue;
        }
        default:
            return std::nullopt;
        }
    }
    // The loop's own variable (a while's `i += s`) starts again from what the last write
    // before it left only if nothing runs the loop again in between: a loop around the while,
    // inside the block of that write, would start its second run where the first ended.
    if (loopStep) {
        const int from = reaching.isEmpty() ? 0 : commonPrefix(reaching.last()->path, *loopAt);
        for (int i = from; i + 1 < loopAt->size(); ++i) {
            if (isLoop(clang_getCursorKind((*loopAt)[i].first)))
                return std::nullopt;
        }
    }
    return reaching;
}

} // namespace slicewatt
