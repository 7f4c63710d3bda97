// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PhysicalPower.h"

#include <QStringList>

#include <optional>

namespace slicewatt {

struct LaunchActivity;

// Where a slice (or a whole kernel) sits on a model's input axes.
struct SliceOperatingPoint {
    double intensityRatio = 0; // JoS13 Ã = #A / N_mem
    double intensityFraction = 0; // JSW12 Ã = #A / (#A + N_mem), in [0, 1]
    double saturation = 1; // Sa = active SMs / SMs, in [0, 1]
    int activeSms = 0;
    double lines = 0; // slice length |C|, the wavelet network's third input
    // The whole launch's activity, for a launch-level model (which predicts the same power for
    // every slice of the launch); nullptr: not known, and such a model predicts nothing.
    const LaunchActivity* activity = nullptr;
};

// A model's answer: watts, and every way the point lies outside what the model was fitted
// on (never silently extrapolated: the caller shows these next to the number).
struct PowerPrediction {
    double watts = 0;
    QStringList outOfDomain;
    // The physical model's terms (form "physical"): what each kind of work adds.
    std::optional<PhysicalPower> physical;
};

} // namespace slicewatt
