// SPDX-License-Identifier: GPL-3.0-or-later
#include "PlotContext.h"

#include "session/ProjectSession.h"

#include <algorithm>

namespace slicewatt {

QString PlotContext::kernelName() const
{
    return kernel && kernel->analysis.kernel ? kernel->analysis.kernel->info.name : QString();
}

double PlotContext::typicalSliceLines() const
{
    if (!kernel || kernel->estimate.slices.isEmpty())
        return 10;
    double total = 0;
    for (const SliceEstimate& slice : kernel->estimate.slices)
        total += slice.length;
    return std::clamp(total / kernel->estimate.slices.size(), 1.0, 60.0);
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
