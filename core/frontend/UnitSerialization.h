// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CodeModel.h"

#include <QByteArray>

#include <optional>

namespace slicewatt {

// What one parsed file produced, as bytes and back, for the on-disk unit cache. The
// format is private to one build of SliceWatt: the cache key carries the format version
// and the tool version, so a reader never meets another build's bytes.
QByteArray serializeUnit(const UnitIndex& unit);

// One kernel's statement IR as bytes: equal bytes, equal readings (sets are written sorted).
QByteArray serializeKernelIR(const KernelIR& ir);

// Null when the bytes are not a complete unit of this format (truncated, or damaged in a
// way the checksum around them did not catch).
std::optional<UnitIndex> deserializeUnit(const QByteArray& bytes);

// Bump whenever UnitIndex or anything it holds changes shape.
constexpr quint32 kUnitFormatVersion = 19; // 6: instruction classes, memory copies; 7: shared memory per block;
                                           // 8: kernel argument values, thread guards; 9: `#pragma unroll`;
                                           // 10: while loops and values at a loop's start; 11: access patterns;
                                           // 12: conditions the launch decides, guards on a loop's variable;
                                           // 13: enclosing loops' variables in loop headers, machine adjustments
                                           // 14: copies' callers and member functions' callees
                                           // 15: callees' parameters hold launch values, template types' bytes
                                           // 16: launches written with spaced chevrons (`<< <`)
                                           // 17: launch values computed from host values
                                           // 18: global access patterns the same for every lane
                                           // 19: atomic targets and the values their index can take

} // namespace slicewatt
