// SPDX-License-Identifier: GPL-3.0-or-later
#include "AnalysisSnapshot.h"

#include "common/FileIo.h"
#include "export/OutputFormatting.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace slicewatt {
namespace {

std::optional<double> number(const QJsonValue& value)
{
    return value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt;
}

KernelSnapshot readKernel(const QJsonObject& k)
{
    KernelSnapshot kernel;
    kernel.name = k.value(QStringLiteral("name")).toString();
    kernel.signature = k.value(QStringLiteral("signature")).toString();
    kernel.file = k.value(QStringLiteral("file")).toString();
    kernel.line = k.value(QStringLiteral("line")).toInt();
    kernel.powerW = number(k.value(QStringLiteral("power_w")));
    kernel.noEstimate = k.value(QStringLiteral("no_estimate")).toString();
    const QJsonObject energy = k.value(QStringLiteral("energy_model")).toObject();
    // Both sides are estimated with the same settings, so they give the same kind of figure.
    kernel.energyJ = number(energy.value(QStringLiteral("total_j")));
    if (!kernel.energyJ)
        kernel.energyJ = number(energy.value(QStringLiteral("dynamic_j")));
    if (!kernel.energyJ)
        kernel.energyJ = number(k.value(QStringLiteral("energy_j")));
    kernel.intensity = number(k.value(QStringLiteral("intensity")));
    kernel.saturation = k.value(QStringLiteral("saturation")).toDouble();
    for (const QJsonValue& value : k.value(QStringLiteral("slices")).toArray()) {
        const QJsonObject s = value.toObject();
        SliceSnapshot slice{s.value(QStringLiteral("space")).toString(), number(s.value(QStringLiteral("power_w"))),
            number(s.value(QStringLiteral("intensity"))), s.value(QStringLiteral("share")).toDouble()};
        slice.length = s.value(QStringLiteral("length")).toInt();
        slice.arithmetic = s.value(QStringLiteral("arith")).toDouble();
        const QJsonObject mem = s.value(QStringLiteral("mem")).toObject();
        for (auto it = mem.constBegin(); it != mem.constEnd(); ++it)
            slice.accesses += it.value().toDouble();
        kernel.slices.append(slice);
    }
    for (const QJsonValue& value : k.value(QStringLiteral("hot_lines")).toArray()) {
        const QJsonObject l = value.toObject();
        LineSnapshot line;
        line.file = l.value(QStringLiteral("file")).toString();
        line.line = l.value(QStringLiteral("line")).toInt();
        line.code = l.value(QStringLiteral("code")).toString();
        line.heatW = l.value(QStringLiteral("heat_w")).toDouble();
        line.energyJ = number(l.value(QStringLiteral("energy_j")));
        kernel.lines.append(line);
    }
    return kernel;
}

} // namespace

QString AnalysisSnapshot::kernelsFolder() const
{
    QStringList files;
    for (const KernelSnapshot& k : kernels)
        files << k.file;
    return commonFolder(files);
}

QString AnalysisSnapshot::relativeFile(const QString& file) const
{
    return pathRelativeTo(file, root);
}

const SliceSnapshot* KernelSnapshot::slice(const QString& space) const
{
    for (const SliceSnapshot& s : slices) {
        if (s.space == space)
            return &s;
    }
    return nullptr;
}

std::optional<AnalysisSnapshot> readAnalysisSnapshot(const QByteArray& json, QString* error)
{
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parse);
    if (parse.error != QJsonParseError::NoError) {
        *error = QStringLiteral("not JSON (%1 at byte %2)").arg(parse.errorString()).arg(parse.offset);
        return std::nullopt;
    }
    const QJsonObject root = document.object();
    if (!root.value(QStringLiteral("kernels")).isArray() || !root.value(QStringLiteral("gpu")).isString()) {
        *error = QStringLiteral("not an analysis (slicewatt-cli analyze --format json writes one): no gpu and kernels");
        return std::nullopt;
    }
    AnalysisSnapshot snapshot;
    snapshot.gpu = root.value(QStringLiteral("gpu")).toString();
    snapshot.model = root.value(QStringLiteral("model")).toString();
    snapshot.energyModel = root.value(QStringLiteral("energy_model")).toString();
    const QJsonArray kernels = root.value(QStringLiteral("kernels")).toArray();
    for (qsizetype i = 0; i < kernels.size(); ++i) {
        const QJsonObject k = kernels[i].toObject();
        if (!k.value(QStringLiteral("name")).isString() || k.value(QStringLiteral("name")).toString().isEmpty()) {
            *error = QStringLiteral("kernel %1 has no name").arg(i + 1);
            return std::nullopt;
        }
        snapshot.kernels.append(readKernel(k));
    }
    // Written by analyze; an older analysis: the folder all its kernels' files are in.
    if (root.contains(QStringLiteral("root"))) {
        snapshot.root = root.value(QStringLiteral("root")).toString();
    } else {
        snapshot.root = snapshot.kernelsFolder();
    }
    return snapshot;
}

std::optional<AnalysisSnapshot> readAnalysisSnapshotFile(const QString& path, QString* error)
{
    QByteArray json;
    if (!readTextFile(path, &json, error))
        return std::nullopt;
    std::optional<AnalysisSnapshot> snapshot = readAnalysisSnapshot(json, error);
    if (!snapshot && error)
        *error = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), *error);
    return snapshot;
}

} // namespace slicewatt
