// SPDX-License-Identifier: GPL-3.0-or-later
#include "ThreadAveragedTripCount.h"

#include <QVector>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace slicewatt {
namespace {

// Coordinates 0-2: threadIdx.x/y/z; 3-5: blockIdx.x/y/z.
constexpr int kCoordinates = 6;
constexpr qint64 kPeriodCap = qint64(1) << 40;

bool isCoordinate(const SymbolicExpr& e, int coordinate)
{
    const auto kind = coordinate < 3 ? SymbolicExpr::Kind::ThreadIndex : SymbolicExpr::Kind::BlockIndex;
    return e.kind() == kind && e.axis() == coordinate % 3;
}

bool mentions(const SymbolicExpr& e, int coordinate)
{
    if (e.kind() == SymbolicExpr::Kind::Binary)
        return mentions(*e.lhs(), coordinate) || mentions(*e.rhs(), coordinate);
    return isCoordinate(e, coordinate);
}

// How shifting one coordinate moves an expression: e(c + period·t) = e(c) + delta·t for
// every whole t, the other coordinates held. delta 0: e repeats with that period.
struct Shift {
    qint64 period = 1;
    qint64 delta = 0;
};

// Both positive and at most kPeriodCap (std::lcm is undefined where the result does not fit).
std::optional<qint64> lcmCapped(qint64 a, qint64 b)
{
    qint64 l = 0;
    if (a <= 0 || b <= 0 || __builtin_mul_overflow(a / std::gcd(a, b), b, &l) || l > kPeriodCap)
        return std::nullopt;
    return l;
}

// A side that names no thread position: its value for the launch.
std::optional<qint64> positionFree(const SymbolicExpr& e, const LaunchShape& launch)
{
    return e.mentionsThreadPosition() ? std::nullopt : e.evaluate(launch);
}

// The shift of `lhs / divisor` (and of `lhs % divisor`, whose delta is 0) from lhs's.
std::optional<Shift> divided(const Shift& lhs, qint64 divisor, bool remainder)
{
    if (divisor <= 0 || lhs.delta == std::numeric_limits<qint64>::min())
        return std::nullopt;
    const qint64 delta = lhs.delta < 0 ? -lhs.delta : lhs.delta;
    const qint64 repeats = delta == 0 ? 1 : divisor / std::gcd(divisor, delta);
    qint64 period = 0;
    qint64 moved = 0; // delta · repeats, a multiple of the divisor
    if (__builtin_mul_overflow(lhs.period, repeats, &period) || period > kPeriodCap
        || __builtin_mul_overflow(lhs.delta, repeats, &moved))
        return std::nullopt;
    return Shift{period, remainder ? 0 : moved / divisor};
}

// Truncating division and remainder repeat this way for the non-negative values thread
// indices and the sizes derived from them take; an expression that goes negative is outside
// the rule [ours, analysis-rules §4].
std::optional<Shift> shiftOf(const SymbolicExpr& e, int coordinate, const LaunchShape& launch)
{
    if (!mentions(e, coordinate))
        return Shift{1, 0};
    if (e.kind() != SymbolicExpr::Kind::Binary)
        return Shift{1, 1}; // the coordinate itself
    const SymbolicExpr& left = *e.lhs();
    const SymbolicExpr& right = *e.rhs();
    const bool inLeft = mentions(left, coordinate);
    const bool inRight = mentions(right, coordinate);
    switch (e.binaryOperator()) {
    case BinaryOperator::Add:
    case BinaryOperator::Subtract: {
        const auto a = shiftOf(left, coordinate, launch);
        const auto b = shiftOf(right, coordinate, launch);
        if (!a || !b)
            return std::nullopt;
        const auto period = lcmCapped(a->period, b->period);
        if (!period)
            return std::nullopt;
        qint64 da = 0, db = 0, delta = 0;
        if (__builtin_mul_overflow(a->delta, *period / a->period, &da)
            || __builtin_mul_overflow(b->delta, *period / b->period, &db))
            return std::nullopt;
        const bool overflow = e.binaryOperator() == BinaryOperator::Add ? __builtin_add_overflow(da, db, &delta)
                                                                        : __builtin_sub_overflow(da, db, &delta);
        return overflow ? std::nullopt : std::optional<Shift>(Shift{*period, delta});
    }
    case BinaryOperator::Multiply:
    case BinaryOperator::ShiftLeft: {
        if (inLeft == inRight && e.binaryOperator() == BinaryOperator::Multiply)
            return std::nullopt; // the coordinate on both sides: not linear in it
        const bool shifted = e.binaryOperator() == BinaryOperator::ShiftLeft;
        if (shifted && inRight)
            return std::nullopt;
        const auto factor = positionFree(inLeft ? right : left, launch);
        const auto inner = shiftOf(inLeft ? left : right, coordinate, launch);
        if (!factor || !inner || (shifted && (*factor < 0 || *factor > 62)))
            return std::nullopt;
        qint64 delta = 0;
        if (__builtin_mul_overflow(inner->delta, shifted ? qint64(1) << *factor : *factor, &delta))
            return std::nullopt;
        return Shift{inner->period, delta};
    }
    case BinaryOperator::Divide:
    case BinaryOperator::ShiftRight:
    case BinaryOperator::Remainder: {
        const auto by = positionFree(right, launch);
        const auto inner = shiftOf(left, coordinate, launch);
        if (inRight || !by || !inner)
            return std::nullopt;
        if (e.binaryOperator() == BinaryOperator::ShiftRight)
            return *by >= 0 && *by <= 62 ? divided(*inner, qint64(1) << *by, false) : std::nullopt;
        return divided(*inner, *by, e.binaryOperator() == BinaryOperator::Remainder);
    }
    case BinaryOperator::BitAnd: {
        // `x & (2^k - 1)` is `x % 2^k`.
        const auto mask = positionFree(inLeft ? right : left, launch);
        if (inLeft == inRight || !mask || *mask < 0 || *mask >= kPeriodCap || ((*mask + 1) & *mask) != 0)
            return std::nullopt;
        const auto inner = shiftOf(inLeft ? left : right, coordinate, launch);
        return inner ? divided(*inner, *mask + 1, true) : std::nullopt;
    }
    default:
        return std::nullopt;
    }
}

// The period after which a value built from `parts` repeats along one coordinate, the others
// held; nullopt where it does not repeat (a triangle's bound grows with it) or the rule cannot
// tell.
std::optional<qint64> valuePeriod(const QVector<SymbolicExprPtr>& parts, int coordinate, const LaunchShape& launch)
{
    qint64 period = 1;
    for (const SymbolicExprPtr& part : parts) {
        const auto shift = part ? shiftOf(*part, coordinate, launch) : std::nullopt;
        if (!shift || shift->delta != 0)
            return std::nullopt;
        const auto combined = lcmCapped(period, shift->period);
        if (!combined)
            return std::nullopt;
        period = *combined;
    }
    return period;
}

// One coordinate's values as the average walks them.
struct Axis {
    int coordinate = 0;
    qint64 range = 0; // how many values the launch gives it
    qint64 span = 0; // values walked: one period where the count repeats within the range
    bool folded = false; // span is a period shorter than the range
    qint64 samples = 0; // strata over the span; == span when every value is walked

