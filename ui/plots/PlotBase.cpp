// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlotBase.h"

#include "PlotReadout.h"

#include <QToolTip>

#include <cmath>

namespace slicewatt {

PlotBase::PlotBase(QWidget* parent)
    : QCustomPlot(parent)
{
    // Every axis rect pans and zooms both ways (QCustomPlot's defaults for a rect's axes); the
    // rubber band is Shift+drag (mousePressEvent), a plain drag pans.
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setFocusPolicy(Qt::ClickFocus); // Home and R reset the view of the plot clicked last
    setMouseTracking(true); // the hover read-out
    setMinimumSize(240, 180);
    setNoAntialiasingOnDrag(true);
    applyPalette(*this, m_palette);
}

void PlotBase::setPlotPalette(const PlotPalette& palette)
{
    m_palette = palette;
    applyPalette(*this, m_palette);
    replot(rpQueuedReplot);
}

void PlotBase::beginRefresh()
{
    clearItems();
    m_message.clear();
}

void PlotBase::endRefresh()
{
    tidyLegend();
    applyPalette(*this, m_palette);
    m_view.refreshed(*this);
    replot(rpQueuedReplot);
}

void PlotBase::tidyLegend()
{
    // A legend is never an empty box, nor an entry without a name: nameless plottables leave
    // it, and a legend left with nothing hides until a refresh gives it entries again. (A plot
    // that cleared its layout has no legend at all.)
    if (!legend)
        return;
    for (int i = 0; i < plottableCount(); ++i) {
        QCPAbstractPlottable* p = plottable(i);
        if (p->name().trimmed().isEmpty())
            p->removeFromLegend();
    }
    if (legend->visible() && legend->itemCount() == 0) {
        legend->setVisible(false);
        m_legendHiddenEmpty = true;
    } else if (m_legendHiddenEmpty && legend->itemCount() > 0) {
        legend->setVisible(true);
        m_legendHiddenEmpty = false;
    }
}

void PlotBase::resetView()
{
    m_view.reset(*this);
    replot(rpQueuedReplot);
}

QString PlotBase::readoutAt(const QPointF& pos) const
{
    return m_message.isEmpty() ? plotReadout(*this, pos) : QString();
}

void PlotBase::mousePressEvent(QMouseEvent* event)
{
    setSelectionRectMode(event->modifiers() & Qt::ShiftModifier ? QCP::srmZoom : QCP::srmNone);
    m_dragging = true;
    QToolTip::hideText();
    QCustomPlot::mousePressEvent(event);
}

void PlotBase::mouseReleaseEvent(QMouseEvent* event)
{
    QCustomPlot::mouseReleaseEvent(event);
    if (m_dragging)
        m_view.navigated(*this); // a pan or a rubber band; a plain click changes nothing
    m_dragging = false;
    setSelectionRectMode(QCP::srmNone);
}

void PlotBase::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    if (event->buttons() != Qt::NoButton)
        return;
    const QString text = readoutAt(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

void PlotBase::mouseDoubleClickEvent(QMouseEvent* event)
{
    QCustomPlot::mouseDoubleClickEvent(event);
    resetView();
}

void PlotBase::wheelEvent(QWheelEvent* event)
{
    QCustomPlot::wheelEvent(event);
    m_view.navigated(*this);
}

void PlotBase::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Home || event->key() == Qt::Key_R) {
        resetView();
        return;
    }
    QCustomPlot::keyPressEvent(event);
}

void PlotBase::insertTitleRow()
{
    QCPLayoutGrid* layout = plotLayout();
    if (layout->columnCount() > 1) {
        // Layout cells do not span: put the columns (map, colour scale) into one cell so the
        // title gets the plot's whole width.
        auto* body = new QCPLayoutGrid;
        for (int row = 0; row < layout->rowCount(); ++row) {
            for (int column = 0; column < layout->columnCount(); ++column) {
                if (QCPLayoutElement* element = layout->element(row, column); element && layout->take(element))
                    body->addElement(row, column, element);
            }
        }
        layout->simplify();
        layout->addElement(0, 0, body);
    }
    m_title = new QCPTextElement(this, QString(), m_palette.titleFont);
    layout->insertRow(0);
    layout->addElement(0, 0, m_title);
    layout->setRowStretchFactor(0, 0.01); // as high as its text, no more
}

void PlotBase::setTitle(const QString& text)
{
    m_titleText = text;
    if (m_title)
        m_title->setText(wrapText(text, titleColumns()));
}

void PlotBase::setTitleMargins(const QMargins& margins)
{
    if (m_title)
        m_title->setMargins(margins);
}

void PlotBase::useCompactLegend(int columns)
{
    legend->setVisible(true);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(columns);
    legend->setRowSpacing(0);
    legend->setColumnSpacing(6);
    legend->setIconSize(18, 8);
}

