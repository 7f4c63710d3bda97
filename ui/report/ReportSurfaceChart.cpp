// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportSurfaceChart.h"

#include "ReportChartAxis.h"
#include "ReportLayout.h"
#include "export/DisplayNumbers.h"
#include "export/ReportDocument.h"
#include "plots/PlotStyle.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

// Maps model inputs to the plot rectangle: log10 for ratio intensities, as in the GUI.
struct Mapping {
    QRectF plot;
    GridAxis x;
    double saLow = 0;
    double saHigh = 1;

    double key(double intensity) const { return x.logarithmic ? std::log10(std::max(intensity, 1e-12)) : intensity; }
    double xAt(double intensity) const
    {
        const double low = key(x.first);
        const double high = key(x.last);
        const double clamped = std::clamp(intensity, std::min(x.first, x.last), std::max(x.first, x.last));
        return plot.left() + plot.width() * (high > low ? (key(clamped) - low) / (high - low) : 0.5);
    }
    double yAt(double saturation) const
    {
        return plot.bottom() - plot.height() * (saturation - saLow) / (saHigh - saLow);
    }
};

// The colour of a power on QCustomPlot's thermal gradient, as the GUI's surface plot shows
// it, but interpolated between the gradient's own stops instead of looked up in its table
// of 350 levels: the table's steps would need a gradient stop each on paper.
class SurfaceColours {
public:
    explicit SurfaceColours(const QCPRange& range)
        : m_range(range)
        , m_stops(QCPColorGradient(QCPColorGradient::gpThermal).colorStops())
    {
    }

    const QCPRange& range() const { return m_range; }

    QColor operator()(double watts) const
    {
        if (!std::isfinite(watts) || m_stops.isEmpty())
            return QColor(255, 255, 255);
        const double f = std::clamp(m_range.size() > 0 ? (watts - m_range.lower) / m_range.size() : 0.0, 0.0, 1.0);
        auto above = m_stops.lowerBound(f);
        if (above == m_stops.constBegin())
            return above.value();
        if (above == m_stops.constEnd())
            return std::prev(above).value();
        const auto below = std::prev(above);
        const double t = (f - below.key()) / (above.key() - below.key());
        const QColor& a = below.value();
        const QColor& b = above.value();
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
            float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
    }

private:
    QCPRange m_range;
    QMap<double, QColor> m_stops;
};

// The samples of a row that a linear gradient needs: a sample the straight line between
// its kept neighbours already gives (within a shade) is dropped. Qt writes every stop pair
// as a PDF function object, so all 60 samples of every row would make a report of 13
// kernels several megabytes; the kept few look the same.
QVector<int> keptStops(const QVector<QColor>& colours)
{
    constexpr double kTolerance = 2.0 / 255;
    const auto fits = [&](int from, int to) {
        for (int k = from + 1; k < to; ++k) {
            const double t = double(k - from) / (to - from);
            const QColor& a = colours[from];
            const QColor& b = colours[to];
            const QColor& c = colours[k];
            if (std::abs(a.redF() + (b.redF() - a.redF()) * t - c.redF()) > kTolerance
                || std::abs(a.greenF() + (b.greenF() - a.greenF()) * t - c.greenF()) > kTolerance
                || std::abs(a.blueF() + (b.blueF() - a.blueF()) * t - c.blueF()) > kTolerance)
                return false;
        }
        return true;
    };
    QVector<int> kept{0};
    const int last = int(colours.size()) - 1;
    for (int from = 0; from < last;) {
        int to = from + 1;
        while (to < last && fits(from, to + 1))
            ++to;
        kept << to;
        from = to;
    }
    return kept;
}

// One band of the map: a rectangle filled with a linear gradient through its samples.
struct Band {
    QRectF rect;
    QLinearGradient fill;
};

