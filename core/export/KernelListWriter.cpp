// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelListWriter.h"

#include "OutputFormatting.h"
#include <QDir>

#include <QJsonArray>
#include <QJsonDocument>

namespace slicewatt {
namespace {

QJsonValue dimJson(const LaunchDim& dim)
{
    if (dim.expression.isEmpty() && !dim.x && !dim.y && !dim.z)
        return QJsonValue(QJsonValue::Null);
    return QJsonArray{optionalNumberJson(dim.x), optionalNumberJson(dim.y), optionalNumberJson(dim.z)};
}

// What the launch computes from host values, by component ("grid.x", "shmem", "n"), as
// expressions over those values: what --arg FUNCTION:NAME=VALUE fills in.
QJsonObject hostValuesJson(const LaunchHostValues& values)
{
    QJsonObject object;
    static const char* const axes[] = {"x", "y", "z"};
    for (int axis = 0; axis < 3; ++axis) {
        if (values.grid[axis])
            object.insert(QStringLiteral("grid.") + QLatin1String(axes[axis]), values.grid[axis]->toString());
        if (values.block[axis])
            object.insert(QStringLiteral("block.") + QLatin1String(axes[axis]), values.block[axis]->toString());
    }
    if (values.sharedBytes)
        object.insert(QStringLiteral("shmem"), values.sharedBytes->toString());
    for (auto it = values.arguments.cbegin(); it != values.arguments.cend(); ++it)
        object.insert(it.key(), it.value()->toString());
    return object;
}

QJsonObject launchJson(const LaunchSite& launch)
{
    QJsonObject object;
    object.insert(QStringLiteral("kernel"), launch.kernelName);
    object.insert(QStringLiteral("file"), launch.location.file);
    object.insert(QStringLiteral("line"), launch.location.line);
    object.insert(QStringLiteral("caller"), launch.callerName);
    object.insert(QStringLiteral("grid"), dimJson(launch.grid));
    object.insert(QStringLiteral("grid_expr"), launch.grid.expression);
    object.insert(QStringLiteral("block"), dimJson(launch.block));
    object.insert(QStringLiteral("block_expr"), launch.block.expression);
    object.insert(QStringLiteral("shmem"), optionalNumberJson(launch.sharedBytes));
    object.insert(QStringLiteral("shmem_expr"), launch.sharedExpression);
    object.insert(QStringLiteral("stream_expr"), launch.streamExpression);
    object.insert(QStringLiteral("api"), launch.api);
    if (!launch.valuesFrom.isEmpty())
        object.insert(QStringLiteral("values_from"), launch.valuesFrom);
    if (!launch.hostValues.isEmpty()) {
        object.insert(QStringLiteral("host_values"), hostValuesJson(launch.hostValues));
        object.insert(QStringLiteral("host_value_names"), QJsonArray::fromStringList(launch.hostValues.names()));
    }
    return object;
}

QJsonArray namesOf(const ProjectIndex& index, const QStringList& keys)
{
    QStringList names;
    for (const QString& key : keys) {
        if (const CatalogFunction* f = index.functionByKey(key))
            names << f->info.name;
    }
    names.sort();
    names.removeDuplicates();
    return QJsonArray::fromStringList(names);
}

QJsonObject functionJson(const FunctionInfo& info)
{
    QJsonObject object;
    object.insert(QStringLiteral("name"), info.name);
    object.insert(QStringLiteral("qualified_name"), info.qualifiedName);
    object.insert(QStringLiteral("file"), info.location.file);
    object.insert(QStringLiteral("line"), info.location.line);
    object.insert(QStringLiteral("template"), info.isTemplate);
    return object;
}

QString component(const std::optional<qint64>& value)
{
    return value ? QString::number(*value) : QStringLiteral("?");
}

} // namespace

QString describeLaunchDim(const LaunchDim& dim)
{
    const QString values = QStringLiteral("(%1,%2,%3)").arg(component(dim.x), component(dim.y), component(dim.z));
    if (dim.isFullyKnown() || dim.expression.isEmpty())
        return values;
    return values + QStringLiteral("=") + dim.expression;
}

QJsonObject kernelListJson(const ProjectIndex& index)
{
    QJsonArray kernels;
    for (const CatalogFunction& kernel : index.kernels) {
        QJsonObject object = functionJson(kernel.info);
        object.insert(QStringLiteral("extern_c"), kernel.info.isExternC);
        object.insert(QStringLiteral("static"), kernel.info.isStatic);
        insertArchJson(object, kernel);
        object.insert(QStringLiteral("calls"), namesOf(index, kernel.calleeKeys));
        QJsonArray launches;
        for (const LaunchSite& launch : kernel.launches)
            launches << launchJson(launch);
        object.insert(QStringLiteral("launches"), launches);
        object.insert(QStringLiteral("file_diagnostics"), index.diagnosticCountForFile(kernel.info.location.file));
        kernels << object;
    }
    QJsonArray deviceFunctions;
    for (const CatalogFunction& function : index.deviceFunctions) {
        QJsonObject object = functionJson(function.info);
        object.insert(QStringLiteral("host_device"), function.info.kind == FunctionKind::HostDevice);
        object.insert(QStringLiteral("callers"), namesOf(index, function.callerKeys));
        deviceFunctions << object;
    }
    QJsonArray unresolved;
    for (const LaunchSite& launch : index.unresolvedLaunches)
        unresolved << launchJson(launch);
    QJsonArray diagnostics;
    const Diagnostics all = index.allDiagnostics();
    for (const Diagnostic& d : all)
        diagnostics << diagnosticJson(d);
    QJsonArray files;
    for (const UnitIndex& unit : index.units)
        files << unit.path;

    QJsonObject root;
    root.insert(QStringLiteral("files"), files);
    root.insert(QStringLiteral("cuda_arch"), index.deviceArch.name());
    root.insert(QStringLiteral("kernels"), kernels);
    root.insert(QStringLiteral("device_functions"), deviceFunctions);
    root.insert(QStringLiteral("external_launches"), unresolved);
    root.insert(QStringLiteral("dropped_flags"), QJsonArray::fromStringList(index.droppedFlags));
    root.insert(QStringLiteral("diagnostics"), diagnostics);
    root.insert(QStringLiteral("error_count"), errorCount(all));
    root.insert(QStringLiteral("cancelled"), index.cancelled);
    return root;
}

QByteArray kernelListJsonText(const ProjectIndex& index)
{
    return QJsonDocument(kernelListJson(index)).toJson(QJsonDocument::Indented);
}

QString kernelListTable(const ProjectIndex& index, const QString& baseDir)
{
    QString out;
    int nameWidth = 6;
    int placeWidth = 8;
    for (const CatalogFunction& k : index.kernels) {
        nameWidth = qMax(nameWidth, int(k.info.qualifiedName.size()));
        const QString place
            = pathRelativeTo(k.info.location.file, baseDir) + QLatin1Char(':') + QString::number(k.info.location.line);
        placeWidth = qMax(placeWidth, int(place.size()));
    }
    out += QStringLiteral("%1  %2  %3  %4\n")
               .arg(QStringLiteral("KERNEL"), -nameWidth)
               .arg(QStringLiteral("LOCATION"), -placeWidth)
               .arg(QStringLiteral("DIAG"), 4)
               .arg(QStringLiteral("LAUNCHES (grid, block, shared bytes)"));
    for (const CatalogFunction& k : index.kernels) {
        const QString place
            = pathRelativeTo(k.info.location.file, baseDir) + QLatin1Char(':') + QString::number(k.info.location.line);
        QStringList launchTexts;
        for (const LaunchSite& l : k.launches) {
            QString text
                = QStringLiteral("%1:%2 grid=%3 block=%4 shmem=%5")
                      .arg(pathRelativeTo(l.location.file, baseDir))
                      .arg(l.location.line)
                      .arg(describeLaunchDim(l.grid), describeLaunchDim(l.block),
                          l.sharedBytes ? QString::number(*l.sharedBytes) : QStringLiteral("?=") + l.sharedExpression);
            if (l.api != QLatin1String("<<<>>>"))
                text += QStringLiteral(" via ") + l.api;
            if (!l.valuesFrom.isEmpty()) {
                const int colon = l.valuesFrom.lastIndexOf(QLatin1Char(':'));
                text += QStringLiteral(" (values from the call at %1%2)")
                            .arg(pathRelativeTo(l.valuesFrom.left(colon), baseDir), l.valuesFrom.mid(colon));
            }
            if (!l.hostValues.isEmpty())
                text += QStringLiteral(" (computed from %1: --arg sets them)")
                            .arg(l.hostValues.names().join(QStringLiteral(", ")));
            launchTexts << text;
        }
        if (launchTexts.isEmpty())
            launchTexts << QStringLiteral("-");
        const QString archNote = archDependenceNote(k);
        if (!archNote.isEmpty())
            launchTexts.last() += QStringLiteral("  [body %1]").arg(archNote);
        const QString indent(nameWidth + placeWidth + 10, QLatin1Char(' '));
        out += QStringLiteral("%1  %2  %3  %4\n")
                   .arg(k.info.qualifiedName, -nameWidth)
                   .arg(place, -placeWidth)
                   .arg(index.diagnosticCountForFile(k.info.location.file), 4)
                   .arg(launchTexts.join(QLatin1Char('\n') + indent));
    }
    const Diagnostics all = index.allDiagnostics();
    out += QStringLiteral("\n%1 kernels, %2 device functions, %3 files, %4 errors, %5 warnings\n")
               .arg(index.kernels.size())
               .arg(index.deviceFunctions.size())
               .arg(index.units.size())
               .arg(errorCount(all))
               .arg(std::count_if(all.begin(), all.end(),
                   [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::Warning; }));
    return out;
}

} // namespace slicewatt
