// SPDX-License-Identifier: GPL-3.0-or-later
#include "LightLexer.h"

#include <algorithm>

namespace slicewatt {
namespace {

// ASCII only. clang ends an identifier at a byte that does not start an allowed UTF-8
// character; reading every byte >= 0x80 as part of one took `#define L5<bad bytes>4 L4 …`
// for a macro of another name, and the bomb it defines for clang (7·10^8 tokens) for
// nothing (found by fuzzing). Splitting at any such byte errs the other way only: a macro
// with a non-ASCII name may be costed as one of its ASCII prefix.
bool isIdentifierStart(uchar c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

bool isIdentifierPart(uchar c)
{
    return isIdentifierStart(c) || (c >= '0' && c <= '9');
}

bool isDigit(uchar c)
{
    return c >= '0' && c <= '9';
}

} // namespace

LightLexer::LightLexer(const QByteArray& text)
    : m_text(text)
{
    run();
}

void LightLexer::run()
{
    const qsizetype n = m_text.size();
    const char* t = m_text.constData();
    bool lineStart = true;
    QVector<LexedToken>* directive = nullptr;
    QVector<LexedToken> directiveTokens;
    int directiveLine = 0;
    auto endDirective = [&] {
        if (directive) {
            handleDirective(directiveTokens, directiveLine);
            m_directives << directiveTokens;
        }
        directive = nullptr;
        directiveTokens.clear();
    };
    qsizetype i = 0;
    while (i < n) {
        const uchar c = uchar(t[i]);
        if (c == '\\' && i + 1 < n && (t[i + 1] == '\n' || (t[i + 1] == '\r' && i + 2 < n && t[i + 2] == '\n'))) {
            i += t[i + 1] == '\n' ? 2 : 3; // a line splice joins lines, also inside directives
            ++m_line;
            continue;
        }
        if (c == '\n') {
            ++m_line;
            ++i;
            lineStart = true;
            endDirective();
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            ++i;
            continue;
        }
        if (c == '/' && i + 1 < n && t[i + 1] == '/') {
            while (i < n && t[i] != '\n')
                ++i;
            continue;
        }
        if (c == '/' && i + 1 < n && t[i + 1] == '*') {
            i += 2;
            while (i < n && !(t[i] == '*' && i + 1 < n && t[i + 1] == '/')) {
                if (t[i] == '\n')
                    ++m_line;
                ++i;
            }
            i = qMin(n, i + 2);
            continue;
        }
        if (c == '#' && lineStart && !directive) {
            directive = &directiveTokens;
            directiveLine = m_line;
            lineStart = false;
            ++i;
            continue;
        }
        lineStart = false;
        LexedToken token;
        token.begin = i;
        token.line = m_line;
        if (isIdentifierStart(c)) {
            while (i < n && isIdentifierPart(uchar(t[i])))
                ++i;
            token.kind = LexedToken::Identifier;
            // R"delim( … )delim" may span lines and hold anything.
            if (i < n && t[i] == '"' && t[i - 1] == 'R' && i - token.begin <= 3) {
                i = skipRawString(i);
                token.kind = LexedToken::Literal;
            }
        } else if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(uchar(t[i + 1])))) {
            ++i;
            while (i < n) {
                const uchar d = uchar(t[i]);
                if ((d == '+' || d == '-')
                    && (t[i - 1] == 'e' || t[i - 1] == 'E' || t[i - 1] == 'p' || t[i - 1] == 'P'))
                    ++i;
                else if (isIdentifierPart(d) || d == '.' || d == '\'')
                    ++i;
                else
                    break;
            }
            token.kind = LexedToken::Number;
        } else if (c == '"' || c == '\'') {
            ++i;
            while (i < n && uchar(t[i]) != c && t[i] != '\n') {
                if (t[i] == '\\' && i + 1 < n) {
                    // An escape, or a line splice: the literal goes on on the next line.
                    if (t[i + 1] == '\n')
                        ++m_line;
                    else if (t[i + 1] == '\r' && i + 2 < n && t[i + 2] == '\n') {
                        ++m_line;
                        ++i;
                    }
                    ++i;
                }
                ++i;
            }
            if (i < n && uchar(t[i]) == c)
                ++i;
            token.kind = LexedToken::Literal;
        } else {
            ++i;
            token.kind = LexedToken::Punctuation;
        }
        token.size = i - token.begin;
        (directive ? *directive : m_code) << token;
    }
    endDirective();
}

