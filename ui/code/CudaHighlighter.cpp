// SPDX-License-Identifier: GPL-3.0-or-later
#include "CudaHighlighter.h"

#include <QFont>

#include <algorithm>

namespace slicewatt {
namespace {

QTextCharFormat makeFormat(const QColor& colour, bool bold = false, bool italic = false)
{
    QTextCharFormat format;
    format.setForeground(colour);
    if (bold)
        format.setFontWeight(QFont::Bold);
    if (italic)
        format.setFontItalic(true);
    return format;
}

} // namespace

CudaHighlighter::CudaHighlighter(QObject* parent)
    : QSyntaxHighlighter(parent)
{
    buildFormats();
}

void CudaHighlighter::setTokens(QVector<SourceToken> tokens)
{
    m_tokens = std::move(tokens);
    // Tokens are sorted by line, so each line's tokens form one run: index the runs once
    // and highlightBlock is O(tokens on its line).
    const int lastLine = m_tokens.isEmpty() ? 0 : m_tokens.last().line;
    m_firstTokenOfLine.fill(0, lastLine + 2);
    int next = 0;
    for (int line = 1; line <= lastLine + 1; ++line) {
        while (next < m_tokens.size() && m_tokens[next].line < line)
            ++next;
        m_firstTokenOfLine[line] = next;
    }
}

void CudaHighlighter::setDarkPalette(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    buildFormats();
    rehighlight();
}

void CudaHighlighter::highlightBlock(const QString& text)
{
    const int line = currentBlock().blockNumber() + 1;
    if (line + 1 >= m_firstTokenOfLine.size())
        return;
    const int end = m_firstTokenOfLine[line + 1];
    for (int i = m_firstTokenOfLine[line]; i < end; ++i) {
        const SourceToken& token = m_tokens[i];
        const QTextCharFormat& format = m_formats[size_t(token.cls)];
        // Plain identifiers and punctuation keep the editor's text colour.
        if (!format.hasProperty(QTextFormat::ForegroundBrush))
            continue;
        const int start = token.column - 1;
        if (start >= text.size())
            break; // the text changed under stale tokens: stop rather than colour garbage
        setFormat(start, std::min(token.length, int(text.size()) - start), format);
    }
}

void CudaHighlighter::buildFormats()
{
    auto set = [this](TokenClass cls, const QTextCharFormat& format) { m_formats[size_t(cls)] = format; };
    for (QTextCharFormat& format : m_formats)
        format = QTextCharFormat();
    // The CUDA classes stand out most (bold, own hues): they are what the slices are
    // made of. Light colours keep ≥ 4.5:1 contrast on white, dark ones on #1e1f22.
    if (m_dark) {
        set(TokenClass::Keyword, makeFormat(QColor(86, 156, 214)));
        set(TokenClass::CudaQualifier, makeFormat(QColor(197, 134, 255), true));
        set(TokenClass::BuiltinVariable, makeFormat(QColor(78, 201, 176), false, true));
        set(TokenClass::MemoryIntrinsic, makeFormat(QColor(255, 170, 90), true));
        set(TokenClass::Type, makeFormat(QColor(100, 200, 230)));
        set(TokenClass::NumberLiteral, makeFormat(QColor(181, 206, 168)));
        set(TokenClass::StringLiteral, makeFormat(QColor(206, 145, 120)));
        set(TokenClass::Comment, makeFormat(QColor(128, 150, 128), false, true));
        set(TokenClass::Preprocessor, makeFormat(QColor(215, 190, 110)));
    } else {
        set(TokenClass::Keyword, makeFormat(QColor(0, 51, 179)));
        set(TokenClass::CudaQualifier, makeFormat(QColor(128, 0, 160), true));
        set(TokenClass::BuiltinVariable, makeFormat(QColor(0, 110, 110), false, true));
        set(TokenClass::MemoryIntrinsic, makeFormat(QColor(165, 70, 0), true));
        set(TokenClass::Type, makeFormat(QColor(20, 100, 140)));
        set(TokenClass::NumberLiteral, makeFormat(QColor(23, 80, 235)));
        set(TokenClass::StringLiteral, makeFormat(QColor(6, 125, 23)));
        set(TokenClass::Comment, makeFormat(QColor(110, 110, 110), false, true));
        set(TokenClass::Preprocessor, makeFormat(QColor(130, 100, 0)));
    }
}

} // namespace slicewatt
