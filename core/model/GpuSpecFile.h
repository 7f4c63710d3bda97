// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "GpuCatalogue.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace slicewatt {

// A GPU outside the catalogue, described from its data sheet (issue 46; `--gpu-spec FILE`,
// the app's GPU menu → Describe a GPU…; resources/help/gpu-spec.md). The file is one JSON
// object, "format": "slicewatt-gpu-spec/1", with a catalogue entry's fields; these are needed:
//   id, name, compute_capability, sms, clocks.boost_mhz, memory_bandwidth_gb_s,
//   memory.technology, board_power_w
// and idle_power_w, memory.bus_width_bits, clocks.base_mhz, l2_bytes and every other catalogue
// field may be given. What a spec leaves out of the per-SM limits and pipe throughputs (both
// fixed by the compute capability) is taken from the catalogue GPU of the same compute
// capability, and its sources say so.
// nullopt with "file:line: problem" lines in `errors` when the spec is malformed or lacks a
// figure; nothing else changes then.
std::optional<GpuSpec> parseGpuSpecFile(
    const QByteArray& json, const QString& fileName, const GpuCatalogue& catalogue, QStringList& errors);

// The catalogue GPU whose per-SM limits (and, where one has them, pipe throughputs) a GPU of
// this compute capability takes: they are fixed by it. Null when no catalogue GPU has it.
const GpuSpec* sameComputeCapability(const GpuCatalogue& catalogue, const QString& computeCapability);

// A spec file for `gpu`: what "Describe a GPU…" writes (the fields above and those given).
QByteArray gpuSpecFileText(const GpuSpec& gpu);

} // namespace slicewatt
