// SPDX-License-Identifier: GPL-3.0-or-later
#include "WnnComparisonPlot.h"

#include "SurfaceMap.h"
#include "export/DisplayNumbers.h"
#include "model/ModelGrid.h"
#include "session/ProjectSession.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace slicewatt {
namespace {

const QString kRegressionModel = QStringLiteral("jos13");
const QString kNetworkModel = QStringLiteral("wnn");
constexpr int kIntensitySteps = 97;

// The value range of a rect's graphs with 5 % room; nullopt when they have no finite value.
std::optional<QCPRange> paddedValueRange(const QCPAxisRect& rect)
{
    std::optional<QCPRange> all;
    for (const QCPGraph* graph : rect.graphs()) {
        bool found = false;
        const QCPRange range = graph->getValueRange(found);
        if (found)
            all = all ? QCPRange(std::min(all->lower, range.lower), std::max(all->upper, range.upper)) : range;
    }
    if (all) {
        const double pad = std::max(0.05 * all->size(), 0.5);
        all = QCPRange(all->lower - pad, all->upper + pad);
    }
    return all;
}

} // namespace

WnnComparisonPlot::WnnComparisonPlot(QWidget* parent)
    : PlotBase(parent)
{
    insertTitleRow();
    m_curves = axisRect();
    m_residuals = new QCPAxisRect(this);
    plotLayout()->addElement(2, 0, m_residuals);
    plotLayout()->setRowStretchFactors({0.01, 3, 2}); // title, curves, residuals
    auto* margins = new QCPMarginGroup(this);
    m_curves->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    m_residuals->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    for (QCPAxisRect* rect : {m_curves, m_residuals})
        setLogarithmicAxis(rect->axis(QCPAxis::atBottom), true);
    // Shared x: the upper rect's tick labels would only repeat the lower one's.
    m_curves->axis(QCPAxis::atBottom)->setTickLabels(false);
    m_curves->axis(QCPAxis::atLeft)->setLabel(QStringLiteral("Power, W"));
    m_residuals->axis(QCPAxis::atBottom)->setLabel(surfacemap::intensityLabel(false));
    m_residuals->axis(QCPAxis::atLeft)->setLabel(QStringLiteral("wnn − regr., W"));
    // The legend in a row of its own above the curves: inside the axes it hid them.
    useCompactLegend(6);
    m_curves->insetLayout()->take(legend);
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, legend);
    plotLayout()->setRowStretchFactors({0.01, 0.01, 3, 2}); // title, legend, curves, residuals
    legend->setMargins(QMargins(4, 0, 4, 0));
    // Curves and residuals each need room for their ticks: a low dock scrolls (PlotsPanel).
    setMinimumHeight(kMinimumHeightPx);
    // Any GPU both models cover, not only the session's.
    m_gpuBox = new QComboBox(this);
    m_gpuBox->setToolTip(tr("The GPU whose curves are shown (both models must cover it)"));
    m_gpuBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_gpuBox, &QComboBox::activated, this, [this] {
        m_chosenGpu = m_gpuBox->currentData().toString();
        Q_EMIT refreshRequested();
    });
    endRefresh();
}

void WnnComparisonPlot::resizeEvent(QResizeEvent* event)
{
    PlotBase::resizeEvent(event);
    m_gpuBox->move(4, 2); // top left, beside the title
}

void WnnComparisonPlot::fillGpuBox(const ProjectSession& session)
{
    const PowerModel* regression = session.library().model(kRegressionModel);
    const PowerModel* network = session.library().model(kNetworkModel);
    const QSignalBlocker blocker(m_gpuBox);
    m_gpuBox->clear();
    if (!regression || !network)
        return;
    for (const GpuSpec& gpu : session.library().gpus().gpus()) {
        if (regression->supports(gpu.id) && network->supports(gpu.id))
            m_gpuBox->addItem(gpu.name, gpu.id);
    }
    int index = m_gpuBox->findData(m_chosenGpu);
    if (index < 0 && session.gpu())
        index = m_gpuBox->findData(session.gpu()->id);
    m_gpuBox->setCurrentIndex(std::max(0, index));
    m_gpuBox->adjustSize();
}

QString WnnComparisonPlot::missingModels(const ProjectSession& session) const
{
    for (const QString& id : {kRegressionModel, kNetworkModel}) {
        if (!session.library().model(id))
            return tr("The model '%1' is not in the model library: nothing to compare.").arg(id);
    }
    if (m_gpuBox->count() == 0)
        return tr("The models '%1' and '%2' cover no GPU in common.").arg(kRegressionModel, kNetworkModel);
    return {};
}

