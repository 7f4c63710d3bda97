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

namespace {

// The value of one open component from the host values given, or its open names noted.
// A value under `minimum` (a grid of no blocks, negative shared bytes) is no launch the code
// can make: the values given do not fit it, and the component stays open, said as such.
void fillFromHost(std::optional<qint64>& component, const SymbolicExprPtr& expression, LaunchShape& shape,
    std::optional<qint64> minimum)
{
    if (component || !expression)
        return;
    const std::optional<qint64> value = expression->evaluate(shape);
    if (value && (!minimum || *value >= *minimum)) {
        component = value;
        return;
    }
    const QStringList open = value
        ? QStringList{QStringLiteral("%1 (gives %2)").arg(expression->toString()).arg(*value)}
        : expression->unresolved(shape);
    for (const QString& name : open) {
        if (!shape.hostValuesOpen.contains(name))
            shape.hostValuesOpen << name;
    }
}

} // namespace

LaunchShape launchShapeOf(const LaunchSite& launch, const QHash<QString, qint64>& hostValues)
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
    shape.hostValues = hostValues;
    const LaunchHostValues& host = launch.hostValues;
    for (int axis = 0; axis < 3; ++axis) {
        fillFromHost(shape.gridDim[axis], host.grid[axis], shape, 1);
        fillFromHost(shape.blockDim[axis], host.block[axis], shape, 1);
    }
    fillFromHost(shape.dynamicSharedBytes, host.sharedBytes, shape, 0);
    for (auto it = host.arguments.cbegin(); it != host.arguments.cend(); ++it) {
        if (shape.kernelArguments.contains(it.key()))
            continue;
        std::optional<qint64> value;
        fillFromHost(value, it.value(), shape, std::nullopt);
        if (value)
            shape.kernelArguments.insert(it.key(), *value);
    }
    return shape;
}

QString hostValuesOpenNote(const LaunchShape& launch)
{
    if (launch.hostValuesOpen.isEmpty())
        return QString();
    QStringList settings;
    for (const QString& name : launch.hostValuesOpen) {
        if (!name.contains(QLatin1Char(' ')))
            settings << QStringLiteral("--arg %1=VALUE").arg(name);
    }
    return QStringLiteral("; computed in host code from %1%2")
        .arg(launch.hostValuesOpen.join(QStringLiteral(", ")),
            settings.isEmpty() ? QString() : QStringLiteral(" (set %1)").arg(settings.join(QStringLiteral(", "))));
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
