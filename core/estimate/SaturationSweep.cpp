// SPDX-License-Identifier: GPL-3.0-or-later
#include "SaturationSweep.h"

#include "analysis/LaunchChoice.h"

namespace slicewatt {

QVector<SweepPoint> saturationSweep(const CatalogFunction& kernel, const KernelIR& ir, const PowerModel& model,
    const GpuSpec& gpu, const WhatIfSettings& settings)
{
    const int steps = gpu.sms > 0 ? gpu.sms : 10;
    WhatIfSettings swept = settings;
    KernelWhatIf whatIf = settings.kernels.value(kernel.info.key);
    // The sweep moves one launch: the site the kernel is estimated at, held for every step
    // (else the heaviest site could change from one step to the next).
    if (kernel.launches.size() > 1 && settings.forKernel(kernel.info.key).launchSite.isEmpty()) {
        const KernelEstimateReport now = estimateKernelWhatIf(kernel, ir, model, gpu, nullptr, settings);
        for (const LaunchSiteEstimate& site : now.launches) {
            if (site.chosen)
                whatIf.launchSite = launchSiteKey(*site.site);
        }
    }
    QVector<SweepPoint> points;
    points.reserve(steps);
    for (int k = 1; k <= steps; ++k) {
        // Through estimateKernelWhatIf, not a shortcut: one code path turns settings into watts.
        // A launch-level model reads the launch, not Sa: it gets k blocks of the kernel's block.
        if (model.isLaunchLevel())
            whatIf.grid = LaunchExtent{k, 1, 1};
        else
            whatIf.saturation = double(k) / steps;
        swept.kernels.insert(kernel.info.key, whatIf);
        const KernelEstimateReport report
            = estimateKernelWhatIf(kernel, ir, model, gpu, nullptr, swept) /* watts only */;
        if (report.estimate.hasEstimate())
            points << SweepPoint{report.estimate.saturation, report.estimate.activeSms, report.estimate.watts};
    }
    return points;
}

} // namespace slicewatt
