// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace slicewatt::test {

// poppler-utils' tools, which scripts/install-deps.sh installs: a test that reads a PDF fails
// without them rather than skipping (issue 51).
bool popplerInstalled();
inline constexpr const char* kPopplerMissing
    = "poppler-utils (pdftotext, pdfinfo, pdffonts, pdfimages) is not installed: scripts/install-deps.sh installs it";

// Runs a command and returns its standard output; on failure a "<program failed: …>" text,
// which no expectation matches.
QString toolOutput(const QString& program, const QStringList& arguments);

enum class PdfLayout { Reading, Physical };

// The text of a PDF by pdftotext, pages separated by form feeds (Physical: -layout, columns
// kept); with `page` > 0 only that page (1-based).
QString pdfText(const QString& pdf, PdfLayout layout = PdfLayout::Reading, int page = 0);

// pdfinfo's page count, or -1.
int pdfPageCount(const QString& pdf);

} // namespace slicewatt::test
