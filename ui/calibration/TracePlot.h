// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "measure/TraceMeasurement.h"
#include "plots/PlotBase.h"

namespace slicewatt {

// One power trace over time: the sensor's raw readings and the SC16-corrected trace
// (METHOD §6) on top, the runs shaded, the idle level the tails are reset to as a dashed
// line. The numbers (t_p, means, energies) are the calibration view's to say in text.
class TracePlot : public PlotBase {
    Q_OBJECT
public:
    explicit TracePlot(QWidget* parent = nullptr);

    // Draws nothing from the project: the calibration view hands it a trace.
    void refresh(const PlotContext&) override { }
    // `measurement` may have failed (its error is shown over the raw readings); a trace
    // with errors shows them instead of data.
    void showTrace(const PowerTrace& trace, const TraceMeasurement& measurement, const QString& title);
    void showNothing(const QString& why);

    // For tests: what is drawn (null when not).
    QCPGraph* rawGraph() const { return m_raw; }
    QCPGraph* correctedGraph() const { return m_corrected; }
    int shadedRuns() const { return m_shadedRuns; }
    std::optional<double> idleLineW() const { return m_idleLineW; }

private:
    // Starts a refresh with no graphs, shaded runs or idle line.
    void beginEmptyRefresh();
    void shadeRun(const RunWindow& run);
    void showIdle(double idleW, const QCPRange& time);

    QCPGraph* m_raw = nullptr;
    QCPGraph* m_corrected = nullptr;
    int m_shadedRuns = 0;
    std::optional<double> m_idleLineW;
};

} // namespace slicewatt
