// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaunchChoice.h"

#include <QDir>

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

QString launchSiteKey(const LaunchSite& launch)
{
    return QStringLiteral("%1:%2").arg(launch.location.file).arg(launch.location.line);
}

const LaunchSite* launchAt(const QVector<LaunchSite>& launches, const QString& key)
{
    const int colon = key.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const int line = colon > 0 ? key.mid(colon + 1).toInt(&ok) : 0;
    if (!ok)
        return nullptr;
    const QString file = QDir::fromNativeSeparators(key.left(colon));
    const LaunchSite* found = nullptr;
    for (const LaunchSite& launch : launches) {
        if (launch.location.line != line)
            continue;
        const QString path = launch.location.file;
        if (path == file)
            return &launch;
        if (!path.endsWith(QLatin1Char('/') + file) && path != file)
            continue;
        if (found && found->location.file != path)
            return nullptr; // two files end so: the user must say which
        if (!found)
            found = &launch;
    }
    return found;
}

LaunchShape defaultLaunchShape(const QVector<LaunchSite>& launches)
{
    const LaunchSite* chosen = defaultLaunch(launches);
    return chosen ? launchShapeOf(*chosen) : LaunchShape();
}

} // namespace slicewatt
