// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace slicewatt {

struct ReportDocument;

// Writes `document` as an A4 PDF (300 dpi, fonts embedded as subsets, text selectable,
// charts as vector shapes), for the GUI's File → Export Report and `slicewatt-cli report`.
// Atomic: the pages go to a temporary file beside `fileName`, which replaces it only when
// everything was written; on any failure nothing is left behind, an existing file is kept,
// false is returned and `error` (when given) says why: "cannot write /x/y.pdf: reason".
bool writeReportPdf(const ReportDocument& document, const QString& fileName, QString* error);

} // namespace slicewatt
