// SPDX-License-Identifier: GPL-3.0-or-later
#include "MacroOperators.h"

#include "ClangHandles.h"
#include "CursorQueries.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

#include <string_view>
#include <vector>

namespace slicewatt {
namespace {

constexpr int kMaxExpansionDepth = 8; // macros using macros; deeper is given up
constexpr int kMaxExpandedTokens = 4096; // an expansion this long is no arithmetic helper

bool isIdentifierStart(QChar c)
{
    return c.isLetter() || c == QLatin1Char('_');
}

bool isIdentifier(const QString& token)
{
    return !token.isEmpty() && isIdentifierStart(token.front());
}

// The shape of an expression, as both the AST and our parse of the expansion see it:
// B(…,…) binary, P(…) parentheses, U(…) unary, T(…,…,…) conditional, L anything else.
struct ShapeNode {
    QString op; // binary operators only
    QString shape;
};

// A small precedence-climbing parser over the expanded tokens. It only needs to agree with
// clang on the tree of operators and parentheses; everything else is a leaf.
class ExpansionParser {
public:
    explicit ExpansionParser(const QStringList& tokens)
        : m_tokens(tokens)
    {
    }

    // False when the tokens are not one whole expression.
    bool parse()
    {
        if (m_tokens.isEmpty())
            return false;
        const bool ok = expression(1).has_value();
        return ok && m_ok && m_position == m_tokens.size();
    }
    const std::vector<ShapeNode>& binaries() const { return m_binaries; }

private:
    QString peek() const { return m_position < m_tokens.size() ? m_tokens[m_position] : QString(); }
    QString take() { return m_position < m_tokens.size() ? m_tokens[m_position++] : QString(); }
    bool expect(const QString& token)
    {
        if (peek() != token) {
            m_ok = false;
            return false;
        }
        ++m_position;
        return true;
    }

    static int precedence(const QString& op)
    {
        static const QHash<QString, int> table = {{QStringLiteral("*"), 13}, {QStringLiteral("/"), 13},
            {QStringLiteral("%"), 13}, {QStringLiteral("+"), 12}, {QStringLiteral("-"), 12}, {QStringLiteral("<<"), 11},
            {QStringLiteral(">>"), 11}, {QStringLiteral("<"), 10}, {QStringLiteral(">"), 10},
            {QStringLiteral("<="), 10}, {QStringLiteral(">="), 10}, {QStringLiteral("=="), 9},
            {QStringLiteral("!="), 9}, {QStringLiteral("&"), 8}, {QStringLiteral("^"), 7}, {QStringLiteral("|"), 6},
            {QStringLiteral("&&"), 5}, {QStringLiteral("||"), 4}, {QStringLiteral("="), 2}, {QStringLiteral("+="), 2},
            {QStringLiteral("-="), 2}, {QStringLiteral("*="), 2}, {QStringLiteral("/="), 2}, {QStringLiteral("%="), 2},
            {QStringLiteral("<<="), 2}, {QStringLiteral(">>="), 2}, {QStringLiteral("&="), 2},
            {QStringLiteral("|="), 2}, {QStringLiteral("^="), 2}, {QStringLiteral(","), 1}};
        return table.value(op, -1);
    }

    std::optional<QString> expression(int minimum)
    {
        std::optional<QString> left = unary();
        while (left && m_ok) {
            const QString op = peek();
            if (op == QLatin1String("?") && minimum <= 3) {
                take();
                const std::optional<QString> middle = expression(1);
                if (!middle || !expect(QStringLiteral(":")))
                    return std::nullopt;
                const std::optional<QString> right = expression(3);
                if (!right)
                    return std::nullopt;
                left = QStringLiteral("T(%1,%2,%3)").arg(*left, *middle, *right);
                continue;
            }
            const int level = precedence(op);
            if (level < 0 || level < minimum)
                break;
            take();
            // Assignments are right-associative, the others left.
            const std::optional<QString> right = expression(level == 2 ? level : level + 1);
            if (!right)
                return std::nullopt;
            const QString shape = QStringLiteral("B(%1,%2)").arg(*left, *right);
            m_binaries.push_back({op, shape});
            left = shape;
        }
        return m_ok ? left : std::nullopt;
    }

