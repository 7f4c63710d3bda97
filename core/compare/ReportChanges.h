// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnalysisComparison.h"
#include "export/ReportDocument.h"

namespace slicewatt {

// The report's "Changes since the baseline" from a comparison: every kernel before and after
// (added and removed ones too), and the `lines` lines whose heat changed most across kernels.
// Locations are relative to `projectFolder` (the baseline's to its own root).
ReportChanges reportChangesOf(
    const AnalysisComparison& comparison, const QString& label, const QString& projectFolder, int lines = 15);

} // namespace slicewatt
