// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportSourceListing.h"

#include "ReportLayout.h"
#include "ReportText.h"
#include "code/HeatScale.h"
#include "export/DisplayNumbers.h"
#include "export/ReportDocument.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>

namespace slicewatt {
namespace {

// Column edges of one listing row, in device pixels from the left margin.
struct Columns {
    double number = 0; // right edge of the line number
    double stripLeft = 0;
    double stripWidth = 0;
    double spacesLeft = 0;
    double letterWidth = 0;
    double wattsRight = 0;
    double joulesRight = 0; // the energy column's right edge; = wattsRight when there is none
    double codeLeft = 0;
    double rowHeight = 0;
    double ascent = 0;
};

Columns columnsFor(const ReportLayout& layout, const QFontMetricsF& mono, bool energy)
{
    Columns c;
    const double pad = layout.mm(1.2);
    c.number = mono.horizontalAdvance(QStringLiteral("00000")) + pad;
    c.stripLeft = c.number + pad;
    const QFontMetricsF header(layout.style().tableHeader, layout.painter().device());
    c.stripWidth = std::max(layout.mm(7), header.horizontalAdvance(QStringLiteral("Heat")) + layout.pt(1));
    c.spacesLeft = c.stripLeft + c.stripWidth + pad;
    c.letterWidth = mono.horizontalAdvance(QLatin1Char('G'));
    // The letters' column is as wide as its header, four letters at the least.
    const double spacesWidth = std::max(4 * c.letterWidth, header.horizontalAdvance(QStringLiteral("Slices")));
    c.wattsRight = c.spacesLeft + spacesWidth + pad + mono.horizontalAdvance(QStringLiteral("000.00 W"));
    // Energies carry their SI prefix ("37.09 µJ"): as wide as the widest such number.
    const double joulesWidth = std::max(
        mono.horizontalAdvance(QStringLiteral("000.0 µJ")), header.horizontalAdvance(QStringLiteral("J/launch")));
    c.joulesRight = energy ? c.wattsRight + 2 * pad + joulesWidth : c.wattsRight;
    c.codeLeft = c.joulesRight + 2 * pad;
    // Tinted rows touch, like the editor's, so a hot block reads as one band.
    c.rowHeight = mono.lineSpacing() * 1.12;
    c.ascent = mono.ascent() + (c.rowHeight - mono.lineSpacing()) / 2;
    return c;
}

// The tint as it looks over the white page, made opaque: a printer or viewer then never
// has to blend, and the colour is exactly the GUI's over its light base.
QColor tintOnPaper(double fraction)
{
    const QColor tint = HeatScale::tint(fraction, false);
    const double a = tint.alphaF();
    return QColor::fromRgbF(
        float(tint.redF() * a + (1 - a)), float(tint.greenF() * a + (1 - a)), float(tint.blueF() * a + (1 - a)));
}

void paintColumnHeader(ReportLayout& layout, const Columns& c, const QString& file)
{
    QPainter& p = layout.painter();
    const QFont& font = layout.style().tableHeader;
    const QFontMetricsF metrics(font, p.device());
    const double height = metrics.height() * 1.5;
    const double x = layout.left();
    const double y = layout.y();
    p.save();
    p.fillRect(QRectF(x, y, layout.width(), height), layout.style().headerFill);
    p.setFont(font);
    p.setPen(layout.style().text);
    const auto cell = [&](double left, double right, Qt::Alignment align, const QString& text) {
        p.drawText(QRectF(x + left, y, right - left, height), int(align | Qt::AlignVCenter),
            metrics.elidedText(text, Qt::ElideRight, right - left));
    };
    cell(0, c.number, Qt::AlignRight, QStringLiteral("Line"));
    cell(c.stripLeft, c.stripLeft + c.stripWidth, Qt::AlignLeft, QStringLiteral("Heat"));
    cell(c.spacesLeft, c.wattsRight, Qt::AlignLeft, QStringLiteral("Slices"));
    cell(c.spacesLeft, c.wattsRight, Qt::AlignRight, QStringLiteral("W"));
    if (c.joulesRight > c.wattsRight)
        cell(c.wattsRight, c.joulesRight, Qt::AlignRight, QStringLiteral("J/launch"));
    cell(c.codeLeft, layout.width(), Qt::AlignLeft, file);
    p.restore();
    layout.advance(height);
}

// The legend under the heading: the strip's scale from cold to the hottest line, and
// the memory-space letters in their colours.
void paintLegend(ReportLayout& layout, double hottest)
{
    QPainter& p = layout.painter();
    const ReportStyle& style = layout.style();
    const QFontMetricsF metrics(style.small, p.device());
    const double height = metrics.height() * 1.4;
    layout.ensureSpace(height);
    const double baseline = layout.y() + metrics.ascent() + (height - metrics.height()) / 2;
    p.save();
    p.setFont(style.small);
    p.setPen(style.muted);
    double x = layout.left();
    const QString cold = QStringLiteral("Line power: 0 W");
    p.drawText(QPointF(x, baseline), cold);
    x += metrics.horizontalAdvance(cold) + layout.mm(1.5);
    const QRectF bar(x, baseline - metrics.ascent() * 0.85, layout.mm(30), metrics.ascent() * 0.85);
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    gradient.setStops(HeatScale::stripStops(false));
    p.fillRect(bar, gradient);
    x = bar.right() + layout.mm(1.5);
    const QString hot = QStringLiteral("%1 (hottest line)").arg(formatLineWatts(hottest));
    p.drawText(QPointF(x, baseline), hot);
    x += metrics.horizontalAdvance(hot) + layout.mm(6);
    for (MemorySpace space : kAllMemorySpaces) {
        p.setPen(HeatScale::spaceColour(space, false));
        const QString letter(HeatScale::spaceLetter(space));
        p.drawText(QPointF(x, baseline), letter);
        x += metrics.horizontalAdvance(letter) + layout.mm(0.8);
        p.setPen(style.muted);
        const QString name = memorySpaceName(space);
        p.drawText(QPointF(x, baseline), name);
        x += metrics.horizontalAdvance(name) + layout.mm(3);
    }
    p.restore();
    layout.advance(height);
}

void paintLine(ReportLayout& layout, const Columns& c, const ReportSourceLine& line, const QFontMetricsF& mono)
{
    QPainter& p = layout.painter();
    const ReportStyle& style = layout.style();
    const double x = layout.left();
    const double y = layout.y();
    p.fillRect(QRectF(x, y, c.number + layout.mm(0.6), c.rowHeight), style.gutter);
    if (line.fraction > 0 || line.watts > 0)
        p.fillRect(QRectF(x + c.codeLeft - layout.mm(1), y, layout.width() - c.codeLeft + layout.mm(1), c.rowHeight),
            tintOnPaper(line.fraction));
    if (line.watts > 0) {
        // The strip's bar grows with heat, as in the GUI's gutter; a sliver stays visible.
        const double length = std::max(layout.mm(0.6), c.stripWidth * std::clamp(line.fraction, 0.0, 1.0));
        p.fillRect(QRectF(x + c.stripLeft, y + c.rowHeight * 0.12, length, c.rowHeight * 0.76),
            HeatScale::strip(line.fraction, false));
    }
    const double baseline = y + c.ascent;
    p.setFont(style.mono);
    p.setPen(style.muted);
    const QString number = QString::number(line.number);
    p.drawText(QPointF(x + c.number - mono.horizontalAdvance(number), baseline), number);
    for (MemorySpace space : kAllMemorySpaces) {
        if (!line.spaces[size_t(space)])
            continue;
        p.setFont(style.monoBold);
        p.setPen(HeatScale::spaceColour(space, false));
        p.drawText(
            QPointF(x + c.spacesLeft + int(space) * c.letterWidth, baseline), QString(HeatScale::spaceLetter(space)));
    }
    p.setFont(style.mono);
    if (line.watts > 0) {
        p.setPen(style.text);
        const QString watts = formatLineWatts(line.watts);
        p.drawText(QPointF(x + c.wattsRight - mono.horizontalAdvance(watts), baseline), watts);
    }
    if (line.joules > 0 && c.joulesRight > c.wattsRight) {
        p.setPen(style.text);
        const QString joules = formatJoules(line.joules);
        p.drawText(QPointF(x + c.joulesRight - mono.horizontalAdvance(joules), baseline), joules);
    }
    p.setPen(style.text);
    const double codeWidth = layout.width() - c.codeLeft;
    p.drawText(QPointF(x + c.codeLeft, baseline), mono.elidedText(line.text, Qt::ElideRight, codeWidth));
    layout.advance(c.rowHeight);
}

} // namespace

void paintSourceListing(ReportLayout& layout, const ReportKernelSection& section)
{
    const ReportStyle& style = layout.style();
    const QString title = section.energy ? QStringLiteral("Source, coloured by line power, with energy per launch")
                                         : QStringLiteral("Source, coloured by line power");
    const QFontMetricsF mono(style.mono, layout.painter().device());
    const Columns c = columnsFor(layout, mono, bool(section.energy));
    // A listing that fits on one page is not split: it moves to the next page whole. A
    // longer one starts wherever a few lines still fit.
    const double whole = layout.mm(14) + c.rowHeight * section.listing.size();
    const double fullPage = layout.bottom() - layout.top();
    reporttext::heading2(layout, title, whole <= fullPage - layout.mm(12) ? whole : layout.mm(25));
    if (section.listing.isEmpty()) {
        reporttext::paragraph(
            layout, QStringLiteral("The source was not readable when the report was made."), style.body, style.muted);
        return;
    }
    // The scale's top is the kernel's hottest line, which may lie outside the listing (an
    // inlined callee's file); fall back to the listing's own when it is not known.
    double hottest = section.hottestLineWatts;
    for (const ReportSourceLine& line : section.listing)
        hottest = std::max(hottest, line.watts);
    paintLegend(layout, hottest);
    const QString file = section.summary.location.isEmpty() ? QFileInfo(section.file).fileName()
                                                            : section.summary.location.section(QLatin1Char(':'), 0, 0);

    QPainter& p = layout.painter();
    p.save();
    paintColumnHeader(layout, c, file);
    for (const ReportSourceLine& line : section.listing) {
        if (layout.ensureSpace(c.rowHeight)) {
            reporttext::heading2(layout, QStringLiteral("%1 — source (continued)").arg(section.summary.name));
            paintColumnHeader(layout, c, file);
        }
        paintLine(layout, c, line, mono);
    }
    p.setPen(QPen(style.rule, layout.pt(0.5)));
    p.drawLine(QPointF(layout.left(), layout.y()), QPointF(layout.right(), layout.y()));
    p.restore();
}

} // namespace slicewatt
