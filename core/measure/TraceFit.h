// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PowerTrace.h"

#include <QVector>

namespace slicewatt {

// The function f that METHOD §6 fits to a short run's samples so that it can be read at
// any time, t_p after a sample [ours: the papers do not say which function]: local linear
// regression (a weighted least-squares line through the samples within halfWidthS of the
// time asked for, tricube weights, its value there). It follows whatever shape the reading
// has without assuming one, evens out noise over a few samples, and is read between and
// beyond sample times; outside the trace it holds the first or last sample's time.
class TraceFit {
public:
    // halfWidthS ≤ 0: 1.5 median sample intervals, so each reading leans on its two
    // neighbours (weight 0.35 each): wider windows blur a short run's edges into its idle
    // surroundings, and the three-point average that follows smooths again.
    explicit TraceFit(const QVector<PowerSample>& samples, double halfWidthS = 0);

    double valueAtW(double timeS) const;
    double halfWidthS() const { return m_halfWidthS; }
    // Whether timeS lies past the last sample (the value there is then extrapolated flat).
    bool beyondEnd(double timeS) const;

private:
    QVector<PowerSample> m_samples;
    double m_halfWidthS = 0;
};

} // namespace slicewatt
