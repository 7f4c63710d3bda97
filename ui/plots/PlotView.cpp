// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlotView.h"

#include <qcustomplot.h>

namespace slicewatt {
namespace {

constexpr QCPAxis::AxisType kAxes[] = {QCPAxis::atBottom, QCPAxis::atLeft, QCPAxis::atTop, QCPAxis::atRight};

} // namespace

PlotView::Ranges PlotView::rangesOf(const QCustomPlot& plot)
{
    Ranges ranges;
    for (const QCPAxisRect* rect : plot.axisRects()) {
        for (QCPAxis::AxisType type : kAxes) {
            const QCPRange r = rect->axis(type)->range();
            ranges.append({r.lower, r.upper});
        }
    }
    return ranges;
}

void PlotView::apply(QCustomPlot& plot, const Ranges& ranges)
{
    int i = 0;
    for (QCPAxisRect* rect : plot.axisRects()) {
        for (QCPAxis::AxisType type : kAxes) {
            if (i < ranges.size())
                rect->axis(type)->setRange(ranges[i].lower, ranges[i].upper);
            ++i;
        }
    }
}

void PlotView::refreshed(QCustomPlot& plot)
{
    m_home = rangesOf(plot);
    if (m_reader && m_reader->size() == m_home.size())
        apply(plot, *m_reader);
    else
        m_reader.reset(); // other axes now (another model's layout): the reader starts at home
}

void PlotView::navigated(const QCustomPlot& plot)
{
    m_reader = rangesOf(plot);
}

void PlotView::reset(QCustomPlot& plot)
{
    m_reader.reset();
    apply(plot, m_home);
}

} // namespace slicewatt
