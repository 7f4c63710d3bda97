// SPDX-License-Identifier: GPL-3.0-or-later
#include "SaturationSweepPlot.h"

#include "export/DisplayNumbers.h"
#include "session/ProjectSession.h"

#include <algorithm>

namespace slicewatt {

SaturationSweepPlot::SaturationSweepPlot(QWidget* parent)
    : PlotBase(parent)
{
    insertTitleRow();
    xAxis->setLabel(QStringLiteral("SM saturation Sa"));
    yAxis->setLabel(QStringLiteral("Kernel power P̂, W"));
    xAxis2->setVisible(true);
    xAxis2->setLabel(QStringLiteral("Active SMs"));
    auto smTicks = QSharedPointer<QCPAxisTickerFixed>::create();
    smTicks->setTickStep(1);
    smTicks->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    xAxis2->setTicker(smTicks);
    // Active SMs are Sa × the GPU's SMs: the top axis follows the bottom one's zoom and pan.
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
        [this](const QCPRange& range) { xAxis2->setRange(range.lower * m_sms, range.upper * m_sms); });
    endRefresh();
}

void SaturationSweepPlot::refresh(const PlotContext& context)
{
    beginRefresh();
    clearGraphs();
    m_sweep.clear();
    m_sweepGraph = nullptr;
    m_markerGraph = nullptr;
    const ProjectSession& session = *context.session;
    if (!context.error.isEmpty() || !context.kernel || !session.model() || !session.gpu()) {
        setTitle(QString());
        showMessage(
            context.error.isEmpty() ? tr("No kernel to show: open a project with CUDA kernels.") : context.error);
        endRefresh();
        return;
    }
    const GpuSpec& gpu = *session.gpu();
    const KernelEstimateReport& kernel = *context.kernel;
    m_sweep = saturationSweep(*kernel.analysis.kernel, *kernel.analysis.ir, *session.model(), gpu, session.settings());

    QVector<double> x;
    QVector<double> y;
    double highest = kernel.estimate.watts;
    for (const SweepPoint& point : m_sweep) {
        x << point.saturation;
        y << point.watts;
        highest = std::max(highest, point.watts);
    }
    // Ranges first: labels choose their side from where the point is on the axes.
    m_sms = std::max(gpu.sms, 1);
    xAxis->setRange(0, 1.02);
    xAxis2->setRange(0, 1.02 * m_sms);
    yAxis->setRange(0, highest * 1.12 + 0.5);
    m_sweepGraph = addGraph(xAxis, yAxis);
    m_sweepGraph->setName(QStringLiteral("sweep"));
    m_sweepGraph->setPen(QPen(plotPalette().foreground, 1.4));
    m_sweepGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 4));
    m_sweepGraph->setData(x, y, true);

    const KernelEstimate& estimate = kernel.estimate;
    m_markerGraph = addMarkers(xAxis, yAxis, {estimate.saturation}, {estimate.watts},
        QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(Qt::white, 1.5), plotPalette().accent, 14),
        QStringLiteral("operating point"));
    addPointLabel(xAxis, yAxis, estimate.saturation, estimate.watts,
        tr("Sa %1 (%2 of %3 SMs): %4")
            .arg(formatSaturation(estimate.saturation))
            .arg(estimate.activeSms)
            .arg(gpu.sms)
            .arg(formatWatts(estimate.watts)),
        labelOffset(yAxis, estimate.watts));

    setTitle(tr("P̂ vs Sa: %1 — %2, %3").arg(context.kernelName(), session.model()->name(), gpu.name));
    endRefresh();
}

} // namespace slicewatt
