// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProblemSizes.h"

#include "common/FileIo.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace slicewatt {
namespace {

// "KERNEL:NAME" or "NAME", each an identifier (KERNEL may be qualified: ns::k).
bool splitKey(const QString& key, QString& kernel, QString& parameter)
{
    static const QRegularExpression form(
        QStringLiteral("^(?:([A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*):)?([A-Za-z_][A-Za-z0-9_]*)$"));
    const QRegularExpressionMatch match = form.match(key.trimmed());
    if (!match.hasMatch())
        return false;
    kernel = match.captured(1);
    parameter = match.captured(2);
    return true;
}

// 256, "16x16" or [16, 16]: nullopt with `error` otherwise.
std::optional<LaunchExtent> extentFromJson(const QJsonValue& value, QString& error)
{
    if (value.isString())
        return parseLaunchExtent(value.toString(), &error);
    QStringList parts;
    const QJsonArray array = value.isArray() ? value.toArray() : QJsonArray{value};
    for (const QJsonValue& part : array) {
        const double number = part.toDouble(-1);
        if (!part.isDouble() || number != std::floor(number) || number < 1 || number > 9.007199254740992e15) {
            error = QStringLiteral("a size is a whole number of at least 1, \"16x16\" or [16, 16]");
            return std::nullopt;
        }
        parts << QString::number(qint64(number));
    }
    return parseLaunchExtent(parts.join(QLatin1Char('x')), &error);
}

} // namespace

QStringList ProblemSizes::hostValueNames(const ProjectIndex& index)
{
    QStringList names;
    for (const CatalogFunction& kernel : index.kernels) {
        for (const LaunchSite& launch : kernel.launches) {
            for (const QString& name : launch.hostValues.names()) {
                if (!names.contains(name))
                    names << name;
            }
        }
    }
    return names;
}

void ProblemSizes::addAssignments(const QString& text, const QString& origin)
{
    for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        ProblemSize size;
        size.origin = origin;
        bool ok = false;
        const QString value = item.section(QLatin1Char('='), 1).trimmed();
        size.value = value.toLongLong(&ok);
        if (!item.contains(QLatin1Char('='))
            || !splitKey(item.section(QLatin1Char('='), 0, 0), size.kernel, size.parameter)) {
            errors << QStringLiteral("%1 '%2': expected NAME=VALUE or KERNEL:NAME=VALUE").arg(origin, item);
            continue;
        }
        if (!ok) {
            errors << QStringLiteral("%1 '%2': %3 is not a whole number").arg(origin, item, value);
            continue;
        }
        sizes << size;
    }
}

void ProblemSizes::addJson(const QByteArray& json, const QString& origin)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        errors << QStringLiteral("%1: not a problem-size file (%2); expected {\"arguments\": {\"n\": 1024}}")
                      .arg(origin,
                          parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                       : QStringLiteral("not an object"));
        return;
    }
    const QJsonValue arguments = document.object().value(QLatin1String("arguments"));
    const QJsonValue launchShapes = document.object().value(QLatin1String("launches"));
    if (!arguments.isObject() && !launchShapes.isObject()) {
        errors << QStringLiteral("%1: no \"arguments\" or \"launches\" object").arg(origin);
        return;
    }
    const QJsonObject shapes = launchShapes.toObject();
    for (auto it = shapes.begin(); it != shapes.end(); ++it) {
        LaunchSize launch;
        launch.kernel = it.key();
        launch.origin = origin;
        const QJsonObject shape = it.value().toObject();
        QString why;
        for (const QString& key : shape.keys()) {
            if (key != QLatin1String("grid") && key != QLatin1String("block"))
                why = QStringLiteral("'%1' is neither \"grid\" nor \"block\"").arg(key);
        }
        if (!it.value().isObject() || shape.isEmpty())
            why = QStringLiteral("expected {\"grid\": \"1x1000\", \"block\": \"16x16\"}");
        if (why.isEmpty() && shape.contains(QLatin1String("grid")))
            launch.grid = extentFromJson(shape.value(QLatin1String("grid")), why);
        if (why.isEmpty() && shape.contains(QLatin1String("block")))
            launch.block = extentFromJson(shape.value(QLatin1String("block")), why);
        if (!why.isEmpty()) {
            errors << QStringLiteral("%1: the launch of '%2': %3").arg(origin, it.key(), why);
            continue;
        }
        launches << launch;
    }
    const QJsonObject values = arguments.toObject();
    for (auto it = values.begin(); it != values.end(); ++it) {
        ProblemSize size;
        size.origin = origin;
        if (!splitKey(it.key(), size.kernel, size.parameter)) {
            errors << QStringLiteral("%1: '%2' is no NAME or KERNEL:NAME").arg(origin, it.key());
            continue;
        }
        bool ok = false;
        if (it.value().isDouble()) {
            const double number = it.value().toDouble();
            ok = std::isfinite(number) && number == std::floor(number) && std::fabs(number) <= 9.007199254740992e15;
            size.value = ok ? qint64(number) : 0;
        } else if (it.value().isString()) {
            size.value = it.value().toString().toLongLong(&ok);
        }
        if (!ok) {
            errors << QStringLiteral("%1: the value of '%2' is not a whole number").arg(origin, it.key());
            continue;
        }
        sizes << size;
    }
}

