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

} // namespace slicewatt
