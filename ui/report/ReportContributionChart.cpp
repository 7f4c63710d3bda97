// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportContributionChart.h"

#include "ReportChartAxis.h"
#include "ReportLayout.h"
#include "export/DisplayNumbers.h"
#include "export/ReportDocument.h"
#include "plots/PlotStyle.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace slicewatt {

void paintContributionChart(ReportLayout& layout, const QRectF& area, const ReportKernelSection& section)
{
    QPainter& p = layout.painter();
    const ReportStyle& style = layout.style();
    const QFontMetricsF small(style.small, p.device());
    const QFontMetricsF bold(style.tableHeader, p.device());
    p.save();
    p.setClipRect(area.adjusted(-layout.mm(1), -layout.mm(1), layout.mm(1), layout.mm(1)));

    p.setFont(style.tableHeader);
    p.setPen(style.text);
    const QString title = QStringLiteral("Slice contributions (%1)")
                              .arg(section.summary.dense ? QStringLiteral("BDPM") : QStringLiteral("BSPM"));
    p.drawText(QPointF(area.left(), area.top() + bold.ascent()), title);

    double highest = std::max(section.summary.watts, 0.0);
    QStringList labels;
    for (const ReportSliceRow& slice : section.slices) {
        highest = std::max(highest, slice.contribution);
        labels << QStringLiteral("%1 · %2 of L").arg(memorySpaceName(slice.space), formatPercent(slice.share));
    }
    labels << QStringLiteral("P̂ (sum)");
    double labelWidth = 0;
    for (const QString& label : labels)
        labelWidth = std::max(labelWidth, small.horizontalAdvance(label));
    labelWidth = std::max(labelWidth, bold.horizontalAdvance(labels.last())); // the total's label is bold
    const double valueWidth = small.horizontalAdvance(QStringLiteral("0000.0 W"));

    const double axisHeight = small.height() * 2.6;
    const QRectF plot(area.left() + labelWidth + layout.mm(2), area.top() + bold.height() * 1.8,
        area.width() - labelWidth - layout.mm(2) - valueWidth - layout.mm(1),
        area.height() - bold.height() * 1.8 - axisHeight);
    if (plot.width() <= 0 || plot.height() <= 0 || section.slices.isEmpty()) {
        p.restore();
        return;
    }
    const QVector<double> ticks = niceTicks(0, highest > 0 ? highest : 1, 4);
    const double top = ticks.isEmpty() ? 1 : std::max(ticks.last(), highest);
    const auto xAt = [&](double watts) { return plot.left() + plot.width() * std::max(0.0, watts) / top; };

    // Grid lines and the W axis.
    p.setFont(style.small);
    for (double tick : ticks) {
        const double x = xAt(tick);
        p.setPen(QPen(style.rule, layout.pt(0.4), Qt::DotLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(style.muted);
        const QString text = formatNumber(tick, 3);
        p.drawText(
            QPointF(x - small.horizontalAdvance(text) / 2, plot.bottom() + small.ascent() + layout.mm(0.8)), text);
    }
    p.setPen(style.muted);
    const QString axisLabel = QStringLiteral("Contribution (|C_i| / L)·P_i, W");
    p.drawText(QPointF(plot.center().x() - small.horizontalAdvance(axisLabel) / 2, area.bottom() - small.descent()),
        axisLabel);
    p.setPen(QPen(style.muted, layout.pt(0.6)));
    p.drawLine(plot.topLeft(), plot.bottomLeft());

    const int rows = int(section.slices.size()) + 1;
    const double rowHeight = plot.height() / rows;
    const double barHeight = std::min(rowHeight * 0.62, layout.mm(7));
    const auto rowCentre = [&](int row) { return plot.top() + rowHeight * (row + 0.5); };
    const auto label = [&](int row, const QString& text, double valueRight, const QString& value) {
        const double baseline = rowCentre(row) + (small.ascent() - small.descent()) / 2;
        p.setPen(style.text);
        p.drawText(QPointF(plot.left() - layout.mm(1.5) - small.horizontalAdvance(text), baseline), text);
        p.drawText(QPointF(valueRight + layout.mm(1), baseline), value);
    };

    double stacked = 0;
    const int totalRow = rows - 1;
    for (int i = 0; i < section.slices.size(); ++i) {
        const ReportSliceRow& slice = section.slices[i];
        const QColor colour = memorySpaceColor(slice.space);
        const QRectF bar(plot.left(), rowCentre(i) - barHeight / 2, xAt(slice.contribution) - plot.left(), barHeight);
        p.setPen(QPen(colour.darker(130), layout.pt(0.5)));
        p.setBrush(colour);
        p.drawRect(bar);
        label(i, labels[i], bar.right(), formatWatts(slice.contribution));
        // The same piece in the stacked total bar.
        const QRectF piece(xAt(stacked), rowCentre(totalRow) - barHeight / 2,
            xAt(stacked + std::max(0.0, slice.contribution)) - xAt(stacked), barHeight);
        p.setPen(QPen(Qt::white, layout.pt(0.5)));
        p.drawRect(piece);
        stacked += std::max(0.0, slice.contribution);
    }
    p.setFont(style.tableHeader);
    const double totalBaseline = rowCentre(totalRow) + (small.ascent() - small.descent()) / 2;
    p.setPen(style.text);
    p.drawText(
        QPointF(plot.left() - layout.mm(1.5) - bold.horizontalAdvance(labels.last()), totalBaseline), labels.last());
    p.drawText(QPointF(xAt(stacked) + layout.mm(1), totalBaseline), formatWatts(section.summary.watts));
    p.restore();
}

} // namespace slicewatt
