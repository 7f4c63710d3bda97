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
// Adds the power's band ("power_band_w": [low, high] or null, "power_band_widened") and, for
// the physical model, its terms ("power_terms": idle, each input's amount per launch and W,
// whether the board's limit capped it).
void insertPowerJson(QJsonObject& kernel, const KernelEstimate& estimate);
// "idle 125.6 W + busy SMs 85.0 W + DRAM bytes 180.2 W + …" (the physical model's terms over
// 0.5 W, largest first); empty for other models.
QString physicalTermsSummary(const KernelEstimate& estimate);
// The energy per launch (P̂·t) and the dynamic energy per launch, when known: for the physical
// model the board's energy above idle, (P̂ − P_idle)·t, else the instruction-class model's.
std::optional<double> energyPerLaunchJ(const KernelEstimate& estimate);
std::optional<double> dynamicEnergyPerLaunchJ(const KernelEstimate& estimate);

} // namespace slicewatt
