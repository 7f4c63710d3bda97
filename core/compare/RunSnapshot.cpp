// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunSnapshot.h"

#include "export/EstimateWriter.h"

namespace slicewatt {

std::optional<AnalysisSnapshot> analysisSnapshotOf(const EstimateRun& run, const QString& root, QString* error)
{
    return readAnalysisSnapshot(estimateJson(run, root), error);
}

} // namespace slicewatt