qsizetype LightLexer::skipRawString(qsizetype quote)
{
    const qsizetype n = m_text.size();
    const char* t = m_text.constData();
    qsizetype open = quote + 1;
    while (open < n && open - quote <= 17 && t[open] != '(')
        ++open;
    if (open >= n || t[open] != '(')
        return quote + 1;
    const QByteArray closing = ')' + QByteArray(t + quote + 1, open - quote - 1) + '"';
    const qsizetype end = m_text.indexOf(closing, open + 1);
    const qsizetype stop = end < 0 ? n : end + closing.size();
    m_line += int(std::count(t + open, t + stop, '\n'));
    return stop;
}

void LightLexer::handleDirective(const QVector<LexedToken>& tokens, int line)
{
    if (tokens.isEmpty() || tokens[0].kind != LexedToken::Identifier)
        return;
    const QByteArrayView name = text(tokens[0]);
    if (name == "define" && tokens.size() >= 2 && tokens[1].kind == LexedToken::Identifier) {
        LexedMacro macro;
        int next = 2;
        // Function-like only when `(` follows the name without a space.
        if (tokens.size() > 2 && text(tokens[2]) == "(" && tokens[2].begin == tokens[1].begin + tokens[1].size) {
            macro.functionLike = true;
            next = 3;
            while (next < tokens.size() && text(tokens[next]) != ")") {
                if (tokens[next].kind == LexedToken::Identifier)
                    macro.parameters << text(tokens[next]).toByteArray();
                else if (text(tokens[next]) == "."
                    && (macro.parameters.isEmpty() || macro.parameters.last() != "__VA_ARGS__"))
                    macro.parameters << QByteArrayLiteral("__VA_ARGS__");
                ++next;
            }
            if (next >= tokens.size())
                return; // no `)`: clang rejects the definition
            ++next;
        }
        macro.body = tokens.mid(next);
        // A definition clang rejects leaves the earlier one in force: costing the new one
        // instead let `#define L9 L8 … ##` after a valid bomb `#define L9 L7 …` through.
        if (rejectedByClang(macro))
            return;
        m_macros.insert(text(tokens[1]).toByteArray(), macro);
    } else if (name == "undef" && tokens.size() >= 2) {
        m_macros.remove(text(tokens[1]).toByteArray());
    } else if (name == "include" || name == "include_next" || name == "import") {
        // The path as written: "…" or <…>, read from the raw line (its tokens split it).
        const qsizetype after = tokens[0].begin + tokens[0].size;
        const qsizetype lineEnd = m_text.indexOf('\n', after);
        const QByteArray rest = m_text.mid(after, (lineEnd < 0 ? m_text.size() : lineEnd) - after).trimmed();
        if (rest.size() >= 2 && (rest.startsWith('"') || rest.startsWith('<'))) {
            const qsizetype close = rest.indexOf(rest.startsWith('"') ? '"' : '>', 1);
            if (close > 1)
                m_includes << LexedInclude{rest.mid(1, close - 1), rest.startsWith('"'), line};
        }
    }
}

// `##` written as two adjacent `#` tokens at `i` of the body.
bool LightLexer::pasteAt(const QVector<LexedToken>& body, int i) const
{
    return i >= 0 && i + 1 < body.size() && text(body[i]) == "#" && text(body[i + 1]) == "#"
        && body[i + 1].begin == body[i].begin + 1;
}

// The errors for which clang's preprocessor drops a definition's body (clang 14,
// ReadOptionalMacroParameterListAndBody): `##` at either end of the body, and in a
// function-like macro a `#` that is not followed by a parameter. (A parameter list
// without its `)` is rejected where handleDirective reads it.)
bool LightLexer::rejectedByClang(const LexedMacro& macro) const
{
    const QVector<LexedToken>& body = macro.body;
    if (pasteAt(body, 0) || pasteAt(body, int(body.size()) - 2))
        return true;
    if (!macro.functionLike)
        return false;
    for (int i = 0; i < body.size(); ++i) {
        if (pasteAt(body, i)) {
            ++i;
            continue;
        }
        if (text(body[i]) != "#")
            continue;
        if (i + 1 >= body.size() || !macro.parameters.contains(text(body[i + 1]).toByteArray()))
            return true;
    }
    return false;
}

} // namespace slicewatt
