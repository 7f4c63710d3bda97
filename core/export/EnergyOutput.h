// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "estimate/CopyEnergy.h"
#include "estimate/KernelEnergy.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace slicewatt {

// How every writer shows the instruction-class energy (METHOD §9), so the JSON, the
// table, SARIF, the Why? panel and the report say the same thing.

// {"model", "threads", "threads_assumed", "threads_source", "per_thread": {class: count},
//  "dynamic_j", "static_w", "seconds", "dynamic_w", "total_w", "total_j"}; unknown values null.
QJsonObject energyModelJson(const KernelEnergy& energy);
// [{"line", "energy_j"}] (and "file" where it is not `kernelFile`), J per launch, all threads.
QJsonArray lineEnergyJson(const KernelEnergy& energy, const QString& kernelFile);
// "dynamic 42 µJ per launch (16384 threads, from the launch)", then dynamic and total
// power and energy when a time is known.
QString energySummary(const KernelEnergy& energy);
// The executed classes (count > 0), most energy per thread first; ties in class order.
QVector<int> classesByEnergy(const InstructionCounts& perThread, const EnergyModel& model);
// The executed classes per thread with their energy, largest first: "global memory 12 × 17.95 nJ".
QStringList energyClassTerms(const InstructionCounts& perThread, const EnergyModel& model, int most = 14);

// [{"file", "line", "api", "direction", "bytes", "seconds", "energy_j", "note"}]: the
// program's host-device copies (unknowns null).
QJsonArray copiesJson(const QVector<CopyEnergy>& copies);
// "cudaMemcpy HostToDevice 4194304 B: 0.534 ms, 21.37 mJ" or the reason there is no energy.
QString copySummary(const CopyEnergy& copy);

} // namespace slicewatt
