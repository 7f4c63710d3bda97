// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/KernelSlices.h"
#include "ir/KernelIR.h"
#include "ptx/PtxProgram.h"

#include <QString>
#include <QVector>

namespace slicewatt {

// Which source loop a loop of the kernel's PTX is, and how many times it runs per entry
// (issue 33: the compiled code's instruction mix with loop unrolling divided out).
struct PtxLoopMatch {
    int sourceLoop = -1; // the loop statement's index in KernelIR::statements; -1: none found
    // Copies of the source loop's body in one trip of the PTX loop: 4 when the compiler
    // unrolled by four (#pragma unroll 4, or on its own).
    int unrollFactor = 1;
    // Another PTX loop of the same source loop at the same place unrolled more: this one runs
    // the iterations left over, (factor − 1) / 2 of them on average.
    bool remainder = false;
    bool byLatchLine = false; // matched by the source loop's header line at its back edge
    double runsPerEntry = 1;
};

// One match per PtxFunction::loops entry. A PTX loop is the source loop whose header line its
// back edge's instructions carry (the compare and step of `for (…; i < n; i += s)`), else the
// source loop at its nesting depth around its own lines, else none (defaultTripCount runs).
// Its unroll factor, the copies of the source loop's own body in it:
// - by loads: the smallest ratio, over the body's lines, of the PTX loads the loop's own blocks
//   hold on the line to the loads the source counts there per iteration (loads only: an
//   inlined function's stores land on its call line);
// - without loads, beside a remainder loop of the same source loop: its body instructions over
//   the remainder's (the remainder holds one copy);
// - alone without loads: the fewest runs of consecutive instructions a body line has.
// Runs per entry: the analysis's trip count over the factor; a remainder (a loop of the same
// source loop at the same place with fewer copies) runs min(trips, (F − 1) / 2), F its main
// loop's factor.
QVector<PtxLoopMatch> matchPtxLoops(const PtxFunction& function, const PtxModule& module, const KernelIR& ir,
    const KernelSlices& slices, int defaultTripCount);

// The loop a block sits in directly (the smallest one holding it), -1 outside every loop.
int innermostPtxLoop(const PtxFunction& function, int block);

} // namespace slicewatt
