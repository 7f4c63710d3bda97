// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportTable.h"

#include "ReportLayout.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <numeric>

namespace slicewatt {
namespace {

// How many columns the cell at `column` covers: a left-aligned cell (a label) spans the
// empty cells after it; numbers stay in their own column.
int spanOf(const ReportRow& row, int column, const QVector<ReportColumn>& columns)
{
    if (!(columns[column].alignment & Qt::AlignLeft))
        return 1;
    int span = 1;
    while (column + span < columns.size() && (column + span >= row.cells.size() || row.cells[column + span].isEmpty()))
        ++span;
    return span;
}

struct Metrics {
    QFont font;
    QFont bold;
    QFont header;
    double rowHeight = 0;
    double headerHeight = 0;
    double padding = 0; // left and right inside a cell
};

Metrics metricsFor(const ReportLayout& layout, const ReportTableOptions& options)
{
    Metrics m;
    m.font = options.font.value_or(layout.style().body);
    m.bold = m.font;
    m.bold.setBold(true);
    m.header = layout.style().tableHeader;
    const QPaintDevice* device = layout.painter().device();
    m.rowHeight = QFontMetricsF(m.font, device).height() * 1.45;
    m.headerHeight = options.header ? QFontMetricsF(m.header, device).height() * 1.6 : 0;
    m.padding = layout.mm(1.2);
    return m;
}

// Natural widths first; what is left (or missing) goes to the stretching columns.
QVector<double> columnWidths(const ReportLayout& layout, const Metrics& m, const QVector<ReportColumn>& columns,
    const QVector<ReportRow>& rows, const ReportTableOptions& options)
{
    const QPaintDevice* device = layout.painter().device();
    const QFontMetricsF body(m.font, device);
    const QFontMetricsF bold(m.bold, device);
    const QFontMetricsF header(m.header, device);
    QVector<double> widths(columns.size(), 0);
    for (int c = 0; c < columns.size(); ++c) {
        if (options.header)
            widths[c] = header.horizontalAdvance(columns[c].title);
        for (const ReportRow& row : rows) {
            // A cell with empty cells after it spills over them (a total's label): it does
            // not widen its own column.
            if (c < row.cells.size() && spanOf(row, c, columns) == 1)
                widths[c] = std::max(widths[c], (row.emphasised ? bold : body).horizontalAdvance(row.cells[c]));
        }
        // A hair more than measured: text exactly as wide as its cell would be elided.
        widths[c] += 2 * m.padding + layout.pt(1);
    }
    const bool swatches = std::any_of(rows.cbegin(), rows.cend(), [](const ReportRow& r) { return bool(r.swatch); });
    if (swatches && !widths.isEmpty())
        widths[0] += body.height();

    double fixed = 0;
    double stretching = 0;
    int stretchCount = 0;
    for (int c = 0; c < columns.size(); ++c) {
        if (columns[c].stretch) {
            stretching += widths[c];
            ++stretchCount;
        } else {
            fixed += widths[c];
        }
    }
    const double available = layout.width() - fixed;
    if (stretchCount == 0) {
        // Nothing stretches: spread a shortfall or the spare room over every column alike.
        const double total = fixed > 0 ? fixed : 1;
        for (double& w : widths)
            w *= layout.width() / total;
        return widths;
    }
    for (int c = 0; c < columns.size(); ++c) {
        if (!columns[c].stretch)
            continue;
        // Spare room is shared evenly; a shortfall is taken in proportion to width.
        widths[c] = available >= stretching ? widths[c] + (available - stretching) / stretchCount
                                            : std::max(layout.mm(8), available * widths[c] / stretching);
    }
    return widths;
}

void paintHeader(
    ReportLayout& layout, const Metrics& m, const QVector<ReportColumn>& columns, const QVector<double>& widths)
{
    QPainter& p = layout.painter();
    const QRectF band(layout.left(), layout.y(), layout.width(), m.headerHeight);
    p.fillRect(band, layout.style().headerFill);
    p.setFont(m.header);
    p.setPen(layout.style().text);
    const QFontMetricsF metrics(m.header, p.device());
    double x = layout.left();
    for (int c = 0; c < columns.size(); ++c) {
        const QRectF cell(x + m.padding, band.top(), widths[c] - 2 * m.padding, band.height());
        p.drawText(cell, int(columns[c].alignment | Qt::AlignVCenter),
            metrics.elidedText(columns[c].title, Qt::ElideRight, cell.width()));
        x += widths[c];
    }
    layout.advance(m.headerHeight);
}

} // namespace

double tableHeight(const ReportLayout& layout, int rows, const ReportTableOptions& options)
{
    const Metrics m = metricsFor(layout, options);
    return m.headerHeight + rows * m.rowHeight;
}

void paintTable(ReportLayout& layout, const QVector<ReportColumn>& columns, const QVector<ReportRow>& rows,
    const ReportTableOptions& options)
{
    const Metrics m = metricsFor(layout, options);
    const QVector<double> widths = columnWidths(layout, m, columns, rows, options);
    QPainter& p = layout.painter();
    p.save();
    // A table never starts with its header alone at the foot of a page.
    layout.ensureSpace(m.headerHeight + std::min<qsizetype>(rows.size(), 2) * m.rowHeight);
    if (options.header)
        paintHeader(layout, m, columns, widths);
    for (int r = 0; r < rows.size(); ++r) {
        const ReportRow& row = rows[r];
        if (layout.ensureSpace(m.rowHeight) && options.header)
            paintHeader(layout, m, columns, widths);
        const QRectF band(layout.left(), layout.y(), layout.width(), m.rowHeight);
        if (options.stripes && r % 2 == 1)
            p.fillRect(band, layout.style().stripe);
        if (row.emphasised) {
            p.setPen(QPen(layout.style().muted, layout.pt(0.6)));
            p.drawLine(band.topLeft(), band.topRight());
        }
        const QFont& font = row.emphasised ? m.bold : m.font;
        const QFontMetricsF metrics(font, p.device());
        p.setFont(font);
        double x = layout.left();
        for (int c = 0; c < columns.size() && c < row.cells.size(); ++c) {
            if (row.cells[c].isEmpty()) {
                x += widths[c];
                continue;
            }
            const int span = spanOf(row, c, columns);
            double width = 0;
            for (int k = c; k < c + span; ++k)
                width += widths[k];
            QRectF cell(x + m.padding, band.top(), width - 2 * m.padding, band.height());
            if (c == 0 && row.swatch) {
                const double side = metrics.ascent() * 0.8;
                p.fillRect(QRectF(cell.left(), band.center().y() - side / 2, side, side), *row.swatch);
                cell.setLeft(cell.left() + metrics.height());
            }
            p.setPen(row.textColour.value_or(layout.style().text));
            p.drawText(cell, int(columns[c].alignment | Qt::AlignVCenter),
                metrics.elidedText(row.cells[c], columns[c].elide, cell.width()));
            x += widths[c];
        }
        layout.advance(m.rowHeight);
    }
    p.setPen(QPen(layout.style().rule, layout.pt(0.5)));
    p.drawLine(QPointF(layout.left(), layout.y()), QPointF(layout.right(), layout.y()));
    p.restore();
}

} // namespace slicewatt
