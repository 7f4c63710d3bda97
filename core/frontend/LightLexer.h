// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QVector>

namespace slicewatt {

// A token of a file's bytes: where it is, on which line, of which broad kind. Punctuation is
// one byte a token (`<<` is two), so spacing between tokens is seen by their offsets.
struct LexedToken {
    enum Kind : quint8 { Identifier, Number, Literal, Punctuation };
    qsizetype begin = 0;
    qsizetype size = 0;
    int line = 0;
    Kind kind = Punctuation;
};

struct LexedInclude {
    QByteArray path;
    bool quoted = false;
    int line = 0;
};

struct LexedMacro {
    bool functionLike = false;
    QVector<QByteArray> parameters; // `...` is __VA_ARGS__
    QVector<LexedToken> body;
};

// Splits a file into the tokens of its code and its preprocessor directives, the way
// translation phases 1–3 do (line splices, comments, string, character and raw string
// literals), well enough to count and to find operators: no preprocessing, conditionals are
// not evaluated. What reads source text before clang does (the parse hazards, the spaced
// launch chevrons) reads it through this one lexer.
class LightLexer {
public:
    // Shares `text` (no copy) and lexes it.
    explicit LightLexer(const QByteArray& text);

    QByteArrayView text(const LexedToken& token) const
    {
        return QByteArrayView(m_text.constData() + token.begin, token.size);
    }
    const QByteArray& bytes() const { return m_text; }
    // The tokens outside directives, in order.
    const QVector<LexedToken>& code() const { return m_code; }
    // Each directive's tokens after its `#`, in order.
    const QVector<QVector<LexedToken>>& directives() const { return m_directives; }
    const QHash<QByteArray, LexedMacro>& macros() const { return m_macros; } // as last defined
    const QVector<LexedInclude>& includes() const { return m_includes; }

private:
    void run();
    qsizetype skipRawString(qsizetype quote);
    void handleDirective(const QVector<LexedToken>& tokens, int line);
    bool pasteAt(const QVector<LexedToken>& body, int i) const;
    bool rejectedByClang(const LexedMacro& macro) const;

    const QByteArray m_text; // shared with the caller's copy, not copied
    QVector<LexedToken> m_code;
    QVector<QVector<LexedToken>> m_directives;
    QHash<QByteArray, LexedMacro> m_macros;
    QVector<LexedInclude> m_includes;
    int m_line = 1;
};

} // namespace slicewatt