// The map as bands of rows (one per Sa) or of columns (one per intensity), whichever needs
// fewer gradient stops: along a direction where power changes linearly (JoS13 in Sa,
// JSW12 in x) the colours follow the gradient's few own stops.
QVector<Band> mapBands(
    const ReportLayout& layout, const Mapping& m, const ModelGrid& grid, bool rows, const SurfaceColours& colour)
{
    const GridAxis& sa = grid.saturation();
    const GridAxis& x = grid.intensity();
    const double halfRow = sa.count > 1 ? 0.5 * (sa.last - sa.first) / (sa.count - 1) : 0.05;
    // Bands overlap by a hair: without it some viewers show white seams between them.
    const double overlap = layout.pt(0.3);
    const double top = m.yAt(sa.last + halfRow);
    const double bottom = m.yAt(sa.first - halfRow);
    // Intensity samples are evenly spaced on the drawn axis (log10 for ratios).
    const auto columnX
        = [&](double index) { return m.plot.left() + m.plot.width() * (x.count > 1 ? index / (x.count - 1) : 0.5); };
    QVector<Band> bands;
    const int outer = rows ? sa.count : x.count;
    const int inner = rows ? x.count : sa.count;
    for (int o = 0; o < outer; ++o) {
        QVector<QColor> colours;
        colours.reserve(inner);
        for (int k = 0; k < inner; ++k)
            colours << colour(rows ? grid.watts(k, o) : grid.watts(o, k));
        Band band;
        if (rows) {
            const double row = sa.at(o);
            band.rect = QRectF(m.plot.left(), m.yAt(row + halfRow) - overlap, m.plot.width(),
                m.yAt(row - halfRow) - m.yAt(row + halfRow) + 2 * overlap);
            band.fill = QLinearGradient(QPointF(columnX(0), 0), QPointF(columnX(x.count - 1), 0));
        } else {
            band.rect = QRectF(
                columnX(o - 0.5) - overlap, top, columnX(o + 0.5) - columnX(o - 0.5) + 2 * overlap, bottom - top);
            band.fill = QLinearGradient(QPointF(0, m.yAt(sa.first)), QPointF(0, m.yAt(sa.last)));
        }
        for (int k : keptStops(colours))
            band.fill.setColorAt(inner > 1 ? double(k) / (inner - 1) : 0, colours[k]);
        bands << band;
    }
    return bands;
}

void paintCells(
    QPainter& p, const ReportLayout& layout, const Mapping& m, const ModelGrid& grid, const SurfaceColours& colour)
{
    const auto stops = [](const QVector<Band>& bands) {
        qsizetype total = 0;
        for (const Band& band : bands)
            total += band.fill.stops().size();
        return total;
    };
    const QVector<Band> rows = mapBands(layout, m, grid, true, colour);
    const QVector<Band> columns = mapBands(layout, m, grid, false, colour);
    p.save();
    p.setClipRect(m.plot);
    p.setPen(Qt::NoPen);
    for (const Band& band : stops(rows) <= stops(columns) ? rows : columns)
        p.fillRect(band.rect, band.fill);
    p.restore();
}

void paintColourScale(QPainter& p, const ReportLayout& layout, const QRectF& bar, const SurfaceColours& colour)
{
    const ReportStyle& style = layout.style();
    const QFontMetricsF small(style.small, p.device());
    QLinearGradient fill(bar.bottomLeft(), bar.topLeft());
    constexpr int kStops = 24;
    for (int i = 0; i <= kStops; ++i) {
        const double f = double(i) / kStops;
        fill.setColorAt(f, colour(colour.range().lower + f * colour.range().size()));
    }
    p.fillRect(bar, fill);
    p.setPen(QPen(style.muted, layout.pt(0.5)));
    p.setBrush(Qt::NoBrush);
    p.drawRect(bar);
    p.setFont(style.small);
    double labelRight = bar.right();
    const QCPRange& range = colour.range();
    for (double tick : niceTicks(range.lower, range.upper, 4)) {
        const double y = bar.bottom() - bar.height() * (tick - range.lower) / range.size();
        p.setPen(QPen(style.muted, layout.pt(0.5)));
        p.drawLine(QPointF(bar.right(), y), QPointF(bar.right() + layout.mm(0.8), y));
        p.setPen(style.text);
        const QString text = formatNumber(tick, 4);
        p.drawText(QPointF(bar.right() + layout.mm(1.2), y + (small.ascent() - small.descent()) / 2), text);
        labelRight = std::max(labelRight, bar.right() + layout.mm(1.2) + small.horizontalAdvance(text));
    }
    // The unit label runs up beside the ticks, as on the GUI's colour scale.
    p.save();
    p.translate(labelRight + layout.mm(1) + small.ascent(), bar.center().y());
    p.rotate(-90);
    const QString unit = QStringLiteral("Power, W");
    p.setPen(style.text);
    p.drawText(QPointF(-small.horizontalAdvance(unit) / 2, 0), unit);
    p.restore();
}

