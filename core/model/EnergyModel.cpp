// SPDX-License-Identifier: GPL-3.0-or-later
#include "EnergyModel.h"

#include "ModelFileError.h"

#include <QJsonDocument>

namespace slicewatt {
namespace {

// A non-negative number, or null or absent for "unknown" (a calibration that measured only the
// whole board knows no supply split; one that measured no copy knows no copy power).
std::optional<double> optionalNumber(
    const QJsonObject& object, const QString& key, ModelFileErrors& problems, const QString& where)
{
    const QJsonValue value = object.value(key);
    if (value.isNull() || value.isUndefined())
        return std::nullopt;
    if (!value.isDouble() || value.toDouble() < 0) {
        problems.add(QStringLiteral("\"%1\" must be a non-negative number, or null when unknown").arg(key), where);
        return std::nullopt;
    }
    return value.toDouble();
}

} // namespace

bool EnergyModel::isEnergyModelFile(const QByteArray& json)
{
    const QJsonDocument document = QJsonDocument::fromJson(json);
    return document.isObject() && document.object().value(QLatin1String("format")).toString() == QLatin1String(kFormat);
}

std::optional<EnergyModel> EnergyModel::parse(const QByteArray& json, const QString& fileName, QStringList& errors)
{
    ModelFileErrors problems(fileName, json);
    const std::optional<QJsonObject> parsed = problems.parseObject();
    if (!parsed) {
        errors += problems.messages();
        return std::nullopt;
    }
    const QJsonObject& root = *parsed;
    EnergyModel model;
    if (root.value(QLatin1String("format")).toString() != QLatin1String(kFormat))
        problems.add(
            QStringLiteral("expected \"format\": \"%1\"").arg(QLatin1String(kFormat)), QStringLiteral("format"));
    model.m_id = root.value(QLatin1String("id")).toString();
    if (model.m_id.isEmpty())
        problems.add(QStringLiteral("the model has no \"id\""));
    model.m_name = root.value(QLatin1String("name")).toString(model.m_id);
    model.m_equation = root.value(QLatin1String("equation")).toString();
    model.m_measuredOn = root.value(QLatin1String("measured_on")).toString();
    model.m_architecture = root.value(QLatin1String("architecture")).toString();
    model.m_provenance = root.value(QLatin1String("provenance")).toObject();
    if (model.m_provenance.value(QLatin1String("source")).toString().isEmpty())
        problems.add(QStringLiteral("\"provenance\" needs a \"source\": a model file always names where its numbers "
                                    "come from"),
            QStringLiteral("provenance"));

    const QJsonObject classes = root.value(QLatin1String("classes")).toObject();
    for (int i = 0; i < kEnergyClassCount; ++i) {
        const QString name = energyClassName(i);
        const QJsonObject entry = classes.value(name).toObject();
        const QJsonValue total = entry.value(QLatin1String("total_nj"));
        if (!total.isDouble() || total.toDouble() < 0) {
            problems.add(QStringLiteral("\"classes\" needs \"%1\" with a non-negative \"total_nj\"").arg(name),
                classes.contains(name) ? name : QStringLiteral("classes"));
            continue;
        }
        InstructionEnergy& energy = model.m_energies[size_t(i)];
        energy.totalNj = total.toDouble();
        energy.mainNj = optionalNumber(entry, QStringLiteral("main_nj"), problems, name);
        energy.supplementaryNj = optionalNumber(entry, QStringLiteral("supplementary_nj"), problems, name);
    }
    for (auto it = classes.constBegin(); it != classes.constEnd(); ++it) {
        if (energyClassFromName(it.key()) < 0)
            problems.add(QStringLiteral("unknown instruction class \"%1\"").arg(it.key()), it.key());
    }

    const QJsonValue staticW = root.value(QLatin1String("static_w"));
    if (staticW.isDouble() && staticW.toDouble() >= 0)
        model.m_staticW = staticW.toDouble();
    else if (!staticW.isNull() && !staticW.isUndefined())
        problems.add(QStringLiteral("\"static_w\" must be a non-negative number of watts, or null when unknown"),
            QStringLiteral("static_w"));
    model.m_staticSource = root.value(QLatin1String("static_source")).toString();
    model.m_transferW = optionalNumber(root, QStringLiteral("transfer_w"), problems, QStringLiteral("transfer_w"));
    model.m_transferSource = root.value(QLatin1String("transfer_source")).toString();

    if (!problems.isEmpty()) {
        errors += problems.messages();
        return std::nullopt;
    }
    return model;
}

} // namespace slicewatt
