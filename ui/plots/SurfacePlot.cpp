// SPDX-License-Identifier: GPL-3.0-or-later
#include "SurfacePlot.h"
#include "estimate/KernelSurface.h"

#include "SurfaceMap.h"
#include "export/DisplayNumbers.h"
#include "session/ProjectSession.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

constexpr int kIntensitySteps = 121;
constexpr int kSaturationSteps = 91;

bool isNetwork(const PowerModel& model)
{
    return model.form() == QLatin1String("wnn");
}

} // namespace

SurfacePlot::SurfacePlot(QWidget* parent)
    : PlotBase(parent)
{
    m_scale = surfacemap::addScale(*this);
    plotLayout()->addElement(0, 1, m_scale);
    insertTitleRow();
    // The scale's bar runs exactly as high as the map.
    auto* margins = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    surfacemap::setupAxes(axisRect(), m_logIntensity);
    yAxis->setLabel(QStringLiteral("SM saturation Sa"));
    m_map = surfacemap::addMap(axisRect(), m_scale);
    endRefresh();
}

void SurfacePlot::dropCaches()
{
    m_gridKey.clear();
}

double SurfacePlot::intensityAtMapKey(double key) const
{
    return m_logIntensity ? std::pow(10.0, key) : key;
}

void SurfacePlot::refresh(const PlotContext& context)
{
    beginRefresh();
    clearGraphs();
    m_kernelGraph = nullptr;
    m_sliceGraph = nullptr;
    const ProjectSession& session = *context.session;
    const QString noSurface = session.model() ? noSurfaceReason(*session.model()) : QString();
    const bool drawable = context.error.isEmpty() && session.model() && session.gpu() && noSurface.isEmpty();
    m_map->setVisible(drawable);
    m_scale->setVisible(drawable);
    if (!drawable) {
        setTitle(QString());
        showMessage(!context.error.isEmpty() ? context.error
                : !noSurface.isEmpty()       ? noSurface
                                             : tr("No model or GPU selected."));
    } else {
        showGrid(context);
        showFittedRange(*session.model());
        showPoints(context);
    }
    endRefresh();
}

void SurfacePlot::showGrid(const PlotContext& context)
{
    const PowerModel& model = *context.session->model();
    const GpuSpec& gpu = *context.session->gpu();
    const ModelGridOptions options = kernelSurfaceOptions(
        model, gpu, context.kernel ? &context.kernel->estimate : nullptr, kIntensitySteps, kSaturationSteps);

    const QString key = QStringLiteral("%1|%2|%3|%4|%5|%6")
                            .arg(model.id(), gpu.id)
                            .arg(*options.intensityFirst)
                            .arg(*options.intensityLast)
                            .arg(options.saturationFirst)
                            .arg(options.lines);
    if (key != m_gridKey || !m_grid) {
        // Only a new model, GPU or axis resamples: what-if moves of the points do not.
        m_grid = ModelGrid::sample(model, gpu, options);
        ++m_samplings;
        m_gridKey = key;
        m_logIntensity = m_grid->intensity().logarithmic;
        surfacemap::setupAxes(axisRect(), m_logIntensity);
        surfacemap::fill(m_map, *m_grid);
        const double low = m_grid->hasValues() ? m_grid->minWatts() : 0;
        const double high = m_grid->hasValues() ? m_grid->maxWatts() : 1;
        m_map->setDataRange(QCPRange(low, high > low ? high : low + 1));
    }
    surfacemap::setRanges(axisRect(), *m_grid);
    xAxis->setLabel(surfacemap::intensityLabel(m_grid->fractionIntensity()));

    QString title = QStringLiteral("%1 — %2").arg(model.name(), gpu.name);
    if (isNetwork(model))
        title += tr("; network input |C| = %1 lines").arg(options.lines);
    setTitle(title);
}

void SurfacePlot::showFittedRange(const PowerModel& model)
{
    // Outside these lines the model extrapolates: say so where the eye already is.
    const QCPRange shown = xAxis->range();
    const QCPRange rows = yAxis->range();
    for (double edge : {model.intensityMin(), model.intensityMax()}) {
        if (edge <= shown.lower * 1.0001 || edge >= shown.upper * 0.9999)
            continue;
        addGuide(xAxis, yAxis, edge, rows.lower, edge, rows.upper);
        // At the bottom: operating points crowd the top row (Sa = 1) more often.
        QCPItemText* label = addPointLabel(xAxis, yAxis, edge, rows.lower, tr("fitted"), 0);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->position->setCoords(0, -3);
    }
}

void SurfacePlot::showPoints(const PlotContext& context)
{
    if (!context.kernel)
        return;
    const PowerModel& model = *context.session->model();
    const GridAxis& axis = m_grid->intensity();
    const KernelEstimate& estimate = context.kernel->estimate;
    const double sa = estimate.saturation;

    QVector<double> x;
    for (const SliceEstimate& slice : estimate.slices)
        x << surfacemap::displayIntensity(axis, modelIntensity(model, slice));
    m_sliceGraph = addMarkers(xAxis, yAxis, x, QVector<double>(x.size(), sa),
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::white, 1.5), Qt::NoBrush, 10), QStringLiteral("slices"));
    const double kernelX = surfacemap::displayIntensity(axis, estimate.averageIntensity);

    // All points share the kernel's Sa row and often sit close together: stack the labels
    // of nearby points one line apart, kernel first, and tie each slice's label to its
    // marker by the memory space's colour.
    QVector<double> placed; // axis fractions of the labels placed so far
    const auto stackAt = [&](double px) {
        const double f = axisFraction(xAxis, px);
        const int stack = int(
            std::count_if(placed.cbegin(), placed.cend(), [f](double other) { return std::abs(other - f) < 0.3; }));
        placed << f;
        return labelOffset(yAxis, sa, stack);
    };
    addPointLabel(xAxis, yAxis, kernelX, sa,
        QStringLiteral("%1: %2").arg(context.kernelName(), formatWatts(estimate.watts)), stackAt(kernelX));
    for (int i = 0; i < estimate.slices.size(); ++i) {
        const SliceEstimate& slice = estimate.slices[i];
        const QColor colour = memorySpaceColor(slice.space);
        const bool selected = context.selectedSlice == slice.space;
        addMarkers(xAxis, yAxis, {x[i]}, {sa},
            QCPScatterStyle(QCPScatterStyle::ssDisc, selected ? QPen(plotPalette().accent, 2.5) : QPen(colour), colour,
                selected ? 11 : 7),
            memorySpaceName(slice.space));
        QCPItemText* label = addPointLabel(xAxis, yAxis, x[i], sa,
            QStringLiteral("%1 %2").arg(memorySpaceName(slice.space), formatWatts(slice.watts)), stackAt(x[i]));
        label->setPen(QPen(colour, selected ? 2.5 : 1.2));
    }
    // Last, so the kernel's diamond is drawn over its slices' dots.
    m_kernelGraph = addMarkers(xAxis, yAxis, {kernelX}, {sa},
        QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(Qt::white, 1.5), plotPalette().accent, 14),
        QStringLiteral("kernel"));
}

} // namespace slicewatt
