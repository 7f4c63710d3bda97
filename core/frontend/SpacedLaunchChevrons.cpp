// SPDX-License-Identifier: GPL-3.0-or-later
#include "SpacedLaunchChevrons.h"

namespace slicewatt {
namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}
bool isIdentifierChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The index past a comment or literal starting at i, or i when none starts there.
qsizetype skipCommentOrLiteral(const QByteArray& t, qsizetype i)
{
    const qsizetype n = t.size();
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
        while (i < n && t[i] != '\n')
            ++i;
        return i;
    }
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
        const qsizetype end = t.indexOf("*/", i + 2);
        return end < 0 ? n : end + 2;
    }
    if (t[i] == '"' || t[i] == '\'') {
        const char quote = t[i];
        for (++i; i < n && t[i] != quote && t[i] != '\n'; ++i) {
            if (t[i] == '\\')
                ++i;
        }
        return i < n ? i + 1 : n;
    }
    return i;
}

// `<<`, blanks, `<` (not `<<<`, `<<=`, `<=`) at i: the index of the lone `<`, else -1.
qsizetype spacedOpeningAt(const QByteArray& t, qsizetype i)
{
    const qsizetype n = t.size();
    if (i + 3 >= n || t[i] != '<' || t[i + 1] != '<' || (i > 0 && t[i - 1] == '<'))
        return -1;
    qsizetype j = i + 2;
    if (!isBlank(t[j]))
        return -1;
    while (j < n && isBlank(t[j]))
        ++j;
    if (j + 1 >= n || t[j] != '<' || t[j + 1] == '<' || t[j + 1] == '=')
        return -1;
    // `operator<< <T>(…)`: an explicit template argument, not a launch.
    qsizetype k = i - 1;
    while (k >= 0 && isBlank(t[k]))
        --k;
    qsizetype start = k;
    while (start >= 0 && isIdentifierChar(t[start]))
        --start;
    if (t.mid(start + 1, k - start) == "operator")
        return -1;
    return j;
}

// From past an opening, the close at bracket depth 0 before the statement ends: the index of
// a `>> >`'s first `>` (the lone `>` at *lone), or of a `>>>`; -1 when there is none.
qsizetype closingFrom(const QByteArray& t, qsizetype i, qsizetype* lone)
{
    int depth = 0;
    for (const qsizetype n = t.size(); i < n;) {
        const qsizetype skipped = skipCommentOrLiteral(t, i);
        if (skipped != i) {
            i = skipped;
            continue;
        }
        const char c = t[i];
        if (c == '(' || c == '[' || c == '{')
            ++depth;
        else if (c == ')' || c == ']' || c == '}') {
            if (--depth < 0)
                return -1;
        } else if (c == ';')
            return -1;
        else if (depth == 0 && c == '>' && i + 1 < n && t[i + 1] == '>') {
            if (i + 2 < n && t[i + 2] == '>') {
                *lone = -1;
                return i;
            }
            qsizetype j = i + 2;
            while (j < n && isBlank(t[j]))
                ++j;
            if (j > i + 2 && j < n && t[j] == '>' && (j + 1 >= n || (t[j + 1] != '>' && t[j + 1] != '='))) {
                *lone = j;
                return i;
            }
            i += 2; // a shift in the launch's arguments
            continue;
        }
        ++i;
    }
    return -1;
}

// `XX`, blanks, `X` from `at` to `lone` becomes `XXX` and the blanks.
void closeUp(QByteArray& t, qsizetype at, qsizetype lone)
{
    const char c = t[lone];
    for (qsizetype k = lone; k > at + 2; --k)
        t[k] = t[k - 1];
    t[at + 2] = c;
}

} // namespace

bool closeSpacedLaunchChevrons(QByteArray& text)
{
    bool changed = false;
    for (qsizetype i = 0; i < text.size();) {
        const qsizetype skipped = skipCommentOrLiteral(text, i);
        if (skipped != i) {
            i = skipped;
            continue;
        }
        const qsizetype open = spacedOpeningAt(text, i);
        if (open < 0) {
            ++i;
            continue;
        }
        qsizetype lone = -1;
        const qsizetype close = closingFrom(text, open + 1, &lone);
        if (close < 0) {
            i = open + 1;
            continue;
        }
        closeUp(text, i, open);
        if (lone >= 0)
            closeUp(text, close, lone);
        changed = true;
        i = close + 3;
    }
    return changed;
}

} // namespace slicewatt