void paintAxes(QPainter& p, const ReportLayout& layout, const Mapping& m, bool fraction)
{
    const ReportStyle& style = layout.style();
    const QFontMetricsF small(style.small, p.device());
    p.setPen(QPen(style.muted, layout.pt(0.6)));
    p.setBrush(Qt::NoBrush);
    p.drawRect(m.plot);
    p.setFont(style.small);
    const double tickLength = layout.mm(1);

    const QVector<double> xTicks
        = m.x.logarithmic ? decadeTicks(m.x.first, m.x.last) : niceTicks(m.x.first, m.x.last, 5);
    for (double tick : xTicks) {
        const double x = m.xAt(tick);
        p.setPen(QPen(style.muted, layout.pt(0.5)));
        p.drawLine(QPointF(x, m.plot.bottom()), QPointF(x, m.plot.bottom() + tickLength));
        p.setPen(style.text);
        const QString text = formatNumber(tick, 4);
        p.drawText(QPointF(x - small.horizontalAdvance(text) / 2, m.plot.bottom() + tickLength + small.ascent()), text);
    }
    if (m.x.logarithmic) {
        // Minor ticks at 2…9 of each decade show the axis is logarithmic at a glance.
        p.setPen(QPen(style.muted, layout.pt(0.4)));
        for (double decade = std::pow(10.0, std::floor(std::log10(m.x.first))); decade < m.x.last; decade *= 10) {
            for (int k = 2; k <= 9; ++k) {
                const double v = decade * k;
                if (v > m.x.first && v < m.x.last)
                    p.drawLine(
                        QPointF(m.xAt(v), m.plot.bottom()), QPointF(m.xAt(v), m.plot.bottom() + tickLength * 0.55));
            }
        }
    }
    for (double tick : niceTicks(std::max(0.0, m.saLow), std::min(1.0, m.saHigh), 5)) {
        const double y = m.yAt(tick);
        p.setPen(QPen(style.muted, layout.pt(0.5)));
        p.drawLine(QPointF(m.plot.left() - tickLength, y), QPointF(m.plot.left(), y));
        p.setPen(style.text);
        const QString text = formatSaturation(tick);
        p.drawText(QPointF(m.plot.left() - tickLength - layout.mm(0.6) - small.horizontalAdvance(text),
                       y + (small.ascent() - small.descent()) / 2),
            text);
    }
    p.setPen(style.text);
    const QString xLabel = fraction ? QStringLiteral("Intensity Ã = #A / (#A + N_mem)")
                                    : QStringLiteral("Intensity Ã = N_a / N_mem (log scale)");
    p.drawText(QPointF(m.plot.center().x() - small.horizontalAdvance(xLabel) / 2,
                   m.plot.bottom() + tickLength + small.height() + small.ascent() + layout.mm(0.5)),
        xLabel);
    p.save();
    const QString yLabel = QStringLiteral("SM saturation Sa");
    p.translate(
        m.plot.left() - tickLength - layout.mm(1.2) - small.horizontalAdvance(QStringLiteral("0.00")) - small.descent(),
        m.plot.center().y());
    p.rotate(-90);
    p.drawText(QPointF(-small.horizontalAdvance(yLabel) / 2, 0), yLabel);
    p.restore();
}

