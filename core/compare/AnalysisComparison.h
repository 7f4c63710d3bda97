// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnalysisSnapshot.h"
#include "KernelMatching.h"

#include <QSet>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// One number before and after a change.
struct ValueChange {
    std::optional<double> before;
    std::optional<double> after;
    std::optional<double> delta() const; // after − before, where both are known
    std::optional<double> relative() const; // delta / |before|, where before is not 0
};

struct SliceChange {
    QString space;
    ValueChange powerW;
    ValueChange intensity;
};

// A hot line of the new version and what the same line drew before: paired by their code where
// both analyses carry it (unchanged text), else by place, shifted as much as the nearest paired
// line above moved. A baseline line with no partner is a line whose heat went (line 0).
struct LineChange {
    QString file; // empty: the kernel's file
    int line = 0; // in the new version; 0: the line is gone
    int baseLine = 0; // in the baseline; 0 when the baseline had no heat there
    ValueChange heatW;
    ValueChange energyJ; // per launch
    double magnitude() const; // |Δ heat|, W
};

struct KernelChange {
    KernelPair pair;
    KernelSnapshot base;
    KernelSnapshot now;
    ValueChange powerW;
    ValueChange energyJ; // per launch
    ValueChange intensity;
    ValueChange saturation;
    QVector<SliceChange> slices; // every space either side has, the new version's order first
    QVector<LineChange> lines; // most changed first
};

struct AnalysisComparison {
    AnalysisSnapshot base;
    AnalysisSnapshot now;
    QVector<KernelChange> kernels; // paired, in the new version's order
    QVector<KernelSnapshot> added;
    QVector<KernelSnapshot> removed;
    QStringList notes; // what makes the two sides less comparable (another GPU or model)
};

// Pairs the kernels (pairKernels) and takes the difference of every number.
AnalysisComparison compareAnalyses(const AnalysisSnapshot& base, const AnalysisSnapshot& now);
// The same after a change to some kernels of `now` only (a what-if step): `previous` compared
// `base` with the version before, and `changedRows` are the rows of `now.kernels` that differ
// from it. A pair found again whose new kernel did not change keeps its previous differences;
// the rest are taken again. Equal to compareAnalyses(base, now).
AnalysisComparison compareAnalysesAgain(const AnalysisSnapshot& base, const AnalysisSnapshot& now,
    const AnalysisComparison& previous, const QSet<int>& changedRows);

// The paired kernels whose predicted energy per launch or power rose by more than `percent`,
// each as "name: power +12.5 % (150.0 → 168.8 W)"; what a CI gate fails on.
QStringList increasesOver(const AnalysisComparison& comparison, double percent);

} // namespace slicewatt
