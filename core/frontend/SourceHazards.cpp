// SPDX-License-Identifier: GPL-3.0-or-later
#include "SourceHazards.h"

#include <QByteArrayView>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QVector>

#include <algorithm>
#include <filesystem>

namespace slicewatt {
namespace {

// Estimates saturate here: far above every limit, far below overflow.
constexpr double kSaturated = 1e18;

struct Token {
    enum Kind : quint8 { Identifier, Number, Literal, Punctuation };
    qsizetype begin = 0;
    qsizetype size = 0;
    int line = 0;
    Kind kind = Punctuation;
};

struct Include {
    QByteArray path;
    bool quoted = false;
    int line = 0;
};

struct Macro {
    bool functionLike = false;
    QVector<QByteArray> parameters; // `...` is __VA_ARGS__
    QVector<Token> body;
};

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

// Splits a file into the tokens of its code and its preprocessor directives, the way
// translation phases 1–3 do (line splices, comments, literals), well enough to count.
class Lexer {
public:
    explicit Lexer(const QByteArray& text)
        : m_text(text)
    {
    }

    void run()
    {
        const qsizetype n = m_text.size();
        const char* t = m_text.constData();
        bool lineStart = true;
        QVector<Token>* directive = nullptr;
        QVector<Token> directiveTokens;
        int directiveLine = 0;
        auto endDirective = [&] {
            if (directive)
                handleDirective(directiveTokens, directiveLine);
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
            Token token;
            token.begin = i;
            token.line = m_line;
            if (isIdentifierStart(c)) {
                while (i < n && isIdentifierPart(uchar(t[i])))
                    ++i;
                token.kind = Token::Identifier;
                // R"delim( … )delim" may span lines and hold anything.
                if (i < n && t[i] == '"' && t[i - 1] == 'R' && i - token.begin <= 3) {
                    i = skipRawString(i);
                    token.kind = Token::Literal;
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
                token.kind = Token::Number;
            } else if (c == '"' || c == '\'') {
                ++i;
                while (i < n && uchar(t[i]) != c && t[i] != '\n') {
                    if (t[i] == '\\' && i + 1 < n && t[i + 1] != '\n')
                        ++i;
                    ++i;
                }
                if (i < n && uchar(t[i]) == c)
                    ++i;
                token.kind = Token::Literal;
            } else {
                ++i;
                token.kind = Token::Punctuation;
            }
            token.size = i - token.begin;
            (directive ? *directive : m_code) << token;
        }
        endDirective();
    }

    QByteArrayView text(const Token& token) const
    {
        return QByteArrayView(m_text.constData() + token.begin, token.size);
    }

    const QByteArray m_text; // shared with the caller's copy, not copied
    QVector<Token> m_code;
    QHash<QByteArray, Macro> m_macros; // as last defined (conditionals are not evaluated)
    QVector<Include> m_includes;

private:
    qsizetype skipRawString(qsizetype quote)
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

    void handleDirective(const QVector<Token>& tokens, int line)
    {
        if (tokens.isEmpty() || tokens[0].kind != Token::Identifier)
            return;
        const QByteArrayView name = text(tokens[0]);
        if (name == "define" && tokens.size() >= 2 && tokens[1].kind == Token::Identifier) {
            Macro macro;
            int next = 2;
            // Function-like only when `(` follows the name without a space.
            if (tokens.size() > 2 && text(tokens[2]) == "(" && tokens[2].begin == tokens[1].begin + tokens[1].size) {
                macro.functionLike = true;
                next = 3;
                while (next < tokens.size() && text(tokens[next]) != ")") {
                    if (tokens[next].kind == Token::Identifier)
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
                    m_includes << Include{rest.mid(1, close - 1), rest.startsWith('"'), line};
            }
        }
    }

    // `##` written as two adjacent `#` tokens at `i` of the body.
    bool pasteAt(const QVector<Token>& body, int i) const
    {
        return i >= 0 && i + 1 < body.size() && text(body[i]) == "#" && text(body[i + 1]) == "#"
            && body[i + 1].begin == body[i].begin + 1;
    }

    // The errors for which clang's preprocessor drops a definition's body (clang 14,
    // ReadOptionalMacroParameterListAndBody): `##` at either end of the body, and in a
    // function-like macro a `#` that is not followed by a parameter. (A parameter list
    // without its `)` is rejected where handleDirective reads it.)
    bool rejectedByClang(const Macro& macro) const
    {
        const QVector<Token>& body = macro.body;
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

    int m_line = 1;
};

// An expansion size that is linear in the arguments of the macro being expanded: the
// preprocessor copies an argument once per use of its parameter.
struct LinearSize {
    double constant = 0;
    QVector<double> perParameter;

    void add(const LinearSize& other, double times)
    {
        constant = qMin(kSaturated, constant + times * other.constant);
        if (perParameter.size() < other.perParameter.size())
            perParameter.resize(other.perParameter.size());
        for (int i = 0; i < other.perParameter.size(); ++i)
            perParameter[i] = qMin(kSaturated, perParameter[i] + times * other.perParameter[i]);
    }
};

// How many tokens text expands to with the file's own macros (analysis-free estimate).
class MacroSizer {
public:
    MacroSizer(const Lexer& lexer, int maxDepth)
        : m_lexer(lexer)
        , m_maxDepth(maxDepth)
    {
    }

    // Tokens [first, last) inside the body of `owner` (or in the file's code when null).
    LinearSize measure(const Token* first, const Token* last, const Macro* owner, int depth)
    {
        LinearSize size;
        if (owner)
            size.perParameter.resize(owner->parameters.size());
        if (depth > m_maxDepth) {
            m_tooDeep = true;
            size.constant = kSaturated;
            return size;
        }
        for (const Token* p = first; p < last; ++p) {
            if (p->kind != Token::Identifier) {
                size.constant += 1;
                continue;
            }
            const QByteArrayView name = m_lexer.text(*p);
            if (owner) {
                const auto parameter = std::find_if(owner->parameters.begin(), owner->parameters.end(),
                    [&](const QByteArray& candidate) { return QByteArrayView(candidate) == name; });
                if (parameter != owner->parameters.end()) {
                    const bool stringified
                        = p > first && m_lexer.text(p[-1]) == "#" && !(p - 1 > first && m_lexer.text(p[-2]) == "#");
                    if (stringified)
                        size.constant += 1;
                    else
                        size.perParameter[int(parameter - owner->parameters.begin())] += 1;
                    continue;
                }
            }
            const auto found = m_lexer.m_macros.constFind(name.toByteArray());
            if (found == m_lexer.m_macros.constEnd() || m_expanding.contains(found.key())) {
                size.constant += 1; // a macro does not expand inside its own expansion
                continue;
            }
            const LinearSize form = formOf(found.key(), *found, depth + 1);
            if (!found->functionLike) {
                size.add(form, 1);
                continue;
            }
            const Token* close = nullptr;
            QVector<std::pair<const Token*, const Token*>> arguments;
            if (p + 1 < last && m_lexer.text(p[1]) == "(")
                close = splitArguments(p + 1, last, owner, arguments);
            if (!close) {
                size.constant += 1; // the name without a call is not expanded
                continue;
            }
            size.constant += form.constant;
            for (int i = 0; i < arguments.size(); ++i) {
                // Arguments past the last parameter belong to `...`, the last parameter.
                const int parameter = qMin(i, int(form.perParameter.size()) - 1);
                if (parameter < 0)
                    break;
                const double uses = form.perParameter[parameter];
                if (uses > 0)
                    size.add(measure(arguments[i].first, arguments[i].second, owner, depth + 1), uses);
                if (i > parameter) // the comma before it is copied with __VA_ARGS__
                    size.constant = qMin(kSaturated, size.constant + uses);
            }
            p = close;
            size.constant = qMin(kSaturated, size.constant);
        }
        return size;
    }

    bool tooDeep() const { return m_tooDeep; }

private:
    LinearSize formOf(const QByteArray& name, const Macro& macro, int depth)
    {
        const auto known = m_forms.constFind(name);
        if (known != m_forms.constEnd())
            return *known;
        m_expanding.insert(name);
        const LinearSize form
            = measure(macro.body.constData(), macro.body.constData() + macro.body.size(), &macro, depth);
        m_expanding.remove(name);
        m_forms.insert(name, form);
        return form;
    }

    // From `(` at `open`: the argument ranges up to the matching `)`, which it returns (null
    // when the call is not closed before `last`). `owner`'s body holds the tokens, or the
    // file's code when there is no owner.
    const Token* splitArguments(const Token* open, const Token* last, const Macro* owner,
        QVector<std::pair<const Token*, const Token*>>& arguments)
    {
        const QVector<Token>& tokens = owner ? owner->body : m_lexer.m_code;
        const QVector<int>& closing = closingParentheses(owner, tokens);
        const int close = closing[int(open - tokens.constData())];
        if (close < 0 || tokens.constData() + close >= last)
            return nullptr;
        int depth = 0;
        const Token* start = open + 1;
        for (const Token* p = open + 1; p < tokens.constData() + close; ++p) {
            const QByteArrayView text = m_lexer.text(*p);
            if (text == "(") {
                ++depth;
            } else if (text == ")") {
                --depth;
            } else if (text == "," && depth == 0) {
                arguments.append(std::make_pair(start, p));
                start = p + 1;
            }
        }
        arguments.append(std::make_pair(start, tokens.constData() + close));
        return tokens.constData() + close;
    }

    // For every `(` in `tokens`, the index of its `)` (-1 when unmatched), found once: a
    // file full of unclosed calls must not be scanned to its end at every one.
    const QVector<int>& closingParentheses(const Macro* owner, const QVector<Token>& tokens)
    {
        const auto known = m_closing.constFind(owner);
        if (known != m_closing.constEnd())
            return *known;
        QVector<int> closing(tokens.size(), -1);
        QVector<int> open;
        for (int i = 0; i < tokens.size(); ++i) {
            const QByteArrayView text = m_lexer.text(tokens[i]);
            if (text == "(")
                open << i;
            else if (text == ")" && !open.isEmpty())
                closing[open.takeLast()] = i;
        }
        return *m_closing.insert(owner, closing);
    }

    const Lexer& m_lexer;
    int m_maxDepth;
    bool m_tooDeep = false;
    QHash<QByteArray, LinearSize> m_forms;
    QSet<QByteArray> m_expanding;
    QHash<const Macro*, QVector<int>> m_closing; // by token array: a macro's body, or the code (null)
};

// The longest run of tokens with no `;`, `,`, `{` or `}` between them; `else` continues
// the run of the statement before it, as an else-if chain nests in the AST.
std::pair<int, int> longestUnbrokenRun(const Lexer& lexer)
{
    const QVector<Token>& code = lexer.m_code;
    int run = 0;
    int longest = 0;
    int line = 0;
    QVector<int> outer;
    auto elseFollows = [&](int i) { return i + 1 < code.size() && lexer.text(code[i + 1]) == "else"; };
    for (int i = 0; i < code.size(); ++i) {
        const QByteArrayView text = lexer.text(code[i]);
        if (text == ";" || text == ",") {
            run = elseFollows(i) ? run + 1 : 0;
        } else if (text == "{") {
            outer << run;
            run = 0;
        } else if (text == "}") {
            const int before = outer.isEmpty() ? 0 : outer.takeLast();
            run = elseFollows(i) ? before + 1 : 0;
        } else if (++run > longest) {
            longest = run;
            line = code[i].line;
        }
    }
    return {longest, line};
}

std::optional<Hazard> findSpecialInclude(
    const QString& path, const QVector<Include>& includes, const HazardLimits& limits, QSet<QString>& visited)
{
    const QString folder = QFileInfo(path).absolutePath();
    for (const Include& include : includes) {
        const QString written = QString::fromUtf8(include.path);
        QStringList candidates;
        if (QDir::isAbsolutePath(written))
            candidates << written;
        else if (include.quoted)
            candidates << QDir(folder).filePath(written);
        for (const QString& candidate : candidates) {
            if (isSpecialFile(candidate))
                return Hazard{include.line,
                    QStringLiteral("#include \"%1\" names a device, pipe or system file, not source code (reading it "
                                   "would never end or wait for input); file skipped")
                        .arg(written)};
            // A project header may do the same: follow quoted includes a little way.
            const QString cleaned = QDir::cleanPath(candidate);
            if (!include.quoted || visited.contains(cleaned) || visited.size() >= limits.maxIncludeScanFiles
                || !QFileInfo(cleaned).isFile())
                continue;
            visited.insert(cleaned);
            QFile header(cleaned);
            if (!header.open(QIODevice::ReadOnly) || header.size() > 16 * 1024 * 1024)
                continue;
            Lexer lexer(header.readAll());
            lexer.run();
            if (auto hazard = findSpecialInclude(cleaned, lexer.m_includes, limits, visited)) {
                hazard->message = QStringLiteral("%1 (in %2)").arg(hazard->message, cleaned);
                hazard->line = include.line;
                return hazard;
            }
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<Hazard> findParseHazard(const QString& path, const QByteArray& text, const HazardLimits& limits)
{
    Lexer lexer(text);
    lexer.run();

    const auto [longest, line] = longestUnbrokenRun(lexer);
    if (longest > limits.maxUnbrokenTokens)
        return Hazard{line,
            QStringLiteral("more than %1 tokens in a row without `;`, `,`, `{` or `}` (from about this line): code "
                           "nested this deep could overflow libclang's stack; file skipped")
                .arg(limits.maxUnbrokenTokens)};

    MacroSizer sizer(lexer, limits.maxMacroDepth);
    const double expanded = lexer.m_macros.isEmpty()
        ? double(lexer.m_code.size())
        : sizer.measure(lexer.m_code.constData(), lexer.m_code.constData() + lexer.m_code.size(), nullptr, 0).constant;
    if (sizer.tooDeep())
        return Hazard{0,
            QStringLiteral("macros nest in macros (or macro calls in macro arguments) more than %1 levels deep; file "
                           "skipped")
                .arg(limits.maxMacroDepth)};
    const double own = double(lexer.m_code.size());
    if (expanded - own > limits.maxMacroTokens && expanded > 16 * own)
        return Hazard{0,
            QStringLiteral("the macros defined in this file expand to about %1 tokens (limit %2): a macro bomb, which "
                           "libclang would take minutes and gigabytes to expand; file skipped")
                .arg(expanded >= kSaturated ? QStringLiteral("10^18") : QString::number(expanded, 'g', 3))
                .arg(limits.maxMacroTokens, 0, 'g', 3)};

    QSet<QString> visited{QDir::cleanPath(path)};
    return findSpecialInclude(path, lexer.m_includes, limits, visited);
}

} // namespace slicewatt
