// SPDX-License-Identifier: GPL-3.0-or-later
#include "GpuSurfacesGrid.h"

#include "SurfaceMap.h"
#include "estimate/KernelSurface.h"
#include "export/DisplayNumbers.h"
#include "session/ProjectSession.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

// Stands in for a model without a surface.
const QString kRegressionModel = QStringLiteral("jos13");
constexpr int kIntensitySteps = 97;
constexpr int kSaturationSteps = 61;
constexpr int kScaleWidthPx = 70; // the colour scale with its labels
constexpr int kTitleAndLabelsPx = 60; // the title row and the bottom axis' label

struct KernelOnGpu {
    double intensity = 0;
    double saturation = 0;
    double watts = 0;
};

// "GTX 280" for "GeForce GTX 280": four panels share a dock's width.
QString shortGpuName(const GpuSpec& gpu)
{
    QString name = gpu.name;
    return name.startsWith(QLatin1String("GeForce ")) ? name.mid(8) : name;
}

} // namespace

GpuSurfacesGrid::GpuSurfacesGrid(QWidget* parent)
    : PlotBase(parent)
{
    plotLayout()->clear();
    m_rects = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, m_rects);
    m_scale = surfacemap::addScale(*this);
    plotLayout()->addElement(0, 1, m_scale);
    insertTitleRow();
    endRefresh();
}

void GpuSurfacesGrid::dropCaches()
{
    m_gridKey.clear();
}

void GpuSurfacesGrid::rebuildLayout(int count)
{
    if (m_panels.size() == count)
        return;
    clearPlottables();
    m_rects->clear();
    m_panels.clear();
    m_gridKey.clear();
    m_columns = 0;
    // One margin group for all: the columns get the same width, and the scale, which spans
    // every row, starts at the top row's top and ends at the bottom row's bottom.
    auto* margins = new QCPMarginGroup(this);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    for (int n = 0; n < count; ++n) {
        Panel panel;
        panel.rect = new QCPAxisRect(this);
        surfacemap::setupAxes(panel.rect, true);
        panel.rect->setMarginGroup(QCP::msLeft | QCP::msRight | QCP::msTop | QCP::msBottom, margins);
        // Three Sa ticks (0.5 steps): a short panel has no room for more.
        panel.rect->axis(QCPAxis::atLeft)->ticker()->setTickCount(3);
        panel.rect->axis(QCPAxis::atBottom)->ticker()->setTickCount(4);
        panel.map = surfacemap::addMap(panel.rect, m_scale);
        m_panels << panel;
    }
    arrangePanels();
}

void GpuSurfacesGrid::arrangePanels()
{
    const int count = int(m_panels.size());
    if (count == 0)
        return;
    const int fit = std::max(1, (width() - kScaleWidthPx) / kMinPanelWidthPx);
    const int columns = std::clamp(fit, 1, count);
    const int rows = (count + columns - 1) / columns;
    setMinimumHeight(kTitleAndLabelsPx + rows * kMinPanelHeightPx);
    if (columns != m_columns) {
        m_columns = columns;
        for (const Panel& panel : std::as_const(m_panels)) {
            if (panel.rect->layout() == m_rects) // new panels are in no layout yet
                m_rects->take(panel.rect);
        }
        m_rects->simplify();
        for (int n = 0; n < count; ++n)
            m_rects->addElement(n / columns, n % columns, m_panels[n].rect);
    }
    // Labels once per row and column: a copy on every panel would crowd out the maps.
    for (int n = 0; n < count; ++n) {
        const bool bottomRow = n + columns >= count;
        m_panels[n]
            .rect->axis(QCPAxis::atBottom)
            ->setLabel(bottomRow ? (m_fractionIntensity ? QStringLiteral("Intensity x (fraction)")
                                                        : QStringLiteral("Intensity Ã (ratio)"))
                                 : QString());
        m_panels[n].rect->axis(QCPAxis::atLeft)->setLabel(n % columns == 0 ? QStringLiteral("Sa") : QString());
    }
}

void GpuSurfacesGrid::resizeEvent(QResizeEvent* event)
{
    PlotBase::resizeEvent(event);
    const int before = m_columns;
    arrangePanels();
    if (m_columns != before)
        replot(rpQueuedReplot);
}

