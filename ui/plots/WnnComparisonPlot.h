// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PlotBase.h"
#include "model/GpuCatalogue.h"
#include "model/PowerModel.h"

#include <QComboBox>

#include <array>

namespace slicewatt {

// JoS13's wavelet network against its nonlinear regression on a GPU both cover (the session's
// when they do; any of them from the plot's own GPU box): power over intensity at four fixed
// Sa (solid: regression, dashed: network, one colour per Sa), the kernel's operating point by
// each model, and below it the residual network − regression in W. The legend sits above the
// curves, never on them. Uses the library's models "jos13" and "wnn" whatever model the
// estimates use.
class WnnComparisonPlot : public PlotBase {
    Q_OBJECT
public:
    explicit WnnComparisonPlot(QWidget* parent = nullptr);

    void refresh(const PlotContext& context) override;

    static constexpr std::array<double, 4> kSaturations = {0.25, 0.5, 0.75, 1.0};
    static constexpr int kMinimumHeightPx = 340;
    // The curves for kSaturations[index]; null when the plot shows a message.
    QCPGraph* regressionGraph(int index) const { return m_regression[size_t(index)]; }
    QCPGraph* networkGraph(int index) const { return m_network[size_t(index)]; }
    QCPGraph* residualGraph(int index) const { return m_residual[size_t(index)]; }
    double networkLines() const { return m_lines; } // the slice length fed to the network
    // The kernel by each model on the GPU shown (intensity, W); null without a kernel.
    QCPGraph* kernelGraph() const { return m_kernelGraph; }
    QString shownGpu() const { return m_gpuId; } // the GPU the curves are for
    QComboBox* gpuBox() const { return m_gpuBox; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QString missingModels(const ProjectSession& session) const;
    // The GPUs both models cover, and which to show: the box's choice, else the session's GPU
    // when covered, else the first.
    void fillGpuBox(const ProjectSession& session);
    void showKernel(
        const PlotContext& context, const PowerModel& regression, const PowerModel& network, const GpuSpec& gpu);

    QCPAxisRect* m_curves = nullptr;
    QCPAxisRect* m_residuals = nullptr;
    std::array<QCPGraph*, 4> m_regression{};
    std::array<QCPGraph*, 4> m_network{};
    std::array<QCPGraph*, 4> m_residual{};
    double m_lines = 10;
    QCPGraph* m_kernelGraph = nullptr;
    QString m_gpuId;
    QString m_chosenGpu; // picked in the box; empty: follow the session
    QComboBox* m_gpuBox = nullptr;
};

} // namespace slicewatt
