// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "estimate/ProjectEstimate.h"

#include <QString>

namespace slicewatt {

// The "Why?" of one source line of a kernel, for the desktop panel: the line's power heat
// (each slice's contribution, the share of the slice's executed energy the line takes) and
// its energy per launch term by term: each statement's classes per execution × executions
// per thread × threads × nJ each. HTML (QTextDocument's subset), the classes "formula" and
// "note" as in explanationHtml. Empty when the kernel has no statement on the line.
QString lineExplanationHtml(
    const KernelEstimateReport& report, const EnergyModel* model, const QString& file, int line);

} // namespace slicewatt
