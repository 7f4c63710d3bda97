// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportText.h"

#include "ReportLayout.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QTextLayout>

#include <algorithm>

namespace slicewatt::reporttext {
namespace {

// Lays `text` out in lines of `width`; the lines' positions are relative to (0, 0).
void layOut(QTextLayout& textLayout, double width)
{
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    textLayout.setTextOption(option);
    textLayout.beginLayout();
    double y = 0;
    for (QTextLine line = textLayout.createLine(); line.isValid(); line = textLayout.createLine()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, y));
        y += line.height();
    }
    textLayout.endLayout();
}

void headingAt(
    ReportLayout& layout, const QString& text, const QFont& font, double before, double after, double keepWith)
{
    const double height = wrappedHeight(layout, text, font, layout.width());
    if (!layout.atPageTop())
        layout.advance(before);
    layout.ensureSpace(height + after + keepWith);
    paragraph(layout, text, font, layout.style().accent);
    layout.advance(after);
}

} // namespace

double wrappedHeight(const ReportLayout& layout, const QString& text, const QFont& font, double width)
{
    QTextLayout textLayout(text, font, layout.painter().device());
    layOut(textLayout, width);
    double height = 0;
    for (int i = 0; i < textLayout.lineCount(); ++i)
        height += textLayout.lineAt(i).height();
    return height;
}

void heading1(ReportLayout& layout, const QString& text, double keepWith)
{
    headingAt(layout, text, layout.style().heading1, layout.mm(6), layout.mm(3), keepWith);
}

void heading2(ReportLayout& layout, const QString& text, double keepWith)
{
    headingAt(layout, text, layout.style().heading2, layout.mm(4.5), layout.mm(1.8), keepWith);
}

void paragraph(ReportLayout& layout, const QString& text, const QFont& font, const QColor& colour, double indent)
{
    QTextLayout textLayout(text, font, layout.painter().device());
    layOut(textLayout, layout.width() - indent);
    QPainter& painter = layout.painter();
    painter.save();
    painter.setPen(colour);
    for (int i = 0; i < textLayout.lineCount(); ++i) {
        const QTextLine line = textLayout.lineAt(i);
        layout.ensureSpace(line.height());
        // Each line is drawn on its own, so it can land on the next page.
        line.draw(&painter, QPointF(layout.left() + indent, layout.y() - line.y()));
        layout.advance(line.height());
    }
    painter.restore();
}

void bullets(ReportLayout& layout, const QStringList& items, const QFont& font, const QColor& colour)
{
    const QFontMetricsF metrics(font, layout.painter().device());
    const double indent = metrics.horizontalAdvance(QStringLiteral("•  "));
    for (const QString& item : items) {
        const double firstLine = metrics.lineSpacing();
        layout.ensureSpace(firstLine);
        QPainter& painter = layout.painter();
        painter.save();
        painter.setFont(font);
        painter.setPen(colour);
        painter.drawText(QPointF(layout.left(), layout.y() + metrics.ascent()), QStringLiteral("•"));
        painter.restore();
        paragraph(layout, item, font, colour, indent);
        layout.advance(metrics.lineSpacing() * 0.25);
    }
}

void space(ReportLayout& layout, double height)
{
    if (!layout.atPageTop())
        layout.advance(std::min(height, layout.remaining()));
}

} // namespace slicewatt::reporttext
