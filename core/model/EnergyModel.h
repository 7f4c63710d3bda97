// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/InstructionClass.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace slicewatt {

// One instruction class's dynamic energy per executed instruction (one thread's), nJ, as a
// table of the thesis gives it: the total and its split over the board's two supplies. The
// split is unknown where only the whole board was measured (a calibration with NVML).
struct InstructionEnergy {
    double totalNj = 0;
    std::optional<double> mainNj; // the PCIe slot supply
    std::optional<double> supplementaryNj; // the 6-pin (or 8-pin) connector
};

// The instruction-class energy model of METHOD §9 read from a model file
// (models/energy-*.json, format "slicewatt-energy-model/1"): energy per instruction class,
// the static (active idle) power, the power of PCIe copies, and where each number comes
// from. A calibration writes its own table in the same format.
class EnergyModel {
public:
    static constexpr const char* kFormat = "slicewatt-energy-model/1";

    static std::optional<EnergyModel> parse(const QByteArray& json, const QString& fileName, QStringList& errors);
    // True when a JSON file declares this format (the library sorts files by it).
    static bool isEnergyModelFile(const QByteArray& json);

    QString id() const { return m_id; }
    QString name() const { return m_name; }
    QString equation() const { return m_equation; }
    QString measuredOn() const { return m_measuredOn; }
    QString architecture() const { return m_architecture; } // of the board measured ("Fermi")
    QJsonObject provenance() const { return m_provenance; }
    const InstructionEnergy& energy(int energyClass) const { return m_energies[size_t(energyClass)]; }
    double joulesPerInstruction(int energyClass) const { return m_energies[size_t(energyClass)].totalNj * 1e-9; }
    // Active-state idle power, W; unknown when the source does not give it.
    std::optional<double> staticW() const { return m_staticW; }
    QString staticSource() const { return m_staticSource; }
    // Extra power while a PCIe copy runs, W; unknown when the file gives none (a calibration
    // measures no copies), and then no copy term is shown.
    std::optional<double> transferPowerW() const { return m_transferW; }
    QString transferSource() const { return m_transferSource; }

private:
    QString m_id, m_name, m_equation, m_measuredOn, m_architecture;
    QJsonObject m_provenance;
    std::array<InstructionEnergy, kEnergyClassCount> m_energies{};
    std::optional<double> m_staticW;
    QString m_staticSource;
    std::optional<double> m_transferW;
    QString m_transferSource;
};

} // namespace slicewatt
