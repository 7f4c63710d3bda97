// SPDX-License-Identifier: GPL-3.0-or-later
#include "Operators.h"

#include <array>
#include <limits>
#include <utility>

namespace slicewatt {
namespace {

constexpr std::array<std::pair<BinaryOperator, const char*>, 20> kSpellings = {{
    {BinaryOperator::Add, "+"},
    {BinaryOperator::Subtract, "-"},
    {BinaryOperator::Multiply, "*"},
    {BinaryOperator::Divide, "/"},
    {BinaryOperator::Remainder, "%"},
    {BinaryOperator::ShiftLeft, "<<"},
    {BinaryOperator::ShiftRight, ">>"},
    {BinaryOperator::BitAnd, "&"},
    {BinaryOperator::BitOr, "|"},
    {BinaryOperator::BitXor, "^"},
    {BinaryOperator::LogicalAnd, "&&"},
    {BinaryOperator::LogicalOr, "||"},
    {BinaryOperator::Less, "<"},
    {BinaryOperator::Greater, ">"},
    {BinaryOperator::LessEqual, "<="},
    {BinaryOperator::GreaterEqual, ">="},
    {BinaryOperator::Equal, "=="},
    {BinaryOperator::NotEqual, "!="},
    {BinaryOperator::Assign, "="},
    {BinaryOperator::Comma, ","},
}};

} // namespace

std::optional<BinaryOperator> binaryOperatorFromSpelling(QStringView spelling)
{
    for (const auto& [op, text] : kSpellings) {
        if (spelling == QLatin1String(text))
            return op;
    }
    return std::nullopt;
}

QString spellingOf(BinaryOperator op)
{
    for (const auto& [candidate, text] : kSpellings) {
        if (candidate == op)
            return QString::fromLatin1(text);
    }
    return QString();
}

bool isArithmetic(BinaryOperator op)
{
    switch (op) {
    case BinaryOperator::Add:
    case BinaryOperator::Subtract:
    case BinaryOperator::Multiply:
    case BinaryOperator::Divide:
    case BinaryOperator::Remainder:
    case BinaryOperator::ShiftLeft:
    case BinaryOperator::ShiftRight:
    case BinaryOperator::BitAnd:
    case BinaryOperator::BitOr:
    case BinaryOperator::BitXor:
        return true;
    default:
        return false;
    }
}

bool isComparison(BinaryOperator op)
{
    switch (op) {
    case BinaryOperator::Less:
    case BinaryOperator::Greater:
    case BinaryOperator::LessEqual:
    case BinaryOperator::GreaterEqual:
    case BinaryOperator::Equal:
    case BinaryOperator::NotEqual:
        return true;
    default:
        return false;
    }
}

BinaryOperator mirroredComparison(BinaryOperator op)
{
    switch (op) {
    case BinaryOperator::Less:
        return BinaryOperator::Greater;
    case BinaryOperator::Greater:
        return BinaryOperator::Less;
    case BinaryOperator::LessEqual:
        return BinaryOperator::GreaterEqual;
    case BinaryOperator::GreaterEqual:
        return BinaryOperator::LessEqual;
    default:
        return op;
    }
}

std::optional<qint64> applyBinaryOperator(BinaryOperator op, qint64 lhs, qint64 rhs)
{
    qint64 result = 0;
    // The smallest value divided by -1 does not fit either (and traps on x86).
    const bool unrepresentableQuotient = lhs == std::numeric_limits<qint64>::min() && rhs == -1;
    switch (op) {
    case BinaryOperator::Add:
        return __builtin_add_overflow(lhs, rhs, &result) ? std::nullopt : std::optional<qint64>(result);
    case BinaryOperator::Subtract:
        return __builtin_sub_overflow(lhs, rhs, &result) ? std::nullopt : std::optional<qint64>(result);
    case BinaryOperator::Multiply:
        return __builtin_mul_overflow(lhs, rhs, &result) ? std::nullopt : std::optional<qint64>(result);
    case BinaryOperator::Divide:
        return rhs == 0 || unrepresentableQuotient ? std::nullopt : std::optional<qint64>(lhs / rhs);
    case BinaryOperator::Remainder:
        return rhs == 0 || unrepresentableQuotient ? std::nullopt : std::optional<qint64>(lhs % rhs);
    case BinaryOperator::ShiftLeft:
        if (rhs < 0 || rhs > 62)
            return std::nullopt;
        // Shifted as unsigned (a negative left operand is undefined in C++17), then checked
        // that no significant bit was lost.
        result = qint64(quint64(lhs) << rhs);
        return (result >> rhs) == lhs ? std::optional<qint64>(result) : std::nullopt;
    case BinaryOperator::ShiftRight:
        return (rhs < 0 || rhs > 62) ? std::nullopt : std::optional<qint64>(lhs >> rhs);
    case BinaryOperator::BitAnd:
        return lhs & rhs;
    case BinaryOperator::BitOr:
        return lhs | rhs;
    case BinaryOperator::BitXor:
        return lhs ^ rhs;
    case BinaryOperator::LogicalAnd:
        return qint64(lhs && rhs);
    case BinaryOperator::LogicalOr:
        return qint64(lhs || rhs);
    case BinaryOperator::Less:
        return qint64(lhs < rhs);
    case BinaryOperator::Greater:
        return qint64(lhs > rhs);
    case BinaryOperator::LessEqual:
        return qint64(lhs <= rhs);
    case BinaryOperator::GreaterEqual:
        return qint64(lhs >= rhs);
    case BinaryOperator::Equal:
        return qint64(lhs == rhs);
    case BinaryOperator::NotEqual:
        return qint64(lhs != rhs);
    case BinaryOperator::Assign:
    case BinaryOperator::Comma:
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace slicewatt
