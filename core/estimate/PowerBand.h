// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/KernelSlices.h"
#include "model/HeldOutBand.h"
#include "model/PowerModel.h"

#include <optional>

namespace slicewatt {

// The interval a prediction's measured error gives it (issue 34): on a GPU where the model was
// validated on measured power with whole kernels held out, ± the share of the prediction that
// covered kBandCoverage of the held-out launches, doubled when the launch lies outside what was
// measured (bandWideningReasons), and never above the board's power limit. "420 W, 310–530 W".
// Why a band is doubled (bandWideningReasons): a launch outside the measured kernels' inputs,
// and loops whose trip counts were assumed (unknown sizes).
struct BandWidening {
    bool outsideMeasured = false;
    bool assumedSizes = false;
    QStringList reasons; // one phrase each ("outside the measured kernels (…)"), for Why? and tooltips

    // "outside the measured kernels", "assumed sizes", or both: beside the band in a table.
    QString shortText() const;
    QString reasonsText() const { return reasons.join(QStringLiteral("; ")); }
};

struct PowerBand {
    double lowW = 0;
    double highW = 0;
    double sharePct = 0; // the half-width, % of the prediction
    double coveragePct = 0; // of the held-out launches inside such a band (the nested check's, where known)
    BandWidening widening; // doubled when it has a reason
    bool widened() const { return !widening.reasons.isEmpty(); }
};

// The model's band on the GPU (ModelAccuracy::bandPct: its file's band_pct, else the band its
// listed held-out predictions give); nullopt where the model was not validated on the GPU's
// measured power.
std::optional<double> bandPctOf(const PowerModel& model, const GpuSpec& gpu);

// A loop whose trip count was assumed widens the band when it holds at least this share of the
// kernel's weighted work [ours]: the measured kernels' sizes were known, so the measured error
// says nothing of a size guessed by ten.
constexpr double kAssumedLoopWorkShareForBand = 0.1;

// Why a launch lies outside what the band was measured on: its out-of-domain notes (inputs
// outside the measured kernels' ranges, the board's limit: a different instruction mix, few
// SMs or rates not measured), a grid or block the launch does not give, and the assumed trip
// counts of loops that govern its work (unknown sizes). No reason: the measured error holds.
BandWidening bandWideningReasons(
    const QStringList& outOfDomain, const QVector<LoopResolution>& loops, const LaunchShape& launch);

// The band around `watts`, doubled when `widening` has a reason; nullopt without a validation
// (the prediction then says "not validated on measured power").
std::optional<PowerBand> powerBandFor(
    const PowerModel& model, const GpuSpec& gpu, double watts, const BandWidening& widening);

} // namespace slicewatt
