// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <QString>
#include <QVector>

#include <functional>
#include <optional>

namespace slicewatt {

// A count averaged over the threads of a launch, and how it was obtained.
struct ThreadAverage {
    double mean = 0; // the average: trips a thread, or a guard's pass rate
    qint64 threads = 0; // the launch's threads: the population averaged over
    qint64 positionsEvaluated = 0; // thread positions whose count was evaluated
    bool exact = false; // every position weighed as often as the launch runs it
    QString note; // for the assumption list and the Why? panel
};

// The mean over the launch's threads of a loop count whose header names threadIdx or
// blockIdx (analysis-rules §4: causal attention's `t2 <= t` with t = (idx / NH) % T, a
// triangular solve's `j < row`). `countAt` gives the count for one thread: the launch with
// that thread's position set (LaunchShape::threadIndex, blockIndex).
//
// Exact where a closed form exists: a coordinate that enters only through `%` (and `/`, `&`
// masks and shifts by constants) repeats with a period the expression's constants give, so
// one period per coordinate, each value weighed by how often the launch runs it, is the whole
// launch; a launch small enough is enumerated thread by thread. Otherwise the positions are
// sampled, stratified, at most kMaxPositions of them. nullopt where the launch's grid or block
// is not known or a thread's count is not.
std::optional<ThreadAverage> threadAveragedTripCount(const LoopHeader& loop, const LaunchShape& launch,
    const std::function<std::optional<double>(const LaunchShape&)>& countAt);

// The same average for any value built from `parts` (a bounds guard's pass rate: 1 where the
// thread passes, 0 where not): the coordinates the parts name are walked or sampled as above.
std::optional<ThreadAverage> threadAveragedValue(const QVector<SymbolicExprPtr>& parts, const LaunchShape& launch,
    const std::function<std::optional<double>(const LaunchShape&)>& valueAt);

// Positions evaluated at most, exactly or sampled: about a millisecond of what-if time [ours].
constexpr qint64 kMaxThreadPositions = 1 << 14;

} // namespace slicewatt
