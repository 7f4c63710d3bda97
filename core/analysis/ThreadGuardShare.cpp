// SPDX-License-Identifier: GPL-3.0-or-later
#include "ThreadGuardShare.h"

#include "ThreadAveragedTripCount.h"
#include "TripCount.h"
#include "ir/Operators.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

using Kind = SymbolicExpr::Kind;

// Values spread evenly, one per thread slot, over [offset, offset + span).
struct IndexRange {
    qint64 offset = 0;
    qint64 span = 0;
};

bool isPosition(const SymbolicExprPtr& e, Kind kind, int axis)
{
    return e && e->kind() == kind && e->axis() == axis;
}

// blockIdx.a · blockDim.a, either order, or blockIdx.a times a value equal to blockDim.a
// (`blockIdx.x * 256 + threadIdx.x` launched with 256 threads a block).
bool isBlockStart(const SymbolicExprPtr& e, int axis, const LaunchShape& launch)
{
    if (!e || e->kind() != Kind::Binary || e->binaryOperator() != BinaryOperator::Multiply)
        return false;
    const auto block = launch.blockDim[axis];
    for (const auto& [index, width] : {std::pair(e->lhs(), e->rhs()), std::pair(e->rhs(), e->lhs())}) {
        if (!isPosition(index, Kind::BlockIndex, axis))
            continue;
        if (isPosition(width, Kind::BlockDim, axis))
            return true;
        const auto value = width->evaluate(launch);
        if (value && block && *value == *block)
            return true;
    }
    return false;
}

std::optional<IndexRange> rangeOf(const SymbolicExprPtr& e, const LaunchShape& launch)
{
    if (!e)
        return std::nullopt;
    if (e->kind() == Kind::ThreadIndex || e->kind() == Kind::BlockIndex) {
        const auto span = e->kind() == Kind::ThreadIndex ? launch.blockDim[e->axis()] : launch.gridDim[e->axis()];
        if (!span || *span <= 0)
            return std::nullopt;
        return IndexRange{0, *span};
    }
    if (e->kind() != Kind::Binary || e->binaryOperator() != BinaryOperator::Add)
        return std::nullopt;
    for (const auto& [part, other] : {std::pair(e->lhs(), e->rhs()), std::pair(e->rhs(), e->lhs())}) {
        // position + constant
        if (const auto shift = other->evaluate(launch)) {
            auto range = rangeOf(part, launch);
            // Values come from the code and may be anything: an offset past 64 bits is unknown.
            if (range && !__builtin_add_overflow(range->offset, *shift, &range->offset))
                return range;
        }
        // blockIdx.a · blockDim.a + threadIdx.a
        if (part->kind() == Kind::ThreadIndex && isBlockStart(other, part->axis(), launch)) {
            const auto block = launch.blockDim[part->axis()];
            const auto grid = launch.gridDim[part->axis()];
            qint64 span = 0;
            if (!block || !grid || *block <= 0 || *grid <= 0 || __builtin_mul_overflow(*block, *grid, &span))
                return std::nullopt;
            return IndexRange{0, span};
        }
    }
    return std::nullopt;
}

constexpr double kWarpLanes = 32;
// A loop's variable takes at most this many values for its guards to be averaged over.
constexpr int kMaxLoopValues = 4096;

// Any other position (`(blockIdx.x * blockDim.x + threadIdx.x) * 4 < n` in a kernel that
// moves four elements a thread, `row * width + col < size`): the pass rate averaged over the
// launch's threads, each thread's comparison evaluated at its own position.
std::optional<GuardShare> averagedGuardShare(const ThreadGuard& guard, const LaunchShape& launch)
{
    const bool comparison = guard.comparison == BinaryOperator::Less || guard.comparison == BinaryOperator::LessEqual
        || guard.comparison == BinaryOperator::Greater || guard.comparison == BinaryOperator::GreaterEqual
        || guard.comparison == BinaryOperator::Equal || guard.comparison == BinaryOperator::NotEqual;
    if (!comparison || !guard.index->mentionsThreadPosition() || !launch.positionsUnset())
        return std::nullopt;
    const auto average = threadAveragedValue(
        {guard.index, guard.bound}, launch, [&](const LaunchShape& thread) -> std::optional<double> {
            const auto value = guard.index->evaluate(thread);
            const auto bound = guard.bound->evaluate(thread);
            if (!value || !bound)
                return std::nullopt;
            return applyBinaryOperator(guard.comparison, *value, *bound).value_or(0) != 0 ? 1.0 : 0.0;
        });
    if (!average)
        return std::nullopt;
    return GuardShare{average->mean, average->note};
}

} // namespace

