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
    if (other.grid)
        merged.grid = other.grid;
    if (other.block)
        merged.block = other.block;
    for (auto it = other.tripCounts.cbegin(); it != other.tripCounts.cend(); ++it)
        merged.tripCounts.insert(it.key(), it.value());
    for (auto it = other.branchArms.cbegin(); it != other.branchArms.cend(); ++it)
        merged.branchArms.insert(it.key(), it.value());
    for (auto it = other.arguments.cbegin(); it != other.arguments.cend(); ++it)
        merged.arguments.insert(it.key(), it.value());
    for (auto it = other.hostArguments.cbegin(); it != other.hostArguments.cend(); ++it)
        merged.hostArguments.insert(it.key(), it.value());
    if (!other.launchSite.isEmpty())
        merged.launchSite = other.launchSite;
    return merged;
}

bool KernelWhatIf::operator==(const KernelWhatIf& other) const
{
    return saturation == other.saturation && grid == other.grid && block == other.block
        && tripCounts == other.tripCounts && branchArms == other.branchArms && arguments == other.arguments
        && hostArguments == other.hostArguments && launchSite == other.launchSite;
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

namespace {

// The site a what-if estimates at: the one it names, else the code's default launch.
const LaunchSite* whatIfSite(const CatalogFunction& kernel, const KernelWhatIf& whatIf)
{
    const LaunchSite* site = whatIf.launchSite.isEmpty() ? nullptr : launchAt(kernel.launches, whatIf.launchSite);
    return site ? site : defaultLaunch(kernel.launches);
}

} // namespace

LaunchShape whatIfLaunch(const CatalogFunction& kernel, const KernelWhatIf& whatIf)
{
    const LaunchSite* site = whatIfSite(kernel, whatIf);
    // "FUNCTION:NAME" as given; a plain name stands for every host value of that name.
    QHash<QString, qint64> hostValues = whatIf.hostArguments;
    for (auto it = whatIf.arguments.cbegin(); it != whatIf.arguments.cend(); ++it)
        hostValues.insert(it.key(), it.value());
    LaunchShape launch = site ? launchShapeOf(*site, hostValues) : LaunchShape();
    if (whatIf.grid) {
        launch.gridDim[0] = whatIf.grid->x;
        launch.gridDim[1] = whatIf.grid->y;
        launch.gridDim[2] = whatIf.grid->z;
    }
    if (whatIf.block) {
        launch.blockDim[0] = whatIf.block->x;
        launch.blockDim[1] = whatIf.block->y;
        launch.blockDim[2] = whatIf.block->z;
    }
    for (auto it = whatIf.arguments.cbegin(); it != whatIf.arguments.cend(); ++it)
        launch.kernelArguments.insert(it.key(), it.value());
    return launch;
}

namespace {

// One kernel at one launch: `whatIf` with its launch site (or the default launch).
KernelEstimateReport estimateAtLaunch(const CatalogFunction& kernel, const KernelIR& ir, const PowerModel& model,
    const GpuSpec& gpu, const EnergyModel* energy, const WhatIfSettings& settings, const KernelWhatIf& whatIf)
{
    AnalysisOptions options;
    options.counting = settings.counting;
    options.memoryFactors = model.memoryFactors();
    options.tripCountOverrides = whatIf.tripCounts;
    options.branchProbabilities = whatIf.branchArms;

    // The kernel as read for this site's type arguments (a double launch of a template
    // moves 8 bytes an element where its float launch moves 4).
    const LaunchSite* site = whatIfSite(kernel, whatIf);
    const KernelIR& reading = site ? ir.readingFor(site->templateTypes) : ir;
    KernelEstimateReport report;
    report.analysis.kernel = &kernel;
    report.analysis.ir = &reading;
    report.analysis.launch = whatIfLaunch(kernel, whatIf);
    report.analysis.slices = analyseKernel(reading, report.analysis.launch, options);

    EstimateSettings estimateSettings;
    estimateSettings.saturation = whatIf.saturation;
    estimateSettings.gridBlocks = whatIf.grid ? whatIf.grid->total() : std::nullopt;
    estimateSettings.seconds = settings.seconds;
    estimateSettings.delta = settings.delta;
    estimateSettings.energy = energySettings(energy, settings);
    estimateSettings.ptx = ptxForKernel(settings.ptx, kernel.info.qualifiedName, kernel.info.location.file);
    report.estimate
        = estimateKernel(reading, report.analysis.slices, report.analysis.launch, model, gpu, estimateSettings);
    return report;
}

LaunchSiteEstimate siteEstimateOf(const LaunchSite& site, const KernelEstimateReport& report)
{
    LaunchSiteEstimate e;
    e.site = &site;
    e.shape = report.analysis.launch;
    e.seconds = report.estimate.seconds;
    if (report.estimate.hasEstimate())
        e.watts = report.estimate.watts;
    e.joules = report.estimate.joules;
    e.noEstimate = report.estimate.noEstimate;
    return e;
}

} // namespace

KernelEstimateReport estimateKernelWhatIf(const CatalogFunction& kernel, const KernelIR& ir, const PowerModel& model,
    const GpuSpec& gpu, const EnergyModel* energy, const WhatIfSettings& settings)
{
    const KernelWhatIf whatIf = settings.forKernel(kernel.info.key);
    if (kernel.launches.size() <= 1) {
        KernelEstimateReport report = estimateAtLaunch(kernel, ir, model, gpu, energy, settings, whatIf);
        if (!kernel.launches.isEmpty()) {
            report.launches << siteEstimateOf(kernel.launches.first(), report);
            report.launches.first().chosen = true;
            report.launchChoice = LaunchChoiceKind::Only;
        }
        return report;
    }
    // Each site with its own sizes (issue 47): the 67-million-element launch of a vector add
    // is not its 256-element one. The what-if's grid, block and arguments apply at each.
    QVector<KernelEstimateReport> atSites;
    atSites.reserve(kernel.launches.size());
    for (const LaunchSite& site : kernel.launches) {
        KernelWhatIf at = whatIf;
        at.launchSite = launchSiteKey(site);
        atSites << estimateAtLaunch(kernel, ir, model, gpu, energy, settings, at);
    }
    int chosen = -1;
    LaunchChoiceKind how = LaunchChoiceKind::Chosen;
    if (const LaunchSite* site = whatIf.launchSite.isEmpty() ? nullptr : launchAt(kernel.launches, whatIf.launchSite))
        chosen = int(site - kernel.launches.data());
    if (chosen < 0) {
        // The heaviest: most energy per launch, else most power where no time is known.
        how = LaunchChoiceKind::Heaviest;
        auto heavier = [](const KernelEstimate& a, const KernelEstimate& b) {
            if (a.joules && b.joules)
                return *a.joules > *b.joules;
            if (a.joules.has_value() != b.joules.has_value())
                return a.joules.has_value();
            return a.watts > b.watts;
        };
        for (int i = 0; i < atSites.size(); ++i) {
            const KernelEstimate& e = atSites[i].estimate;
            if (e.hasEstimate() && (chosen < 0 || heavier(e, atSites[chosen].estimate)))
                chosen = i;
        }
    }
    if (chosen < 0) {
        how = LaunchChoiceKind::Default;
        chosen = int(defaultLaunch(kernel.launches) - kernel.launches.data());
    }
    KernelEstimateReport report = atSites[chosen];
    report.launchChoice = how;
    for (int i = 0; i < atSites.size(); ++i) {
        report.launches << siteEstimateOf(kernel.launches[i], atSites[i]);
        report.launches.last().chosen = i == chosen;
    }
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
    run.settings.gridBlocks = settings.allKernels.grid ? settings.allKernels.grid->total() : std::nullopt;
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
