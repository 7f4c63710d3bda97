// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportChartAxis.h"

#include <cmath>

namespace slicewatt {

QVector<double> niceTicks(double low, double high, int count)
{
    QVector<double> ticks;
    if (!std::isfinite(low) || !std::isfinite(high) || high <= low || count < 1)
        return ticks;
    const double rough = (high - low) / count;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = magnitude;
    for (double factor : {1.0, 2.0, 5.0, 10.0}) {
        step = factor * magnitude;
        if (step >= rough)
            break;
    }
    // A hair of tolerance so the range's own ends count as ticks despite rounding.
    const double epsilon = step * 1e-9;
    for (double value = std::ceil((low - epsilon) / step) * step; value <= high + epsilon; value += step)
        ticks << (std::abs(value) < epsilon ? 0.0 : value);
    return ticks;
}

QVector<double> decadeTicks(double low, double high)
{
    QVector<double> ticks;
    if (!(low > 0) || !(high > low))
        return ticks;
    for (int e = int(std::ceil(std::log10(low) - 1e-9)); e <= int(std::floor(std::log10(high) + 1e-9)); ++e)
        ticks << std::pow(10.0, e);
    return ticks;
}

} // namespace slicewatt
