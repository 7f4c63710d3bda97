// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnalysisSnapshot.h"
#include "estimate/ProjectEstimate.h"

namespace slicewatt {

// Estimates made now, as one side of a comparison: written as `analyze --format json` writes
// them (with `root`, the folder the project was loaded from) and read back, so a version
// analysed now and one saved earlier are read by the same code. Nullopt with `error` only if
// the writer and the reader ever disagree.
std::optional<AnalysisSnapshot> analysisSnapshotOf(const EstimateRun& run, const QString& root, QString* error);

} // namespace slicewatt
