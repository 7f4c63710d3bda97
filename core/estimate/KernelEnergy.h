// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ExecutedPtxLines.h"
#include "analysis/KernelSlices.h"
#include "model/EnergyModel.h"
#include "model/GpuCatalogue.h"

#include <optional>

namespace slicewatt {

// Where the executed instructions the energy model prices come from: the kernel's PTX when
// the estimate has it (auto: when a model or the user had it compiled), or the source's
// operators (METHOD §9's rules), always.
enum class EnergyCounts { Auto, Source, Ptx };
// "auto", "source", "ptx": the CLI's --energy-counts and the GUI's saved setting.
QString energyCountsName(EnergyCounts counts);
std::optional<EnergyCounts> energyCountsNamed(const QString& name);

// What the instruction-class energy model needs besides the analysis (CLI flags, the GUI).
struct EnergySettings {
    const EnergyModel* model = nullptr; // none: no energy, and heat spread evenly
    std::optional<qint64> threads; // replaces a launch the code does not fix (--threads)
    std::optional<double> staticW; // replaces the model file's static power (--static-w)
    EnergyCounts counts = EnergyCounts::Auto; // --energy-counts
};

// One source line's dynamic energy: what its statements execute, over all threads.
struct LineEnergy {
    QString file;
    int line = 0;
    double joules = 0; // J per launch, all threads
    InstructionCounts perThread; // executed instructions per thread, by class
    std::optional<InstructionCounts> inPtx; // from PTX: the line's instructions in it, each once
};

// A kernel's dynamic energy by the instruction-class model (METHOD §9):
// E_dyn = threads × Σ_class (executed instructions per thread × e_class), and with a time t
// the dynamic power E_dyn / t, the total power P_static + E_dyn / t and the energy
// P_static·t + E_dyn.
struct KernelEnergy {
    QString modelId;
    // Where the executed instructions came from: "the source's operators (METHOD §9)" or
    // ExecutedPtxLines::source.
    QString countsSource;
    bool countsFromPtx = false;
    double threads = 0; // grid × block
    bool threadsAssumed = false; // the launch does not fix them: the assumption says how many
    QString threadsSource; // "launch 64×1×1 blocks of 256×1×1 threads", "--threads", or the assumption
    InstructionCounts perThread; // executed per thread (weights × path probabilities)
    double dynamicJ = 0; // J per launch
    std::optional<double> staticW;
    std::optional<double> seconds;
    std::optional<double> dynamicW;
    std::optional<double> totalW;
    std::optional<double> totalJ;
    QVector<double> statementJoules; // per statement, J per launch (all threads)
    QVector<LineEnergy> lines; // lines with any executed instruction, hottest first
    QStringList assumptions;
    // Set when the power model gives the kernel's own dynamic energy (the physical model):
    // the table's energies were scaled to it (scaleToPowerModel), so on this GPU the table only
    // says how that energy spreads over the lines. Empty: the table's own numbers.
    QString scaledToModel;
    double tableDynamicJ = 0; // the table's E_dyn before scaling, J per launch
};

// Executed instructions per thread of one statement: its counts per execution × its weight
// (enclosing trip counts) × its path probability.
InstructionCounts executedPerThread(const Statement& statement, const KernelSlices& slices, int index);

// Threads of a launch: grid × block when every dimension is known.
std::optional<double> launchThreads(const LaunchShape& launch);

// With `ptx`, each line's executed instructions are the PTX's (ExecutedPtxLines), and a line's
// energy goes to the statements starting on it in proportion to their energy by the source's
// operators (evenly where those price nothing), so the heat still follows the work.
KernelEnergy estimateKernelEnergy(const KernelIR& ir, const KernelSlices& slices, const LaunchShape& launch,
    const GpuSpec& gpu, const EnergySettings& settings, std::optional<double> seconds,
    const ExecutedPtxLines* ptx = nullptr);

// Scales `energy` so its dynamic energy is `dynamicJ` (J per launch, the power model's), its
// static power `staticW` (W) and its time `seconds`: statements and lines keep their shares
// (the table's relative costs), totals follow. A table priced on another GPU (aalto2013 is
// Fermi's) would otherwise show a second, far-off energy beside the power model's [ours].
void scaleToPowerModel(KernelEnergy& energy, double dynamicJ, double staticW, double seconds, const QString& modelName);

// The words for counts from the source's operators.
inline const QString kEnergyCountsFromSource = QStringLiteral("the source's operators (METHOD §9 rules)");

} // namespace slicewatt
