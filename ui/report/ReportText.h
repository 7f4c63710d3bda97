// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>

namespace slicewatt {

class ReportLayout;

// Running text on the report's pages: headings that never end a page alone, and
// paragraphs that wrap at the content width and break between lines across pages.
namespace reporttext {

// A section heading (kernel, summary, method): kept together with `keepWith` of what follows.
void heading1(ReportLayout& layout, const QString& text, double keepWith = 0);
// A part of a section ("Slices", "Source"), kept together with `keepWith` of what follows.
void heading2(ReportLayout& layout, const QString& text, double keepWith = 0);
// Wrapped text at the cursor, `indent` from the left edge; breaks between lines.
void paragraph(ReportLayout& layout, const QString& text, const QFont& font, const QColor& colour, double indent = 0);
// One paragraph per item, each after a bullet ("•"), wrapped with a hanging indent.
void bullets(ReportLayout& layout, const QStringList& items, const QFont& font, const QColor& colour);
// The height `text` takes wrapped at `width`.
double wrappedHeight(const ReportLayout& layout, const QString& text, const QFont& font, double width);
// A fixed gap, dropped at the top of a page.
void space(ReportLayout& layout, double height);

} // namespace reporttext
} // namespace slicewatt
