// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// How far past the measured kernels' rates (a share of the range's ends) a launch's rate still
// counts as measured (PowerModel::predictPhysical) [ours].
constexpr double kPhysicalDomainSlack = 0.05;

// What one launch does over its time, as the time model (METHOD §12) sees it: the inputs of
// the physical power model (issue 34). Counts and bytes are the whole launch's, all threads.
struct LaunchWork {
    double seconds = 0; // predicted time per launch, s
    double overheadSeconds = 0; // of which the launch's fixed overhead, when no SM works, s
    // The time model's two regimes (seconds = overhead + max(compute, memory)): the compute
    // time scales with 1 / SM clock, the DRAM time does not (METHOD §12, "clock and voltage").
    // Both 0: the launch's time is taken as all clock-scaled work.
    double computeSeconds = 0;
    double memorySeconds = 0;
    // Global atomics waiting on their L2 lines (seconds = overhead + max(compute, memory,
    // atomics)); scaled with the clock as compute is (the L2 taken at the SM's clock).
    double atomicSeconds = 0;
    double activeSmShare = 0; // SMs the launch occupies / SMs, in (0, 1]
    // Thread instructions by the pipe that runs them, after division and SFU expansion.
    double fp32 = 0;
    double fp64 = 0;
    double int32 = 0;
    double sfu = 0;
    double loadStore = 0; // global, texture, shared and constant accesses
    double l2Bytes = 0; // global and texture bytes (with the sectors uncoalesced accesses waste): all pass L2, B
    // The bytes DRAM serves: each global byte once (an uncoalesced access's wasted sectors stay
    // in L2), none when they all fit in L2 launched back to back, B.
    double dramBytes = 0;
    QString countsSource; // where the instructions came from (source operators or PTX)
};

// One term of the physical model: what a kind of work adds to the board power, W.
struct PhysicalTerm {
    QString key; // the parameter that prices it: "active_w", "pj_fp32", …
    QString meaning; // "FP32 instructions", …
    double perLaunch = 0; // the amount per launch: instructions, bytes, or the active SM share
    QString unit; // "instructions", "B", "of the SMs"
    double watts = 0;
};

// The physical model of board power for a launch (issue 34, resources/help/physical-model.md):
//   P = P_idle + P_active · s + Σ_class e_class · N_class / t + e_DRAM · B_DRAM / t,
// capped at the board's power limit (and said so). s = the share of SMs the launch occupies
// times the share of its time they work (not the launch overhead: launched back to back, a
// 5 µs launch with 0.1 µs of work leaves the SMs idle most of the time),
// N_class the launch's executed instructions per class (pJ each), B_DRAM its off-chip bytes
// (pJ per byte), t its predicted time. Every parameter is a property of the GPU, not of a kernel.
struct PhysicalPower {
    double watts = 0; // at the clock the launch runs at (the board's limit when throttled)
    double uncappedW = 0; // at the boost clock
    bool capped = false; // the boost clock's power passes the limit: the clock drops (throttled) or, below
                         // the lowest clock the model knows, the power is shown at the limit
    bool throttled = false; // the clock dropped until the power fits the limit
    double clockShare = 1; // the SM clock the launch runs at / the boost clock
    double seconds = 0; // the launch's time at that clock, s
    double idleW = 0;
    QVector<PhysicalTerm> terms; // above idle, in parameter order, at that clock
};

// How the SM clock and voltage move under the board's power limit (METHOD §12): the clock
// falls until the power fits, V(f) / V_boost = floor + (1 − floor) · f / f_boost, and the
// compute time lengthens as 1 / f while the DRAM time stays.
struct ClockScaling {
    double voltageFloorShare = 0; // the architecture's (ArchitecturePhysics)
    double lowestClockShare = 0.2; // the clock never falls below this share of boost [ours: no board we know
                                   // throttles a kernel below a fifth of its boost clock]
};

// The model's inputs, one per parameter after idle_w: the parameter prices `amount` per launch
// (per second of it: power = price × amount / t, except the active SM share, which is W).
struct PhysicalInput {
    QString key; // parameter name
    QString meaning;
    QString unit;
    bool perSecond = true; // false: the parameter is W for amount 1 (active_w)
    double (*amount)(const LaunchWork&);
};
const QVector<PhysicalInput>& physicalInputs();

// "idle_w", then each input's key: a model file's parameters for form "physical".
QStringList physicalParameterNames();

// The few bounded multipliers measurements may put on the constants of the data sheet and the
// architecture (METHOD §12, "corrections"): each multiplies a group of parameters. A correction
// that ends at a bound is reported with the fit, never passed silently to another term.
struct PhysicalCorrection {
    QString id; // "idle", "active", "compute", "memory"
    QStringList keys; // the parameters it multiplies
    double low = 1;
    double high = 1;
    QString why; // why these bounds
};
const QVector<PhysicalCorrection>& physicalCorrections();

// `prior` with each correction's multiplier applied (a correction missing from `multipliers` is 1).
QHash<QString, double> correctedParameters(
    const QHash<QString, double>& prior, const QHash<QString, double>& multipliers);

// P for `work` on a board that may draw `boardW`; nullopt when the work has no positive time.
// Parameters missing from `parameters` count as 0. With `clocks`, a launch whose power at the
// boost clock passes the limit runs at the clock where it draws the limit (throttled);
// without, its power is shown at the limit and its time kept.
std::optional<PhysicalPower> physicalPower(const QHash<QString, double>& parameters, const LaunchWork& work,
    double boardW, const ClockScaling* clocks = nullptr);

// The amount of every input for `work` divided by its time where the input is per second: one
// row of the linear fit (pJ-priced inputs in 10^12 per second, so their weights read as pJ).
QVector<double> physicalRates(const LaunchWork& work);

} // namespace slicewatt
