// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QCustomPlot;

namespace slicewatt {

// Saves `plot` as PNG or PDF, chosen by the file name's suffix (.png, .pdf; any case), at
// `width`×`height` px (0: the widget's size). Atomic: the plot is written to a temporary
// file in the target's folder, which then replaces the target in one rename; on any
// failure the target is left as it was, no temporary file remains, and `error` (when given)
// says why.
bool exportPlot(QCustomPlot& plot, const QString& fileName, QString* error, int width = 0, int height = 0);

} // namespace slicewatt
