// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PtxExecution.h"
#include "ir/InstructionClass.h"

#include <optional>

namespace slicewatt {

// One source line's instructions by METHOD §9 class as the kernel's PTX has them.
struct ExecutedPtxLine {
    QString file; // the path of the kernel's statements where the line is theirs, else the PTX's file name
    int line = 0;
    InstructionCounts perThread; // executed per thread
    InstructionCounts inPtx; // in the PTX text, each instruction once (what the energy model prices)
    double probability = 1; // the path probability its instructions run with
};

// A kernel's executed instructions per source line from its PTX (issue 17): the instruction
// mix the compiler made (address arithmetic, conversions, predicates, fused multiply-adds)
// priced by the energy model of METHOD §9 instead of the source's operators. Rules:
// - an instruction of PTX block b runs blockRuns[b] times per thread (ptxExecutionFor: the
//   analysis's trip counts of the source loops around the block, or --loop-iterations), ×
//   the path probability of its line (the most likely statement there);
// - a line holding no statement start belongs to the nearest statement above it in its file
//   (the rest of a statement written over several lines);
// - compiler-made instructions (line 0) and instructions on lines outside the kernel's
//   statements (CUDA's headers, SliceWatt's prelude, code before the first statement) count
//   on the next line of the kernel's in their block, else the previous one in the function.
struct ExecutedPtxLines {
    QString source; // "clang 14.0.6 PTX of k.cu (sm_70), each block run by …"
    QStringList assumptions;
    QVector<ExecutedPtxLine> lines; // (file, line) order
    InstructionCounts perThread; // the whole kernel's
    // Branches and barriers per thread: issued by a warp scheduler, priced by no energy class
    // (the time model's issue rate counts them).
    double controlPerThread = 0;
};

// nullopt when `settings` holds no PTX function for the kernel; `why` then says why.
std::optional<ExecutedPtxLines> executedPtxLines(const PtxSettings& settings, const KernelIR& ir,
    const KernelSlices& slices, int defaultTripCount, QString* why = nullptr);

} // namespace slicewatt
