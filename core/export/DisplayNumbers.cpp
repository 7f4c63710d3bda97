// SPDX-License-Identifier: GPL-3.0-or-later
#include "DisplayNumbers.h"

#include <cmath>

namespace slicewatt {

QString formatNumber(double value, int significant)
{
    if (!std::isfinite(value))
        return QString::number(value);
    // 'g' switches to exponents from 10^precision on; intensities reach 10^4 and more, and
    // "1.234e+04" is no way to show a student a number.
    if (std::abs(value) >= std::pow(10.0, significant))
        return QString::number(value, 'f', 0);
    return QString::number(value, 'g', significant);
}

QString formatWatts(double watts, int decimals)
{
    return QString::number(watts, 'f', decimals) + QStringLiteral(" W");
}

QString formatLineWatts(double watts)
{
    if (!std::isfinite(watts))
        return QStringLiteral("– W");
    const double magnitude = std::abs(watts);
    int decimals = 3;
    if (magnitude >= 100)
        decimals = 0;
    else if (magnitude >= 10)
        decimals = 1;
    else if (magnitude >= 0.1 || magnitude == 0)
        decimals = 2;
    return QString::number(watts, 'f', decimals) + QStringLiteral(" W");
}

EnergyPrefix energyPrefixFor(double joules)
{
    const double magnitude = std::abs(joules);
    if (magnitude == 0 || magnitude >= 1 || !std::isfinite(joules))
        return {};
    if (magnitude >= 1e-3)
        return {1e3, QStringLiteral("mJ")};
    if (magnitude >= 1e-6)
        return {1e6, QStringLiteral("µJ")};
    return {1e9, QStringLiteral("nJ")};
}

QString formatJoules(double joules)
{
    // A launch's dynamic energy is micro- or millijoules: 4.2e-05 J reads as 42 µJ.
    const EnergyPrefix prefix = energyPrefixFor(joules);
    return formatNumber(joules * prefix.factor) + QLatin1Char(' ') + prefix.unit;
}

QString formatSeconds(double seconds)
{
    return formatNumber(seconds) + QStringLiteral(" s");
}

QString formatDuration(double seconds)
{
    // The same prefixes as energies (1, m, µ, n): only the unit letter differs.
    const EnergyPrefix prefix = energyPrefixFor(seconds);
    return formatNumber(seconds * prefix.factor) + QLatin1Char(' ') + prefix.unit.chopped(1) + QLatin1Char('s');
}

QString formatPercent(double fraction)
{
    return QString::number(fraction * 100.0, 'f', 1) + QStringLiteral(" %");
}

QString formatIntensity(double intensity, bool fraction)
{
    return fraction ? QString::number(intensity, 'f', 3) : formatNumber(intensity, 4);
}

QString formatSaturation(double saturation)
{
    return QString::number(saturation, 'f', 2);
}

} // namespace slicewatt
