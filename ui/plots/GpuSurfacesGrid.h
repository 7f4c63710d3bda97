// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PlotBase.h"
#include "model/ModelGrid.h"

#include <QVector>

namespace slicewatt {

// The selected model's surfaces on every GPU it covers (up to kMaxPanels), side by side on one
// colour scale, so the same colour is the same power on every GPU. A model without a surface
// (launch-level) is stood in for by the JoS13 regression, and the title says so. The kernel is
// re-estimated with the model on each GPU (its Sa depends on the GPU's SM count) and shown on
// each surface. Panels keep a readable size: as many columns as the width holds, and a
// minimum height per row (the Plots panel scrolls when the dock is lower).
class GpuSurfacesGrid : public PlotBase {
    Q_OBJECT
public:
    explicit GpuSurfacesGrid(QWidget* parent = nullptr);

    void refresh(const PlotContext& context) override;
    void dropCaches() override;

    struct Panel {
        QString gpuId;
        QCPAxisRect* rect = nullptr;
        QCPColorMap* map = nullptr;
        QCPGraph* kernelGraph = nullptr; // null without a kernel
        ModelGrid grid;
    };
    const QVector<Panel>& panels() const { return m_panels; }
    QCPColorScale* colorScale() const { return m_scale; }
    int columns() const { return m_columns; }
    QString modelId() const { return m_modelId; } // the model the surfaces are of

    static constexpr int kMaxPanels = 6;
    static constexpr int kMinPanelWidthPx = 220;
    static constexpr int kMinPanelHeightPx = 110;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuildLayout(int count);
    // Puts the panels in as many columns as the width holds; labels the outer axes.
    void arrangePanels();

    QCPColorScale* m_scale = nullptr;
    QCPLayoutGrid* m_rects = nullptr;
    QVector<Panel> m_panels;
    QString m_gridKey;
    QString m_modelId;
    int m_columns = 0;
    bool m_fractionIntensity = false;
};

} // namespace slicewatt
