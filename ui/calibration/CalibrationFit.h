// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/CalibrationCsv.h"
#include "model/LevenbergMarquardt.h"

#include <QVector>

namespace slicewatt {

// One form fitted to a calibration's points: what the table, the plots and "Use this
// model" all show, so they cannot disagree.
struct CalibrationFit {
    const ModelForm* form = nullptr;
    // The points on the form's intensity scale, in the CSV's row order (residuals follow it).
    QVector<ModelSample> samples;
    bool fitted = false; // false: the points only, not fitted yet
    FitResult result; // result.error says in words why there are no parameters
    bool ok() const { return form && fitted && result.ok(); }
    // The fitted P at sample `index`'s inputs, W.
    double predictedW(int index) const;
    // The fitted P at any inputs (intensity on the form's scale), W; NaN where undefined.
    double predictedW(double saturation, double intensity) const;
};

// Fits `form` to the points of `data` (LM, core/model). Fast: a calibration is tens of
// points, so the view fits on the GUI thread.
CalibrationFit fitCalibration(const CalibrationData& data, const ModelForm& form);
// The points on `form`'s scale, not fitted (what the plots show before Fit).
CalibrationFit unfittedCalibration(const CalibrationData& data, const ModelForm& form);

} // namespace slicewatt
