// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ArchitecturePhysics.h"
#include "GpuCatalogue.h"
#include "PhysicalPower.h"

#include <QHash>
#include <QString>

#include <optional>

namespace slicewatt {

// The FP32 lanes of the SM the architectures' busy-SM power is given for (Volta's, whose
// AccelWattch fit it comes from, models/architectures.json).
constexpr int kBusySmReferenceFp32Lanes = 64;

// The physical model's constants for a GPU from its data sheet and its architecture's physics
// alone, nothing measured on it (METHOD §12, issue 46):
//   idle_w        the data sheet's idle power, else the architecture's idle share × the power limit
//   active_w      the architecture's W per busy SM per GHz × SMs × boost clock (GHz) × the
//                 SM's FP32 lanes / kBusySmReferenceFp32Lanes
//   pj_* per pipe the architecture's energy per thread instruction (published, or scaled)
//   pj_l2_byte    the architecture's energy per byte through L2
//   pj_dram_byte  the memory technology's pJ per bit × 8
// Each parameter says where it comes from.
struct DataSheetPhysics {
    QHash<QString, double> parameters; // physicalParameterNames()
    QHash<QString, QString> sources; // parameter → its source, in words
    const ArchitecturePhysics* architecture = nullptr;
    ClockScaling clocks;
};

// nullopt with `why` when the GPU lacks a figure the rule needs (board power, SMs, boost
// clock, a compute capability the table knows, a memory technology it knows).
std::optional<DataSheetPhysics> dataSheetPhysics(
    const GpuSpec& gpu, const ArchitectureTable& table, QString* why = nullptr);

// The clock scaling of a GPU's architecture, or nullopt when the table does not know it.
std::optional<ClockScaling> clockScalingFor(const GpuSpec& gpu, const ArchitectureTable& table);

} // namespace slicewatt
