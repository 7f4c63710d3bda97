// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchChoice.h"

namespace slicewatt {

const LaunchSite* defaultLaunch(const QVector<LaunchSite>& launches)
{
    for (const LaunchSite& launch : launches) {
        if (launch.block.isFullyKnown())
            return &launch;
    }
    return launches.isEmpty() ? nullptr : &launches.first();
}

LaunchShape defaultLaunchShape(const QVector<LaunchSite>& launches)
{
    LaunchShape shape;
    const LaunchSite* chosen = defaultLaunch(launches);
    if (!chosen)
        return shape;
    shape.blockDim[0] = chosen->block.x;
    shape.blockDim[1] = chosen->block.y;
    shape.blockDim[2] = chosen->block.z;
    shape.gridDim[0] = chosen->grid.x;
    shape.gridDim[1] = chosen->grid.y;
    shape.gridDim[2] = chosen->grid.z;
    shape.templateArguments = chosen->templateArguments;
    shape.dynamicSharedBytes = chosen->sharedBytes;
    return shape;
}

} // namespace slicewatt
