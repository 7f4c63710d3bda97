// SPDX-License-Identifier: GPL-3.0-or-later
#include "ResidualPlot.h"

#include "SaturationGroups.h"
#include "export/DisplayNumbers.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {

ResidualPlot::ResidualPlot(QWidget* parent)
    : PlotBase(parent)
{
    insertTitleRow();
    xAxis->setLabel(QStringLiteral("Point"));
    yAxis->setLabel(QStringLiteral("Residual, W"));
    // Point numbers are whole: no 2.5 ticks.
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    xAxis->setTicker(ticker);
    showNothing(tr("Fit a form to see its residuals."));
}

int ResidualPlot::residualCount() const
{
    int count = 0;
    for (const QCPGraph* graph : m_stems)
        count += graph->dataCount();
    return count;
}

void ResidualPlot::showNothing(const QString& why)
{
    beginRefresh();
    clearGraphs();
    m_stems.clear();
    setTitle(QString());
    showMessage(why);
    endRefresh();
}

void ResidualPlot::showFit(const CalibrationFit& fit, const QVector<int>& pointNumbers, int selectedRow)
{
    if (!fit.ok()) {
        showNothing(fit.fitted ? tr("No residuals: the fit failed.") : tr("Fit a form to see its residuals."));
        return;
    }
    beginRefresh();
    clearGraphs();
    m_stems.clear();
    const auto numberOf = [&](int row) { return row < pointNumbers.size() ? pointNumbers[row] : row + 1; };
    double largest = 0;
    double first = INFINITY;
    double last = -INFINITY;
    const QVector<SaturationGroup> groups = saturationGroups(fit.samples, fit.form->usesSaturation());
    for (int g = 0; g < groups.size(); ++g) {
        QVector<double> x;
        QVector<double> y;
        for (int row : groups[g].rows) {
            if (row >= fit.result.residuals.size())
                continue;
            x << numberOf(row);
            y << fit.result.residuals[row];
            largest = std::max(largest, std::abs(y.last()));
            first = std::min(first, x.last());
            last = std::max(last, x.last());
        }
        const QColor colour = seriesColor(g);
        QCPGraph* stems = addGraph();
        stems->setName(groups[g].label);
        stems->setLineStyle(QCPGraph::lsImpulse);
        stems->setPen(QPen(colour, 2));
        stems->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, colour, 6));
        stems->setData(x, y);
        stems->removeFromLegend();
        m_stems << stems;
    }
    if (selectedRow >= 0 && selectedRow < fit.result.residuals.size()) {
        addMarkers(xAxis, yAxis, {double(numberOf(selectedRow))}, {fit.result.residuals[selectedRow]},
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(plotPalette().accent, 2.5), Qt::NoBrush, 13),
            tr("selected"));
    }
    // Symmetric about zero, so above and below read alike.
    const double half = std::max(largest * 1.25, 0.05);
    yAxis->setRange(-half, half);
    xAxis->setRange(first - 0.8, last + 0.8);
    addGuide(xAxis, yAxis, first - 1, 0, last + 1, 0);
    setTitle(tr("Residuals, measured − predicted: rms %1, largest %2")
                 .arg(formatWatts(fit.result.rmsResidual, 2), formatWatts(largest, 2)));
    endRefresh();
}

} // namespace slicewatt
