// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ModelForm.h"

#include <QStringList>

#include <optional>

namespace slicewatt {

// Why a fit that converged may still not describe a GPU (issue 19): least squares is happy
// with a negative idle power or a curve that dips below zero between the measured points, a
// GPU is not. Each reason names the number: "P_idle = −12.3 W: no GPU draws negative power at
// rest". Checked: idle and constant terms (keys "idle", "beta0") below 0; an intensity
// exponent ("beta2") beyond ±1, which none of the papers' fits came near; the fitted power at
// the measured domain's corners and points below 0 W, or above the board's power by more
// than 10 % (when it is known). Empty: nothing to doubt.
QStringList implausibleFitReasons(const ModelForm& form, const Eigen::VectorXd& beta,
    const QVector<ModelSample>& samples, std::optional<double> boardPowerW = std::nullopt);

} // namespace slicewatt
