// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/MemorySpace.h"

#include <QColor>
#include <QGradientStops>

namespace slicewatt {

// The colours of line power, cold → hot, in two variants that each get more conspicuous
// with heat against their background: dark themes use a black-body scale (violet-black →
// red → orange → pale yellow, as in Nsight Compute's source heat strip), light themes the
// same hues run the other way in lightness (pale yellow → orange → red → dark red), so
// the hottest line is always the one that stands out. Both are ordered in lightness, so
// the order survives greyscale. `fraction` is a line's watts over the hottest line's
// watts, clamped to 0 … 1.
class HeatScale {
public:
    HeatScale() = delete;

    // The full scale, opaque.
    static QColor colour(double fraction, bool dark = false);
    // The gutter strip and the legend: the scale without its faintest end, so a barely
    // warm line is still visible beside the line numbers.
    static QColor strip(double fraction, bool dark = false);
    static QGradientStops stripStops(bool dark = false); // the same, for a QLinearGradient
    // A line's background, translucent: painted over the editor's base colour it tints
    // more the hotter the line is, in the strip's hues, but never so much that the text
    // stops being readable (the scale's extremes, near black or near white, are left out).
    // Transparent at 0.
    static QColor tint(double fraction, bool dark);

    // The change since a baseline (issue 18's delta heat): a diverging scale whose middle is
    // "no change" and whose ends are cooler (blue) and warmer (the heat scale's red), both
    // growing more conspicuous against the background with the size of the change, so the
    // biggest change either way is the one that stands out. `signedFraction` is the change over
    // the largest change's size, clamped to −1 … 1.
    static QColor divergingColour(double signedFraction, bool dark = false);
    static QColor divergingStrip(double signedFraction, bool dark = false); // never the neutral middle
    static QGradientStops divergingStops(bool dark = false); // −1 at 0, +1 at 1: the legend's bar
    static QColor divergingTint(double signedFraction, bool dark); // transparent at 0
    // The memory-space markers (G S C T) in the gutter and the legend.
    static QColor spaceColour(MemorySpace space, bool dark);
    static QChar spaceLetter(MemorySpace space);
};

} // namespace slicewatt
