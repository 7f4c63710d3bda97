// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/KernelSlices.h"
#include "ir/KernelIR.h"
#include "model/GpuCatalogue.h"
#include "ptx/PtxLaunchFeatures.h"
#include "ptx/PtxProgram.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// How many times each basic block of a kernel's PTX runs for one thread (METHOD §10's loop
// iteration input), and what says so.
struct PtxExecution {
    QVector<double> blockRuns; // one per block of the function
    QString rule; // for the user: "the analysis's trip counts", "--loop-iterations 100 per loop"
    QStringList assumptions;
};

// PFEA's rule: `loopIterations` runs per PTX loop around a block.
PtxExecution ptxExecutionPerLoop(const PtxFunction& function, double loopIterations);

// The analysis's trip counts at its launch: a block inside d PTX loops runs the product of
// the trip counts of the outermost d source loops around its source lines (a loop the compiler
// unrolled completely leaves no back edge, its copies are already in the code); a PTX loop
// with no source loop to match runs the analysis's default trip count. Source lines are
// matched by file name and line; `module` names the PTX's files.
PtxExecution ptxExecutionFromAnalysis(const PtxFunction& function, const PtxModule& module, const KernelIR& ir,
    const KernelSlices& slices, int defaultTripCount);

// The architecture METHOD §10's equations (1)–(4) read, from the catalogue: nullopt with
// `why` set when the GPU has no PTX pipeline figures.
std::optional<PtxArchitecture> ptxArchitectureFor(const GpuSpec& gpu, QString* why);

} // namespace slicewatt
