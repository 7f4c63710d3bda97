// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelListing.h"

#include <QFile>
#include <QRegularExpression>

#include <algorithm>

namespace slicewatt {
namespace {

// How far above the name token a `__global__` or `template` line may sit: qualifiers,
// attributes and the return type take a line or two in real code, never a screenful.
constexpr int kQualifierLookBack = 8;
constexpr int kTemplateLookBack = 4;

bool endsOtherCode(const QString& trimmed)
{
    return trimmed.isEmpty() || trimmed.endsWith(QLatin1Char(';')) || trimmed.endsWith(QLatin1Char('}'))
        || trimmed.endsWith(QLatin1Char('{')) || trimmed.startsWith(QLatin1String("//"))
        || trimmed.startsWith(QLatin1String("/*")) || trimmed.startsWith(QLatin1Char('*'))
        || trimmed.startsWith(QLatin1Char('#'));
}

bool isTemplateHeader(const QString& trimmed)
{
    static const QRegularExpression pattern(QStringLiteral("^template\\b"));
    return pattern.match(trimmed).hasMatch();
}

// The column just before the kernel's name on its line, so the scan for the body's brace
// sees the parameter list but nothing that precedes the definition.
qsizetype nameColumn(const QString& line, const QString& name)
{
    if (name.isEmpty())
        return 0;
    const QRegularExpression word(QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(name)));
    const QRegularExpressionMatch match = word.match(line);
    return match.hasMatch() ? match.capturedStart() : 0;
}

// The line (1-based) of the brace that closes the body opened after `fromLine`/`fromColumn`,
// skipping comments, string and character literals and preprocessor lines; 0 when the
// text ends first or a `;` shows a declaration without a body.
int closingBraceLine(const QStringList& lines, int fromLine, qsizetype fromColumn)
{
    bool inBlockComment = false;
    int parenDepth = 0;
    int braceDepth = 0;
    bool opened = false;
    for (int index = fromLine - 1; index < lines.size(); ++index) {
        const QString& line = lines[index];
        if (!inBlockComment && line.trimmed().startsWith(QLatin1Char('#')))
            continue;
        qsizetype i = index == fromLine - 1 ? fromColumn : 0;
        while (i < line.size()) {
            if (inBlockComment) {
                const qsizetype end = line.indexOf(QLatin1String("*/"), i);
                if (end < 0)
                    break;
                inBlockComment = false;
                i = end + 2;
                continue;
            }
            const QChar c = line[i];
            const QChar next = i + 1 < line.size() ? line[i + 1] : QChar();
            if (c == QLatin1Char('/') && next == QLatin1Char('/'))
                break;
            if (c == QLatin1Char('/') && next == QLatin1Char('*')) {
                inBlockComment = true;
                i += 2;
                continue;
            }
            // A quote after a digit is C++14's digit separator (1'000), not a literal.
            const bool quote
                = c == QLatin1Char('"') || (c == QLatin1Char('\'') && (i == 0 || !line[i - 1].isLetterOrNumber()));
            if (quote) {
                qsizetype j = i + 1;
                while (j < line.size() && line[j] != c)
                    j += line[j] == QLatin1Char('\\') ? 2 : 1;
                i = j + 1;
                continue;
            }
            if (c == QLatin1Char('('))
                ++parenDepth;
            else if (c == QLatin1Char(')'))
                parenDepth = std::max(0, parenDepth - 1);
            else if (c == QLatin1Char('{') && (opened || parenDepth == 0)) {
                ++braceDepth;
                opened = true;
            } else if (c == QLatin1Char('}') && opened) {
                if (--braceDepth == 0)
                    return index + 1;
            } else if (c == QLatin1Char(';') && !opened && parenDepth == 0) {
                return 0;
            }
            ++i;
        }
    }
    return 0;
}

} // namespace

std::optional<QStringList> readSourceLines(const QString& path, qint64 maxBytes)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || file.size() > maxBytes)
        return std::nullopt;
    const QByteArray bytes = file.readAll();
    QStringList lines = QString::fromUtf8(bytes).split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast(); // the file's final line break starts no line
    for (QString& line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
    }
    return lines;
}

QString expandTabs(const QString& line, int tabWidth)
{
    if (!line.contains(QLatin1Char('\t')))
        return line;
    QString expanded;
    expanded.reserve(line.size() + 4 * tabWidth);
    for (const QChar c : line) {
        if (c == QLatin1Char('\t'))
            expanded += QString(tabWidth - expanded.size() % tabWidth, QLatin1Char(' '));
        else
            expanded += c;
    }
    return expanded;
}

std::optional<KernelLineRange> kernelLineRange(
    const QStringList& lines, int nameLine, const QString& name, int lastStatementLine)
{
    if (nameLine < 1 || nameLine > lines.size())
        return std::nullopt;
    KernelLineRange range;
    range.first = nameLine;
    // `__global__ void` often sits on its own line above the name (with __launch_bounds__).
    if (!lines[nameLine - 1].contains(QLatin1String("__global__"))) {
        for (int line = nameLine - 1; line >= std::max(1, nameLine - kQualifierLookBack); --line) {
            const QString trimmed = lines[line - 1].trimmed();
            if (trimmed.contains(QLatin1String("__global__"))) {
                range.first = line;
                break;
            }
            if (endsOtherCode(trimmed))
                break;
        }
    }
    for (int line = range.first - 1; line >= std::max(1, range.first - kTemplateLookBack); --line) {
        const QString trimmed = lines[line - 1].trimmed();
        if (isTemplateHeader(trimmed)) {
            range.first = line;
            break;
        }
        if (endsOtherCode(trimmed))
            break;
    }

    const int braceLine = closingBraceLine(lines, nameLine, nameColumn(lines[nameLine - 1], name));
    const int lastStatement = std::min(int(lines.size()), lastStatementLine);
    if (braceLine > 0 && braceLine >= lastStatement) {
        range.last = braceLine;
        return range;
    }
    // Braces did not balance (macros, disabled code): the body ends at the first line after
    // the last statement that starts with a closing brace.
    range.last = std::max(nameLine, lastStatement);
    for (int line = std::max(nameLine, lastStatement); line <= lines.size(); ++line) {
        if (lines[line - 1].trimmed().startsWith(QLatin1Char('}'))) {
            range.last = line;
            break;
        }
    }
    return range;
}

} // namespace slicewatt
