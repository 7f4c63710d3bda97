// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFont>

namespace slicewatt {

// The report's fonts and colours, chosen once so every page looks like one document.
// Fonts are real outline fonts that cover the method's symbols (β, Σ, Ã, P̂, δ): DejaVu
// Sans for text and DejaVu Sans Mono for code when installed, the system's sans and fixed
// fonts otherwise. QPdfWriter embeds them as subsets, so the text stays searchable.
struct ReportStyle {
    QFont body; // paragraphs and table cells, 9 pt
    QFont small; // notes, headers and footers, 7.5 pt
    QFont tableHeader; // bold small
    QFont title; // the title page's title
    QFont heading1; // a section: summary, one kernel, method
    QFont heading2; // a part of a section
    QFont mono; // source listings, 7 pt
    QFont monoBold;

    QColor text = QColor(20, 20, 20);
    QColor muted = QColor(100, 100, 100); // secondary text, rules
    QColor rule = QColor(190, 190, 190);
    QColor stripe = QColor(244, 244, 244); // every other table row
    QColor headerFill = QColor(228, 232, 238); // table headers
    QColor gutter = QColor(246, 246, 246); // behind line numbers
    QColor accent = QColor(30, 80, 160); // headings, links in the contents
    QColor warning = QColor(170, 40, 20); // out-of-domain notes

    static ReportStyle standard();
};

} // namespace slicewatt
