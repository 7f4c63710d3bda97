// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace slicewatt {

// What the hardware counted for one measured launch (Nsight Compute, one launch per case:
// tests/validation/<gpu>/real-kernels/ncu-counters.csv). These say what the compiled code
// did, so they check SliceWatt's counts; no prediction takes them as inputs.
struct KernelCounterReading {
    QString caseName;
    std::optional<double> dramBytes; // read + written, bytes
    std::optional<double> warpInstructions; // SASS instructions executed, per warp
    std::optional<double> seconds; // the profiled launch's duration
    std::optional<int> registersPerThread;
};

struct KernelCounters {
    QHash<QString, KernelCounterReading> byCase;
    QStringList problems; // "file:line: problem"
};

// Header `case,…` with any of dram_read_bytes, dram_write_bytes, warp_inst, duration_ns,
// registers_per_thread; other columns are ignored, an empty field is "not counted".
KernelCounters readKernelCounters(const QByteArray& text, const QString& fileName);

} // namespace slicewatt
