// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QPair>
#include <QString>
#include <QVector>

#include <optional>

namespace slicewatt {

// One measured point of a calibration, as slicewatt-calibrate writes it.
struct CalibrationRecord {
    int point = 0;
    QString gpu; // the GPU's id
    double saturation = 0; // achieved Sa
    double intensity = 0; // the simulated slice's intensity (JoS13 ratio)
    int lines = 0; // the slice's length in effective lines
    // Board power averaged over the run, W, idle NOT subtracted: the energy counter's
    // increase over the run's duration where the GPU has one, else the sensor-corrected
    // trace's mean once the sensor has settled (wattsSource says which).
    double watts = 0;
    QString wattsSource; // "energy-counter" or "settled-trace"
    double rawMeanW = 0; // the sensor's readings over the run, as read
    double correctedMeanW = 0; // after the lag correction (METHOD §6)
    double settledMeanW = 0; // the corrected trace from t_p into the run to its end
    std::optional<double> counterMeanW; // energy counter increase / duration
    double seconds = 0; // the run's duration
    int blocks = 0;
    int threadsPerBlock = 0;
    int arithPerAccess = 0;
    QString trace; // the point's trace file, relative to the calibration folder
    double runStartS = 0; // the run's bounds on the trace's time axis
    double runEndS = 0;
};

// The calibration CSV: `# key: value` metadata lines, then a header and one row per point.
// readCalibrationCsv reads it back (saturation, intensity, lines, gpu, watts; the other
// columns are for people and the Calibration view).
QByteArray calibrationCsv(const QVector<QPair<QString, QString>>& metadata, const QVector<CalibrationRecord>& records);

} // namespace slicewatt
