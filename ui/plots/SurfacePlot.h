// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PlotBase.h"
#include "model/ModelGrid.h"

#include <optional>

namespace slicewatt {

// The selected model's power surface for the selected GPU as a colour map over (intensity,
// Sa), with a "Power, W" colour scale, and where the kernel and its slices sit on it. For
// ratio intensities the x axis is logarithmic: the map then lives on a hidden linear axis in
// log10 units so its cells line up with the log axis exactly.
class SurfacePlot : public PlotBase {
    Q_OBJECT
public:
    explicit SurfacePlot(QWidget* parent = nullptr);

    void refresh(const PlotContext& context) override;
    void dropCaches() override;

    // For tests and tooltips: what is drawn.
    const ModelGrid* grid() const { return m_grid ? &*m_grid : nullptr; }
    int gridSamplings() const { return m_samplings; } // how often the grid was (re)sampled
    QCPColorMap* colorMap() const { return m_map; }
    QCPColorScale* colorScale() const { return m_scale; }
    QCPGraph* kernelGraph() const { return m_kernelGraph; } // one point: (intensity, Sa)
    QCPGraph* sliceGraph() const { return m_sliceGraph; } // one point per slice
    // The model intensity at a map key (the map's own coordinate, log10 for ratios).
    double intensityAtMapKey(double key) const;

private:
    void showGrid(const PlotContext& context);
    void showPoints(const PlotContext& context);
    void showFittedRange(const PowerModel& model);

    QCPColorScale* m_scale = nullptr;
    QCPColorMap* m_map = nullptr;
    QCPGraph* m_kernelGraph = nullptr;
    QCPGraph* m_sliceGraph = nullptr;
    std::optional<ModelGrid> m_grid;
    QString m_gridKey; // what m_grid was sampled for: resampled only when it changes
    int m_samplings = 0;
    bool m_logIntensity = true;
};

} // namespace slicewatt
