// SPDX-License-Identifier: GPL-3.0-or-later
#include "TraceFit.h"

#include "TraceStatistics.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {

TraceFit::TraceFit(const QVector<PowerSample>& samples, double halfWidthS)
    : m_samples(samples)
    , m_halfWidthS(halfWidthS)
{
    if (m_halfWidthS <= 0) {
        PowerTrace trace;
        trace.samples = samples;
        m_halfWidthS = 1.5 * trace.medianIntervalS();
    }
}

bool TraceFit::beyondEnd(double timeS) const
{
    return m_samples.isEmpty() || timeS > m_samples.last().timeS;
}

double TraceFit::valueAtW(double timeS) const
{
    if (m_samples.isEmpty())
        return 0;
    const double t = std::clamp(timeS, m_samples.first().timeS, m_samples.last().timeS);
    const double h = m_halfWidthS;
    // Weighted sums for the line y = a + b·(t_k − t); a is the value at t.
    double s0 = 0, s1 = 0, s2 = 0, y0 = 0, y1 = 0;
    double lowest = INFINITY, highest = -INFINITY;
    if (h > 0) {
        for (int k = firstSampleAtOrAfter(m_samples, t - h); k < m_samples.size() && m_samples[k].timeS <= t + h; ++k) {
            const double x = m_samples[k].timeS - t;
            const double u = std::abs(x) / h;
            const double w = u < 1 ? std::pow(1 - u * u * u, 3) : 0;
            if (w <= 0)
                continue;
            const double y = m_samples[k].powerW;
            s0 += w;
            s1 += w * x;
            s2 += w * x * x;
            y0 += w * y;
            y1 += w * x * y;
            lowest = std::min(lowest, y);
            highest = std::max(highest, y);
        }
    }
    if (s0 <= 0) { // no sample close enough (a gap in the trace): the nearest one
        const int after = std::min(firstSampleAtOrAfter(m_samples, t), int(m_samples.size()) - 1);
        const int before = std::max(after - 1, 0);
        return std::abs(m_samples[before].timeS - t) < std::abs(m_samples[after].timeS - t) ? m_samples[before].powerW
                                                                                            : m_samples[after].powerW;
    }
    const double determinant = s0 * s2 - s1 * s1;
    if (determinant <= 1e-12 * s0 * s2 || s2 <= 0)
        return y0 / s0; // one time only: no slope to fit
    const double value = (s2 * y0 - s1 * y1) / determinant;
    // A line through a sharp edge can overshoot both levels; the reading never does.
    return std::clamp(value, lowest, highest);
}

} // namespace slicewatt
