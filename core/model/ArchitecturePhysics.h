// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// The physics of one GPU architecture the physical model needs (METHOD §12, issue 46;
// models/architectures.json): dynamic energy per thread instruction by pipe and per byte
// through L2, the power of a busy SM per GHz, the idle share of a board's limit when its data
// sheet gives no idle figure, and the shape of V(f). Each figure carries its source; an
// architecture without published energies takes its neighbour's, scaled (scaledEnergies).
struct ArchitecturePhysics {
    QString id; // "volta"
    QString name; // "Volta"
    QStringList computeCapabilities; // "7.0", "7.2"
    QString process; // "TSMC 12FFN"
    double processNm = 0; // the node's name in nm: the scaling rule's capacitance proxy
    double nominalVoltageV = 0; // core voltage at the boost clock
    // Per thread instruction (pJ): "pj_fp32", "pj_fp64", "pj_int32", "pj_sfu", "pj_load_store";
    // per byte (pJ): "pj_l2_byte". After scaling, for an architecture scaled from another.
    QHash<QString, double> energiesPj;
    double smWattsPerGhz = 0; // a busy SM's clock tree, schedulers and register files, W per SM per GHz
    double idleShareOfLimit = 0; // idle board power (a context open) / power limit, without a data-sheet idle
    // V(f) / V(f_boost) = floor + (1 − floor) · f / f_boost: linear above a floor, the usual
    // shape of published DVFS tables.
    double voltageFloorShare = 0;
    QString scaledFrom; // the architecture the energies were scaled from; empty: published here
    QHash<QString, QString> sources; // figure → where it comes from (after scaling: the rule and its neighbour)
};

// DRAM energy per bit moved, by technology (I/O and array), with its source.
struct MemoryTechnology {
    QString id; // "HBM2e", "GDDR6X"
    double pjPerBit = 0;
    QString source;
};

// The energy keys an architecture gives, in the physical model's parameter names.
const QStringList& architectureEnergyKeys();

class ArchitectureTable {
public:
    // Parses an architectures file; problems come back as "file:line: problem". Scaled
    // architectures get their energies here, by the rule in scaledEnergies.
    static std::optional<ArchitectureTable> parse(const QByteArray& json, const QString& fileName, QStringList& errors);
    // The table shipped in models/ (compiled in).
    static const ArchitectureTable& standard();

    const QVector<ArchitecturePhysics>& architectures() const { return m_architectures; }
    const QVector<MemoryTechnology>& memoryTechnologies() const { return m_memory; }
    // The architecture of a compute capability ("8.6" → Ampere), null when none lists it.
    const ArchitecturePhysics* forComputeCapability(const QString& computeCapability) const;
    const ArchitecturePhysics* find(const QString& id) const;
    // By id, case-insensitive ("hbm2e" finds "HBM2e"); null when unknown.
    const MemoryTechnology* memory(const QString& technology) const;
    QString scalingRule() const { return m_scalingRule; }

private:
    QVector<ArchitecturePhysics> m_architectures;
    QVector<MemoryTechnology> m_memory;
    QString m_scalingRule;
};

// An energy of architecture `from` carried to `to` by process node (capacitance per operation
// taken proportional to the node's feature size) and nominal voltage (dynamic energy ∝ C·V²):
// e_to = e_from · (nm_to / nm_from) · (V_to / V_from)² (METHOD §12, "scaling").
double scaledEnergy(double energyFrom, const ArchitecturePhysics& from, const ArchitecturePhysics& to);

} // namespace slicewatt
