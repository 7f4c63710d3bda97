// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/KernelIR.h"

#include <array>
#include <optional>

namespace slicewatt {

// How many threads of a launch ask for the same global address through one access (METHOD
// §12, step 4): threads that differ only in a thread or block index the byte offset does not
// depend on read the same bytes. `B[k * n + col]` in a naive matrix product does not depend on
// threadIdx.y or blockIdx.y: a 16 × 16 block's 16 rows share each element (L1 serves all but
// the first), and the grid's rows of blocks share each block's share (L2 serves all but the
// first). A polynomial's `coeffs[k]` is shared by every thread of the launch.
struct AccessReuse {
    double inBlock = 1; // threads of one block that share each address (≥ 1)
    double inLaunch = 1; // threads of the launch that share each address (≥ inBlock)
};

// The reuse of `pattern` in a launch of `block` × `grid` threads and blocks per axis, of which
// `threadShare` (0, 1] run the access: an access only thread 0 of each block runs
// (`if (tid == 0) out[blockIdx.x] = …`) is shared by no one, though its offset does not
// depend on threadIdx. nullopt when the array's start may differ between threads
// (AccessPattern::uniformBase) or a value the offset needs is not given by the launch (a
// kernel argument the launch leaves open would read as 0 and look like reuse).
std::optional<AccessReuse> accessReuse(const AccessPattern& pattern, const LaunchShape& launch,
    const std::array<qint64, 3>& block, const std::array<qint64, 3>& grid, double threadShare);

} // namespace slicewatt
