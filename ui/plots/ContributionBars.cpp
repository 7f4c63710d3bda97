// SPDX-License-Identifier: GPL-3.0-or-later
#include "ContributionBars.h"

#include "export/DisplayNumbers.h"
#include "session/ProjectSession.h"

#include <algorithm>

namespace slicewatt {

ContributionBars::ContributionBars(QWidget* parent)
    : PlotBase(parent)
{
    insertTitleRow();
    yAxis->setLabel(QStringLiteral("Contribution P_i·|C_i|/L, W"));
    xAxis->grid()->setVisible(false);
    endRefresh();
}

void ContributionBars::refresh(const PlotContext& context)
{
    beginRefresh();
    clearPlottables();
    m_bars.clear();
    m_total = 0;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    xAxis->setTicker(ticker);
    if (!context.error.isEmpty() || !context.kernel) {
        setTitle(QString());
        showMessage(
            context.error.isEmpty() ? tr("No kernel to show: open a project with CUDA kernels.") : context.error);
        endRefresh();
        return;
    }
    const KernelEstimate& estimate = context.kernel->estimate;
    m_total = estimate.watts;
    double highest = m_total;
    for (int i = 0; i < estimate.slices.size(); ++i) {
        const SliceEstimate& slice = estimate.slices[i];
        const double position = i + 1;
        const double contribution = slice.watts * slice.weight;
        highest = std::max(highest, contribution);
        auto* bar = new QCPBars(xAxis, yAxis);
        bar->setName(memorySpaceName(slice.space));
        bar->setWidth(0.6);
        const QColor colour = memorySpaceColor(slice.space);
        const bool selected = context.selectedSlice == slice.space;
        bar->setPen(selected ? QPen(plotPalette().accent, 2.5) : QPen(colour.darker(130), 1));
        bar->setBrush(colour);
        bar->setData({position}, {contribution}, true);
        bar->removeFromLegend();
        m_bars << bar;
        ticker->addTick(
            position, QStringLiteral("%1\n%2 of L").arg(memorySpaceName(slice.space), formatPercent(slice.weight)));

        // The value just above its bar.
        QCPItemText* value = addPointLabel(xAxis, yAxis, position, contribution, formatWatts(contribution), 0);
        value->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        value->position->setCoords(0, -2);
        value->setBrush(Qt::NoBrush);
    }
    const double right = std::max<double>(int(estimate.slices.size()), 1) + 0.6;
    xAxis->setRange(0.4, right);
    yAxis->setRange(0, highest * 1.22 + 0.5);
    addGuide(xAxis, yAxis, 0, m_total, 1, m_total);
    QCPItemText* total = addPointLabel(xAxis, yAxis, right, m_total, tr("P̂ = %1 (sum)").arg(formatWatts(m_total)), 0);
    total->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    total->position->setCoords(-2, -2);

    setTitle(tr("Slice contributions: %1 (%2)")
                 .arg(context.kernelName(), estimate.dense ? QStringLiteral("BDPM") : QStringLiteral("BSPM")));
    endRefresh();
}

} // namespace slicewatt
