// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace slicewatt {

// C's binary operators as the analysis reads them. libclang 14 has no operator kind for a
// BinaryOperator cursor, so the front end reads the token and turns it into one of these
// once; everything after works on the enum.
enum class BinaryOperator {
    Add, // +
    Subtract, // -
    Multiply, // *
    Divide, // /
    Remainder, // %
    ShiftLeft, // <<
    ShiftRight, // >>
    BitAnd, // &
    BitOr, // |
    BitXor, // ^
    LogicalAnd, // &&
    LogicalOr, // ||
    Less, // <
    Greater, // >
    LessEqual, // <=
    GreaterEqual, // >=
    Equal, // ==
    NotEqual, // !=
    Assign, // =
    Comma, // ,
};

// "+" → Add, …; nullopt for anything else (compound assignments: spell them without "=").
std::optional<BinaryOperator> binaryOperatorFromSpelling(QStringView spelling);
QString spellingOf(BinaryOperator op);

// + - * / % << >> & | ^: the operators analysis-rules §3 counts as arithmetic.
bool isArithmetic(BinaryOperator op);
// < > <= >= == !=
bool isComparison(BinaryOperator op);
// `a < b` is `b > a`: the comparison with its sides swapped (== and != stay).
BinaryOperator mirroredComparison(BinaryOperator op);

// Applies the operator to two integers with C semantics; nullopt for division by zero, a
// result that does not fit in 64 bits, or an operator that has no integer value (=, ,):
// what a compiler would reject or warn about in a constant expression is unknown here,
// never undefined behaviour.
std::optional<qint64> applyBinaryOperator(BinaryOperator op, qint64 lhs, qint64 rhs);

} // namespace slicewatt