void paintFittedRange(
    QPainter& p, const ReportLayout& layout, const Mapping& m, const ReportMethod& method, double kernelSa)
{
    if (!(method.intensityMax > method.intensityMin))
        return;
    const QFontMetricsF small(layout.style().small, p.device());
    const double low = std::min(m.x.first, m.x.last);
    const double high = std::max(m.x.first, m.x.last);
    for (double edge : {method.intensityMin, method.intensityMax}) {
        if (edge <= low * 1.0001 || edge >= high * 0.9999)
            continue;
        const double x = m.xAt(edge);
        p.setPen(QPen(QColor(255, 255, 255, 220), layout.pt(0.8), Qt::DashLine));
        p.drawLine(QPointF(x, m.plot.top()), QPointF(x, m.plot.bottom()));
        p.setFont(layout.style().small);
        p.setPen(Qt::white);
        // At the end of the line away from the kernel's Sa, where its labels are not.
        const bool atTop = kernelSa < (m.saLow + m.saHigh) / 2;
        const double baseline = atTop ? m.plot.top() + small.ascent() + layout.mm(0.6)
                                      : m.plot.bottom() - small.descent() - layout.mm(0.6);
        // Inside the fitted range, so the label stays on the plot at either end.
        const QString label = QStringLiteral("fitted");
        const bool leftOfLine = x > m.plot.center().x();
        p.drawText(
            QPointF(leftOfLine ? x - layout.mm(0.6) - small.horizontalAdvance(label) : x + layout.mm(0.6), baseline),
            label);
    }
}

double pointIntensity(const SliceOperatingPoint& point, bool fraction)
{
    return fraction ? point.intensityFraction : point.intensityRatio;
}

// A label in a white box beside its point, tied to it by the box's border colour.
void paintPointLabel(QPainter& p, const ReportLayout& layout, const QPointF& at, const QString& text,
    const QColor& border, int stack, const QRectF& plot)
{
    const QFontMetricsF small(layout.style().small, p.device());
    const double pad = layout.mm(0.6);
    const QSizeF size(small.horizontalAdvance(text) + 2 * pad, small.height() + pad);
    // Beside the point, towards the plot's middle, one box height per label already there.
    const bool leftOfPoint = at.x() > plot.center().x();
    const bool below = at.y() < plot.center().y();
    const double step = size.height() + layout.mm(0.4);
    double x = leftOfPoint ? at.x() - layout.mm(2.2) - size.width() : at.x() + layout.mm(2.2);
    double y = below ? at.y() + layout.mm(1.2) + stack * step : at.y() - layout.mm(1.2) - size.height() - stack * step;
    x = std::clamp(x, plot.left() + pad, std::max(plot.left() + pad, plot.right() - size.width() - pad));
    y = std::clamp(y, plot.top() + pad, std::max(plot.top() + pad, plot.bottom() - size.height() - pad));
    const QRectF box(QPointF(x, y), size);
    p.setPen(QPen(border, layout.pt(0.8)));
    p.setBrush(QColor(255, 255, 255, 230));
    p.drawRect(box);
    p.setPen(layout.style().text);
    p.setFont(layout.style().small);
    p.drawText(box, Qt::AlignCenter, text);
}

void paintPoints(
    QPainter& p, const ReportLayout& layout, const Mapping& m, const ReportKernelSection& section, bool fraction)
{
    const double accentSize = layout.mm(1.9);
    const double dotSize = layout.mm(1.1);
    const QColor accent = PlotPalette::light().accent;
    const double kernelSa = section.kernelPoint.saturation;
    const QPointF kernelAt(m.xAt(pointIntensity(section.kernelPoint, fraction)), m.yAt(kernelSa));
    struct Placed {
        QPointF at;
        QString text;
        QColor colour;
    };
    QVector<Placed> labels;
    labels.append({kernelAt, QStringLiteral("P̂ %1").arg(formatWatts(section.summary.watts)), accent});

    p.save();
    p.setClipRect(m.plot.adjusted(-dotSize, -dotSize, dotSize, dotSize));
    for (int i = 0; i < section.slices.size() && i < section.slicePoints.size(); ++i) {
        const ReportSliceRow& slice = section.slices[i];
        const SliceOperatingPoint& point = section.slicePoints[i];
        const QPointF at(m.xAt(pointIntensity(point, fraction)), m.yAt(point.saturation));
        const QColor colour = memorySpaceColor(slice.space);
        p.setPen(QPen(Qt::white, layout.pt(0.8)));
        p.setBrush(colour);
        p.drawEllipse(at, dotSize, dotSize);
        labels.append(
            {at, QStringLiteral("%1 %2").arg(memorySpaceName(slice.space), formatWatts(slice.watts)), colour});
    }
    // The kernel's diamond last, over its slices' discs.
    QPainterPath diamond;
    diamond.moveTo(kernelAt + QPointF(0, -accentSize));
    diamond.lineTo(kernelAt + QPointF(accentSize, 0));
    diamond.lineTo(kernelAt + QPointF(0, accentSize));
    diamond.lineTo(kernelAt + QPointF(-accentSize, 0));
    diamond.closeSubpath();
    p.setPen(QPen(Qt::white, layout.pt(1)));
    p.setBrush(accent);
    p.drawPath(diamond);
    p.restore();

    // Points share the kernel's Sa and often sit close: stack nearby labels.
    QVector<QPointF> placed;
    p.save();
    for (const Placed& label : labels) {
        const int stack = int(std::count_if(placed.cbegin(), placed.cend(), [&](const QPointF& other) {
            return std::abs(other.x() - label.at.x()) < m.plot.width() * 0.35
                && std::abs(other.y() - label.at.y()) < m.plot.height() * 0.2;
        }));
        placed << label.at;
        paintPointLabel(p, layout, label.at, label.text, label.colour, stack, m.plot);
    }
    p.restore();
}

} // namespace

