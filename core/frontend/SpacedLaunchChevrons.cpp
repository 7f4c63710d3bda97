// SPDX-License-Identifier: GPL-3.0-or-later
#include "SpacedLaunchChevrons.h"

#include "LightLexer.h"

namespace slicewatt {
namespace {

using Tokens = QVector<LexedToken>;

// Reads a token stream of the lexer's: comments and literals are no tokens, so nothing in
// them is taken for a chevron.
class ChevronFinder {
public:
    ChevronFinder(const LightLexer& lexer, const Tokens& tokens)
        : m_lexer(lexer)
        , m_tokens(tokens)
    {
    }

    // Closes up every spaced launch in the stream, in `text` (the lexer's bytes, or a copy
    // of them being rewritten). Returns whether anything changed.
    bool closeUpIn(QByteArray& text) const
    {
        bool changed = false;
        for (int i = 0; i < m_tokens.size();) {
            const int open = spacedOpeningAt(i);
            if (open < 0) {
                ++i;
                continue;
            }
            int lone = -1;
            const int close = closingFrom(open + 1, &lone);
            if (close < 0) {
                i = open + 1;
                continue;
            }
            closeUp(text, m_tokens[i].begin, m_tokens[open].begin);
            if (lone >= 0)
                closeUp(text, m_tokens[close].begin, m_tokens[lone].begin);
            changed = true;
            i = close + 3;
        }
        return changed;
    }

private:
    bool is(int i, char c) const
    {
        return i >= 0 && i < m_tokens.size() && m_tokens[i].kind == LexedToken::Punctuation
            && m_lexer.text(m_tokens[i]) == QByteArrayView(&c, 1);
    }
    // Token `i + 1` starts where token `i` ends.
    bool adjacent(int i) const
    {
        return i + 1 < m_tokens.size() && m_tokens[i + 1].begin == m_tokens[i].begin + m_tokens[i].size;
    }
    // Only spaces and tabs (at least one) between token `i` and the next.
    bool blanksAfter(int i) const
    {
        if (i + 1 >= m_tokens.size())
            return false;
        const qsizetype from = m_tokens[i].begin + m_tokens[i].size;
        const qsizetype to = m_tokens[i + 1].begin;
        if (to <= from)
            return false;
        for (qsizetype k = from; k < to; ++k) {
            const char c = m_lexer.bytes()[k];
            if (c != ' ' && c != '\t')
                return false;
        }
        return true;
    }

    // `<<`, blanks, `<` (not `<<<`, `<<=`, `<=`) at token i: the lone `<`'s token, else -1.
    int spacedOpeningAt(int i) const
    {
        if (!is(i, '<') || !is(i + 1, '<') || !adjacent(i) || (is(i - 1, '<') && adjacent(i - 1)))
            return -1;
        if (!is(i + 2, '<') || !blanksAfter(i + 1) || i + 3 >= m_tokens.size())
            return -1;
        if (adjacent(i + 2) && (is(i + 3, '<') || is(i + 3, '=')))
            return -1;
        // `operator<< <T>(…)`: an explicit template argument, not a launch.
        if (i > 0 && m_tokens[i - 1].kind == LexedToken::Identifier && m_lexer.text(m_tokens[i - 1]) == "operator")
            return -1;
        return i + 2;
    }

    // From past an opening, the close at bracket depth 0 before the statement ends: the
    // token of a `>> >`'s first `>` (the lone `>`'s at *lone), or of a `>>>`; -1 when there
    // is none.
    int closingFrom(int i, int* lone) const
    {
        int depth = 0;
        for (; i < m_tokens.size(); ++i) {
            if (is(i, '(') || is(i, '[') || is(i, '{'))
                ++depth;
            else if (is(i, ')') || is(i, ']') || is(i, '}')) {
                if (--depth < 0)
                    return -1;
            } else if (is(i, ';'))
                return -1;
            else if (depth == 0 && is(i, '>') && is(i + 1, '>') && adjacent(i)) {
                if (is(i + 2, '>') && adjacent(i + 1)) {
                    *lone = -1;
                    return i;
                }
                if (is(i + 2, '>') && blanksAfter(i + 1) && !(adjacent(i + 2) && (is(i + 3, '>') || is(i + 3, '=')))) {
                    *lone = i + 2;
                    return i;
                }
                ++i; // a shift in the launch's arguments
            }
        }
        return -1;
    }

    // `XX`, blanks, `X` from byte `at` to byte `lone` becomes `XXX` and the blanks.
    static void closeUp(QByteArray& t, qsizetype at, qsizetype lone)
    {
        const char c = t[lone];
        for (qsizetype k = lone; k > at + 2; --k)
            t[k] = t[k - 1];
        t[at + 2] = c;
    }

    const LightLexer& m_lexer;
    const Tokens& m_tokens;
};

} // namespace

bool closeSpacedLaunchChevrons(QByteArray& text)
{
    // The lexer keeps the bytes as they were; the rewrite (same length, so every token's
    // offset stays right) goes into `text`.
    return closeSpacedLaunchChevrons(LightLexer(text), text);
}

bool closeSpacedLaunchChevrons(const LightLexer& lexer, QByteArray& text)
{
    bool changed = ChevronFinder(lexer, lexer.code()).closeUpIn(text);
    for (const Tokens& directive : lexer.directives())
        changed |= ChevronFinder(lexer, directive).closeUpIn(text);
    return changed;
}

} // namespace slicewatt
