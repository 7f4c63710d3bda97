// SPDX-License-Identifier: GPL-3.0-or-later
#include "FitCurvesPlot.h"

#include "SaturationGroups.h"
#include "export/DisplayNumbers.h"
#include "plots/SurfaceMap.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

constexpr int kCurveSteps = 121;

} // namespace

FitCurvesPlot::FitCurvesPlot(QWidget* parent)
    : PlotBase(parent)
{
    insertTitleRow();
    yAxis->setLabel(QStringLiteral("Power, W"));
    useCompactLegend(3);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    showNothing(tr("Open a calibration to see its points."));
}

int FitCurvesPlot::pointCount() const
{
    int count = 0;
    for (const QCPGraph* graph : m_points)
        count += graph->dataCount();
    return count;
}

void FitCurvesPlot::showNothing(const QString& why)
{
    beginRefresh();
    clearGraphs();
    m_curves.clear();
    m_points.clear();
    setTitle(QString());
    showMessage(why);
    endRefresh();
}

void FitCurvesPlot::showFit(const CalibrationFit& fit, int selectedRow)
{
    if (!fit.form || fit.samples.isEmpty()) {
        showNothing(tr("No points to fit."));
        return;
    }
    beginRefresh();
    clearGraphs();
    m_curves.clear();
    m_points.clear();
    const bool fraction = fit.form->intensityScale() == IntensityScale::Fraction;
    setLogarithmicAxis(xAxis, !fraction);
    xAxis->setLabel(surfacemap::intensityLabel(fraction));

    // The measured intensities, widened a little so the end points do not sit on the frame.
    double low = INFINITY;
    double high = -INFINITY;
    for (const ModelSample& s : fit.samples) {
        if (fraction || s.intensity > 0) {
            low = std::min(low, s.intensity);
            high = std::max(high, s.intensity);
        }
    }
    if (!(low <= high)) {
        showNothing(tr("No point has a positive intensity to place on the log axis."));
        return;
    }
    if (fraction) {
        const double pad = std::max(0.03, (high - low) * 0.05);
        low = std::max(0.0, low - pad);
        high = std::min(1.0, high + pad);
    } else {
        low /= 1.3;
        high *= 1.3;
    }
    if (high <= low)
        high = low + (fraction ? 0.1 : low);

    const QVector<SaturationGroup> groups = saturationGroups(fit.samples, fit.form->usesSaturation());
    for (int g = 0; g < groups.size(); ++g) {
        const QColor colour = seriesColor(g);
        if (fit.ok()) {
            QVector<double> x;
            QVector<double> y;
            for (int k = 0; k < kCurveSteps; ++k) {
                const double f = double(k) / (kCurveSteps - 1);
                const double xi = fraction ? low + f * (high - low) : low * std::pow(high / low, f);
                const double watts = fit.predictedW(groups[g].saturation, xi);
                if (std::isfinite(watts)) {
                    x << xi;
                    y << watts;
                }
            }
            QCPGraph* curve = addGraph();
            curve->setName(groups[g].label);
            curve->setPen(QPen(colour, 1.8));
            curve->setData(x, y, true);
            m_curves << curve;
        }
        QVector<double> px;
        QVector<double> py;
        for (int row : groups[g].rows) {
            if (fraction || fit.samples[row].intensity > 0) {
                px << fit.samples[row].intensity;
                py << fit.samples[row].watts;
            }
        }
        QCPGraph* points = addMarkers(xAxis, yAxis, px, py,
            // A filled circle with a rim in the background colour stands out on its own curve.
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(plotPalette().background, 1.2), colour, 8),
            groups[g].label);
        if (!fit.ok())
            points->addToLegend(); // no curve stands for the group
        m_points << points;
    }
    if (selectedRow >= 0 && selectedRow < fit.samples.size()) {
        const ModelSample& s = fit.samples[selectedRow];
        addMarkers(xAxis, yAxis, {s.intensity}, {s.watts},
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(plotPalette().accent, 2.5), Qt::NoBrush, 14),
            tr("selected"));
    }

    rescaleAxes();
    xAxis->setRange(low, high);
    const QCPRange power = yAxis->range();
    const double pad = std::max(power.size() * 0.08, 1.0);
    // Extra room on top for the legend.
    yAxis->setRange(power.lower - pad, power.upper + 3.5 * pad);

    if (fit.ok()) {
        setTitle(tr("%1 fitted to %n point(s): rms residual %2, max error %3", nullptr, int(fit.samples.size()))
                     .arg(fit.form->formula(), formatWatts(fit.result.rmsResidual, 2),
                         formatPercent(fit.result.maxRelativeError)));
    } else if (fit.fitted) {
        setTitle(tr("%1 not fitted: %2").arg(fit.form->name(), fit.result.error));
    } else {
        setTitle(tr("Measured points (not fitted yet)"));
    }
    endRefresh();
}

} // namespace slicewatt
