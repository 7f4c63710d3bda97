// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchChoice.h"

namespace slicewatt {

LaunchShape defaultLaunchShape(const QVector<LaunchSite>& launches)
{
    LaunchShape shape;
    if (launches.isEmpty())
        return shape;
    const LaunchSite* chosen = &launches.first();
    for (const LaunchSite& launch : launches) {
        if (launch.block.isFullyKnown()) {
            chosen = &launch;
            break;
        }
    }
    shape.blockDim[0] = chosen->block.x;
    shape.blockDim[1] = chosen->block.y;
    shape.blockDim[2] = chosen->block.z;
    shape.gridDim[0] = chosen->grid.x;
    shape.gridDim[1] = chosen->grid.y;
    shape.gridDim[2] = chosen->grid.z;
    shape.templateArguments = chosen->templateArguments;
    return shape;
}

} // namespace slicewatt
