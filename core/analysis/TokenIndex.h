// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <clang-c/Index.h>

#include <QString>
#include <QVector>

namespace slicewatt {

// The tokens of one function, tokenised once. libclang 14 has no API for an operator's
// kind, so the analysis reads the operator token that follows an operand; looking it up
// here instead of re-tokenising every expression keeps analysis cheap next to parsing.
class TokenIndex {
public:
    TokenIndex(CXTranslationUnit tu, CXCursor function);

    // The first punctuation token at or after the end of `operand` inside `expression`,
    // e.g. the `+=` of `a[i] += b`. Empty when not found (macro expansions).
    QString operatorAfter(CXCursor expression, CXCursor operand) const;
    // The first and last token spelled inside `expression`.
    QString firstToken(CXCursor expression) const;
    QString lastToken(CXCursor expression) const;
    // The n-th token spelled inside `expression` (0: the first), e.g. `constexpr` of `if constexpr`.
    QString tokenAt(CXCursor expression, int n) const;
    // The token just before `expression` (e.g. `[` for an array size, `=` for an initialiser).
    QString tokenBefore(CXCursor expression) const;

private:
    struct Token {
        unsigned offset;
        bool punctuation;
        QString spelling;
    };
    // Where an expression's tokens lie in m_tokens, [first, last); not found for an
    // expression spelt inside a macro definition, which `ownTokens` (an operator, a
    // statement: never only its first child's tokens) detects.
    struct Span {
        int first = 0;
        int last = 0;
        bool found = false;
    };
    Span spanOf(CXCursor expression, bool ownTokens) const;
    static QString printed(CXCursor cursor);
    static int lowerBound(const QVector<Token>& tokens, unsigned offset);
    static bool extentOffsets(CXCursor cursor, CXFile file, unsigned& begin, unsigned& end);

    CXFile m_file = nullptr;
    QVector<Token> m_tokens;
};

} // namespace slicewatt
