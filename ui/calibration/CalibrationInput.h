// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "measure/PowerTrace.h"
#include "model/CalibrationCsv.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// One measured point of a calibration: a CSV row and, where slicewatt-calibrate kept it,
// the power trace it was averaged from.
struct CalibrationPoint {
    int number = 0; // the point column; the row's position (1-based) when there is none
    CalibrationSample sample; // as readCalibrationCsv parsed it (sample.line is the CSV line)
    QString tracePath; // absolute; empty when the row names no trace
    bool traceMissing = false; // named, but not there
    // The run's bounds on the trace's time axis (run_start_s, run_end_s): the calibrating
    // tool's own timer, which measureTrace prefers to the trace's `# run:` marks.
    std::optional<RunWindow> run;
    std::optional<double> seconds; // the run's duration as the tool timed it, s
    // What the watts column is: "energy-counter" (the board's counter over the run) or
    // "settled-trace" (the corrected trace once the sensor settled); empty when unsaid.
    QString wattsSource;
};

// What the Calibration view opened: a folder written by slicewatt-calibrate
// (calibration.csv + traces/), a calibration CSV alone, or one power trace. Only read,
// never written.
struct CalibrationInput {
    enum class Kind { None, Folder, Csv, Trace };
    Kind kind = Kind::None;
    QString path; // what the user opened
    QString csvPath; // the calibration CSV; empty for a lone trace
    QString tracePath; // a lone trace; empty otherwise
    QString idleTracePath; // traces/idle.csv of a folder, when present
    CalibrationData data;
    QVector<CalibrationPoint> points; // in the CSV's row order, one per data.samples entry
    // "file:line: problem": the CSV's own problems (the points are then unusable) or why
    // nothing could be opened.
    QStringList errors;
    // Problems that leave the points usable: traces that are named but missing, several
    // GPUs in one CSV.
    QStringList notes;
    bool ok() const { return kind != Kind::None && errors.isEmpty(); }
    bool hasPoints() const { return !points.isEmpty(); }
    // The idle power the measurement reports (`# idle_w:`), W.
    std::optional<double> idleW() const;
    // The sensor lag t_p the measuring run learnt over all points (`# lag_s:`), s: for
    // traces whose own run is too short to learn it from.
    std::optional<double> lagS() const;
};

// Opens `path`: a folder (its calibration.csv), a calibration CSV, or a power trace (told
// apart from a calibration CSV by its header: time_s or timestamp). Never fails silently:
// what is wrong is in errors.
CalibrationInput openCalibrationInput(const QString& path);

} // namespace slicewatt
