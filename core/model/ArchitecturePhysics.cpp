// SPDX-License-Identifier: GPL-3.0-or-later
#include "ArchitecturePhysics.h"

#include "ModelFileError.h"

#include <QFile>
#include <QJsonArray>

#include <cmath>

namespace slicewatt {
namespace {

// JSON keys of "energies_pj" → the physical model's parameter names.
const QVector<std::pair<QString, QString>>& energyFields()
{
    static const QVector<std::pair<QString, QString>> fields
        = {{QStringLiteral("fp32"), QStringLiteral("pj_fp32")}, {QStringLiteral("fp64"), QStringLiteral("pj_fp64")},
            {QStringLiteral("int32"), QStringLiteral("pj_int32")}, {QStringLiteral("sfu"), QStringLiteral("pj_sfu")},
            {QStringLiteral("load_store"), QStringLiteral("pj_load_store")},
            {QStringLiteral("l2_byte"), QStringLiteral("pj_l2_byte")}};
    return fields;
}

bool positive(double value)
{
    return std::isfinite(value) && value > 0;
}

ArchitecturePhysics readArchitecture(const QJsonObject& o, ModelFileErrors& problems)
{
    ArchitecturePhysics a;
    a.id = o.value(QLatin1String("id")).toString();
    a.name = o.value(QLatin1String("name")).toString(a.id);
    for (const QJsonValue& cc : o.value(QLatin1String("compute_capabilities")).toArray())
        a.computeCapabilities << cc.toString();
    a.process = o.value(QLatin1String("process")).toString();
    a.processNm = o.value(QLatin1String("process_nm")).toDouble(-1);
    a.nominalVoltageV = o.value(QLatin1String("nominal_voltage_v")).toDouble(-1);
    a.smWattsPerGhz = o.value(QLatin1String("sm_w_per_ghz")).toDouble(-1);
    a.idleShareOfLimit = o.value(QLatin1String("idle_share_of_limit")).toDouble(-1);
    a.voltageFloorShare = o.value(QLatin1String("voltage_floor_share")).toDouble(-1);
    a.scaledFrom = o.value(QLatin1String("scaled_from")).toString();
    const QJsonObject sources = o.value(QLatin1String("sources")).toObject();
    for (auto it = sources.begin(); it != sources.end(); ++it)
        a.sources.insert(it.key(), it.value().toString());
    const QJsonObject energies = o.value(QLatin1String("energies_pj")).toObject();
    for (const auto& [json, key] : energyFields()) {
        if (!energies.contains(json))
            continue;
        const double value = energies.value(json).toDouble(-1);
        // No energy at 0: every pipe and every byte moved costs something [METHOD §12].
        if (!positive(value))
            problems.add(
                QStringLiteral("architecture %1: energy \"%2\" must be a positive number of pJ").arg(a.id, json), json);
        else
            a.energiesPj.insert(key, value);
        if (a.sources.value(key).isEmpty())
            problems.add(QStringLiteral("architecture %1: energy \"%2\" has no source (\"sources\": {\"%3\": …})")
                             .arg(a.id, json, key),
                json);
    }
    const QString where = a.id.isEmpty() ? QStringLiteral("architectures") : a.id;
    if (a.id.isEmpty())
        problems.add(QStringLiteral("an architecture has no \"id\""), QStringLiteral("architectures"));
    if (a.computeCapabilities.isEmpty())
        problems.add(
            QStringLiteral("architecture %1: \"compute_capabilities\" must list at least one").arg(a.id), where);
    if (!positive(a.processNm) || !positive(a.nominalVoltageV))
        problems.add(
            QStringLiteral("architecture %1: \"process_nm\" and \"nominal_voltage_v\" must be positive").arg(a.id),
            where);
    if (!positive(a.smWattsPerGhz) || a.sources.value(QStringLiteral("sm_w_per_ghz")).isEmpty())
        problems.add(
            QStringLiteral("architecture %1: \"sm_w_per_ghz\" must be positive, with its source").arg(a.id), where);
    if (!(a.idleShareOfLimit > 0 && a.idleShareOfLimit < 1)
        || a.sources.value(QStringLiteral("idle_share_of_limit")).isEmpty())
        problems.add(
            QStringLiteral("architecture %1: \"idle_share_of_limit\" must lie in (0, 1), with its source").arg(a.id),
            where);
    if (!(a.voltageFloorShare >= 0 && a.voltageFloorShare < 1)
        || a.sources.value(QStringLiteral("voltage_floor_share")).isEmpty())
        problems.add(
            QStringLiteral("architecture %1: \"voltage_floor_share\" must lie in [0, 1), with its source").arg(a.id),
            where);
    return a;
}

// Fills the energies a scaled architecture lacks from its neighbour's (already complete).
void scaleFromNeighbour(ArchitecturePhysics& a, const ArchitecturePhysics& from)
{
    for (const auto& field : energyFields()) {
        const QString& key = field.second;
        if (a.energiesPj.contains(key))
            continue;
        a.energiesPj.insert(key, scaledEnergy(from.energiesPj.value(key), from, a));
        a.sources.insert(key,
            QStringLiteral("scaled from %1 (%2 nm, %3 V: %4 pJ) by process node and V² (models/architectures.json, "
                           "scaling_rule): %5")
                .arg(from.name)
                .arg(from.processNm)
                .arg(from.nominalVoltageV)
                .arg(from.energiesPj.value(key), 0, 'g', 3)
                .arg(from.sources.value(key)));
    }
}

} // namespace

const QStringList& architectureEnergyKeys()
{
    static const QStringList keys = [] {
        QStringList k;
        for (const auto& field : energyFields())
            k << field.second;
        return k;
    }();
    return keys;
}

double scaledEnergy(double energyFrom, const ArchitecturePhysics& from, const ArchitecturePhysics& to)
{
    const double voltage = to.nominalVoltageV / from.nominalVoltageV;
    return energyFrom * (to.processNm / from.processNm) * voltage * voltage;
}

std::optional<ArchitectureTable> ArchitectureTable::parse(
    const QByteArray& json, const QString& fileName, QStringList& errors)
{
    ModelFileErrors problems(fileName, json);
    const std::optional<QJsonObject> parsed = problems.parseObject();
    if (!parsed) {
        errors += problems.messages();
        return std::nullopt;
    }
    const QJsonObject& root = *parsed;
    if (root.value(QLatin1String("format")).toString() != QLatin1String("slicewatt-architectures/1"))
        problems.add(QStringLiteral("expected \"format\": \"slicewatt-architectures/1\""), QStringLiteral("format"));
    ArchitectureTable table;
    table.m_scalingRule = root.value(QLatin1String("scaling_rule")).toString();
    for (const QJsonValue& value : root.value(QLatin1String("architectures")).toArray())
        table.m_architectures << readArchitecture(value.toObject(), problems);
    if (table.m_architectures.isEmpty())
        problems.add(QStringLiteral("expected an \"architectures\" array"), QStringLiteral("architectures"));
    // Scaled architectures in the file's order: a neighbour listed earlier is complete by then.
    for (ArchitecturePhysics& a : table.m_architectures) {
        if (a.scaledFrom.isEmpty()) {
            for (const QString& key : architectureEnergyKeys()) {
                if (!a.energiesPj.contains(key))
                    problems.add(
                        QStringLiteral("architecture %1: no energy \"%2\" and no \"scaled_from\"").arg(a.id, key),
                        a.id);
            }
            continue;
        }
        const ArchitecturePhysics* from = table.find(a.scaledFrom);
        if (!from || from == &a || from->energiesPj.size() < architectureEnergyKeys().size())
            problems.add(QStringLiteral("architecture %1: \"scaled_from\" '%2' is not a complete architecture listed "
                                        "before it")
                             .arg(a.id, a.scaledFrom),
                QStringLiteral("scaled_from"));
        else
            scaleFromNeighbour(a, *from);
    }
    for (const QJsonValue& value : root.value(QLatin1String("memory_technologies")).toArray()) {
        const QJsonObject o = value.toObject();
        MemoryTechnology m{o.value(QLatin1String("id")).toString(), o.value(QLatin1String("pj_per_bit")).toDouble(-1),
            o.value(QLatin1String("source")).toString()};
        if (m.id.isEmpty() || !positive(m.pjPerBit) || m.source.isEmpty())
            problems.add(QStringLiteral("memory technology '%1' needs an \"id\", a positive \"pj_per_bit\" and its "
                                        "\"source\"")
                             .arg(m.id),
                m.id.isEmpty() ? QStringLiteral("memory_technologies") : m.id);
        else
            table.m_memory << m;
    }
    if (!problems.isEmpty()) {
        errors += problems.messages();
        return std::nullopt;
    }
    return table;
}

const ArchitectureTable& ArchitectureTable::standard()
{
    static const ArchitectureTable table = [] {
        QFile file(QStringLiteral(":/slicewatt/models/architectures.json"));
        QStringList errors;
        if (file.open(QIODevice::ReadOnly)) {
            if (auto parsed = parse(file.readAll(), QStringLiteral("models/architectures.json"), errors))
                return *parsed;
        }
        // The shipped file is checked by the tests; a broken build gets an empty table, so every
        // GPU without measured constants then says it has no data-sheet model.
        qWarning("%s", qPrintable(errors.join(QLatin1Char('\n'))));
        return ArchitectureTable();
    }();
    return table;
}

const ArchitecturePhysics* ArchitectureTable::forComputeCapability(const QString& computeCapability) const
{
    for (const ArchitecturePhysics& a : m_architectures) {
        if (a.computeCapabilities.contains(computeCapability.trimmed()))
            return &a;
    }
    return nullptr;
}

const ArchitecturePhysics* ArchitectureTable::find(const QString& id) const
{
    for (const ArchitecturePhysics& a : m_architectures) {
        if (a.id.compare(id, Qt::CaseInsensitive) == 0)
            return &a;
    }
    return nullptr;
}

const MemoryTechnology* ArchitectureTable::memory(const QString& technology) const
{
    for (const MemoryTechnology& m : m_memory) {
        if (m.id.compare(technology.trimmed(), Qt::CaseInsensitive) == 0)
            return &m;
    }
    return nullptr;
}

} // namespace slicewatt
