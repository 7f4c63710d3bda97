// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnalysisSnapshot.h"
#include "estimate/ProjectEstimate.h"
#include "export/SourceLineCache.h"

namespace slicewatt {

// Estimates made now, as one side of a comparison, with exactly the numbers `analyze --format
// json` writes and readAnalysisSnapshot reads back (test_compare holds the two paths equal), so
// a version analysed now compares like one saved earlier. Built directly, not through the JSON
// text: the app rebuilds a kernel's snapshot on every what-if step while comparing.

// One kernel; `sources` quotes its hot lines' code.
KernelSnapshot kernelSnapshotOf(const KernelEstimateReport& report, const PowerModel& model, SourceLineCache& sources);
// The whole run; `root`: the folder the project was loaded from (relative file pairing).
AnalysisSnapshot analysisSnapshotOf(const EstimateRun& run, const QString& root);
// The run's GPU, models and root without kernels: for a caller that keeps kernels itself.
AnalysisSnapshot runSnapshotHeader(const EstimateRun& run, const QString& root);

} // namespace slicewatt
