// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ProjectEstimate.h"
#include "ir/LaunchExtent.h"
#include "model/ModelLibrary.h"

#include <QHash>

#include <optional>

namespace slicewatt {

// What a user changed about one kernel, relative to what the code says (the GUI's what-if
// panel, the CLI's flags). Empty fields mean "as the code says".
struct KernelWhatIf {
    std::optional<double> saturation; // Sa directly (overrides the launch's grid)
    std::optional<LaunchExtent> grid; // launch grid in blocks, x, y and z
    std::optional<LaunchExtent> block; // launch block in threads, x, y and z
    QHash<int, qint64> tripCounts; // loop statement index → trips
    QHash<int, QVector<double>> branchArms; // If/Switch statement index → arm probabilities
    // Kernel argument values by parameter name (--arg, the sizes file, the argument table),
    // over the values the launch gives.
    QHash<QString, qint64> arguments;
    // Host values by "FUNCTION:NAME" (--arg launch:n=4096, the sizes file): what a launch
    // configuration computed in host code reads (LaunchSite::hostValues). Plain names in
    // `arguments` count for host values of that name too.
    QHash<QString, qint64> hostArguments;
    // The launch site the kernel is estimated at (launchSiteKey: "path:line"; --launch, the
    // panel's launch chooser); empty: the heaviest of its sites (issue 47). The other fields
    // apply to that site.
    QString launchSite;

    bool isEmpty() const
    {
        return !saturation && !grid && !block && tripCounts.isEmpty() && branchArms.isEmpty() && arguments.isEmpty()
            && hostArguments.isEmpty() && launchSite.isEmpty();
    }
    // `other`'s fields where it has them, ours elsewhere.
    KernelWhatIf overriddenBy(const KernelWhatIf& other) const;
    bool operator==(const KernelWhatIf& other) const;
};

// Everything that turns a project's cached analysis into watts.
struct WhatIfSettings {
    QString gpuId = QStringLiteral("gtx280");
    QString modelId = QStringLiteral("jos13");
    double delta = 0.01; // BDPM threshold δ
    std::optional<double> seconds; // execution time for energy
    QString energyModelId = ModelLibrary::defaultEnergyModelId(); // instruction-class table (METHOD §9)
    std::optional<qint64> threads; // for kernels whose launch is not known (--threads)
    std::optional<double> staticW; // replaces the energy model's static power (--static-w)
    EnergyCounts energyCounts = EnergyCounts::Auto; // --energy-counts: PTX or the source's operators
    AnalysisOptions::Counting counting = AnalysisOptions::Counting::Ast;
    PtxSettings ptx; // the project's PTX, for a model that reads it (alavani-xgb)
    KernelWhatIf allKernels; // applies to every kernel (CLI flags)
    QHash<QString, KernelWhatIf> kernels; // per kernel by function key, over allKernels (GUI)

    KernelWhatIf forKernel(const QString& key) const { return allKernels.overriddenBy(kernels.value(key)); }
};

// The model and GPU a settings object names, or a message saying why there is none.
struct ModelChoice {
    const PowerModel* model = nullptr;
    const GpuSpec* gpu = nullptr;
    const EnergyModel* energy = nullptr; // the instruction-class table
    QString error; // empty when all were found and the model covers the GPU
};
ModelChoice chooseModel(const ModelLibrary& library, const WhatIfSettings& settings);

// The launch a kernel is analysed for: the what-if's launch site (else the code's default
// launch), what its host code computes from the what-if's host values (and plain argument
// names), then the what-if grid, block and arguments in place of the code's.
LaunchShape whatIfLaunch(const CatalogFunction& kernel, const KernelWhatIf& whatIf);

// Re-analyses (trip counts, branch probabilities: no reparse) and estimates one kernel.
// Cheap: this is what a what-if slider calls on every change. A kernel launched at several
// sites is estimated at each (report.launches), and the report is the chosen site's, or the
// heaviest's (most energy per launch) where none is chosen.
// `energy` prices the instructions (and makes heat follow them); nullptr leaves the energy
// out and spreads heat evenly.
KernelEstimateReport estimateKernelWhatIf(const CatalogFunction& kernel, const KernelIR& ir, const PowerModel& model,
    const GpuSpec& gpu, const EnergyModel* energy, const WhatIfSettings& settings);

// Every kernel of the project with a readable body, in the index's order.
EstimateRun estimateProjectWhatIf(const ProjectIndex& index, const PowerModel& model, const GpuSpec& gpu,
    const EnergyModel* energy, const WhatIfSettings& settings);

} // namespace slicewatt
