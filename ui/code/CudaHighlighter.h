// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/SourceTokenizer.h"

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <array>

namespace slicewatt {

// Colours CUDA source from libclang's tokens (SourceTokenizer), so highlighting agrees with
// what the analysis saw: comments, directives and literals are never guessed by regular
// expressions. The text is lexed once per file (setTokens); highlightBlock only looks up
// its line's slice of the token list. Formats set foregrounds only: the code view paints
// the heat behind the text.
class CudaHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit CudaHighlighter(QObject* parent = nullptr);

    // Tokens of the text the document will hold (tokenizeSource's output). Does not
    // rehighlight: set them before attaching the document or replacing its text.
    void setTokens(QVector<SourceToken> tokens);
    const QVector<SourceToken>& tokens() const { return m_tokens; }
    void setDarkPalette(bool dark); // rehighlights
    bool darkPalette() const { return m_dark; }
    QTextCharFormat format(TokenClass cls) const { return m_formats[size_t(cls)]; }

protected:
    void highlightBlock(const QString& text) override;

private:
    void buildFormats();

    static constexpr int kClassCount = int(TokenClass::Punctuation) + 1;
    QVector<SourceToken> m_tokens;
    QVector<int> m_firstTokenOfLine; // index by 1-based line; line L is [L], [L + 1])
    std::array<QTextCharFormat, kClassCount> m_formats;
    bool m_dark = false;
};

} // namespace slicewatt
