// SPDX-License-Identifier: GPL-3.0-or-later
#include "SourceHazards.h"

#include "LightLexer.h"

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

using Token = LexedToken;
using Macro = LexedMacro;
using Include = LexedInclude;
using Lexer = LightLexer;

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
            const auto found = m_lexer.macros().constFind(name.toByteArray());
            if (found == m_lexer.macros().constEnd() || m_expanding.contains(found.key())) {
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
        const QVector<Token>& tokens = owner ? owner->body : m_lexer.code();
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
    const QVector<Token>& code = lexer.code();
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
            const Lexer lexer(header.readAll());
            if (auto hazard = findSpecialInclude(cleaned, lexer.includes(), limits, visited)) {
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
    return findParseHazard(path, LightLexer(text), limits);
}

std::optional<Hazard> findParseHazard(const QString& path, const LightLexer& lexer, const HazardLimits& limits)
{
    const auto [longest, line] = longestUnbrokenRun(lexer);
    if (longest > limits.maxUnbrokenTokens)
        return Hazard{line,
            QStringLiteral("more than %1 tokens in a row without `;`, `,`, `{` or `}` (from about this line): code "
                           "nested this deep could overflow libclang's stack; file skipped")
                .arg(limits.maxUnbrokenTokens)};

    MacroSizer sizer(lexer, limits.maxMacroDepth);
    const double expanded = lexer.macros().isEmpty()
        ? double(lexer.code().size())
        : sizer.measure(lexer.code().constData(), lexer.code().constData() + lexer.code().size(), nullptr, 0).constant;
    if (sizer.tooDeep())
        return Hazard{0,
            QStringLiteral("macros nest in macros (or macro calls in macro arguments) more than %1 levels deep; file "
                           "skipped")
                .arg(limits.maxMacroDepth)};
    const double own = double(lexer.code().size());
    if (expanded - own > limits.maxMacroTokens && expanded > 16 * own)
        return Hazard{0,
            QStringLiteral("the macros defined in this file expand to about %1 tokens (limit %2): a macro bomb, which "
                           "libclang would take minutes and gigabytes to expand; file skipped")
                .arg(expanded >= kSaturated ? QStringLiteral("10^18") : QString::number(expanded, 'g', 3))
                .arg(limits.maxMacroTokens, 0, 'g', 3)};

    QSet<QString> visited{QDir::cleanPath(path)};
    return findSpecialInclude(path, lexer.includes(), limits, visited);
}

} // namespace slicewatt