int PlotBase::titleColumns() const
{
    // As many characters as the plot is wide: one line in a wide dock, wrapped in a narrow one.
    const int charWidth = std::max(1, QFontMetrics(m_palette.titleFont).averageCharWidth());
    return std::max(40, width() / charWidth - 6);
}

void PlotBase::resizeEvent(QResizeEvent* event)
{
    if (m_title && !m_titleText.isEmpty())
        m_title->setText(wrapText(m_titleText, titleColumns()));
    QCustomPlot::resizeEvent(event);
}

void PlotBase::showMessage(const QString& text)
{
    m_message = text;
    auto* item = new QCPItemText(this);
    item->setClipToAxisRect(false);
    item->position->setType(QCPItemPosition::ptViewportRatio);
    item->position->setCoords(0.5, 0.5);
    item->setPositionAlignment(Qt::AlignCenter);
    item->setTextAlignment(Qt::AlignCenter);
    item->setText(wrapText(text, 48));
    item->setFont(m_palette.labelFont);
    item->setColor(m_palette.foreground);
    item->setBrush(m_palette.labelBackground);
    item->setPen(QPen(m_palette.grid, 0));
    item->setPadding(QMargins(8, 6, 8, 6));
}

QCPItemText* PlotBase::addPointLabel(
    QCPAxis* keyAxis, QCPAxis* valueAxis, double x, double y, const QString& text, double dy)
{
    // Anchored to an invisible tracer so the offset stays in pixels whatever the axes' scale.
    auto* anchor = new QCPItemTracer(this);
    anchor->setStyle(QCPItemTracer::tsNone);
    anchor->position->setAxes(keyAxis, valueAxis);
    anchor->position->setType(QCPItemPosition::ptPlotCoords);
    anchor->position->setCoords(x, y);
    anchor->setClipAxisRect(keyAxis->axisRect());

    const bool leftOfPoint = axisFraction(keyAxis, x) > 0.6;
    auto* label = new QCPItemText(this);
    label->setClipAxisRect(keyAxis->axisRect());
    label->position->setParentAnchor(anchor->position);
    label->position->setCoords(leftOfPoint ? -8 : 8, -dy);
    label->setPositionAlignment((leftOfPoint ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    label->setText(text);
    label->setFont(m_palette.tickFont);
    label->setColor(m_palette.foreground);
    label->setBrush(m_palette.labelBackground);
    label->setPadding(QMargins(3, 1, 3, 1));
    return label;
}

QCPGraph* PlotBase::addMarkers(QCPAxis* keyAxis, QCPAxis* valueAxis, const QVector<double>& x, const QVector<double>& y,
    const QCPScatterStyle& style, const QString& name)
{
    QCPGraph* graph = addGraph(keyAxis, valueAxis);
    graph->setName(name);
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(style);
    graph->setData(x, y);
    graph->removeFromLegend();
    return graph;
}

QCPItemStraightLine* PlotBase::addGuide(
    QCPAxis* keyAxis, QCPAxis* valueAxis, double x1, double y1, double x2, double y2)
{
    auto* line = new QCPItemStraightLine(this);
    line->setClipAxisRect(keyAxis->axisRect());
    for (QCPItemPosition* point : {line->point1, line->point2}) {
        point->setAxes(keyAxis, valueAxis);
        point->setType(QCPItemPosition::ptPlotCoords);
    }
    line->point1->setCoords(x1, y1);
    line->point2->setCoords(x2, y2);
    line->setPen(QPen(m_palette.guide, 1, Qt::DashLine));
    return line;
}

QCPItemText* PlotBase::addCornerText(
    QCPAxisRect* rect, double fx, double fy, const QString& text, Qt::Alignment alignment)
{
    auto* item = new QCPItemText(this);
    item->setClipAxisRect(rect);
    item->position->setAxisRect(rect);
    item->position->setType(QCPItemPosition::ptAxisRectRatio);
    item->position->setCoords(fx, fy);
    item->setPositionAlignment(alignment);
    item->setTextAlignment(Qt::AlignLeft);
    item->setText(text);
    item->setFont(m_palette.tickFont);
    item->setColor(m_palette.foreground);
    item->setBrush(m_palette.labelBackground);
    item->setPadding(QMargins(3, 1, 3, 1));
    return item;
}

double PlotBase::labelOffset(const QCPAxis* valueAxis, double y, int stack)
{
    const double distance = 14 + 15 * stack; // px: one label line apart
    return axisFraction(valueAxis, y) > 0.7 ? -distance : distance;
}

double PlotBase::axisFraction(const QCPAxis* axis, double value)
{
    const QCPRange range = axis->range();
    if (axis->scaleType() == QCPAxis::stLogarithmic && range.lower > 0 && value > 0)
        return (std::log10(value) - std::log10(range.lower)) / (std::log10(range.upper) - std::log10(range.lower));
    return range.size() > 0 ? (value - range.lower) / range.size() : 0;
}

} // namespace slicewatt
