// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QRectF>

namespace slicewatt {

class ReportLayout;
struct ReportDocument;
struct ReportKernelSection;

// The model's power surface over (intensity, Sa) for the report's GPU, coloured like the
// GUI's surface plot (QCustomPlot's thermal gradient) with a W scale, the model's fitted
// intensity range, and the kernel's (diamond) and its slices' (discs) operating points.
// Every cell row is one rectangle filled with a linear gradient through the sampled
// values: vector, sharp at any zoom, and a few kilobytes per plot.
void paintSurfaceChart(
    ReportLayout& layout, const QRectF& area, const ReportDocument& document, const ReportKernelSection& section);

} // namespace slicewatt
