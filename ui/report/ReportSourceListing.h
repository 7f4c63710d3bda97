// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace slicewatt {

class ReportLayout;
struct ReportKernelSection;

// The kernel's source as the GUI's code view shows it on a light theme: line numbers, a
// heat strip with a bar per line, the memory-space letters (G S C T) of the slices a line
// belongs to, its watts, and the line tinted by its share of the hottest line's heat
// (HeatScale, so paper and screen agree). A listing that does not fit continues on the
// next page under a "(continued)" heading with the column header repeated; lines too
// long for the page are elided at the right edge.
void paintSourceListing(ReportLayout& layout, const ReportKernelSection& section);

} // namespace slicewatt