void WnnComparisonPlot::refresh(const PlotContext& context)
{
    beginRefresh();
    clearGraphs();
    m_regression.fill(nullptr);
    m_network.fill(nullptr);
    m_residual.fill(nullptr);
    m_kernelGraph = nullptr;
    const ProjectSession& session = *context.session;
    fillGpuBox(session);
    const QString missing = missingModels(session);
    m_gpuBox->setVisible(missing.isEmpty());
    if (!missing.isEmpty()) {
        m_gpuId.clear();
        setTitle(QString());
        legend->setVisible(false);
        showMessage(missing);
        endRefresh();
        return;
    }
    legend->setVisible(true);
    const PowerModel& regression = *session.library().model(kRegressionModel);
    const PowerModel& network = *session.library().model(kNetworkModel);
    m_gpuId = m_gpuBox->currentData().toString();
    const GpuSpec& gpu = *session.library().gpus().find(m_gpuId);
    m_lines = std::round(context.typicalSliceLines());

    const GridAxis axis = defaultIntensityAxis(regression, kIntensitySteps);
    QVector<double> x(axis.count);
    for (int i = 0; i < axis.count; ++i)
        x[i] = axis.at(i);
    QCPAxis* curveX = m_curves->axis(QCPAxis::atBottom);
    QCPAxis* curveY = m_curves->axis(QCPAxis::atLeft);
    QCPAxis* residualX = m_residuals->axis(QCPAxis::atBottom);
    QCPAxis* residualY = m_residuals->axis(QCPAxis::atLeft);
    for (size_t k = 0; k < kSaturations.size(); ++k) {
        const double sa = kSaturations[k];
        const QVector<double> fitted = sampleModelCurve(regression, gpu, sa, axis, m_lines);
        const QVector<double> predicted = sampleModelCurve(network, gpu, sa, axis, m_lines);
        QVector<double> residual(axis.count);
        for (int i = 0; i < axis.count; ++i)
            residual[i] = predicted[i] - fitted[i];
        const QColor colour = seriesColor(int(k));

        m_regression[k] = addGraph(curveX, curveY);
        m_regression[k]->setName(QStringLiteral("Sa %1").arg(sa));
        m_regression[k]->setPen(QPen(colour, 1.6));
        m_regression[k]->setData(x, fitted, true);

        m_network[k] = addGraph(curveX, curveY);
        m_network[k]->setName(QStringLiteral("wnn, Sa %1").arg(sa));
        m_network[k]->setPen(QPen(colour, 1.6, Qt::DashLine));
        m_network[k]->setData(x, predicted, true);
        m_network[k]->removeFromLegend();

        m_residual[k] = addGraph(residualX, residualY);
        m_residual[k]->setName(QStringLiteral("residual, Sa %1").arg(sa));
        m_residual[k]->setPen(QPen(colour, 1.4));
        m_residual[k]->setData(x, residual, true);
        m_residual[k]->removeFromLegend();
    }
    // Line-style keys: colours say Sa, the dash says which model.
    QCPGraph* solid = addGraph(curveX, curveY);
    solid->setName(tr("regression"));
    solid->setPen(QPen(plotPalette().foreground, 1.4));
    QCPGraph* dashed = addGraph(curveX, curveY);
    dashed->setName(tr("network"));
    dashed->setPen(QPen(plotPalette().foreground, 1.4, Qt::DashLine));

    for (QCPAxisRect* rect : {m_curves, m_residuals}) {
        rect->axis(QCPAxis::atBottom)->setRange(axis.first, axis.last);
        if (const auto values = paddedValueRange(*rect))
            rect->axis(QCPAxis::atLeft)->setRange(*values);
    }
    // Residuals around zero: make the zero visible even when the network is always high.
    const QCPRange r = residualY->range();
    residualY->setRange(std::min(r.lower, -0.5), std::max(r.upper, 0.5));
    addGuide(residualX, residualY, axis.first, 0, axis.last, 0);

    showKernel(context, regression, network, gpu);
    // The session's own GPU may not be the one shown.
    QString title = tr("Network vs regression; network input |C| = %1 lines; trained on the regression surfaces, "
                       "not on measurements")
                        .arg(m_lines);
    if (session.gpu() && session.gpu()->id != gpu.id)
        title += tr(" (the session's %1 is not covered by both)").arg(session.gpu()->name);
    // The GPU box sits left of the title, whose row is as high as the box.
    const int pad = std::max(0, (m_gpuBox->height() - QFontMetrics(plotPalette().titleFont).height()) / 2 + 2);
    setTitleMargins(QMargins(m_gpuBox->width() + 8, pad, 0, pad));
    setTitle(title);
    endRefresh();
}

void WnnComparisonPlot::showKernel(
    const PlotContext& context, const PowerModel& regression, const PowerModel& network, const GpuSpec& gpu)
{
    if (!context.kernel)
        return;
    // The kernel on this GPU by each model, as the app would estimate it there.
    QVector<double> x, y;
    QStringList labels;
    for (const PowerModel* model : {&regression, &network}) {
        const KernelEstimate e = context.estimateOn(*model, gpu);
        if (!e.hasEstimate())
            continue;
        x << e.averageIntensity;
        y << e.watts;
        labels << QStringLiteral("%1 %2").arg(model == &regression ? tr("regr.") : tr("wnn"), formatWatts(e.watts));
    }
    if (x.isEmpty())
        return;
    QCPAxis* curveX = m_curves->axis(QCPAxis::atBottom);
    QCPAxis* curveY = m_curves->axis(QCPAxis::atLeft);
    const QCPRange shown = curveX->range();
    for (double& value : x)
        value = std::clamp(value, shown.lower, shown.upper); // a ratio of 0 has no log position
    m_kernelGraph = addMarkers(curveX, curveY, x, y,
        QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(Qt::white, 1.5), plotPalette().accent, 12),
        QStringLiteral("kernel"));
    m_kernelGraph->setName(context.kernelName());
    // Both markers share an intensity: one label, the two powers, beside them.
    addPointLabel(curveX, curveY, x.first(), y.first(),
        QStringLiteral("%1: %2").arg(context.kernelName(), labels.join(QStringLiteral(", "))),
        labelOffset(curveY, y.first()));
    // The kernel's power may lie outside the curves' range (another Sa): keep it in view.
    const QCPRange values = curveY->range();
    const double low = *std::min_element(y.cbegin(), y.cend());
    const double high = *std::max_element(y.cbegin(), y.cend());
    if (low < values.lower || high > values.upper)
        curveY->setRange(std::min(values.lower, low - 5), std::max(values.upper, high + 5));
}

} // namespace slicewatt
