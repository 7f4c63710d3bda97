// SPDX-License-Identifier: GPL-3.0-or-later
#include "WnnComparisonPlot.h"

#include "SurfaceMap.h"
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
    useCompactLegend(3);
    m_curves->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    endRefresh();
}

QString WnnComparisonPlot::missingModels(const ProjectSession& session) const
{
    const GpuSpec* gpu = session.gpu();
    if (!gpu)
        return tr("No GPU selected: the comparison is per GPU.");
    for (const QString& id : {kRegressionModel, kNetworkModel}) {
        const PowerModel* model = session.library().model(id);
        if (!model)
            return tr("The model '%1' is not in the model library: nothing to compare.").arg(id);
        if (!model->supports(gpu->id))
            return tr("The model '%1' has no parameters for %2 (it covers: %3).")
                .arg(id, gpu->name, model->gpuIds().join(QStringLiteral(", ")));
    }
    return {};
}

void WnnComparisonPlot::refresh(const PlotContext& context)
{
    beginRefresh();
    clearGraphs();
    m_regression.fill(nullptr);
    m_network.fill(nullptr);
    m_residual.fill(nullptr);
    const ProjectSession& session = *context.session;
    const QString missing = missingModels(session);
    if (!missing.isEmpty()) {
        setTitle(QString());
        legend->setVisible(false);
        showMessage(missing);
        endRefresh();
        return;
    }
    legend->setVisible(true);
    const PowerModel& regression = *session.library().model(kRegressionModel);
    const PowerModel& network = *session.library().model(kNetworkModel);
    const GpuSpec& gpu = *session.gpu();
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

    setTitle(tr("Network vs regression — %1; network input |C| = %2 lines; trained on the regression "
                "surfaces, not on measurements")
                 .arg(gpu.name)
                 .arg(m_lines));
    endRefresh();
}

} // namespace slicewatt
