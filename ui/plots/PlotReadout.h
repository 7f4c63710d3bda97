// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointF>
#include <QString>

class QCustomPlot;

namespace slicewatt {

// What is under the cursor of a plot, in words, for the hover read-out: the axes' values there
// named by their labels ("Intensity Ã = 4.95 · SM saturation Sa = 0.82"), a colour map's value
// ("Power, W = 231.4"), and the nearest data point of a graph or bar within a few pixels
// ("smooth: 0.50, 180.2"). Empty outside every axis rect.
QString plotReadout(const QCustomPlot& plot, const QPointF& pos);

} // namespace slicewatt
