// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace slicewatt {

// Light and dark palettes for the whole application (a teacher's projector often wants
// light; an IDE beside it is often dark). "system" keeps the platform's palette.
enum class ThemeChoice { System, Light, Dark };

QString themeName(ThemeChoice theme); // "system", "light", "dark": the settings value
ThemeChoice themeFromName(const QString& name);

// Applies the theme to qApp; returns whether the resulting palette is dark, which the
// views use to pick heat and highlight colours that stay readable.
bool applyTheme(ThemeChoice theme);
// Whether the application's current palette is dark (text lighter than its background).
bool isDarkPalette();

} // namespace slicewatt
