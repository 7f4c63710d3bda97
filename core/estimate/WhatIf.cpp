// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatIf.h"

#include "analysis/LaunchChoice.h"

namespace slicewatt {

namespace {

EnergySettings energySettings(const EnergyModel* energy, const WhatIfSettings& settings)
{
    EnergySettings result;
    result.model = energy;
    result.threads = settings.threads;
    result.staticW = settings.staticW;
    result.counts = settings.energyCounts;
    return result;
}

} // namespace

KernelWhatIf KernelWhatIf::overriddenBy(const KernelWhatIf& other) const
{
    KernelWhatIf merged = *this;
    if (other.saturation)
        merged.saturation = other.saturation;
    if (other.gridBlocks)
        merged.gridBlocks = other.gridBlocks;
    if (other.blockThreads)
        merged.blockThreads = other.blockThreads;
    for (auto it = other.tripCounts.cbegin(); it != other.tripCounts.cend(); ++it)
        merged.tripCounts.insert(it.key(), it.value());
    for (auto it = other.branchArms.cbegin(); it != other.branchArms.cend(); ++it)
        merged.branchArms.insert(it.key(), it.value());
    for (auto it = other.arguments.cbegin(); it != other.arguments.cend(); ++it)
        merged.arguments.insert(it.key(), it.value());
    return merged;
}

bool KernelWhatIf::operator==(const KernelWhatIf& other) const
{
    return saturation == other.saturation && gridBlocks == other.gridBlocks && blockThreads == other.blockThreads
        && tripCounts == other.tripCounts && branchArms == other.branchArms && arguments == other.arguments;
}

ModelChoice chooseModel(const ModelLibrary& library, const WhatIfSettings& settings)
{
    ModelChoice choice;
    choice.gpu = library.gpus().find(settings.gpuId);
    choice.model = library.model(settings.modelId);
    if (!choice.gpu)
        choice.error = QStringLiteral("unknown GPU '%1'").arg(settings.gpuId);
    else if (!choice.model)
        choice.error = QStringLiteral("unknown model '%1'").arg(settings.modelId);
    else if (!(choice.energy = library.energyModel(settings.energyModelId)))
        choice.error = QStringLiteral("unknown energy model '%1'").arg(settings.energyModelId);
    else if (!choice.model->supports(choice.gpu->id))
        choice.error = QStringLiteral("model %1 has no parameters for %2 (it covers: %3)")
                           .arg(choice.model->id(), choice.gpu->id, choice.model->gpuIds().join(QStringLiteral(", ")));
    return choice;
}

LaunchShape whatIfLaunch(const CatalogFunction& kernel, const KernelWhatIf& whatIf)
{
    LaunchShape launch = defaultLaunchShape(kernel.launches);
    if (whatIf.gridBlocks) {
        launch.gridDim[0] = *whatIf.gridBlocks;
        launch.gridDim[1] = 1;
        launch.gridDim[2] = 1;
    }
    if (whatIf.blockThreads) {
        launch.blockDim[0] = *whatIf.blockThreads;
        launch.blockDim[1] = 1;
        launch.blockDim[2] = 1;
    }
    for (auto it = whatIf.arguments.cbegin(); it != whatIf.arguments.cend(); ++it)
        launch.kernelArguments.insert(it.key(), it.value());
    return launch;
}

KernelEstimateReport estimateKernelWhatIf(const CatalogFunction& kernel, const KernelIR& ir, const PowerModel& model,
    const GpuSpec& gpu, const EnergyModel* energy, const WhatIfSettings& settings)
{
    const KernelWhatIf whatIf = settings.forKernel(kernel.info.key);
    AnalysisOptions options;
    options.counting = settings.counting;
    options.memoryFactors = model.memoryFactors();
    options.tripCountOverrides = whatIf.tripCounts;
    options.branchProbabilities = whatIf.branchArms;

    KernelEstimateReport report;
    report.analysis.kernel = &kernel;
    report.analysis.ir = &ir;
    report.analysis.launch = whatIfLaunch(kernel, whatIf);
    report.analysis.slices = analyseKernel(ir, report.analysis.launch, options);

    EstimateSettings estimateSettings;
    estimateSettings.saturation = whatIf.saturation;
    estimateSettings.gridBlocks = whatIf.gridBlocks;
    estimateSettings.seconds = settings.seconds;
    estimateSettings.delta = settings.delta;
    estimateSettings.energy = energySettings(energy, settings);
    estimateSettings.ptx = ptxForKernel(settings.ptx, kernel.info.qualifiedName, kernel.info.location.file);
    report.estimate = estimateKernel(ir, report.analysis.slices, report.analysis.launch, model, gpu, estimateSettings);
    return report;
}

EstimateRun estimateProjectWhatIf(const ProjectIndex& index, const PowerModel& model, const GpuSpec& gpu,
    const EnergyModel* energy, const WhatIfSettings& settings)
{
    EstimateRun run;
    run.index = &index;
    run.model = &model;
    run.gpu = &gpu;
    run.settings.delta = settings.delta;
    run.settings.seconds = settings.seconds;
    run.settings.saturation = settings.allKernels.saturation;
    run.settings.gridBlocks = settings.allKernels.gridBlocks;
    run.settings.energy = energySettings(energy, settings);
    for (const CatalogFunction& kernel : index.kernels) {
        if (const KernelIR* ir = index.kernelIR(kernel.info.key))
            run.kernels << estimateKernelWhatIf(kernel, *ir, model, gpu, energy, settings);
    }
    if (energy)
        run.copies = estimateCopies(index.copies, *energy, gpu);
    return run;
}

} // namespace slicewatt
