// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlotContext.h"
#include "estimate/KernelSurface.h"
#include "estimate/WhatIf.h"

#include "session/ProjectSession.h"

#include <algorithm>

namespace slicewatt {

QString PlotContext::kernelName() const
{
    return kernel && kernel->analysis.kernel ? kernel->analysis.kernel->info.name : QString();
}

double PlotContext::typicalSliceLines() const
{
    return slicewatt::typicalSliceLines(kernel ? &kernel->estimate : nullptr);
}

KernelEstimate PlotContext::estimateOn(const PowerModel& model, const GpuSpec& gpu) const
{
    WhatIfSettings settings = session->settings();
    settings.modelId = model.id();
    settings.gpuId = gpu.id;
    return estimateKernelWhatIf(*kernel->analysis.kernel, *kernel->analysis.ir, model, gpu, nullptr, settings).estimate;
}

PlotContext makePlotContext(const ProjectSession& session)
{
    PlotContext context;
    context.session = &session;
    if (!session.hasEstimates()) {
        context.error = session.modelError();
        return context;
    }
    if (!session.selectedKernel().isEmpty())
        context.kernel = session.kernelReport(session.selectedKernel());
    if (context.kernel) {
        context.kernelIsSelected = true;
        context.selectedSlice = session.selectedSlice();
        return context;
    }
    context.kernel = session.hottestKernel();
    return context;
}

} // namespace slicewatt
