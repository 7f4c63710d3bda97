// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/GpuCatalogue.h"

#include <QString>

namespace slicewatt {

// The GPU a first run predicts for (issue 34): the one NVML sees on this machine when the
// catalogue knows it, else a current data-centre GPU (kCurrentDataCentreGpu). `why` says which.
QString firstRunGpuId(const GpuCatalogue& catalogue, QString* why = nullptr);

// The catalogue's GPU for NVML's first device ("NVIDIA H100 80GB HBM3" → h100); empty when NVML
// is missing, sees no GPU, or names one the catalogue does not know (`why` then says so).
QString localGpuId(const GpuCatalogue& catalogue, QString* why = nullptr);

inline const QString kCurrentDataCentreGpu = QStringLiteral("h200");

} // namespace slicewatt
