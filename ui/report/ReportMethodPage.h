// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace slicewatt {

class ReportLayout;
struct ReportDocument;

// The method section: the model in use with its equation and provenance, the formulas
// behind every number, what the numbers mean and do not mean, and the papers.
void paintMethodPage(ReportLayout& layout, const ReportDocument& document);

} // namespace slicewatt
