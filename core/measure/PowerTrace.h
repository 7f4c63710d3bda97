// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// One reading of a GPU's power sensor.
struct PowerSample {
    double timeS = 0; // seconds on the trace's time axis (see PowerTrace::timeOrigin)
    double powerW = 0; // the sensor's reading, W, ≥ 0
    // The driver's cumulative energy counter at this time, J (NVML's total energy, Volta and
    // newer); nullopt where the trace has no counter.
    std::optional<double> energyJ;
    int line = 0; // 1-based line in the file, for messages; 0 for computed samples
};

// A stretch of time in which a known workload ran: a kernel launch loop, a benchmark, one
// phase of a program. Its bounds come from the caller (a timer around the launches) or from
// a `# run:` line in the trace, never from the lagging sensor itself.
struct RunWindow {
    double startS = 0; // on the trace's time axis
    double endS = 0; // > startS
    int line = 0; // the `# run:` line it came from; 0 when the caller gave it
    double durationS() const { return endS - startS; }
    bool contains(double timeS) const { return timeS >= startS && timeS <= endS; }
};

// A power trace as imported: the samples of one GPU in time order, and what is known about
// where they came from.
struct PowerTrace {
    QString file; // the name messages use
    QString source; // "nvidia-smi" or "csv" (SliceWatt's plain trace format)
    QString gpuName; // the name column (nvidia-smi) or a `# gpu:` line; empty when unknown
    int gpuIndex = -1; // nvidia-smi's index column of the GPU kept; -1 when there is none
    // The column the power came from, as its header wrote it ("power.draw.instant [W]",
    // "power_w"): on Ampere and newer (except GA100) power.draw is a 1 s average, which
    // the sensor correction cannot undo, so users must be able to see which one they have.
    QString powerField;
    // What time 0 is: nvidia-smi traces count seconds from the kept GPU's first timestamp,
    // which is given here as written ("2026/11/21 10:41:01.123"); plain traces keep their
    // own time column, and this is empty.
    QString timeOrigin;
    QVector<PowerSample> samples; // non-decreasing time
    QVector<RunWindow> runs; // `# run: START END` lines of a plain trace, in file order
    bool hasEnergy = false; // every sample carries energyJ
    int skippedSamples = 0; // rows without a power value ([N/A], [Not Supported])
    // "file:line: problem". Problems make the trace unusable; notes (an unfinished last line,
    // skipped [N/A] rows, an energy column with gaps) do not.
    QStringList errors;
    QStringList notes;
    bool ok() const { return errors.isEmpty(); }

    // The median time between consecutive samples, s; 0 with fewer than two samples.
    double medianIntervalS() const;
    double durationS() const { return samples.size() < 2 ? 0 : samples.last().timeS - samples.first().timeS; }
};

} // namespace slicewatt
