// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PowerTrace.h"

#include <QString>
#include <QVector>

#include <optional>

namespace slicewatt {

// E = ∫ P dt over [startS, endS], J, by the trapezoid rule between the samples inside the
// window. From each edge of the window to the nearest sample inside it the power is held
// at that sample's value [ours]: the samples just outside belong to the idle time before or
// to the tail after, and interpolating towards them would mix idle power into the run.
// A window with no sample inside takes the power interpolated at its middle. 0 for an
// empty trace or window.
double traceEnergyJ(const QVector<PowerSample>& samples, double startS, double endS);

// The increase of the cumulative energy counter over [startS, endS], J, with the counter
// interpolated linearly at the edges. nullopt, with `problem` set, when the samples carry
// no counter, do not cover the window, or the counter goes backwards in it (the driver was
// reloaded).
std::optional<double> counterEnergyJ(
    const QVector<PowerSample>& samples, double startS, double endS, QString* problem = nullptr);

} // namespace slicewatt
