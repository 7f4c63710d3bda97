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

LaunchShape launchShapeOf(const LaunchSite& launch)
{
    LaunchShape shape;
    shape.blockDim[0] = launch.block.x;
    shape.blockDim[1] = launch.block.y;
    shape.blockDim[2] = launch.block.z;
    shape.gridDim[0] = launch.grid.x;
    shape.gridDim[1] = launch.grid.y;
    shape.gridDim[2] = launch.grid.z;
    shape.templateArguments = launch.templateArguments;
    shape.dynamicSharedBytes = launch.sharedBytes;
    shape.kernelArguments = launch.argumentValues;
    return shape;
}

LaunchShape defaultLaunchShape(const QVector<LaunchSite>& launches)
{
    const LaunchSite* chosen = defaultLaunch(launches);
    return chosen ? launchShapeOf(*chosen) : LaunchShape();
}

} // namespace slicewatt
