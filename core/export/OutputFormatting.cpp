// SPDX-License-Identifier: GPL-3.0-or-later
#include "OutputFormatting.h"

#include <QDir>
#include <QFileInfo>

namespace slicewatt {

QString pathRelativeTo(const QString& path, const QString& baseDir)
{
    if (baseDir.isEmpty() || !path.startsWith(baseDir + QLatin1Char('/')))
        return path;
    return path.mid(baseDir.size() + 1);
}

QJsonValue optionalNumberJson(const std::optional<qint64>& value)
{
    return value ? QJsonValue(double(*value)) : QJsonValue(QJsonValue::Null);
}

QJsonObject diagnosticJson(const Diagnostic& d)
{
    QJsonObject object;
    object.insert(QStringLiteral("severity"), severityName(d.severity));
    object.insert(QStringLiteral("file"), d.file);
    object.insert(QStringLiteral("line"), d.line);
    object.insert(QStringLiteral("column"), d.column);
    object.insert(QStringLiteral("message"), d.message);
    return object;
}

QString commonFolder(const QStringList& inputs)
{
    QString common;
    for (const QString& input : inputs) {
        const QFileInfo info(input);
        QString folder = info.isDir() ? QDir::cleanPath(info.absoluteFilePath()) : QDir::cleanPath(info.absolutePath());
        if (common.isNull()) {
            common = folder;
            continue;
        }
        while (!(folder + QLatin1Char('/')).startsWith(common + QLatin1Char('/')) && common.contains(QLatin1Char('/')))
            common = common.left(common.lastIndexOf(QLatin1Char('/')));
    }
    return common;
}

QString archDependenceNote(const CatalogFunction& kernel)
{
    if (kernel.deviceArch.isEmpty())
        return QString();
    return QStringLiteral("read for %1 (its code tests __CUDA_ARCH__)").arg(kernel.deviceArch);
}

void insertArchJson(QJsonObject& object, const CatalogFunction& kernel)
{
    object.insert(QStringLiteral("arch_dependent"), !kernel.deviceArch.isEmpty());
    if (!kernel.deviceArch.isEmpty())
        object.insert(QStringLiteral("read_for_arch"), kernel.deviceArch);
}

void insertKernelReadingJson(QJsonObject& object, const CatalogFunction& kernel)
{
    if (kernel.unitErrors > 0)
        object.insert(QStringLiteral("unit_errors"), kernel.unitErrors);
    insertArchJson(object, kernel);
}

QString extrapolationSentence()
{
    return QStringLiteral(
        "Outside the range it was fitted on, a model only continues its curve: the number is a guess the "
        "measurements behind the model never checked, and above the board power it is one the GPU cannot even draw.");
}

} // namespace slicewatt