    // How often the launch runs the values [lo, hi) of the span.
    qint64 weightOf(qint64 lo, qint64 hi) const
    {
        if (!folded)
            return hi - lo;
        const qint64 cycles = range / span;
        const qint64 rest = range % span; // values below it run once more
        return (hi - lo) * cycles + std::max<qint64>(0, std::min(hi, rest) - lo);
    }
};

// The value stratum `i` of `axis` stands for: a low-discrepancy point inside it, so that
// strata as wide as a `%` cycle do not all land on the same phase of it.
qint64 samplePoint(const Axis& axis, qint64 i, qint64& lo, qint64& hi)
{
    lo = qint64(double(axis.span) * double(i) / double(axis.samples));
    hi = qint64(double(axis.span) * double(i + 1) / double(axis.samples));
    hi = std::max(hi, lo + 1);
    if (axis.samples == axis.span)
        return lo;
    constexpr double kGoldenFraction = 0.6180339887498949;
    const double fraction = std::fmod(double(i + 1) * kGoldenFraction, 1.0);
    return lo + std::min(hi - lo - 1, qint64(fraction * double(hi - lo)));
}

} // namespace

std::optional<ThreadAverage> threadAveragedTripCount(const LoopHeader& loop, const LaunchShape& launch,
    const std::function<std::optional<double>(const LaunchShape&)>& countAt)
{
    return threadAveragedValue({loop.start, loop.bound, loop.step}, launch, countAt);
}

