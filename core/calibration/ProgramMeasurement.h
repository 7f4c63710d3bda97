// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationRunner.h"
#include "PowerSampler.h"

#include <QByteArray>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// The window a program built with app/calibrate/ProgramLoop.cu reports on stderr:
// "slicewatt-loop: START END ITERATIONS", START and END in seconds of CLOCK_MONOTONIC
// (std::chrono::steady_clock on Linux, shared by every process), the time it spent
// repeating its main() after one warm-up call.
struct ProgramLoopWindow {
    double startS = 0;
    double endS = 0;
    int iterations = 0;
};
std::optional<ProgramLoopWindow> parseProgramLoopMarker(const QByteArray& standardError);

// "slicewatt-kernels: BUSY_SECONDS LAUNCHES" (ProgramLoop.cu built with CUPTI): the seconds of
// the loop during which at least one kernel ran, and how many kernels ran.
struct ProgramKernelTime {
    double busyS = 0;
    int launches = 0;
};
std::optional<ProgramKernelTime> parseProgramKernelMarker(const QByteArray& standardError);

// "slicewatt-context-idle: START END": after the loop, the program's CUDA context open with
// nothing running (what the board draws between kernels), CLOCK_MONOTONIC seconds.
std::optional<RunWindow> parseContextIdleMarker(const QByteArray& standardError);

struct ProgramMeasurementOptions {
    double idleSeconds = 2.0; // idle before the program starts, inside its trace
    double tailSeconds = 1.5; // after it ends: the sensor's lag tail
    double sampleIntervalS = 0.01;
    double timeoutSeconds = 600;
    std::optional<double> lagS; // t_p from the calibration, for runs that do not show it
};

struct ProgramMeasurement {
    QString error;
    PowerTrace trace; // the whole recording, with the run marked
    RunWindow run; // the loop's window, or the process's lifetime without a marker
    bool fromMarker = false;
    int iterations = 0;
    std::optional<double> idleW; // before the program started: no CUDA context
    std::optional<ProgramKernelTime> kernelTime;
    std::optional<double> contextIdleW; // the program's context open, no kernel running
    RunPower power;
    QString standardError; // the program's, for messages
};

// Runs `program` with `arguments` while sampling power (its output is discarded; its stderr
// kept), marks the run on the trace from its loop marker or its lifetime, and measures the
// run's average power as a calibration point's (energy counter, else the settled corrected
// trace). Fails in words when the program cannot start, times out or exits non-zero.
ProgramMeasurement measureProgram(const QString& program, const QStringList& arguments,
    const PowerSampler::ReadFunction& read, const ProgramMeasurementOptions& options);

// One measured program as a validation CSV row (Validation.h reads the file).
struct ValidationMeasurement {
    QString program; // the .cu file, relative to the CSV
    QString kernel;
    double measuredW = 0;
    double seconds = 0;
    QString wattsSource;
    int iterations = 0;
    QString trace; // relative to the CSV
    std::optional<double> kernelSeconds; // kernels busy inside the loop, s (CUPTI)
    std::optional<int> kernelLaunches;
    std::optional<double> contextIdleW; // between kernels: the context open, nothing running
};

// Adds `row` to the validation CSV at `path` (created with `metadata` lines and a header
// when missing; a row for the same program and kernel is replaced), atomically.
bool appendValidationRow(const QString& path, const QVector<QPair<QString, QString>>& metadata,
    const ValidationMeasurement& row, QString* error);

} // namespace slicewatt
