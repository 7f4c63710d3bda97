// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ModelGrid.h"

#include <QVector>

class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCustomPlot;

namespace slicewatt {

// What the two surface plots share: how a ModelGrid becomes a QCPColorMap. A colour map
// stretches its cells evenly between its key range's ends in pixels; on a log axis that
// spacing is only right if the map sits on a linear axis in log10 units. So the map always
// lives on the rect's top axis (hidden), in "map keys": log10(Ã) for ratio intensities, Ã
// for fractions, while the visible bottom axis shows Ã itself.
namespace surfacemap {

// The rect's bottom axis as the intensity axis (log or linear), its top axis hidden and
// kept in map keys.
void setupAxes(QCPAxisRect* rect, bool logarithmic);
// Ranges of both x axes and of the Sa axis for `grid`.
void setRanges(QCPAxisRect* rect, const ModelGrid& grid);
// A colour map on `rect`'s top/left axes filled from `grid`, coloured by `scale`.
QCPColorMap* addMap(QCPAxisRect* rect, QCPColorScale* scale);
void fill(QCPColorMap* map, const ModelGrid& grid);
// A colour scale labelled "Power, W" sharing a gradient with every map on it.
QCPColorScale* addScale(QCustomPlot& plot);

// Where an intensity is drawn: clamped into the axis (a ratio of 0 has no log position).
double displayIntensity(const GridAxis& axis, double intensity);
QString intensityLabel(bool fraction);

} // namespace surfacemap
} // namespace slicewatt
