// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectEstimate.h"

namespace slicewatt {

EstimateRun estimateProject(const ProjectIndex& index, const QVector<KernelSliceReport>& analyses,
    const PowerModel& model, const GpuSpec& gpu, const EstimateSettings& settings)
{
    EstimateRun run;
    run.index = &index;
    run.model = &model;
    run.gpu = &gpu;
    run.settings = settings;
    for (const KernelSliceReport& analysis : analyses) {
        KernelEstimateReport report;
        report.analysis = analysis;
        EstimateSettings kernelSettings = settings;
        if (analysis.kernel)
            kernelSettings.ptx
                = ptxForKernel(settings.ptx, analysis.kernel->info.qualifiedName, analysis.kernel->info.location.file);
        report.estimate = estimateKernel(*analysis.ir, analysis.slices, analysis.launch, model, gpu, kernelSettings);
        run.kernels << report;
    }
    return run;
}

} // namespace slicewatt
