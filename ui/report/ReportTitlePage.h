// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ReportPainter.h"

namespace slicewatt {

class ReportLayout;

// The first page: what was analysed, when, with which tool, GPU and model, every what-if
// parameter the numbers depend on, and the contents list with page numbers.
void paintTitlePage(ReportLayout& layout, const ReportDocument& document, const QVector<ReportContentsEntry>& contents);

} // namespace slicewatt
