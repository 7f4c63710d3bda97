// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QVector>

namespace slicewatt {

// What slicewatt-calibrate is asked to measure: target intensities and saturations, every
// combination once (JoS13 used 20 such points per GPU).
struct CalibrationPlanOptions {
    QVector<double> intensities = {7, 20, 60, 180, 550, 1650, 4000, 8200}; // JoS13 ratio
    QVector<double> saturations = {0.1, 0.25, 0.5, 0.75, 1.0}; // Sa in (0, 1]
    double runSeconds = 1.0; // each point's launch loop, s (JoS13: ≥ 0.5 s)
};

// One point as it will actually run: the nearest simulated slice to the target intensity,
// and the block count that gives the nearest achievable saturation. The CSV records the
// achieved values, not the targets.
struct CalibrationPlanPoint {
    int index = 0; // 1-based, in run order
    int arithPerAccess = 0; // which simulated slice kernel
    double intensity = 0; // its intensity, as SliceWatt counts it
    double saturation = 0; // blocks / SMs (one block per SM: active SMs = blocks)
    int blocks = 0;
    int threadsPerBlock = 0;
};

// The points for a GPU with `smCount` SMs and `threadsPerBlock` threads per block, or an
// error in words (no SMs, a saturation outside (0, 1], an intensity ≤ 0, a run shorter
// than 0.5 s). Points that collapse onto the same kernel and block count are kept once.
QVector<CalibrationPlanPoint> calibrationPlan(
    const CalibrationPlanOptions& options, int smCount, int threadsPerBlock, QString* error);

// Parses "7,20,60" into numbers; false (with `error`) on anything else.
bool parseNumberList(const QString& text, QVector<double>* numbers, QString* error);

} // namespace slicewatt
