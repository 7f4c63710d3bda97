// SPDX-License-Identifier: GPL-3.0-or-later
#include "TracePlot.h"

#include "export/DisplayNumbers.h"

#include <algorithm>

namespace slicewatt {
namespace {

// Raw readings thin and behind, the corrected trace on top: the eye follows the correction
// and still sees the lag it undid.
const QColor kRawColour(0xe6, 0x9f, 0x00);

constexpr int kMaxErrorsShown = 6;

QCPGraph* addCurve(QCustomPlot& plot, const QVector<PowerSample>& samples, const QPen& pen, const QString& name)
{
    QVector<double> t;
    QVector<double> w;
    t.reserve(samples.size());
    w.reserve(samples.size());
    for (const PowerSample& s : samples) {
        t << s.timeS;
        w << s.powerW;
    }
    QCPGraph* graph = plot.addGraph();
    graph->setName(name);
    graph->setPen(pen);
    graph->setData(t, w, true);
    return graph;
}

} // namespace

TracePlot::TracePlot(QWidget* parent)
    : PlotBase(parent)
{
    insertTitleRow();
    xAxis->setLabel(QStringLiteral("Time, s"));
    yAxis->setLabel(QStringLiteral("Power, W"));
    legend->setVisible(true);
    legend->setRowSpacing(0);
    legend->setIconSize(18, 8);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    showNothing(tr("Select a point to see its power trace."));
}

void TracePlot::beginEmptyRefresh()
{
    beginRefresh();
    clearGraphs();
    m_raw = nullptr;
    m_corrected = nullptr;
    m_shadedRuns = 0;
    m_idleLineW.reset();
}

void TracePlot::showNothing(const QString& why)
{
    beginEmptyRefresh();
    setTitle(QString());
    showMessage(why);
    endRefresh();
}

void TracePlot::showTrace(const PowerTrace& trace, const TraceMeasurement& measurement, const QString& title)
{
    beginEmptyRefresh();
    setTitle(title);
    if (!trace.ok() || trace.samples.isEmpty()) {
        QStringList shown = trace.errors.mid(0, kMaxErrorsShown);
        if (trace.errors.size() > kMaxErrorsShown)
            shown << tr("… %n more", nullptr, int(trace.errors.size() - kMaxErrorsShown));
        showMessage(shown.isEmpty() ? tr("%1 holds no samples.").arg(trace.file) : shown.join(QLatin1Char('\n')));
        endRefresh();
        return;
    }
    m_raw = addCurve(*this, trace.samples, QPen(kRawColour, 1), tr("raw sensor"));
    if (measurement.ok()) {
        m_corrected
            = addCurve(*this, measurement.corrected.samples, QPen(plotPalette().accent, 2), tr("corrected (SC16)"));
    }
    rescaleAxes();
    const QCPRange time = xAxis->range();
    QCPRange power = yAxis->range();
    if (measurement.ok() && measurement.idleW)
        power.expand(*measurement.idleW);
    // Room above for the legend, below so the idle line does not sit on the axis.
    const double pad = std::max(power.size() * 0.08, 1.0);
    yAxis->setRange(std::max(0.0, power.lower - pad), power.upper + 2.5 * pad);
    if (measurement.ok()) {
        for (const RunMeasurement& run : measurement.runs) {
            if (!run.wholeTrace)
                shadeRun(run.window);
        }
        if (measurement.idleW)
            showIdle(*measurement.idleW, time);
    } else {
        showMessage(measurement.error);
    }
    endRefresh();
}

void TracePlot::shadeRun(const RunWindow& run)
{
    // Bounds in time, the axis rect's full height whatever the power range.
    auto* band = new QCPItemRect(this);
    band->setLayer(QStringLiteral("grid")); // behind the curves
    band->setClipAxisRect(axisRect());
    for (QCPItemPosition* corner : {band->topLeft, band->bottomRight}) {
        corner->setAxes(xAxis, yAxis);
        corner->setAxisRect(axisRect());
        corner->setTypeX(QCPItemPosition::ptPlotCoords);
        corner->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    band->topLeft->setCoords(run.startS, 0);
    band->bottomRight->setCoords(run.endS, 1);
    QColor fill = plotPalette().accent;
    fill.setAlpha(38);
    band->setBrush(fill);
    band->setPen(Qt::NoPen);
    if (m_shadedRuns == 0) {
        QCPItemText* label = addCornerText(axisRect(), 0, 0, tr("run"), Qt::AlignLeft | Qt::AlignTop);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setAxes(xAxis, yAxis);
        label->position->setCoords(run.startS, 0);
        label->setBrush(Qt::NoBrush);
    }
    ++m_shadedRuns;
}

void TracePlot::showIdle(double idleW, const QCPRange& time)
{
    m_idleLineW = idleW;
    addGuide(xAxis, yAxis, time.lower, idleW, time.upper, idleW);
    QCPItemText* label = addPointLabel(xAxis, yAxis, time.upper, idleW, tr("idle %1").arg(formatWatts(idleW)), 0);
    label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    label->position->setCoords(-4, -2);
}

} // namespace slicewatt