void ProblemSizes::addFile(const QString& path)
{
    if (QFileInfo(path).size() > (qint64(1) << 24)) {
        errors << QStringLiteral("%1: cannot read the problem-size file (over 16 MiB)").arg(path);
        return;
    }
    QByteArray json;
    QString error;
    if (!readTextFile(path, &json, &error)) {
        errors << QStringLiteral("cannot read the problem-size file: %1").arg(error);
        return;
    }
    addJson(json, path);
}

QString ProblemSizes::projectFile(const QStringList& inputs)
{
    if (inputs.isEmpty())
        return QString();
    const QFileInfo first(inputs.first());
    const QDir folder = first.isDir() ? QDir(first.absoluteFilePath()) : first.absoluteDir();
    const QString path = folder.filePath(QStringLiteral(".slicewatt/sizes.json"));
    return QFileInfo(path).isFile() ? path : QString();
}

QStringList ProblemSizes::applyTo(const ProjectIndex& index, WhatIfSettings& settings) const
{
    QStringList warnings;
    std::optional<QStringList> read; // the host values the launches read, once, when a size asks
    for (const ProblemSize& size : sizes) {
        if (size.kernel.isEmpty()) {
            settings.allKernels.arguments.insert(size.parameter, size.value);
            continue;
        }
        bool found = false;
        for (const CatalogFunction& kernel : index.kernels) {
            if (kernel.info.name != size.kernel && kernel.info.qualifiedName != size.kernel)
                continue;
            settings.kernels[kernel.info.key].arguments.insert(size.parameter, size.value);
            found = true;
        }
        if (found)
            continue;
        // A host function whose values a launch reads (issue 47): `--arg launch:n=4096`.
        const QString hostName = size.kernel + QLatin1Char(':') + size.parameter;
        if (!read)
            read = hostValueNames(index);
        if (read->contains(hostName)) {
            settings.allKernels.hostArguments.insert(hostName, size.value);
            continue;
        }
        QStringList ofFunction;
        for (const QString& name : *read) {
            if (name.section(QLatin1Char(':'), 0, -2) == size.kernel)
                ofFunction << name;
        }
        if (!ofFunction.isEmpty())
            warnings << QStringLiteral("%1: no launch reads %2 (the launches read %3)")
                            .arg(size.origin, hostName, ofFunction.join(QStringLiteral(", ")));
        else
            warnings << QStringLiteral("%1: no kernel named '%2', nor a host function whose values a launch reads, "
                                       "for %3")
                            .arg(size.origin, size.kernel, hostName);
    }
    for (const LaunchSize& launch : launches) {
        bool found = false;
        for (const CatalogFunction& kernel : index.kernels) {
            if (kernel.info.name != launch.kernel && kernel.info.qualifiedName != launch.kernel)
                continue;
            KernelWhatIf& whatIf = settings.kernels[kernel.info.key];
            if (launch.grid)
                whatIf.grid = launch.grid;
            if (launch.block)
                whatIf.block = launch.block;
            found = true;
        }
        if (!found)
            warnings << QStringLiteral("%1: no kernel named '%2' for its launch").arg(launch.origin, launch.kernel);
    }
    return warnings;
}

} // namespace slicewatt
