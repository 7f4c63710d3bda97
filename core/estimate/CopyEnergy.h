// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/CodeModel.h"
#include "model/EnergyModel.h"
#include "model/GpuCatalogue.h"

#include <QVector>

#include <optional>

namespace slicewatt {

// The copy term of the instruction-class energy model (METHOD §9): a host-device copy
// takes t = latency + bytes / bandwidth (Hockney) and costs E = P_transfer · t.
struct CopyEnergy {
    MemoryCopySite site;
    std::optional<double> seconds;
    std::optional<double> joules;
    QString note; // why there is no energy (size known only at run time, no PCIe link, …)
};

QVector<CopyEnergy> estimateCopies(const QVector<MemoryCopySite>& copies, const EnergyModel& model, const GpuSpec& gpu);

// The copies' energy together, J (those with a known energy).
double knownCopyJoules(const QVector<CopyEnergy>& copies);

} // namespace slicewatt
