// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "KernelEnergy.h"
#include "LaunchTime.h"
#include "PowerBand.h"
#include "PtxExecution.h"
#include "analysis/KernelSlices.h"
#include "model/PowerModel.h"

#include <optional>

namespace slicewatt {

// What a user sets when asking "how much power?" (CLI flags, the GUI's what-if panel).
struct EstimateSettings {
    std::optional<double> saturation; // Sa directly, overrides the launch
    std::optional<qint64> gridBlocks; // blocks in the grid (what-if); else from the launch
    std::optional<double> seconds; // execution time for energy
    double delta = 0.01; // BDPM: sub-slices with probability <= δ are dropped [ours: default]
    EnergySettings energy; // the instruction-class model: energy, and how heat follows the work
    PtxSettings ptx; // the PTX features of a model that reads them (alavani-xgb)
};

struct SliceEstimate {
    MemorySpace space = MemorySpace::Global;
    int length = 0; // |C_i| (BSPM) or |Ĉ_i| (BDPM)
    double arithmetic = 0;
    SpaceCounts accesses;
    double intensityRatio = 0;
    double intensityFraction = 0;
    double watts = 0; // P_i
    double weight = 0; // |C_i| / L, the share of the program power
    QVector<int> members; // statements that carry this slice's heat
    QStringList outOfDomain;

    bool hasMemory() const { return accesses.total() > 0; }
};

struct LineHeat {
    QString file;
    int line = 0;
    double watts = 0; // this line's share of the kernel power; all lines sum to it
    double joules = 0; // this line's dynamic energy per launch (instruction-class model), J
};

struct KernelEstimate {
    bool dense = false; // BDPM when true, BSPM otherwise
    double saturation = 1; // Sa used
    int activeSms = 0;
    double watts = 0; // P̂
    // Where the model was validated on the GPU's measured power: the interval its held-out
    // error gives P̂ (widened outside the measured kernels).
    std::optional<PowerBand> band;
    // The physical model's terms (form physical): idle, busy SMs, each pipe, L2 and DRAM.
    std::optional<PhysicalPower> physical;
    std::optional<double> joules; // Ē = P̂·t, t given (--time) or predicted (time)
    double averageIntensity = 0; // ACIM: Σ (|C_i| / L)·Ã_i in the model's intensity definition
    QVector<SliceEstimate> slices; // non-empty slices only
    QVector<LineHeat> lines; // sorted hottest first
    QStringList assumptions; // saturation guesses and the like
    QStringList outOfDomain; // from every slice, deduplicated
    // JSW12's PSM: one program intensity A from the kept sub-slices, and P(A, n). Set for
    // models on the fraction intensity (JSW12's own scale) only.
    std::optional<double> psmIntensity;
    std::optional<double> psmWatts;
    // Why there is no estimate, when there is none (empty body, no memory access, no slice
    // the model can predict): such a kernel has no watts to show and is never ranked.
    QString noEstimate;
    // Slices left out because they have no memory operation (a ratio model has no
    // intensity for them); the assumptions say which.
    int slicesWithoutMemory = 0;
    // The instruction-class energy (METHOD §9), when an energy model was chosen. It is there
    // even for a kernel without a slice estimate: every executed instruction costs energy.
    std::optional<KernelEnergy> energy;
    // The launch's activity, for a launch-level model (launch-activity): its inputs.
    std::optional<LaunchActivity> activity;
    // The predicted time per launch (METHOD §12); nullopt, with noTime saying why, for a GPU
    // whose catalogue entry lacks the figures it needs.
    std::optional<LaunchTime> time;
    QString noTime;
    // The time energy is computed over: --time when given, else the predicted time.
    std::optional<double> seconds;
    QString secondsSource; // "--time", "predicted (compute-bound)", …

    bool hasEstimate() const { return noEstimate.isEmpty(); }
};

// A slice as estimated: BDPM keeps only sub-slices with probability above δ (BSPM all), and
// its intensity on both axes with the model's memory factors (ratio 0 and fraction 1 when it
// has no memory operation).
SliceEstimate keptSlice(
    const SliceSummary& slice, bool dense, double delta, const std::array<double, kMemorySpaceCount>& memoryFactors);

// Each member's share of its slice's contribution (aligned with slice.members, summing to 1):
// its executed dynamic energy over the slice's, or an even share without an energy model or
// when the slice executes nothing the model prices. How per-line heat is spread.
QVector<double> memberHeatShares(const SliceEstimate& slice, const KernelEnergy* energy);

// A slice's intensity on `model`'s axis: JSW12's fraction or JoS13's ratio.
double modelIntensity(const PowerModel& model, const SliceEstimate& slice);

// BSPM for branch-sparse kernels, BDPM for branch-dense ones (METHOD §5), with per-line heat:
// each slice's contribution (|C_i| / L)·P_i spread over its statements in proportion to
// their executed dynamic energy (the instruction-class model), evenly without one. Pure computation on cached analysis:
// what-if changes call it again without touching the AST.
KernelEstimate estimateKernel(const KernelIR& ir, const KernelSlices& slices, const LaunchShape& launch,
    const PowerModel& model, const GpuSpec& gpu, const EstimateSettings& settings);

} // namespace slicewatt
