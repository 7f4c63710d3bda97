// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationFit.h"
#include "plots/PlotBase.h"

namespace slicewatt {

// The fit's residuals (measured − predicted, W) per calibration point, as stems from zero
// coloured by the point's SM saturation like the curves: a pattern (one Sa all above, a
// trend along the points) says the form does not suit the GPU, noise says it does.
class ResidualPlot : public PlotBase {
    Q_OBJECT
public:
    explicit ResidualPlot(QWidget* parent = nullptr);

    void refresh(const PlotContext&) override { } // shows what the calibration view gives it
    // `pointNumbers[i]` labels sample i on the x axis; `selectedRow` is ringed (-1: none).
    void showFit(const CalibrationFit& fit, const QVector<int>& pointNumbers, int selectedRow = -1);
    void showNothing(const QString& why);

    int residualCount() const; // for tests: stems drawn

private:
    QVector<QCPGraph*> m_stems;
};

} // namespace slicewatt