void paintSurfaceChart(
    ReportLayout& layout, const QRectF& area, const ReportDocument& document, const ReportKernelSection& section)
{
    QPainter& p = layout.painter();
    const ReportStyle& style = layout.style();
    const QFontMetricsF small(style.small, p.device());
    const QFontMetricsF bold(style.tableHeader, p.device());
    p.save();
    p.setFont(style.tableHeader);
    p.setPen(style.text);
    const QString title = QStringLiteral("%1 — %2").arg(document.modelName, document.gpuName);
    p.drawText(QPointF(area.left(), area.top() + bold.ascent()), bold.elidedText(title, Qt::ElideRight, area.width()));

    if (!section.surface || !section.surface->hasValues()) {
        p.setFont(style.body);
        p.setPen(style.muted);
        p.drawText(area.adjusted(0, bold.height() * 2, 0, 0), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
            document.noSurfaceReason.isEmpty() ? QStringLiteral("No surface: the model gives no power for this GPU.")
                                               : document.noSurfaceReason);
        p.restore();
        return;
    }
    const ModelGrid& grid = *section.surface;
    const bool fraction = grid.fractionIntensity();
    const double scaleWidth
        = layout.mm(3) + small.horizontalAdvance(QStringLiteral("000.0")) + layout.mm(2.5) + small.height();
    const double leftAxis = small.horizontalAdvance(QStringLiteral("0.00")) + small.height() + layout.mm(3);
    Mapping m;
    m.plot = QRectF(area.left() + leftAxis, area.top() + bold.height() * 1.8,
        area.width() - leftAxis - scaleWidth - layout.mm(3),
        area.height() - bold.height() * 1.8 - small.height() * 2 - layout.mm(2.5));
    m.x = grid.intensity();
    const GridAxis& sa = grid.saturation();
    const double halfRow = sa.count > 1 ? 0.5 * (sa.last - sa.first) / (sa.count - 1) : 0.05;
    // Half a row beyond the ends so no row is cut in half, and room above Sa = 1, where
    // most kernels run, so their markers are drawn whole (as the GUI's plot does).
    m.saLow = sa.first - halfRow;
    m.saHigh = sa.last + std::max(halfRow, 0.03);

    const double low = grid.minWatts();
    const double high = grid.maxWatts() > low ? grid.maxWatts() : low + 1;
    const SurfaceColours colour(QCPRange(low, high));
    paintCells(p, layout, m, grid, colour);
    paintFittedRange(p, layout, m, document.method, section.kernelPoint.saturation);
    paintAxes(p, layout, m, fraction);
    paintColourScale(
        p, layout, QRectF(m.plot.right() + layout.mm(3), m.plot.top(), layout.mm(3), m.plot.height()), colour);
    paintPoints(p, layout, m, section, fraction);
    p.restore();
}

} // namespace slicewatt
