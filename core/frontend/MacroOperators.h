// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/Operators.h"

#include <clang-c/Index.h>

#include <QHash>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

namespace slicewatt {

// The operators of expressions spelt inside a project macro's definition:
// `#define CEIL_DIV(M, N) (((M) + (N) - 1) / (N))` used as `CEIL_DIV(n, 256)`. libclang 14
// reports every location inside a macro expansion as the macro's use and has no operator
// kind, so the operator token of such a binary operator cannot be read from the AST. This
// expands the use again from the macro's definition text (found in the unit's own files,
// not in system headers), parses the expansion, and finds the operator whose operand tree
// has the same shape as the cursor's.
class MacroOperators {
public:
    explicit MacroOperators(CXTranslationUnit tu);

    // The operator of a BinaryOperator cursor whose operator lies in a macro definition;
    // nullopt when it cannot be told (a macro from a system header, `#`/`##`, a shape that
    // matches operators of different kinds).
    std::optional<BinaryOperator> operatorOf(CXCursor binaryOperator);

    struct Definition {
        bool functionLike = false;
        QStringList parameters;
        QStringList body; // tokens
    };

private:
    // One macro use read: the operator of each binary operator's operand shape in its
    // expansion ("" where operators of different kinds share a shape); nullopt when the
    // use cannot be read.
    using OperatorsByShape = QHash<QString, QString>;
    std::optional<OperatorsByShape> readUse(CXFile file, unsigned begin);
    const Definition* definitionOf(const QString& name);
    QStringList expand(const QStringList& tokens, int depth);

    CXTranslationUnit m_tu;
    bool m_scanned = false;
    QHash<QString, Definition> m_definitions; // every #define of the unit's own files
    // Uses already read, by file and offset: every operator inside a use asks about the
    // same use, and expanding it once per operator made a use of k operators cost k
    // expansions (a fifth of the fuzzer's time, and users' macro-heavy kernels).
    QHash<QPair<quintptr, unsigned>, std::optional<OperatorsByShape>> m_uses;
};

// C tokens of a piece of source text: identifiers, numbers, string and character literals,
// and operators (longest match). Comments are dropped.
QStringList tokenizeC(const QString& text);

} // namespace slicewatt
