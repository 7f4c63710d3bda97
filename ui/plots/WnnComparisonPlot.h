// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PlotBase.h"

#include <array>

namespace slicewatt {

// JoS13's wavelet network against its nonlinear regression on the selected GPU: power over
// intensity at four fixed Sa (solid: regression, dashed: network, one colour per Sa), and
// below it the residual network − regression in W. Uses the library's models "jos13" and
// "wnn" whatever model the estimates use.
class WnnComparisonPlot : public PlotBase {
    Q_OBJECT
public:
    explicit WnnComparisonPlot(QWidget* parent = nullptr);

    void refresh(const PlotContext& context) override;

    static constexpr std::array<double, 4> kSaturations = {0.25, 0.5, 0.75, 1.0};
    // The curves for kSaturations[index]; null when the plot shows a message.
    QCPGraph* regressionGraph(int index) const { return m_regression[size_t(index)]; }
    QCPGraph* networkGraph(int index) const { return m_network[size_t(index)]; }
    QCPGraph* residualGraph(int index) const { return m_residual[size_t(index)]; }
    double networkLines() const { return m_lines; } // the slice length fed to the network

private:
    QString missingModels(const ProjectSession& session) const;

    QCPAxisRect* m_curves = nullptr;
    QCPAxisRect* m_residuals = nullptr;
    std::array<QCPGraph*, 4> m_regression{};
    std::array<QCPGraph*, 4> m_network{};
    std::array<QCPGraph*, 4> m_residual{};
    double m_lines = 10;
};

} // namespace slicewatt
