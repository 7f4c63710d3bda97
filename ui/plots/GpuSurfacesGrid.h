// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PlotBase.h"
#include "model/ModelGrid.h"

#include <QVector>

namespace slicewatt {

// The JoS13 regression surfaces of the (up to) four GPUs it covers, side by side in a 2×2
// grid on one colour scale, so the same colour is the same power on every GPU. The kernel
// is re-estimated with JoS13 on each GPU (its Sa depends on the GPU's SM count) and shown
// on each surface.
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

private:
    void rebuildLayout(int count);

    QCPColorScale* m_scale = nullptr;
    QCPLayoutGrid* m_rects = nullptr;
    QVector<Panel> m_panels;
    QString m_gridKey;
};

} // namespace slicewatt