std::optional<GuardShare> threadGuardShare(const ThreadGuard& guard, const LaunchShape& launch)
{
    if (!guard.isGuard())
        return std::nullopt;
    const auto range = rangeOf(guard.index, launch);
    const auto bound = guard.bound->evaluate(launch);
    if (!range)
        return averagedGuardShare(guard, launch);
    if (!bound)
        return std::nullopt;
    // Threads whose value v = offset + k (k in [0, span)) satisfies v < limit: k < limit - offset.
    // In doubles: a bound of 2^63 - 1 plus one must not overflow.
    auto below = [&](double limit) {
        const double passing = std::clamp(limit - double(range->offset), 0.0, double(range->span));
        return passing / double(range->span);
    };
    const double b = double(*bound);
    switch (guard.comparison) {
    case BinaryOperator::Less:
        return GuardShare{below(b), QString()};
    case BinaryOperator::LessEqual:
        return GuardShare{below(b + 1), QString()};
    case BinaryOperator::Greater:
        return GuardShare{1.0 - below(b + 1), QString()};
    case BinaryOperator::GreaterEqual:
        return GuardShare{1.0 - below(b), QString()};
    case BinaryOperator::Equal: // `blockIdx.x == 0`: one value of the range
        return GuardShare{below(b + 1) - below(b), QString()};
    case BinaryOperator::NotEqual:
        return GuardShare{1.0 - (below(b + 1) - below(b)), QString()};
    default:
        return std::nullopt;
    }
}

std::optional<GuardShare> loopGuardShare(
    const ThreadGuard& guard, const LaunchShape& launch, const QVector<Statement>& statements)
{
    if (guard.boundLoop < 0 || guard.boundLoop >= statements.size() || !guard.index)
        return std::nullopt;
    const std::optional<QVector<qint64>> values
        = loopVariableValues(statements[guard.boundLoop].loop, launch, kMaxLoopValues);
    if (!values || values->isEmpty())
        return std::nullopt;
    const bool lanes = guard.index->kind() == Kind::ThreadIndex && guard.index->axis() == 0;
    const auto block = launch.blockDim[0];
    double sum = 0;
    for (qint64 value : *values) {
        ThreadGuard one = guard;
        one.bound = SymbolicExpr::constant(value);
        const std::optional<GuardShare> passing = threadGuardShare(one, launch);
        if (!passing || !passing->note.isEmpty()) // averaged per value: too slow, and unheard of
            return std::nullopt;
        double share = passing->share;
        if (lanes && block && *block > 0) {
            const double warps = std::ceil(share * double(*block) / kWarpLanes - 1e-9);
            share = std::min(1.0, warps * kWarpLanes / double(*block));
        }
        sum += share;
    }
    return GuardShare{sum / double(values->size()), QString()};
}

std::optional<GuardShare> threadGuardsShare(
    const QVector<ThreadGuard>& guards, const LaunchShape& launch, const QVector<Statement>& statements)
{
    if (guards.isEmpty())
        return std::nullopt;
    GuardShare all{1.0, QString()};
    QStringList notes;
    for (const ThreadGuard& guard : guards) {
        const auto one
            = guard.boundLoop >= 0 ? loopGuardShare(guard, launch, statements) : threadGuardShare(guard, launch);
        if (!one)
            return std::nullopt;
        all.share *= one->share;
        if (!one->note.isEmpty())
            notes << one->note;
    }
    all.note = notes.join(QStringLiteral("; "));
    return all;
}

} // namespace slicewatt
