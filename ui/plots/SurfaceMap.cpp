// SPDX-License-Identifier: GPL-3.0-or-later
#include "SurfaceMap.h"

#include "PlotStyle.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace slicewatt::surfacemap {
namespace {

// Half the largest operating-point marker (the kernel's diamond, 14 px) and its pen.
constexpr int kMarkerRoomPx = 9;

double mapKey(const GridAxis& axis, double intensity)
{
    return axis.logarithmic ? std::log10(intensity) : intensity;
}

} // namespace

void setupAxes(QCPAxisRect* rect, bool logarithmic)
{
    QCPAxis* intensity = rect->axis(QCPAxis::atBottom);
    QCPAxis* keys = rect->axis(QCPAxis::atTop);
    keys->setVisible(false);
    setLogarithmicAxis(intensity, logarithmic);
    rect->axis(QCPAxis::atLeft)->grid()->setVisible(false);
    intensity->grid()->setVisible(false);
    // The map lives on the hidden axis: it follows every zoom and pan of the visible one (once:
    // a plot that switches the scale sets its axes up again).
    QObject::disconnect(intensity, nullptr, keys, nullptr);
    QObject::connect(
        intensity, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), keys, [intensity, keys](const QCPRange& range) {
            const bool log = intensity->scaleType() == QCPAxis::stLogarithmic && range.lower > 0;
            keys->setRange(log ? std::log10(range.lower) : range.lower, log ? std::log10(range.upper) : range.upper);
        });
}

void setRanges(QCPAxisRect* rect, const ModelGrid& grid)
{
    const GridAxis& x = grid.intensity();
    rect->axis(QCPAxis::atBottom)->setRange(x.first, x.last);
    rect->axis(QCPAxis::atTop)->setRange(mapKey(x, x.first), mapKey(x, x.last));
    // Half a row beyond the first row, so it is not cut in half; above the last (Sa = 1, where
    // most kernels run) room for a whole operating-point marker and its outline, in pixels of
    // the rect as laid out (a share of the range before the first layout).
    const GridAxis& sa = grid.saturation();
    const double halfRow = sa.count > 1 ? 0.5 * (sa.last - sa.first) / (sa.count - 1) : 0.05;
    const double span = sa.last - sa.first + halfRow;
    const int height = rect->height();
    const double marker = height > 3 * kMarkerRoomPx ? span * kMarkerRoomPx / (height - kMarkerRoomPx) : 0.06 * span;
    rect->axis(QCPAxis::atLeft)->setRange(sa.first - halfRow, sa.last + std::max(halfRow, marker));
}

QCPColorScale* addScale(QCustomPlot& plot)
{
    auto* scale = new QCPColorScale(&plot);
    scale->setType(QCPAxis::atRight);
    scale->setLabel(QStringLiteral("Power, W"));
    scale->setBarWidth(10);
    scale->setRangeDrag(false);
    scale->setRangeZoom(false);
    QCPColorGradient gradient(QCPColorGradient::gpThermal);
    gradient.setNanHandling(QCPColorGradient::nhTransparent);
    scale->setGradient(gradient);
    return scale;
}

QCPColorMap* addMap(QCPAxisRect* rect, QCPColorScale* scale)
{
    auto* map = new QCPColorMap(rect->axis(QCPAxis::atTop), rect->axis(QCPAxis::atLeft));
    map->setColorScale(scale);
    map->setInterpolate(true);
    map->setTightBoundary(false);
    map->removeFromLegend();
    return map;
}

void fill(QCPColorMap* map, const ModelGrid& grid)
{
    const GridAxis& x = grid.intensity();
    const GridAxis& sa = grid.saturation();
    QCPColorMapData* data = map->data();
    data->setSize(x.count, sa.count);
    // Cell centres: the first and last cells are centred on the range ends (QCPColorMapData).
    data->setRange(QCPRange(mapKey(x, x.first), mapKey(x, x.last)), QCPRange(sa.first, sa.last));
    for (int j = 0; j < sa.count; ++j) {
        for (int i = 0; i < x.count; ++i)
            data->setCell(i, j, grid.watts(i, j));
    }
}

double displayIntensity(const GridAxis& axis, double intensity)
{
    return std::clamp(intensity, axis.first, axis.last);
}

QString intensityLabel(bool fraction)
{
    return fraction ? QStringLiteral("Intensity Ã = #A / (#A + N_mem)") : QStringLiteral("Intensity Ã = N_a / N_mem");
}

} // namespace slicewatt::surfacemap
