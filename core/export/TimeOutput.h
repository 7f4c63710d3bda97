// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "estimate/KernelEstimate.h"

#include <QJsonObject>
#include <QString>

namespace slicewatt {

// How every writer shows the predicted time per launch (METHOD §12) and the energy per
// launch over it, so the JSON, CSV, table, SARIF and the report say the same thing.

// Adds to a kernel's JSON object: "time_per_launch_s", "time_bound", "time" (the numbers
// behind it, or null with "no_time"), "energy_seconds_source", "energy_per_launch_j"
// (board power P̂ over the time) and "dynamic_energy_per_launch_j" (the instruction-class
// model's E_dyn); unknown values null.
void insertTimeJson(QJsonObject& kernel, const KernelEstimate& estimate);
// "238 µs per launch, memory-bound (805.3 MB at 3.84 TB/s; compute 41.2 µs, fp32)" or why
// there is no time.
QString timeSummary(const KernelEstimate& estimate);
// "1.234 mJ per launch (P̂·t), dynamic 0.61 mJ (aalto2013), over the predicted time"; empty
// without either.
QString energyPerLaunchSummary(const KernelEstimate& estimate);
// The energy per launch (P̂·t) and the dynamic energy per launch, when known.
std::optional<double> energyPerLaunchJ(const KernelEstimate& estimate);
std::optional<double> dynamicEnergyPerLaunchJ(const KernelEstimate& estimate);

} // namespace slicewatt
