// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QRectF>

namespace slicewatt {

class ReportLayout;
struct ReportKernelSection;

// How much each slice adds to the kernel's power: one horizontal bar per slice,
// (|C_i| / L)·P_i in W, in the memory space's plot colour, and below them P̂ as one bar
// stacked from the same pieces, so the reader sees both the parts and their sum. Drawn
// with QPainter shapes and text: vector on paper, searchable.
void paintContributionChart(ReportLayout& layout, const QRectF& area, const ReportKernelSection& section);

} // namespace slicewatt