std::optional<ThreadAverage> threadAveragedValue(const QVector<SymbolicExprPtr>& parts, const LaunchShape& launch,
    const std::function<std::optional<double>(const LaunchShape&)>& valueAt)
{
    QVector<Axis> axes;
    for (int c = 0; c < kCoordinates; ++c) {
        bool named = false;
        for (const SymbolicExprPtr& part : parts)
            named = named || (part && mentions(*part, c));
        if (!named)
            continue;
        const std::optional<qint64> range = c < 3 ? launch.blockDim[c] : launch.gridDim[c - 3];
        if (!range || *range <= 0)
            return std::nullopt;
        Axis axis;
        axis.coordinate = c;
        axis.range = *range;
        const auto period = valuePeriod(parts, c, launch);
        axis.folded = period && *period < *range;
        axis.span = axis.folded ? *period : *range;
        axes << axis;
    }
    if (axes.isEmpty())
        return std::nullopt;

    // Every value of every span where their product fits, else strata: the narrowest axes
    // walked whole first, the rest sharing what remains of the budget.
    double positions = 1;
    for (const Axis& axis : axes)
        positions *= double(axis.span);
    const bool exact = positions <= double(kMaxThreadPositions);
    QVector<int> order(axes.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return axes[a].span < axes[b].span; });
    qint64 budget = kMaxThreadPositions;
    for (int j = 0; j < order.size(); ++j) {
        Axis& axis = axes[order[j]];
        if (exact) {
            axis.samples = axis.span;
            continue;
        }
        const double share = std::floor(std::pow(double(budget), 1.0 / double(order.size() - j)) + 1e-9);
        axis.samples = std::clamp<qint64>(qint64(share), 1, axis.span);
        budget = std::max<qint64>(1, budget / axis.samples);
    }

    // Walk the grid of strata like an odometer.
    QVector<qint64> at(axes.size(), 0);
    double weighted = 0;
    double weights = 0;
    qint64 evaluated = 0;
    LaunchShape thread = launch;
    while (true) {
        double weight = 1;
        for (int k = 0; k < axes.size(); ++k) {
            qint64 lo = 0, hi = 0;
            const qint64 value = samplePoint(axes[k], at[k], lo, hi);
            weight *= double(axes[k].weightOf(lo, hi));
            const int c = axes[k].coordinate;
            (c < 3 ? thread.threadIndex[c] : thread.blockIndex[c - 3]) = value;
        }
        const std::optional<double> value = valueAt(thread);
        if (!value)
            return std::nullopt;
        weighted += weight * *value;
        weights += weight;
        ++evaluated;
        int k = 0;
        while (k < axes.size() && ++at[k] == axes[k].samples)
            at[k++] = 0;
        if (k == axes.size())
            break;
    }

    ThreadAverage average;
    average.mean = weights > 0 ? weighted / weights : 0;
    // The population can pass 2^63 only for sizes no GPU launches; said as the largest count.
    average.threads = weights < 9.2e18 ? qint64(weights) : std::numeric_limits<qint64>::max();
    average.positionsEvaluated = evaluated;
    average.exact = exact;
    static const char* const names[kCoordinates]
        = {"threadIdx.x", "threadIdx.y", "threadIdx.z", "blockIdx.x", "blockIdx.y", "blockIdx.z"};
    QStringList over;
    for (const Axis& axis : axes)
        over << QString::fromLatin1(names[axis.coordinate]);
    average.note = exact ? QStringLiteral("averaged over the launch's threads (%1; exact, %2 positions)")
                               .arg(over.join(QStringLiteral(", ")))
                               .arg(evaluated)
                         : QStringLiteral("averaged over the launch's threads (%1; sampled at %2 of %3 positions)")
                               .arg(over.join(QStringLiteral(", ")))
                               .arg(evaluated)
                               .arg(average.threads);
    return average;
}

} // namespace slicewatt
