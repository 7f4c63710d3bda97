// SPDX-License-Identifier: GPL-3.0-or-later
#include "AccuracyScatterPlot.h"

#include "plots/PlotStyle.h"

#include <algorithm>

namespace slicewatt {

AccuracyScatterPlot::AccuracyScatterPlot(QWidget* parent)
    : QCustomPlot(parent)
{
    applyPalette(*this, PlotPalette::light());
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, QString(), QFont(font().family(), font().pointSize(), QFont::Bold));
    plotLayout()->addElement(0, 0, m_title);
    xAxis->setLabel(tr("measured power, W"));
    yAxis->setLabel(tr("predicted power with its kernel held out, W"));
    m_all = addGraph();
    m_all->setLineStyle(QCPGraph::lsNone);
    m_all->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, seriesColor(0), 5));
    m_all->setName(tr("measured launches"));
    m_highlighted = addGraph();
    m_highlighted->setLineStyle(QCPGraph::lsNone);
    m_highlighted->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(3), 8));
    m_highlighted->setName(tr("selected kernel"));
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
}

void AccuracyScatterPlot::showAccuracy(
    const ModelAccuracy& accuracy, const QString& title, const QString& highlightedKernel)
{
    clearItems();
    QVector<double> x;
    QVector<double> y;
    QVector<double> hx;
    QVector<double> hy;
    double high = 0;
    for (const HeldOutPrediction& p : accuracy.predictions) {
        (p.kernel == highlightedKernel ? hx : x) << p.measuredW;
        (p.kernel == highlightedKernel ? hy : y) << p.predictedW;
        high = std::max({high, p.measuredW, p.predictedW});
    }
    m_all->setData(x, y);
    m_highlighted->setData(hx, hy);
    m_title->setText(title);
    // P̂ = P: on it the prediction is exact.
    auto* identity = new QCPItemStraightLine(this);
    identity->point1->setCoords(0, 0);
    identity->point2->setCoords(1, 1);
    const PlotPalette palette = m_dark ? PlotPalette::dark() : PlotPalette::light();
    applyPalette(*this, palette);
    m_title->setTextColor(palette.foreground);
    identity->setPen(QPen(palette.guide, 1, Qt::DashLine));
    const double top = high > 0 ? high * 1.08 : 1;
    xAxis->setRange(0, top);
    yAxis->setRange(0, top);
    replot();
}

void AccuracyScatterPlot::setDarkPalette(bool dark)
{
    m_dark = dark;
}

int AccuracyScatterPlot::pointCount() const
{
    return m_all->dataCount() + m_highlighted->dataCount();
}

} // namespace slicewatt
