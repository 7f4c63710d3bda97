// SPDX-License-Identifier: GPL-3.0-or-later
#include "TokenIndex.h"

#include "frontend/ClangHandles.h"
#include "frontend/CursorQueries.h"

#include <algorithm>

namespace slicewatt {

TokenIndex::TokenIndex(CXTranslationUnit tu, CXCursor function)
{
    // A kernel usually starts with a macro (`__global__`), whose spelling is in the prelude:
    // take the range in the file where the function is written.
    const CXSourceRange extent = functionExtent(function);
    unsigned begin = 0;
    unsigned end = 0;
    CXFile endFile = nullptr;
    clang_getExpansionLocation(clang_getRangeStart(extent), &m_file, nullptr, nullptr, &begin);
    clang_getExpansionLocation(clang_getRangeEnd(extent), &endFile, nullptr, nullptr, &end);
    if (!m_file || !clang_File_isEqual(m_file, endFile))
        return;
    const CXSourceRange range
        = clang_getRange(clang_getLocationForOffset(tu, m_file, begin), clang_getLocationForOffset(tu, m_file, end));
    CXToken* tokens = nullptr;
    unsigned count = 0;
    clang_tokenize(tu, range, &tokens, &count);
    m_tokens.reserve(int(count));
    for (unsigned i = 0; i < count; ++i) {
        unsigned offset = 0;
        clang_getSpellingLocation(clang_getTokenLocation(tu, tokens[i]), nullptr, nullptr, nullptr, &offset);
        m_tokens.push_back(Token{offset, clang_getTokenKind(tokens[i]) == CXToken_Punctuation,
            takeString(clang_getTokenSpelling(tu, tokens[i]))});
    }
    clang_disposeTokens(tu, tokens, count);
}

bool TokenIndex::extentOffsets(CXCursor cursor, CXFile file, unsigned& begin, unsigned& end)
{
    const CXSourceRange range = clang_getCursorExtent(cursor);
    CXFile beginFile = nullptr;
    CXFile endFile = nullptr;
    clang_getSpellingLocation(clang_getRangeStart(range), &beginFile, nullptr, nullptr, &begin);
    clang_getSpellingLocation(clang_getRangeEnd(range), &endFile, nullptr, nullptr, &end);
    return beginFile && endFile && clang_File_isEqual(beginFile, file) && clang_File_isEqual(endFile, file)
        && begin <= end;
}

int TokenIndex::lowerBound(const QVector<Token>& tokens, unsigned offset)
{
    const auto it = std::lower_bound(
        tokens.begin(), tokens.end(), offset, [](const Token& token, unsigned value) { return token.offset < value; });
    return int(it - tokens.begin());
}

TokenIndex::Span TokenIndex::spanOf(CXCursor expression, bool ownTokens) const
{
    unsigned begin = 0;
    unsigned end = 0;
    if (!m_file || !extentOffsets(expression, m_file, begin, end))
        return Span{};
    // An operator expression has tokens of its own besides its operands'; when its first
    // operand covers the same range, both were spelt in a macro and the range is the
    // macro's use, not the expression.
    if (!ownTokens)
        return Span{lowerBound(m_tokens, begin), lowerBound(m_tokens, end), true};
    CXCursor first = clang_getNullCursor();
    clang_visitChildren(
        expression,
        [](CXCursor child, CXCursor, CXClientData data) {
            *static_cast<CXCursor*>(data) = child;
            return CXChildVisit_Break;
        },
        &first);
    unsigned childBegin = 0;
    unsigned childEnd = 0;
    if (!clang_Cursor_isNull(first) && extentOffsets(first, m_file, childBegin, childEnd) && childBegin == begin
        && childEnd == end)
        return Span{};
    return Span{lowerBound(m_tokens, begin), lowerBound(m_tokens, end), true};
}

// libclang 14 gives the macro use, not the macro definition, as the spelling of an
// expression written inside a macro (`(a) = (b)` of a swap macro), so its tokens cannot be
// read from the file: the pretty-printed expression spells its operators instead.
QString TokenIndex::printed(CXCursor cursor)
{
    CXPrintingPolicy policy = clang_getCursorPrintingPolicy(cursor);
    const QString text = takeString(clang_getCursorPrettyPrinted(cursor, policy));
    clang_PrintingPolicy_dispose(policy);
    return text;
}

namespace {

// The operator at the start of `text` (longest match first: `<<=` before `<<` before `<`).
QString leadingOperator(QStringView text)
{
    static const char* const operators[] = {"<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
        "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "+", "-", "*", "/", "%", "<", ">", "&", "|", "^", "=",
        "!", "~", ",", "?"};
    for (const char* op : operators) {
        if (text.startsWith(QLatin1String(op)))
            return QString::fromLatin1(op);
    }
    return QString();
}

} // namespace

QString TokenIndex::operatorAfter(CXCursor expression, CXCursor operand) const
{
    const Span span = spanOf(expression, true);
    const Span operandSpan = spanOf(operand, false);
    if (span.found && operandSpan.found) {
        for (int i = operandSpan.last; i < span.last; ++i) {
            if (m_tokens[i].punctuation)
                return m_tokens[i].spelling;
        }
        return QString();
    }
    const QString whole = printed(expression);
    const QString left = printed(operand);
    if (left.isEmpty() || !whole.startsWith(left))
        return QString();
    return leadingOperator(QStringView(whole).mid(left.size()).trimmed());
}

QString TokenIndex::firstToken(CXCursor expression) const
{
    return tokenAt(expression, 0);
}

QString TokenIndex::tokenAt(CXCursor expression, int n) const
{
    const Span span = spanOf(expression, true);
    if (!span.found)
        return n == 0 ? leadingOperator(printed(expression)) : QString();
    const int i = span.first + n;
    return i < span.last ? m_tokens[i].spelling : QString();
}

QString TokenIndex::tokenBefore(CXCursor expression) const
{
    unsigned begin = 0;
    unsigned end = 0;
    if (!m_file || !extentOffsets(expression, m_file, begin, end))
        return QString();
    const int i = lowerBound(m_tokens, begin) - 1;
    return i >= 0 ? m_tokens[i].spelling : QString();
}

QString TokenIndex::lastToken(CXCursor expression) const
{
    const Span span = spanOf(expression, true);
    if (!span.found) {
        const QString text = printed(expression);
        return text.endsWith(QLatin1String("++")) || text.endsWith(QLatin1String("--")) ? text.right(2) : QString();
    }
    return span.last > span.first ? m_tokens[span.last - 1].spelling : QString();
}

} // namespace slicewatt
