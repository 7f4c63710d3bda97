// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PowerTrace.h"

#include <QByteArray>
#include <QString>

namespace slicewatt {

struct TraceImportOptions {
    // nvidia-smi traces of several GPUs (rows interleaved, told apart by the index column):
    // the index of the GPU to keep. -1: the trace must hold one GPU.
    int gpuIndex = -1;
    // nvidia-smi: the power column to use, by its name without the unit ("power.draw").
    // Empty: power.draw.instant where the driver filled it in, else power.draw, else
    // power.draw.average: the instant reading is the only one the lag correction suits.
    QString powerField;
    // Larger files are refused before reading: a trace of an hour at 1 kHz is ~150 MiB.
    qint64 maxBytes = qint64(256) * 1024 * 1024;
    // More samples are refused (memory stays bounded whatever the file holds).
    int maxSamples = 5'000'000;
};

// Reads a power trace; the format is recognised from its header line:
//
// - nvidia-smi: the output of `nvidia-smi --query-gpu=timestamp,power.draw[,...]
//   --format=csv[,nounits] -lms N`. Columns are found by name; units in the header
//   ("power.draw [W]") or after values ("85.31 W") are understood, mW and mJ converted.
//   Needed: timestamp and one of power.draw, power.draw.instant, power.draw.average.
//   Optional: index (several GPUs; see gpuIndex), name, a cumulative energy column (a
//   header naming energy, in J or mJ); others (clocks, temperature, ...) are ignored.
//   "[N/A]"-style values leave the row out (counted in skippedSamples). Timestamps
//   "YYYY/MM/DD HH:MM:SS.mmm" become seconds since the kept GPU's first row. A repeated
//   header (logs appended to one file) is skipped.
// - SliceWatt's plain trace CSV: a header naming time_s and power_w, optionally energy_j
//   (cumulative, J); other columns are ignored. `#` starts a comment; the comments
//   `# gpu: NAME` and `# run: START_S END_S` (a run's bounds on the time axis) are read.
//
// Malformed input gives "file:line: problem" errors (at most 20, then a count); binary,
// empty and oversized files give one error; nothing is ever half-read without saying so.
PowerTrace readPowerTrace(const QString& path, const TraceImportOptions& options = {});
// The same for `contents` already in memory; messages name the file `fileName`.
PowerTrace parsePowerTrace(const QByteArray& contents, const QString& fileName, const TraceImportOptions& options = {});

} // namespace slicewatt
