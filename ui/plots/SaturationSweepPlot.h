// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PlotBase.h"
#include "estimate/SaturationSweep.h"

namespace slicewatt {

// The kernel's P̂ against SM saturation, one point per whole number of active SMs (what a
// launch can reach), with the kernel's current operating point marked. The top axis counts
// active SMs.
class SaturationSweepPlot : public PlotBase {
    Q_OBJECT
public:
    explicit SaturationSweepPlot(QWidget* parent = nullptr);

    void refresh(const PlotContext& context) override;

    const QVector<SweepPoint>& sweep() const { return m_sweep; }
    QCPGraph* sweepGraph() const { return m_sweepGraph; }
    QCPGraph* markerGraph() const { return m_markerGraph; } // one point: (Sa, P̂)

private:
    QVector<SweepPoint> m_sweep;
    QCPGraph* m_sweepGraph = nullptr;
    QCPGraph* m_markerGraph = nullptr;
    int m_sms = 1; // the GPU shown: Active SMs = Sa × m_sms on the top axis
};

} // namespace slicewatt
