// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnalysisComparison.h"

#include <QByteArray>
#include <QString>

namespace slicewatt {

// How many changed lines each kernel lists (the most changed first).
constexpr int kComparedLinesShown = 5;

// For a terminal: per kernel before → after (Δ, Δ %) of power, energy per launch, intensity
// and Sa, each slice's power, the lines whose heat changed most; then the added and removed
// kernels. Paths relative to `baseDir`.
QString comparisonTable(const AnalysisComparison& comparison, const QString& baseDir);

// Every number of the comparison, each as {before, after, delta, relative}.
QByteArray comparisonJson(const AnalysisComparison& comparison);

// For a review comment: a table of the kernels that changed, what was added and removed, and
// the lines whose heat changed most.
QString comparisonMarkdown(const AnalysisComparison& comparison, const QString& baseDir);

} // namespace slicewatt
