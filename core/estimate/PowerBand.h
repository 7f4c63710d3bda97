// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/PowerModel.h"

#include <optional>

namespace slicewatt {

// The interval a prediction's measured error gives it (issue 34): on a GPU where the model was
// validated on measured power with whole kernels held out, ± the share of the prediction that
// covered kBandCoverage of the held-out launches, doubled when the launch lies outside what was
// measured (any out-of-domain note). "420 W, 310–530 W".
struct PowerBand {
    double lowW = 0;
    double highW = 0;
    double sharePct = 0; // the half-width, % of the prediction
    double coveragePct = 0; // of the held-out launches inside such a band (the nested check's, where known)
    bool widened = false; // doubled: the launch lies outside the measured kernels
};

// The share of held-out launches a band is to cover [ours: the 70 %, and a little more,
// since a band from few kernels is itself uncertain].
constexpr double kBandCoverage = 0.75;

// The half-width, as a share of the prediction, covering `coverage` of these relative errors
// |P̂ − P| / P̂ (nearest rank); 0 without errors.
double bandShare(QVector<double> relativeErrors, double coverage);

// The model's band on the GPU: its file's band_pct, else the band its listed held-out
// predictions give; nullopt where the model was not validated on the GPU's measured power.
std::optional<double> bandPctOf(const PowerModel& model, const GpuSpec& gpu);

// The band around `watts`; nullopt without a validation (the prediction then says "not
// validated on measured power").
std::optional<PowerBand> powerBandFor(const PowerModel& model, const GpuSpec& gpu, double watts, bool outsideMeasured);

} // namespace slicewatt
