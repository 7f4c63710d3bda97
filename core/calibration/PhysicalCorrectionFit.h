// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PhysicalModelFit.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// A correction is fitted only where at least kPhysicalSupportKernels training kernels draw this
// share of their measured power through it at the prior's constants; else it stays 1 [ours: a
// twentieth of a launch's power is what a board's sensor still tells apart].
constexpr double kCorrectionSupportShare = 0.05;

// The corrections (PhysicalPower.h: a few bounded multipliers on the data sheet's constants)
// that fit `trainRows` best, on the relative error under Huber's loss as fitPhysicalModel's
// free fit. The rows may come from several GPUs, each with its own prior: the corrections are
// then what the data sheets miss on all of them. With `measuredIdleW` (one GPU's measured
// idle) the idle power is that and not fitted.
struct CorrectionFit {
    QHash<QString, double> multipliers; // correction id → multiplier
    QStringList atBound; // "active at its upper bound 4": reported with the fit
    QStringList unsupported; // corrections kept at 1: no training kernel exercises them
};
CorrectionFit fitCorrections(
    const QVector<PhysicalFitRow>& rows, const QVector<int>& trainRows, std::optional<double> measuredIdleW);

// What each correction's parameters draw for `row` at its prior's constants (boost clock,
// uncapped), W, in physicalCorrections() order.
QVector<double> correctionGroupWatts(const PhysicalFitRow& row);

} // namespace slicewatt