    // `(float)x`, `(unsigned int)n`, `(T*)p`: a cast only when the parentheses hold a
    // builtin type or end with `*`; `(M) + (N)` must stay two parenthesised operands.
    bool isCastAt(int open) const
    {
        static const QSet<QString> typeWords
            = {QStringLiteral("int"), QStringLiteral("unsigned"), QStringLiteral("signed"), QStringLiteral("long"),
                QStringLiteral("short"), QStringLiteral("char"), QStringLiteral("float"), QStringLiteral("double"),
                QStringLiteral("bool"), QStringLiteral("size_t"), QStringLiteral("int64_t"), QStringLiteral("uint64_t"),
                QStringLiteral("int32_t"), QStringLiteral("uint32_t"), QStringLiteral("const")};
        int close = open + 1;
        bool typeLike = false;
        bool pointers = false; // only `*`s after the name: `(T*)`, `(float **)`
        while (close < m_tokens.size() && m_tokens[close] != QLatin1String(")")) {
            const QString& token = m_tokens[close];
            if (token == QLatin1String("*"))
                pointers = true;
            else if (pointers || (!isIdentifier(token) && token != QLatin1String("::")))
                return false; // `a * b`: an operand, not a type
            typeLike = typeLike || typeWords.contains(token);
            ++close;
        }
        return (typeLike || pointers) && close + 1 < m_tokens.size() && close > open + 1;
    }

    void skipBalanced(const QString& open, const QString& close)
    {
        int depth = 0;
        do {
            const QString token = take();
            if (token.isEmpty()) {
                m_ok = false;
                return;
            }
            depth += token == open ? 1 : token == close ? -1 : 0;
        } while (depth > 0);
    }

    std::optional<QString> unary()
    {
        if (++m_depth > 512) { // nesting this deep is no helper macro
            m_ok = false;
            return std::nullopt;
        }
        const std::optional<QString> result = unaryInner();
        --m_depth;
        return result;
    }

    std::optional<QString> unaryInner()
    {
        static const QSet<QString> prefix = {QStringLiteral("-"), QStringLiteral("+"), QStringLiteral("!"),
            QStringLiteral("~"), QStringLiteral("*"), QStringLiteral("&"), QStringLiteral("++"), QStringLiteral("--")};
        const QString token = peek();
        if (prefix.contains(token)) {
            take();
            const std::optional<QString> operand = unary();
            return operand ? std::optional<QString>(QStringLiteral("U(%1)").arg(*operand)) : std::nullopt;
        }
        if (token == QLatin1String("sizeof") || token == QLatin1String("alignof")) {
            take();
            if (peek() == QLatin1String("("))
                skipBalanced(QStringLiteral("("), QStringLiteral(")"));
            else if (!unary())
                return std::nullopt;
            return postfix(QStringLiteral("L"));
        }
        if (token == QLatin1String("(")) {
            if (isCastAt(m_position)) {
                skipBalanced(QStringLiteral("("), QStringLiteral(")"));
                return unary() ? std::optional<QString>(QStringLiteral("L")) : std::nullopt;
            }
            take();
            const std::optional<QString> inner = expression(1);
            if (!inner || !expect(QStringLiteral(")")))
                return std::nullopt;
            return postfix(QStringLiteral("P(%1)").arg(*inner));
        }
        if (token.isEmpty() || precedence(token) > 0 || token == QLatin1String(")") || token == QLatin1String(":")
            || token == QLatin1String("?")) {
            m_ok = false;
            return std::nullopt;
        }
        take();
        // `ns::name`, `Type::member`.
        while (peek() == QLatin1String("::")) {
            take();
            take();
        }
        return postfix(QStringLiteral("L"));
    }