void GpuSurfacesGrid::refresh(const PlotContext& context)
{
    beginRefresh();
    const ProjectSession& session = *context.session;
    // The selected model where it has a surface; JoS13 stands in for one that has none.
    const PowerModel* selected = session.model();
    const bool standIn = !selected || !noSurfaceReason(*selected).isEmpty();
    const PowerModel* model = standIn ? session.library().model(kRegressionModel) : selected;
    m_modelId = model ? model->id() : QString();
    QVector<const GpuSpec*> gpus;
    if (model) {
        for (const GpuSpec& gpu : session.library().gpus().gpus()) {
            if (model->supports(gpu.id) && gpus.size() < kMaxPanels)
                gpus << &gpu;
        }
    }
    for (Panel& panel : m_panels) {
        if (panel.kernelGraph)
            removeGraph(panel.kernelGraph);
        panel.kernelGraph = nullptr;
    }
    if (gpus.isEmpty()) {
        rebuildLayout(0);
        m_scale->setVisible(false);
        setTitle(QString());
        showMessage(model ? tr("The model %1 covers no GPU of the catalogue.").arg(model->name())
                          : tr("The JoS13 regression model '%1' is not in the model library.").arg(kRegressionModel));
        endRefresh();
        return;
    }
    rebuildLayout(int(gpus.size()));
    m_scale->setVisible(true);

    // The kernel on every GPU, by the same estimate the app makes, with the model and that GPU.
    QVector<std::optional<KernelOnGpu>> points(gpus.size());
    QVector<double> intensities;
    std::optional<KernelEstimate> firstEstimate; // the wavelet network's slice length comes from it
    const KernelEstimateReport* kernel = context.kernel; // null when there are no estimates
    if (kernel) {
        for (int n = 0; n < gpus.size(); ++n) {
            const KernelEstimate estimate = context.estimateOn(*model, *gpus[n]);
            points[n] = KernelOnGpu{estimate.averageIntensity, estimate.saturation, estimate.watts};
            intensities << estimate.averageIntensity;
            if (!firstEstimate)
                firstEstimate = estimate;
        }
    }

    // One intensity and Sa range for all, so the panels compare cell by cell.
    const GridAxis axis = intensityAxisCovering(*model, intensities, kIntensitySteps);
    double saturationFirst = 0.1;
    for (const GpuSpec* gpu : gpus)
        saturationFirst = std::min(saturationFirst, gpu->sms > 0 ? 1.0 / gpu->sms : 0.1);
    ModelGridOptions options = kernelSurfaceOptions(
        *model, *gpus.first(), firstEstimate ? &*firstEstimate : nullptr, kIntensitySteps, kSaturationSteps);
    options.intensityFirst = axis.first;
    options.intensityLast = axis.last;
    options.intensitySteps = axis.count;
    options.saturationFirst = saturationFirst;
    QString key = QStringLiteral("%1|%2|%3|%4|%5")
                      .arg(model->id())
                      .arg(axis.first)
                      .arg(axis.last)
                      .arg(saturationFirst)
                      .arg(options.lines);
    for (const GpuSpec* gpu : gpus)
        key += QLatin1Char('|') + gpu->id;
    if (key != m_gridKey) {
        m_gridKey = key;
        double low = HUGE_VAL;
        double high = -HUGE_VAL;
        for (int n = 0; n < gpus.size(); ++n) {
            Panel& panel = m_panels[n];
            panel.gpuId = gpus[n]->id;
            panel.grid = ModelGrid::sample(*model, *gpus[n], options);
            surfacemap::setupAxes(panel.rect, panel.grid.intensity().logarithmic);
            surfacemap::fill(panel.map, panel.grid);
            if (panel.grid.hasValues()) {
                low = std::min(low, panel.grid.minWatts());
                high = std::max(high, panel.grid.maxWatts());
            }
        }
        if (!(high > low)) {
            low = 0;
            high = 1;
        }
        for (Panel& panel : m_panels)
            panel.map->setDataRange(QCPRange(low, high));
    }

    m_fractionIntensity = model->usesFractionIntensity();
    arrangePanels();
    for (int n = 0; n < gpus.size(); ++n) {
        Panel& panel = m_panels[n];
        surfacemap::setRanges(panel.rect, panel.grid);
        QCPAxis* x = panel.rect->axis(QCPAxis::atBottom);
        QCPAxis* y = panel.rect->axis(QCPAxis::atLeft);
        // Bottom right: the points sit on the left (low intensity) or at the top (Sa 1) more often.
        addCornerText(panel.rect, 0.98, 0.97,
            QStringLiteral("%1, %2 SMs").arg(shortGpuName(*gpus[n])).arg(gpus[n]->sms),
            Qt::AlignRight | Qt::AlignBottom);
        if (!points[n])
            continue;
        const double px = surfacemap::displayIntensity(panel.grid.intensity(), points[n]->intensity);
        panel.kernelGraph = addMarkers(x, y, {px}, {points[n]->saturation},
            QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(Qt::white, 1.5), plotPalette().accent, 11),
            QStringLiteral("kernel"));
        addPointLabel(
            x, y, px, points[n]->saturation, formatWatts(points[n]->watts), labelOffset(y, points[n]->saturation));
    }

    // Which model, and why another than the selected one.
    QString title = kernel ? tr("%1 on each GPU: %2").arg(model->name(), context.kernelName())
                           : tr("%1 on each GPU").arg(model->name());
    if (!kernel && !context.error.isEmpty())
        title += tr(" (no kernel: %1)").arg(context.error);
    if (standIn && selected)
        title += tr(" — %1 has no surface to draw, the regression stands in").arg(selected->name());
    if (model->form() == QLatin1String("wnn"))
        title += tr("; network input |C| = %1 lines").arg(options.lines);
    setTitle(title);
    endRefresh();
}

} // namespace slicewatt
