// SPDX-License-Identifier: GPL-3.0-or-later
#include "TripCount.h"

namespace slicewatt {
namespace {

constexpr qint64 kIterationCap = qint64(1) << 31;

bool holds(const QString& comparison, qint64 value, qint64 bound)
{
    if (comparison == QLatin1String("<"))
        return value < bound;
    if (comparison == QLatin1String("<="))
        return value <= bound;
    if (comparison == QLatin1String(">"))
        return value > bound;
    if (comparison == QLatin1String(">="))
        return value >= bound;
    return value != bound;
}

qint64 ceilDiv(qint64 numerator, qint64 denominator)
{
    return (numerator + denominator - 1) / denominator;
}

} // namespace

std::optional<qint64> tripCount(const LoopHeader& loop, const LaunchShape& launch)
{
    if (!loop.canonical)
        return std::nullopt;
    const auto start = loop.start->evaluate(launch);
    const auto bound = loop.bound->evaluate(launch);
    const auto step = loop.step->evaluate(launch);
    if (!start || !bound || !step)
        return std::nullopt;
    const qint64 a = *start;
    const qint64 b = *bound;
    const qint64 s = *step;
    const QString& op = loop.stepOperator;
    if (!holds(loop.comparison, a, b))
        return 0;
    // Additive steps have closed forms (grid-stride loops over millions of elements must
    // not be iterated); a step away from the bound never ends.
    if (op == QLatin1String("+") || op == QLatin1String("-")) {
        const qint64 delta = op == QLatin1String("+") ? s : -s;
        if (delta == 0)
            return std::nullopt;
        const QString& c = loop.comparison;
        if ((c == QLatin1String("<") || c == QLatin1String("<=")) && delta > 0)
            return c == QLatin1String("<") ? ceilDiv(b - a, delta) : (b - a) / delta + 1;
        if ((c == QLatin1String(">") || c == QLatin1String(">=")) && delta < 0)
            return c == QLatin1String(">") ? ceilDiv(a - b, -delta) : (a - b) / -delta + 1;
        if (c == QLatin1String("!=") && (b - a) % delta == 0 && (b - a) / delta > 0)
            return (b - a) / delta;
        return std::nullopt;
    }
    // Multiplicative steps reach any bound in at most 63 iterations, or never.
    qint64 value = a;
    qint64 count = 0;
    while (holds(loop.comparison, value, b)) {
        ++count;
        qint64 next = value;
        if (op == QLatin1String("*"))
            next = value * s;
        else if (op == QLatin1String("/"))
            next = s == 0 ? value : value / s;
        else if (op == QLatin1String("<<"))
            next = (s < 0 || s > 62) ? value : value << s;
        else if (op == QLatin1String(">>"))
            next = (s < 0 || s > 62) ? value : value >> s;
        if (next == value || count > 64 || count >= kIterationCap)
            return std::nullopt;
        value = next;
    }
    return count;
}

} // namespace slicewatt