    // Calls, subscripts, members and postfix ++/-- after an operand.
    std::optional<QString> postfix(QString shape)
    {
        for (;;) {
            const QString token = peek();
            if (token == QLatin1String("(")) {
                skipBalanced(QStringLiteral("("), QStringLiteral(")"));
                shape = QStringLiteral("L");
            } else if (token == QLatin1String("[")) {
                skipBalanced(QStringLiteral("["), QStringLiteral("]"));
                shape = QStringLiteral("L");
            } else if (token == QLatin1String(".") || token == QLatin1String("->")) {
                take();
                take();
                shape = QStringLiteral("L");
            } else if (token == QLatin1String("++") || token == QLatin1String("--")) {
                take();
                shape = QStringLiteral("U(%1)").arg(shape);
            } else {
                return m_ok ? std::optional<QString>(shape) : std::nullopt;
            }
        }
    }

    const QStringList& m_tokens;
    int m_position = 0;
    int m_depth = 0;
    bool m_ok = true;
    std::vector<ShapeNode> m_binaries;
};

// The same shape read from the AST; implicit conversions (unexposed, one operand) are
// looked through, as the expansion has none.
QString astShape(CXCursor cursor, int depth)
{
    if (depth > 512)
        return QStringLiteral("?");
    const QVector<CXCursor> operands = expressionChildren(cursor);
    switch (clang_getCursorKind(cursor)) {
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator:
        return operands.size() == 2
            ? QStringLiteral("B(%1,%2)").arg(astShape(operands[0], depth + 1), astShape(operands[1], depth + 1))
            : QStringLiteral("?");
    case CXCursor_ParenExpr:
        return operands.size() == 1 ? QStringLiteral("P(%1)").arg(astShape(operands[0], depth + 1))
                                    : QStringLiteral("?");
    case CXCursor_UnaryOperator:
        return operands.size() == 1 ? QStringLiteral("U(%1)").arg(astShape(operands[0], depth + 1))
                                    : QStringLiteral("?");
    case CXCursor_ConditionalOperator:
        return operands.size() == 3 ? QStringLiteral("T(%1,%2,%3)")
                                          .arg(astShape(operands[0], depth + 1), astShape(operands[1], depth + 1),
                                              astShape(operands[2], depth + 1))
                                    : QStringLiteral("?");
    case CXCursor_UnexposedExpr:
        return operands.size() == 1 ? astShape(operands[0], depth + 1) : QStringLiteral("L");
    default:
        return QStringLiteral("L");
    }
}

QStringList splitParameters(const QString& text)
{
    QStringList parameters;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        parameters << part.trimmed();
    return parameters;
}

} // namespace

QStringList tokenizeC(const QString& text)
{
    static const QStringList longOperators = {QStringLiteral("<<="), QStringLiteral(">>="), QStringLiteral("..."),
        QStringLiteral("->"), QStringLiteral("++"), QStringLiteral("--"), QStringLiteral("<<"), QStringLiteral(">>"),
        QStringLiteral("<="), QStringLiteral(">="), QStringLiteral("=="), QStringLiteral("!="), QStringLiteral("&&"),
        QStringLiteral("||"), QStringLiteral("+="), QStringLiteral("-="), QStringLiteral("*="), QStringLiteral("/="),
        QStringLiteral("%="), QStringLiteral("&="), QStringLiteral("|="), QStringLiteral("^="), QStringLiteral("::"),
        QStringLiteral("##")};
    QStringList tokens;
    const int size = int(text.size());
    int i = 0;
    while (i < size) {
        const QChar c = text[i];
        if (c.isSpace()) {
            ++i;
        } else if (text.mid(i, 2) == QLatin1String("//")) {
            break; // the rest of the (joined) line
        } else if (text.mid(i, 2) == QLatin1String("/*")) {
            const int end = int(text.indexOf(QLatin1String("*/"), i + 2));
            i = end < 0 ? size : end + 2;
        } else if (isIdentifierStart(c)) {
            int j = i + 1;
            while (j < size && (text[j].isLetterOrNumber() || text[j] == QLatin1Char('_')))
                ++j;
            tokens << text.mid(i, j - i);
            i = j;
        } else if (c.isDigit() || (c == QLatin1Char('.') && i + 1 < size && text[i + 1].isDigit())) {
            int j = i + 1;
            while (j < size) {
                const QChar d = text[j];
                const bool exponentSign = (d == QLatin1Char('+') || d == QLatin1Char('-'))
                    && QStringLiteral("eEpP").contains(text[j - 1]) && !text.mid(i, 2).startsWith(QLatin1String("0x"));
                if (!(d.isLetterOrNumber() || d == QLatin1Char('.') || d == QLatin1Char('_') || exponentSign))
                    break;
                ++j;
            }
            tokens << text.mid(i, j - i);
            i = j;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            int j = i + 1;
            while (j < size && text[j] != c)
                j += text[j] == QLatin1Char('\\') ? 2 : 1;
            tokens << text.mid(i, j + 1 - i);
            i = j + 1;
        } else {
            QString op(c);
            for (const QString& candidate : longOperators) {
                if (text.mid(i, candidate.size()) == candidate) {
                    op = candidate;
                    break;
                }
            }
            tokens << op;
            i += int(op.size());
        }
    }
    return tokens;
}

MacroOperators::MacroOperators(CXTranslationUnit tu)
    : m_tu(tu)
{
}

const MacroOperators::Definition* MacroOperators::definitionOf(const QString& name)
{
    if (!m_scanned) {
        m_scanned = true;
        // Only the unit's own files: a system header's macros are not the project's, and
        // reading every header of the toolkit for each unit would cost more than it gives.
        clang_getInclusions(
            m_tu,
            [](CXFile file, CXSourceLocation*, unsigned, CXClientData data) {
                auto* self = static_cast<MacroOperators*>(data);
                if (!isProjectFile(self->m_tu, file))
                    return;
                const std::string_view contents = fileText(self->m_tu, file);
                if (contents.find("#define") == std::string_view::npos)
                    return;
                static const QRegularExpression define(
                    QStringLiteral(R"(^\s*#\s*define\s+([A-Za-z_][A-Za-z_0-9]*)(\(([^)]*)\))?(.*)$)"));
                static const QRegularExpression continuation(QStringLiteral("\\\\\\r?\\n"));
                QString text = QString::fromUtf8(contents.data(), qsizetype(contents.size()));
                text.replace(continuation, QStringLiteral(" "));
                for (const QString& line : text.split(QLatin1Char('\n'))) {
                    if (!line.contains(QLatin1String("define")))
                        continue;
                    const QRegularExpressionMatch match = define.match(line);
                    if (!match.hasMatch() || self->m_definitions.contains(match.captured(1)))
                        continue;
                    Definition definition;
                    definition.functionLike = match.capturedLength(2) > 0;
                    definition.parameters = splitParameters(match.captured(3));
                    definition.body = tokenizeC(match.captured(4));
                    self->m_definitions.insert(match.captured(1), definition);
                }
            },
            this);
    }
    const auto it = m_definitions.constFind(name);
    return it == m_definitions.constEnd() ? nullptr : &*it;
}

QStringList MacroOperators::expand(const QStringList& tokens, int depth)
{
    if (depth > kMaxExpansionDepth || tokens.size() > kMaxExpandedTokens)
        return {};
    QStringList out;
    bool changed = false;
    for (int i = 0; i < tokens.size(); ++i) {
        const QString& token = tokens[i];
        const Definition* definition = isIdentifier(token) ? definitionOf(token) : nullptr;
        if (!definition || (definition->functionLike && tokens.value(i + 1) != QLatin1String("("))) {
            out << token;
            continue;
        }
        if (definition->body.contains(QStringLiteral("#")) || definition->body.contains(QStringLiteral("##")))
            return {}; // stringising and pasting: not arithmetic to read
        changed = true;
        if (!definition->functionLike) {
            out += definition->body;
            continue;
        }
        // The arguments: top-level commas split them.
        QVector<QStringList> arguments(1);
        int nesting = 0;
        int j = i + 2;
        for (; j < tokens.size(); ++j) {
            const QString& t = tokens[j];
            if (t == QLatin1String("(") || t == QLatin1String("[") || t == QLatin1String("{"))
                ++nesting;
            else if (t == QLatin1String(")") || t == QLatin1String("]") || t == QLatin1String("}")) {
                if (nesting == 0)
                    break;
                --nesting;
            } else if (t == QLatin1String(",") && nesting == 0) {
                arguments.append(QStringList());
                continue;
            }
            arguments.last() << t;
        }
        if (j >= tokens.size())
            return {};
        if (definition->parameters.isEmpty() && arguments.size() == 1 && arguments.first().isEmpty())
            arguments.clear();
        if (arguments.size() != definition->parameters.size())
            return {};
        for (const QString& bodyToken : definition->body) {
            const int parameter = int(definition->parameters.indexOf(bodyToken));
            if (parameter >= 0)
                out += arguments[parameter];
            else
                out << bodyToken;
        }
        i = j;
    }
    return changed ? expand(out, depth + 1) : out;
}

std::optional<BinaryOperator> MacroOperators::operatorOf(CXCursor binaryOperator)
{
    // libclang 14 puts the cursor of an operator inside a macro (or inside a macro's
    // argument) at the outermost macro use's name: the use is that name and, for a
    // function-like macro, its balanced parentheses.
    CXFile file = nullptr;
    unsigned begin = 0;
    clang_getExpansionLocation(clang_getCursorLocation(binaryOperator), &file, nullptr, nullptr, &begin);
    const QPair<quintptr, unsigned> key(reinterpret_cast<quintptr>(file), begin);
    auto use = m_uses.constFind(key);
    if (use == m_uses.constEnd())
        use = m_uses.insert(key, readUse(file, begin));
    if (!*use)
        return std::nullopt;
    const auto op = (*use)->constFind(astShape(binaryOperator, 0));
    if (op == (*use)->constEnd() || op->isEmpty())
        return std::nullopt; // no operator of that shape, or two of different kinds
    return binaryOperatorFromSpelling(*op);
}

std::optional<MacroOperators::OperatorsByShape> MacroOperators::readUse(CXFile file, unsigned begin)
{
    const size_t size = fileText(m_tu, file).size();
    if (begin >= size)
        return std::nullopt;
    constexpr unsigned kMaxUseBytes = 16384;
    const unsigned end = unsigned(std::min<size_t>(size, size_t(begin) + kMaxUseBytes));
    const CXSourceRange range
        = clang_getRange(clang_getLocationForOffset(m_tu, file, begin), clang_getLocationForOffset(m_tu, file, end));
    CXToken* raw = nullptr;
    unsigned count = 0;
    clang_tokenize(m_tu, range, &raw, &count);
    QStringList tokens;
    int depth = 0;
    for (unsigned i = 0; i < count; ++i) {
        const QString token = takeString(clang_getTokenSpelling(m_tu, raw[i]));
        if (i == 1 && token != QLatin1String("("))
            break; // an object-like use: the name alone
        tokens << token;
        depth += token == QLatin1String("(") ? 1 : token == QLatin1String(")") ? -1 : 0;
        if (i > 0 && depth == 0)
            break;
    }
    if (raw)
        clang_disposeTokens(m_tu, raw, count);
    if (tokens.isEmpty() || !isIdentifier(tokens.first()) || !definitionOf(tokens.first()))
        return std::nullopt;
    const QStringList expanded = expand(tokens, 0);
    ExpansionParser parser(expanded);
    if (!parser.parse())
        return std::nullopt;
    OperatorsByShape operators;
    for (const ShapeNode& node : parser.binaries()) {
        const auto seen = operators.constFind(node.shape);
        if (seen == operators.constEnd())
            operators.insert(node.shape, node.op);
        else if (*seen != node.op)
            operators[node.shape] = QString(); // which of the two is a cursor of this shape?
    }
    return operators;
}

} // namespace slicewatt
