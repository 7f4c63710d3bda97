// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationFit.h"
#include "plots/PlotBase.h"

namespace slicewatt {

// The fitted surface as curves: power against intensity (log axis for the JoS13 ratio),
// one curve per measured SM saturation, with the measured points on it in the curve's
// colour. Before a fit, or when it failed, only the points (and why in the title).
class FitCurvesPlot : public PlotBase {
    Q_OBJECT
public:
    explicit FitCurvesPlot(QWidget* parent = nullptr);

    void refresh(const PlotContext&) override { } // shows what the calibration view gives it
    // `selectedRow`: the sample to ring (-1: none).
    void showFit(const CalibrationFit& fit, int selectedRow = -1);
    void showNothing(const QString& why);

    // For tests: what is drawn.
    int curveCount() const { return int(m_curves.size()); }
    const QVector<QCPGraph*>& curves() const { return m_curves; }
    int pointCount() const; // measured points drawn

private:
    QVector<QCPGraph*> m_curves;
    QVector<QCPGraph*> m_points;
};

} // namespace slicewatt
