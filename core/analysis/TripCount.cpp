// SPDX-License-Identifier: GPL-3.0-or-later
#include "TripCount.h"

#include "ThreadAveragedTripCount.h"

#include <limits>

namespace slicewatt {
namespace {

constexpr qint64 kIterationCap = qint64(1) << 31;

bool holds(BinaryOperator comparison, qint64 value, qint64 bound)
{
    return applyBinaryOperator(comparison, value, bound).value_or(0) != 0;
}

// For a positive numerator and denominator, without the overflow of (n + d - 1) / d.
qint64 ceilDiv(qint64 numerator, qint64 denominator)
{
    return numerator / denominator + (numerator % denominator != 0 ? 1 : 0);
}

struct HeaderValues {
    qint64 start = 0;
    qint64 bound = 0;
    qint64 step = 0;
};

std::optional<HeaderValues> headerValues(const LoopHeader& loop, const LaunchShape& launch)
{
    if (!loop.canonical || !loop.start || !loop.bound || !loop.step)
        return std::nullopt;
    const auto start = loop.start->evaluate(launch);
    const auto bound = loop.bound->evaluate(launch);
    const auto step = loop.step->evaluate(launch);
    if (!start || !bound || !step)
        return std::nullopt;
    return HeaderValues{*start, *bound, *step};
}

} // namespace

std::optional<QVector<qint64>> loopVariableValues(const LoopHeader& loop, const LaunchShape& launch, int maxValues)
{
    const std::optional<HeaderValues> header = headerValues(loop, launch);
    if (!header)
        return std::nullopt;
    QVector<qint64> values;
    for (qint64 value = header->start; holds(loop.comparison, value, header->bound);) {
        if (values.size() >= maxValues)
            return std::nullopt;
        values << value;
        const auto next = applyBinaryOperator(loop.stepOperator, value, header->step);
        if (!next || *next == value)
            return std::nullopt;
        value = *next;
    }
    return values;
}

namespace {

// averagedTripCount for one thread: every position the header names is set in `launch`, or
// the header names none.
std::optional<double> countOverEnclosingLoop(const QVector<Statement>& statements, int loop, const LaunchShape& launch)
{
    const Statement& statement = statements[loop];
    const LoopHeader& header = statement.loop;
    int enclosing = -1;
    for (const SymbolicExprPtr& part : {header.start, header.bound, header.step}) {
        if (part && enclosing < 0)
            enclosing = part->loopVariableStatement();
    }
    if (enclosing < 0) {
        const auto trips = tripCount(header, launch);
        return trips ? std::optional<double>(double(*trips)) : std::nullopt;
    }
    if (enclosing >= statements.size() || enclosing == loop)
        return std::nullopt;
    const LoopHeader& outer = statements[enclosing].loop;
    LaunchShape at = launch;
    // Each enclosing value once: as many as a what-if step can afford [ours].
    constexpr int kMaxEnclosingValues = 1024;
    const auto values
        = statement.loops.contains(enclosing) ? loopVariableValues(outer, launch, kMaxEnclosingValues) : std::nullopt;
    if (values && !values->isEmpty()) {
        double sum = 0;
        for (qint64 value : *values) {
            at.loopVariables.insert(enclosing, value);
            const auto trips = tripCount(header, at);
            if (!trips)
                return std::nullopt;
            sum += double(*trips);
        }
        return sum / double(values->size());
    }
    // The values cannot be listed (too many, unknown, or the loop does not enclose this one):
    // a start that moves with the variable is read at its first value, as analysis-rules §4
    // has it; a variable named in the bound alone (`j < i` under a long `i` loop) leaves the
    // count unknown, so its default is said instead of a count of 0.
    if (!header.start || header.start->loopVariableStatement() != enclosing)
        return std::nullopt;
    const auto first = outer.start ? outer.start->evaluate(launch) : std::nullopt;
    if (!first)
        return std::nullopt;
    at.loopVariables.insert(enclosing, *first);
    const auto trips = tripCount(header, at);
    return trips ? std::optional<double>(double(*trips)) : std::nullopt;
}

} // namespace

std::optional<ResolvedTrips> averagedTripCount(
    const QVector<Statement>& statements, int loop, const LaunchShape& launch)
{
    const LoopHeader& header = statements[loop].loop;
    bool movesWithThread = false;
    for (const SymbolicExprPtr& part : {header.start, header.bound, header.step})
        movesWithThread = movesWithThread || (part && part->mentionsThreadPosition());
    if (header.canonical && movesWithThread && launch.positionsUnset()) {
        const auto average = threadAveragedTripCount(header, launch,
            [&](const LaunchShape& thread) { return countOverEnclosingLoop(statements, loop, thread); });
        if (!average)
            return std::nullopt;
        return ResolvedTrips{average->mean, average->note};
    }
    const auto trips = countOverEnclosingLoop(statements, loop, launch);
    return trips ? std::optional<ResolvedTrips>(ResolvedTrips{*trips, QString()}) : std::nullopt;
}

std::optional<qint64> tripCount(const LoopHeader& loop, const LaunchShape& launch)
{
    const std::optional<HeaderValues> header = headerValues(loop, launch);
    if (!header)
        return std::nullopt;
    const qint64 a = header->start;
    const qint64 b = header->bound;
    const qint64 s = header->step;
    const BinaryOperator op = loop.stepOperator;
    if (!holds(loop.comparison, a, b))
        return 0;
    // Additive steps have closed forms (grid-stride loops over millions of elements must
    // not be iterated); a step away from the bound never ends. Values come from the code
    // and may be anything: a distance or count that does not fit in 64 bits is unknown,
    // as the loop variable itself would overflow.
    if (op == BinaryOperator::Add || op == BinaryOperator::Subtract) {
        qint64 delta = s;
        if (op == BinaryOperator::Subtract && __builtin_sub_overflow(qint64(0), s, &delta))
            return std::nullopt;
        qint64 distance = 0; // b - a, the way the loop runs
        if (delta == 0 || __builtin_sub_overflow(b, a, &distance))
            return std::nullopt;
        const BinaryOperator c = loop.comparison;
        const bool up = (c == BinaryOperator::Less || c == BinaryOperator::LessEqual) && delta > 0;
        const bool down = (c == BinaryOperator::Greater || c == BinaryOperator::GreaterEqual) && delta < 0;
        if (up || down) {
            // Going down, distance and step are both negated, to count upwards.
            qint64 span = distance;
            qint64 stride = delta;
            if (down && (__builtin_sub_overflow(a, b, &span) || __builtin_sub_overflow(qint64(0), delta, &stride)))
                return std::nullopt;
            if (c == BinaryOperator::Less || c == BinaryOperator::Greater)
                return ceilDiv(span, stride);
            const qint64 whole = span / stride;
            return whole == std::numeric_limits<qint64>::max() ? std::nullopt : std::optional<qint64>(whole + 1);
        }
        if (c == BinaryOperator::NotEqual && !(distance == std::numeric_limits<qint64>::min() && delta == -1)
            && distance % delta == 0 && distance / delta > 0)
            return distance / delta;
        return std::nullopt;
    }
    // Multiplicative steps reach any bound in at most 63 iterations, or never.
    qint64 value = a;
    qint64 count = 0;
    while (holds(loop.comparison, value, b)) {
        ++count;
        // Through applyBinaryOperator: a step that overflows (or divides the smallest value
        // by -1) leaves the variable unchanged, which ends the count as unknown below.
        const qint64 next = applyBinaryOperator(op, value, s).value_or(value);
        if (next == value || count > 64 || count >= kIterationCap)
            return std::nullopt;
        value = next;
    }
    return count;
}

} // namespace slicewatt
