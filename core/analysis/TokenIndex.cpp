// SPDX-License-Identifier: GPL-3.0-or-later
#include "TokenIndex.h"

#include "frontend/ClangHandles.h"

#include <algorithm>

namespace slicewatt {

TokenIndex::TokenIndex(CXTranslationUnit tu, CXCursor function)
{
    // A kernel usually starts with a macro (`__global__`), whose spelling is in the prelude:
    // take the range in the file where the function is written.
    const CXSourceRange extent = clang_getCursorExtent(function);
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

int TokenIndex::lowerBound(unsigned offset) const
{
    const auto it = std::lower_bound(m_tokens.begin(), m_tokens.end(), offset,
        [](const Token& token, unsigned value) { return token.offset < value; });
    return int(it - m_tokens.begin());
}

QString TokenIndex::operatorAfter(CXCursor expression, CXCursor operand) const
{
    unsigned begin = 0;
    unsigned end = 0;
    unsigned operandBegin = 0;
    unsigned operandEnd = 0;
    if (!m_file || !extentOffsets(expression, m_file, begin, end)
        || !extentOffsets(operand, m_file, operandBegin, operandEnd))
        return QString();
    for (int i = lowerBound(operandEnd); i < m_tokens.size() && m_tokens[i].offset < end; ++i) {
        if (m_tokens[i].punctuation)
            return m_tokens[i].spelling;
    }
    return QString();
}

QString TokenIndex::firstToken(CXCursor expression) const
{
    return tokenAt(expression, 0);
}

QString TokenIndex::tokenAt(CXCursor expression, int n) const
{
    unsigned begin = 0;
    unsigned end = 0;
    if (!m_file || !extentOffsets(expression, m_file, begin, end))
        return QString();
    const int i = lowerBound(begin) + n;
    return i < m_tokens.size() && m_tokens[i].offset < end ? m_tokens[i].spelling : QString();
}

QString TokenIndex::tokenBefore(CXCursor expression) const
{
    unsigned begin = 0;
    unsigned end = 0;
    if (!m_file || !extentOffsets(expression, m_file, begin, end))
        return QString();
    const int i = lowerBound(begin) - 1;
    return i >= 0 ? m_tokens[i].spelling : QString();
}

QString TokenIndex::lastToken(CXCursor expression) const
{
    unsigned begin = 0;
    unsigned end = 0;
    if (!m_file || !extentOffsets(expression, m_file, begin, end))
        return QString();
    const int i = lowerBound(end) - 1;
    return i >= 0 && m_tokens[i].offset >= begin ? m_tokens[i].spelling : QString();
}

} // namespace slicewatt
