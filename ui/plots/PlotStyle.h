// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/MemorySpace.h"

#include <QColor>
#include <QFont>
#include <QString>

class QCustomPlot;
class QCPAxis;

namespace slicewatt {

// The colours and fonts every plot shares, so the plots look like one family and a theme
// change reaches all of them. Sized for a dock of about 450×350 px.
struct PlotPalette {
    QColor background;
    QColor foreground; // text, axes, ticks
    QColor grid;
    QColor subGrid;
    QColor labelBackground; // behind labels drawn over a colour map
    QColor accent; // the kernel's operating point and the current Sa
    QColor guide; // reference lines: fitted ranges, totals
    QFont tickFont;
    QFont labelFont;
    QFont titleFont;

    static PlotPalette light();
    static PlotPalette dark();
};

// One colour per memory space, readable on both palettes (the slices' bars and markers).
QColor memorySpaceColor(MemorySpace space);
// The n-th colour of a series (curves at different Sa).
QColor seriesColor(int index);

// Colours and fonts of every axis rect, axis, grid, legend and colour scale of `plot`.
void applyPalette(QCustomPlot& plot, const PlotPalette& palette);

// A log axis with powers-of-ten ticks, or a linear one with default ticks.
void setLogarithmicAxis(QCPAxis* axis, bool logarithmic);

// Breaks `text` into lines of about `width` characters at spaces (plot text items do not wrap).
QString wrapText(const QString& text, int width = 60);

} // namespace slicewatt
