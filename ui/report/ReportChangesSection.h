// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace slicewatt {

class ReportLayout;
struct ReportChanges;

// "Changes since the baseline" (issue 18): what the baseline is and what makes it less
// comparable, every kernel's power and energy per launch before and after with a swatch in the
// code view's diverging colours (red warmer, blue cooler), and the lines whose heat changed most
// with their code.
void paintChangesSection(ReportLayout& layout, const ReportChanges& changes);

} // namespace slicewatt
