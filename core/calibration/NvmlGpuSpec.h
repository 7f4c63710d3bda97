// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "NvmlSession.h"
#include "model/GpuCatalogue.h"

#include <QByteArray>
#include <QString>

namespace slicewatt {

// This machine's GPU described from NVML's own properties when the catalogue lacks it
// (issue 46): a GPU spec file (GpuSpecFile.h, slicewatt-gpu-spec/1) whose every figure says it
// comes from NVML, parsed and checked as a user's spec is.
//   sms                  NVML's CUDA cores / the FP32 lanes per SM of its compute capability
//   clocks.boost_mhz     the maximum SM clock
//   memory bandwidth     2 × the maximum memory clock × the bus width / 8 (NVML counts the
//                        memory clock at half the data rate per pin, for GDDR and HBM alike)
//   memory technology    inferred [ours]: NVML does not name it (inferredMemoryTechnology)
//   board_power_w        the default power limit (else the enforced one)
// Empty with `why` when NVML lacks a figure the spec needs or no catalogue GPU has the compute
// capability.
QByteArray nvmlGpuSpecText(const NvmlDeviceInfo& info, const GpuCatalogue& catalogue, QString* why);

// The memory technology a GPU of this compute capability, bus and data rate per pin carries
// [ours: the products of each generation, checked against every catalogue GPU]: a bus of 2048
// bits or more is HBM, told apart by the rate (HBM2 to 2.8 Gb/s, HBM2e to 4, HBM3 to 5.6, then
// HBM3e); a narrower one GDDR (GDDR7 from Blackwell, GDDR6X from 19 Gb/s on Ampere GA10x and
// Ada, GDDR6 from Turing, GDDR5X from 10 Gb/s on Pascal GP10x, else GDDR5).
QString inferredMemoryTechnology(const QString& computeCapability, int busWidthBits, double pinGbps);

// An id for `--gpu` from NVML's name: "NVIDIA RTX A6000" → "nvml-rtx-a6000".
QString nvmlGpuId(const QString& name);

} // namespace slicewatt
