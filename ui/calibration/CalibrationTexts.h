// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationFit.h"
#include "measure/TraceMeasurement.h"

#include <QString>

#include <optional>

namespace slicewatt {

// What the Calibration view says in words next to its plots (plain text, one fact a line),
// so a test can look for the numbers it shows.

// t_p and idle power with where they came from, then per run the raw and corrected mean
// power and energy; `listedW` is the calibration CSV's watts for the point, to compare, and
// `listedSource` what they were taken from (its watts_source column).
QString traceSummaryText(const PowerTrace& trace, const TraceMeasurement& measurement, std::optional<double> listedW,
    const QString& listedSource = {});

// The formula, each parameter as "β0 = 95.02 ± 0.31 W", the rms residual and the largest
// relative error; or why the form could not be fitted; and, in red, whatever makes the fit
// physically doubtful (implausibleFitReasons; `boardPowerW` the GPU's, when known). Rich text.
QString fitSummaryHtml(const CalibrationFit& fit, std::optional<double> boardPowerW = std::nullopt);

} // namespace slicewatt
