// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/GpuCatalogue.h"

#include <QString>

namespace slicewatt {

class ModelLibrary;

// The GPU a first run predicts for (issue 34): the one NVML sees on this machine when the
// catalogue knows it (or addNvmlDescribedGpu described it), else a current data-centre GPU
// (kCurrentDataCentreGpu). `why` says which.
QString firstRunGpuId(const GpuCatalogue& catalogue, QString* why = nullptr);

// The catalogue's GPU for NVML's first device ("NVIDIA H100 80GB HBM3" → h100); empty when NVML
// is missing, sees no GPU, or names one the catalogue does not know (`why` then says so).
QString localGpuId(const GpuCatalogue& catalogue, QString* why = nullptr);

// This machine's GPU when the catalogue lacks it (issue 46): described from NVML's own
// properties (NvmlGpuSpec.h) and added to `library` like a spec file's GPU, with the physical
// model from its data sheet. Its id; empty with `why` when NVML is missing, sees no GPU, the
// catalogue already has it, or NVML lacks a figure the description needs.
QString addNvmlDescribedGpu(ModelLibrary& library, QString* why = nullptr);

// The NVML library opened: the file SLICEWATT_NVML_LIBRARY names (a stand-in for tests, or a
// driver installed off the loader's path), else libnvidia-ml.so.1.
QString nvmlLibrary();

inline const QString kCurrentDataCentreGpu = QStringLiteral("h200");

} // namespace slicewatt
