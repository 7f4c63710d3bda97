// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace slicewatt {

class ReportLayout;
struct ReportDocument;
struct ReportKernelSection;

// "3  imagepipe::histogramShared": the kernel's heading, running header and contents line.
QString kernelSectionTitle(const ReportKernelSection& section, int index);

// One kernel's pages: its numbers, the slice table, the contribution chart beside the model
// surface with its operating points, formulas and assumptions, then the source listing
// coloured by line power (continued over as many pages as it needs).
void paintKernelSection(ReportLayout& layout, const ReportDocument& document, int index);

} // namespace slicewatt
