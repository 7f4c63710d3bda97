// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <QHash>

#include <array>

namespace slicewatt {

// Choices the user can change (analysis-rules.md marks them [ours]).
struct AnalysisOptions {
    enum class Counting { Ast, Lexical }; // real accesses, or the papers' `=`-counting prototype
    Counting counting = Counting::Ast;
    int defaultTripCount = 10;
    double denseThreshold = 0.1; // branch density at or above which a kernel is branch-dense
    // r_S of METHOD §2 (JSW12, GTX 280): global, shared, constant, texture.
    std::array<double, kMemorySpaceCount> memoryFactors = {1.0, 1.67, 0.91, 0.95};
    double ratioIntensityMax = 8200; // domain maximum for slices without memory operations
    QHash<int, qint64> tripCountOverrides; // loop statement index → trips (what-if)
    // Branch statement index → probability of each arm (measured or set by the user).
    QHash<int, QVector<double>> branchProbabilities;
};

// The arm probabilities of one if/switch, and where they came from.
struct BranchResolution {
    int statement = -1;
    int line = 0;
    QVector<double> arms; // if: then, else; switch: label groups in source order, then an implicit default
    bool assumed = true; // the default rule was used (analysis-rules §6)
    QString reason;
    double workShare = 0; // share of the kernel's weighted operations inside its arms
    int rank = 0; // among the assumptions, as for loops
};

// The part of a slice inside one branch path (METHOD §5, BDPM sub-slices C_ij).
struct SubSlice {
    QVector<ArmStep> path; // empty: outside every branch
    double probability = 1;
    QVector<int> members;
    int length = 0;
    double arithmetic = 0;
    SpaceCounts accesses;
};

// Everything on one source line, summed over its statements (per-line attribution).
struct LineAttribution {
    QString file;
    int line = 0;
    std::array<bool, kMemorySpaceCount> slices{};
    double arithmetic = 0; // loop-weighted
    SpaceCounts accesses; // loop-weighted
    QVector<int> statements;
};

struct LoopResolution {
    int statement = -1;
    int line = 0;
    double trips = 1;
    bool assumed = false; // the default was used
    // Its header moves with the thread and the count is the mean over the launch's threads
    // (threadAveragedTripCount): said beside the assumptions, as a reading of the code.
    bool threadAveraged = false;
    QString reason;
    // Assumed trips of this loop times those of the assumed loops around it: what the
    // defaults multiply the statements inside it by (10 × 10 = 100 for two unknown loops).
    double compoundFactor = 1;
    // The share of the kernel's weighted operations (arithmetic and memory) inside it: how
    // much changing it moves the estimate (every loop). Assumptions are ranked by it.
    double workShare = 0;
    int rank = 0; // 1: the assumption that moves the estimate most (loops and branches together)
};

struct SliceSummary {
    MemorySpace space = MemorySpace::Global;
    QVector<int> members; // statement indices
    int length = 0; // |C|
    double arithmetic = 0; // #A, loop-weighted
    SpaceCounts accesses; // n per space, loop-weighted
    double normalisedMemory = 0; // N_mem = Σ r_S n_S
    double intensityRatio = 0; // JoS13: #A / N_mem
    double intensityFraction = 0; // JSW12: #A / (#A + N_mem)
    QVector<int> lines;
    QVector<SubSlice> subSlices; // by branch path, in order of first member
};

// A kernel's slices and counts for one launch shape and option set. Cheap to recompute:
// what-if changes call analyseKernel again on the cached KernelIR.
struct KernelSlices {
    QVector<double> weights; // per statement: product of enclosing trip counts
    QVector<double> probability; // per statement: product of default branch-arm probabilities
    QVector<std::array<bool, kMemorySpaceCount>> membership;
    std::array<SliceSummary, kMemorySpaceCount> slices;
    QVector<LoopResolution> loops;
    QVector<BranchResolution> branches;
    QVector<LineAttribution> lines; // sorted by file and line
    QVector<int> unsliced; // statements in no slice
    int decisionPoints = 0;
    int effectiveStatements = 0;
    double branchDensity = 0;
    bool dense = false;
};

// Which slices each statement belongs to (analysis-rules §5); independent of the launch.
QVector<std::array<bool, kMemorySpaceCount>> sliceMembership(const KernelIR& ir);

KernelSlices analyseKernel(const KernelIR& ir, const LaunchShape& launch, const AnalysisOptions& options = {});

} // namespace slicewatt
