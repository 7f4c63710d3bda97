// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QVector>

#include <optional>

class QCustomPlot;
class QCPRange;

namespace slicewatt {

// The part of a plot a reader looks at: every axis rect's key and value ranges. A plot keeps
// the one its last refresh chose (home) and the one the reader zoomed or panned to, which
// outlives refreshes (a what-if step redraws the data, not the reader's view) until reset.
class PlotView {
public:
    // After a refresh: the refresh's ranges are home; a reader's view is put back over them
    // when the plot still has the same axes.
    void refreshed(QCustomPlot& plot);
    // After a zoom or pan by the reader.
    void navigated(const QCustomPlot& plot);
    // Home again, and forgets the reader's view.
    void reset(QCustomPlot& plot);
    bool changed() const { return m_reader.has_value(); }

private:
    struct Range {
        double lower = 0;
        double upper = 0;
    };
    using Ranges = QVector<Range>; // per axis rect: bottom, left, top, right

    static Ranges rangesOf(const QCustomPlot& plot);
    static void apply(QCustomPlot& plot, const Ranges& ranges);

    Ranges m_home;
    std::optional<Ranges> m_reader;
};

} // namespace slicewatt
