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

// One row per kernel (paired, added, removed) with before, after and change of each number.
QByteArray comparisonCsv(const AnalysisComparison& comparison);

// SARIF 2.1.0 for code-scanning tools, with each result's baselineState so they show only what
// the change introduced: per kernel one result (SW101; new for an added kernel, absent for a
// removed one, updated where its power or energy per launch changed, else unchanged) and per
// changed hot line one (SW102; new where the line had no heat, absent where it is gone,
// updated). A kernel whose power or energy rose more than `warnAbovePercent` percent is a
// warning, and a line whose heat rose by more than that share of its kernel's power; the rest
// are notes. URIs relative to `baseDir` (%SRCROOT%).
QByteArray comparisonSarif(
    const AnalysisComparison& comparison, const QString& baseDir, const QString& toolVersion, double warnAbovePercent);

} // namespace slicewatt
