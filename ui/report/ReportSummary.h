// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace slicewatt {

class ReportLayout;
struct ReportDocument;

// The summary section: every kernel's power (and energy when a time was given), intensity,
// saturation and program model with the program total; the hottest lines of the project;
// the diagnostics that may make a number less certain.
void paintSummary(ReportLayout& layout, const ReportDocument& document);

} // namespace slicewatt
