// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace slicewatt {

// How the app writes its numbers for people (tree, ranking, "Why?" panel, reports), so the
// same watts read the same everywhere and a test can look for exactly what a view shows.

// A number with up to `significant` significant digits, never in exponent notation for
// values a GPU model produces (up to 10^significant): 95, 46.7, 0.2, 8200.
QString formatNumber(double value, int significant = 4);
// "41.2 W": kernel and slice powers.
QString formatWatts(double watts, int decimals = 1);
// A line's heat, a share of its kernel's power from hundreds of W to milliwatts, in the
// precision its size needs: "12.3 W", "0.41 W", "0.007 W". The one formatter for line watts:
// the code view's tooltip and legend, Hot Spots, Why? and the PDF report print a line alike.
QString formatLineWatts(double watts);
QString formatJoules(double joules); // "3.21 J", "42 µJ", "310 nJ" (4 significant digits)
// The SI prefix a number of joules reads best in: J from 1 up, then mJ, µJ, nJ; `factor`
// turns joules into that unit.
struct EnergyPrefix {
    double factor = 1;
    QString unit = QStringLiteral("J");
};
EnergyPrefix energyPrefixFor(double joules);
QString formatSeconds(double seconds); // "0.5 s" (4 significant digits)
// A short duration in the SI prefix it reads best in, like formatJoules: "10.02 µs",
// "1.234 ms", "2.5 s" (formatSeconds would print 1.002e-05 s).
QString formatDuration(double seconds);
QString formatPercent(double fraction); // 0.375 → "37.5 %"
// Computation intensity in the model's definition: a fraction in [0, 1] with three
// decimals ("0.623"), a ratio with four significant digits ("12.35", "8200").
QString formatIntensity(double intensity, bool fraction);
QString formatSaturation(double saturation); // Sa in [0, 1], two decimals: "0.25"

} // namespace slicewatt
