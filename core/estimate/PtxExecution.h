// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/KernelSlices.h"
#include "ir/KernelIR.h"
#include "model/GpuCatalogue.h"
#include "model/LaunchActivity.h"
#include "ptx/ProjectPtx.h"
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
    QString source; // by ptxExecutionFor: "clang 14.0.6 PTX of k.cu (sm_70), each block run by <rule>"
    QStringList assumptions;
};

// The rule of ptxExecutionFromAnalysis, in words.
inline const QString kPtxRunsByAnalysis = QStringLiteral("the analysis's loop trip counts");

// PFEA's rule in words, and the rule: `loopIterations` runs per PTX loop around a block.
QString ptxRunsPerLoopRule(double loopIterations);
PtxExecution ptxExecutionPerLoop(const PtxFunction& function, double loopIterations);

// The analysis's trip counts at its launch: each PTX loop is matched to its source loop
// (matchPtxLoops: by the header line at its back edge, else by depth) and runs that loop's
// trip count divided by the copies of the body the compiler unrolled into it; a block runs the
// product over the loops around it. A loop the compiler unrolled completely leaves no back
// edge: its copies are already in the code. A PTX loop with no source loop to match runs the
// analysis's default trip count. Source lines are matched by file name and line; `module`
// names the PTX's files.
PtxExecution ptxExecutionFromAnalysis(const PtxFunction& function, const PtxModule& module, const KernelIR& ir,
    const KernelSlices& slices, int defaultTripCount);

// The PTX a launch-level model reads its features from (alavani-xgb, METHOD §10).
struct PtxSettings {
    const ProjectPtx* project = nullptr; // none: no PTX features, `missing` says why
    QString missing;
    QString note; // an assumption every prediction from this PTX carries (another producer than trained on)
    std::optional<double> loopIterations; // --loop-iterations; else the analysis's trip counts
    // The kernel's, found in `project` by estimateProject and the what-if path.
    const PtxFunction* function = nullptr;
    const FilePtx* file = nullptr;
};

// `settings` with the PTX function of one kernel (its qualified name, defined in `file`).
PtxSettings ptxForKernel(const PtxSettings& settings, const QString& qualifiedName, const QString& file);

// Why `settings` holds no PTX function for the kernel (no producer, its file did not
// compile: the compiler's first error line); empty when it holds one.
QString ptxMissingFor(const PtxSettings& settings, const QString& kernelName);

// How often each block of the kernel's PTX runs per thread, by --loop-iterations when set,
// else by the analysis's trip counts, with its source in words. `settings` holds the function.
PtxExecution ptxExecutionFor(
    const PtxSettings& settings, const KernelIR& ir, const KernelSlices& slices, int defaultTripCount);

// METHOD §10's launch features of `activity`'s launch from the kernel's PTX into
// activity.ptxFeatures (occupancy is the activity's own: no register counts without a cubin),
// with where they came from; else activity.ptxProblem says why there are none. The one path
// the analysis, the what-if sliders and the measured-power validation all take.
void attachPtxFeatures(LaunchActivity& activity, const KernelIR& ir, const KernelSlices& slices, const GpuSpec& gpu,
    const PtxSettings& settings, int defaultTripCount);

// The architecture METHOD §10's equations (1)–(4) read, from the catalogue: nullopt with
// `why` set when the GPU has no PTX pipeline figures.
std::optional<PtxArchitecture> ptxArchitectureFor(const GpuSpec& gpu, QString* why);

} // namespace slicewatt
