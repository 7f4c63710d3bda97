// SPDX-License-Identifier: GPL-3.0-or-later
#include "GpuSurfacesGrid.h"

#include "SurfaceMap.h"
#include "export/DisplayNumbers.h"
#include "session/ProjectSession.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

const QString kRegressionModel = QStringLiteral("jos13");
constexpr int kIntensitySteps = 97;
constexpr int kSaturationSteps = 61;
constexpr int kMaxPanels = 4;

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
    // One margin group for all: the columns get the same width, and the scale, which spans
    // both rows, starts at the top row's top and ends at the bottom row's bottom.
    auto* margins = new QCPMarginGroup(this);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    for (int n = 0; n < count; ++n) {
        Panel panel;
        panel.rect = new QCPAxisRect(this);
        m_rects->addElement(n / 2, n % 2, panel.rect);
        surfacemap::setupAxes(panel.rect, true);
        panel.rect->setMarginGroup(QCP::msLeft | QCP::msRight | QCP::msTop | QCP::msBottom, margins);
        panel.map = surfacemap::addMap(panel.rect, m_scale);
        m_panels << panel;
    }
}

void GpuSurfacesGrid::refresh(const PlotContext& context)
{
    beginRefresh();
    const ProjectSession& session = *context.session;
    const PowerModel* model = session.library().model(kRegressionModel);
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
        showMessage(tr("The JoS13 regression model '%1' is not in the model library, or covers no GPU of the "
                       "catalogue.")
                        .arg(kRegressionModel));
        endRefresh();
        return;
    }
    rebuildLayout(int(gpus.size()));
    m_scale->setVisible(true);

    // The kernel on every GPU, by the same estimate the app makes, with JoS13 and that GPU.
    QVector<std::optional<KernelOnGpu>> points(gpus.size());
    QVector<double> intensities;
    const KernelEstimateReport* kernel = context.kernel; // null when there are no estimates
    if (kernel) {
        WhatIfSettings settings = session.settings();
        settings.modelId = model->id();
        for (int n = 0; n < gpus.size(); ++n) {
            settings.gpuId = gpus[n]->id;
            const KernelEstimate estimate = estimateKernelWhatIf(
                *kernel->analysis.kernel, *kernel->analysis.ir, *model, *gpus[n], nullptr, settings)
                                                .estimate;
            points[n] = KernelOnGpu{estimate.averageIntensity, estimate.saturation, estimate.watts};
            intensities << estimate.averageIntensity;
        }
    }

    // One intensity and Sa range for all, so the panels compare cell by cell.
    const GridAxis axis = intensityAxisCovering(*model, intensities, kIntensitySteps);
    double saturationFirst = 0.1;
    for (const GpuSpec* gpu : gpus)
        saturationFirst = std::min(saturationFirst, gpu->sms > 0 ? 1.0 / gpu->sms : 0.1);
    QString key = QStringLiteral("%1|%2|%3").arg(axis.first).arg(axis.last).arg(saturationFirst);
    for (const GpuSpec* gpu : gpus)
        key += QLatin1Char('|') + gpu->id;
    if (key != m_gridKey) {
        m_gridKey = key;
        ModelGridOptions options;
        options.intensityFirst = axis.first;
        options.intensityLast = axis.last;
        options.intensitySteps = axis.count;
        options.saturationSteps = kSaturationSteps;
        options.saturationFirst = saturationFirst;
        double low = HUGE_VAL;
        double high = -HUGE_VAL;
        for (int n = 0; n < gpus.size(); ++n) {
            Panel& panel = m_panels[n];
            panel.gpuId = gpus[n]->id;
            panel.grid = ModelGrid::sample(*model, *gpus[n], options);
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

    const bool twoRows = gpus.size() > 2;
    for (int n = 0; n < gpus.size(); ++n) {
        Panel& panel = m_panels[n];
        surfacemap::setRanges(panel.rect, panel.grid);
        QCPAxis* x = panel.rect->axis(QCPAxis::atBottom);
        QCPAxis* y = panel.rect->axis(QCPAxis::atLeft);
        // Labels once per row and column: four copies would crowd out the maps in a dock.
        x->setLabel(!twoRows || n >= 2 ? QStringLiteral("Intensity Ã (ratio)") : QString());
        y->setLabel(n % 2 == 0 ? QStringLiteral("Sa") : QString());
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

    if (kernel)
        setTitle(tr("JoS13 regression on each GPU: %1").arg(context.kernelName()));
    else if (!context.error.isEmpty())
        setTitle(tr("JoS13 regression on each GPU (no kernel: %1)").arg(context.error));
    else
        setTitle(tr("JoS13 regression on each GPU"));
    endRefresh();
}

} // namespace slicewatt
