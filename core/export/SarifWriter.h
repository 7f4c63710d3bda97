// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "EstimateWriter.h"

#include <QByteArray>

namespace slicewatt {

// SARIF 2.1.0 for code-review tools (GitHub code scanning, VS Code SARIF viewer): one
// result per hot line of each kernel, with the line's predicted share of the kernel's power
// (properties.heat_w), its dynamic energy per launch when an energy model priced it
// (properties.energy_j), and the slices, counts and model behind it. Paths are relative to `baseDir` (given as
// %SRCROOT%) so a CI upload maps them onto the repository.
QByteArray estimateSarif(const EstimateRun& run, const QString& baseDir, const QString& toolVersion);

// Lines whose share of their kernel's power is at least this fraction become results.
constexpr double kSarifHotLineShare = 0.10;
constexpr int kSarifLinesPerKernel = 5;

} // namespace slicewatt
