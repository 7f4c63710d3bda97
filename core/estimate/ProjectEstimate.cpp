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
        report.estimate = estimateKernel(*analysis.ir, analysis.slices, analysis.launch, model, gpu, settings);
        run.kernels << report;
    }
    return run;
}

} // namespace slicewatt
