// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatScale.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace slicewatt {
namespace {

struct Stop {
    double at;
    QColor colour;
};

using Stops = std::array<Stop, 6>;

// Black body for dark backgrounds: lightness rises with heat.
const Stops& blackBody()
{
    static const Stops stops = {{
        {0.00, QColor(10, 7, 30)},
        {0.20, QColor(90, 20, 100)},
        {0.45, QColor(185, 45, 75)},
        {0.65, QColor(235, 95, 35)},
        {0.85, QColor(252, 185, 40)},
        {1.00, QColor(252, 245, 160)},
    }};
    return stops;
}

// The same warm hues for light backgrounds: lightness falls with heat.
const Stops& emberOnPaper()
{
    static const Stops stops = {{
        {0.00, QColor(255, 245, 190)},
        {0.20, QColor(254, 215, 115)},
        {0.45, QColor(252, 150, 60)},
        {0.65, QColor(235, 80, 40)},
        {0.85, QColor(195, 25, 35)},
        {1.00, QColor(125, 0, 40)},
    }};
    return stops;
}

// Cooler → unchanged → warmer, from ColorBrewer's RdBu (Brewer, colorbrewer2.org): a
// colour-blind safe pair of hues. On paper the middle is near white and the ends dark; on a
// dark theme the middle is near the background and the ends bright.
using DivergingStops = std::array<Stop, 7>;

const DivergingStops& divergingOnPaper()
{
    static const DivergingStops stops = {{
        {0.00, QColor(33, 102, 172)},
        {0.20, QColor(103, 169, 207)},
        {0.40, QColor(209, 229, 240)},
        {0.50, QColor(247, 247, 247)},
        {0.60, QColor(253, 219, 199)},
        {0.80, QColor(239, 138, 98)},
        {1.00, QColor(178, 24, 43)},
    }};
    return stops;
}

const DivergingStops& divergingOnDark()
{
    static const DivergingStops stops = {{
        {0.00, QColor(146, 197, 255)},
        {0.20, QColor(70, 140, 215)},
        {0.40, QColor(40, 70, 110)},
        {0.50, QColor(45, 45, 50)},
        {0.60, QColor(115, 50, 45)},
        {0.80, QColor(220, 95, 70)},
        {1.00, QColor(255, 170, 140)},
    }};
    return stops;
}

template <size_t N> QColor interpolate(const std::array<Stop, N>& stops, double f)
{
    for (size_t i = 1; i < stops.size(); ++i) {
        if (f <= stops[i].at) {
            const double t = (f - stops[i - 1].at) / (stops[i].at - stops[i - 1].at);
            const QColor& a = stops[i - 1].colour;
            const QColor& b = stops[i].colour;
            return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
        }
    }
    return stops.back().colour;
}

double clampFraction(double fraction)
{
    if (!std::isfinite(fraction))
        return 0;
    return std::clamp(fraction, 0.0, 1.0);
}

double clampSigned(double fraction)
{
    if (!std::isfinite(fraction))
        return 0;
    return std::clamp(fraction, -1.0, 1.0);
}

// A signed fraction's place on the diverging stops (0 … 1, no change at 0.5).
QColor diverging(double signedFraction, bool dark)
{
    return interpolate(dark ? divergingOnDark() : divergingOnPaper(), 0.5 + 0.5 * clampSigned(signedFraction));
}

// Where the strip starts on the full scale: cold-looking, yet told apart from the
// gutter's background on both themes.
constexpr double kStripStart = 0.22;

} // namespace

QColor HeatScale::colour(double fraction, bool dark)
{
    return interpolate(dark ? blackBody() : emberOnPaper(), clampFraction(fraction));
}

QColor HeatScale::strip(double fraction, bool dark)
{
    return colour(kStripStart + (1 - kStripStart) * clampFraction(fraction), dark);
}

QGradientStops HeatScale::stripStops(bool dark)
{
    QGradientStops stops;
    constexpr int kSteps = 16;
    for (int i = 0; i <= kSteps; ++i) {
        const double f = double(i) / kSteps;
        stops.append({f, strip(f, dark)});
    }
    return stops;
}

QColor HeatScale::tint(double fraction, bool dark)
{
    const double f = clampFraction(fraction);
    if (f <= 0)
        return QColor(0, 0, 0, 0);
    // The middle of the scale only: its pale end would not show on paper, and its dark
    // end (or, on a dark theme, its near-white end) would swallow the text. Opacity grows
    // with heat so a cold line stays close to the editor's own background.
    QColor tinted = colour(dark ? 0.25 + 0.45 * f : 0.2 + 0.55 * f, dark);
    tinted.setAlphaF(float(dark ? 0.18 + 0.32 * f : 0.15 + 0.33 * f));
    return tinted;
}

QColor HeatScale::divergingColour(double signedFraction, bool dark)
{
    return diverging(signedFraction, dark);
}

QColor HeatScale::divergingStrip(double signedFraction, bool dark)
{
    // As the heat strip: the faint middle is left out, so a small change still shows.
    const double f = clampSigned(signedFraction);
    const double size = kStripStart + (1 - kStripStart) * std::abs(f);
    return diverging(f < 0 ? -size : size, dark);
}

QGradientStops HeatScale::divergingStops(bool dark)
{
    QGradientStops stops;
    constexpr int kSteps = 16;
    for (int i = 0; i <= kSteps; ++i) {
        const double f = double(i) / kSteps;
        stops.append({f, diverging(2 * f - 1, dark)});
    }
    return stops;
}

QColor HeatScale::divergingTint(double signedFraction, bool dark)
{
    const double f = clampSigned(signedFraction);
    if (f == 0)
        return QColor(0, 0, 0, 0);
    // The ends' colours, translucent, more opaque with the size of the change: the text
    // stays readable on both themes.
    const double size = std::abs(f);
    QColor tinted = diverging(f < 0 ? -0.75 : 0.75, dark);
    tinted.setAlphaF(float(dark ? 0.16 + 0.36 * size : 0.12 + 0.36 * size));
    return tinted;
}

QColor HeatScale::spaceColour(MemorySpace space, bool dark)
{
    switch (space) {
    case MemorySpace::Global:
        return dark ? QColor(110, 170, 255) : QColor(25, 90, 200);
    case MemorySpace::Shared:
        return dark ? QColor(110, 215, 120) : QColor(20, 135, 50);
    case MemorySpace::Constant:
        return dark ? QColor(205, 145, 255) : QColor(130, 50, 180);
    case MemorySpace::Texture:
        return dark ? QColor(255, 175, 90) : QColor(185, 95, 10);
    }
    return dark ? Qt::white : Qt::black;
}

QChar HeatScale::spaceLetter(MemorySpace space)
{
    switch (space) {
    case MemorySpace::Global:
        return QLatin1Char('G');
    case MemorySpace::Shared:
        return QLatin1Char('S');
    case MemorySpace::Constant:
        return QLatin1Char('C');
    case MemorySpace::Texture:
        return QLatin1Char('T');
    }
    return QLatin1Char('?');
}

} // namespace slicewatt
