// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <optional>

namespace slicewatt {

// How many times a canonical loop's body runs for one thread, for a given launch
// (analysis-rules.md §4): closed forms for additive steps, iteration for multiplicative
// ones. nullopt when a value is unknown or the loop would not terminate.
std::optional<qint64> tripCount(const LoopHeader& loop, const LaunchShape& launch);

// The values a canonical loop's variable takes for one thread, in order; nullopt when a value
// is unknown, the loop would not end, or it takes more than maxValues.
std::optional<QVector<qint64>> loopVariableValues(const LoopHeader& loop, const LaunchShape& launch, int maxValues);

// The count of loop statement `loop` for one thread, where its header may name the variable
// of an enclosing loop whose values are the same for every thread (SymbolicExpr::
// loopVariable): the mean over that loop's values, so the nested loop's body runs as often
// as it does in all (`for (stride = size / 2; stride > 0; stride >>= 1)` under `for (size =
// 2; size < 1024; size <<= 1)`: 5 a pass, 45 in all). Read at the enclosing loop's first value
// where its values are unknown or too many. Without such a name: tripCount.
// A header that names threadIdx or blockIdx (`for (t2 = 0; t2 <= t; t2++)`, t from the thread's
// index) is averaged over the launch's threads (threadAveragedTripCount), said in `note`.
struct ResolvedTrips {
    double trips = 0;
    QString note; // how the count was reached, beside the loop's own note; empty: counted
};
std::optional<ResolvedTrips> averagedTripCount(
    const QVector<Statement>& statements, int loop, const LaunchShape& launch);

} // namespace slicewatt
