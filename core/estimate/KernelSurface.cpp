// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelSurface.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {

double typicalSliceLines(const KernelEstimate* estimate)
{
    if (!estimate || estimate->slices.isEmpty())
        return 10;
    double total = 0;
    for (const SliceEstimate& slice : estimate->slices)
        total += slice.length;
    return std::clamp(total / estimate->slices.size(), 1.0, 60.0);
}

ModelGridOptions kernelSurfaceOptions(const PowerModel& model, const GpuSpec& gpu, const KernelEstimate* estimate,
    int intensitySteps, int saturationSteps)
{
    QVector<double> intensities;
    if (estimate) {
        intensities << estimate->averageIntensity;
        for (const SliceEstimate& slice : estimate->slices)
            intensities << modelIntensity(model, slice);
    }
    const GridAxis axis = intensityAxisCovering(model, intensities, intensitySteps);
    ModelGridOptions options;
    options.intensityFirst = axis.first;
    options.intensityLast = axis.last;
    options.intensitySteps = axis.count;
    options.saturationSteps = saturationSteps;
    options.saturationFirst = std::min(0.1, gpu.sms > 0 ? 1.0 / gpu.sms : 0.1);
    if (model.form() == QLatin1String("wnn"))
        options.lines = std::round(typicalSliceLines(estimate));
    return options;
}

QString noSurfaceReason(const PowerModel& model)
{
    if (!model.isLaunchLevel())
        return {};
    return QStringLiteral("%1 predicts a whole launch from %2, not a slice from its intensity and SM saturation: it "
                          "has no surface. The saturation sweep shows how it changes with the grid.")
        .arg(model.name(),
            model.needsPtx() ? QStringLiteral("the PTX features of the launch")
                             : QStringLiteral("its threads, occupancy and a static time estimate"));
}

} // namespace slicewatt
