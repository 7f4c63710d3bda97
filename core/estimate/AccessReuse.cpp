// SPDX-License-Identifier: GPL-3.0-or-later
#include "AccessReuse.h"

#include <algorithm>

namespace slicewatt {
namespace {

// Every leaf is a number for every thread: constants, thread and block indices, values the
// launch gives, and the loop variables a pattern may hold (uniform over the launch,
// LoopHeaderReader::warpIndex), which read as 0 for every thread alike.
bool givenForEveryThread(const SymbolicExpr& e, const LaunchShape& launch)
{
    switch (e.kind()) {
    case SymbolicExpr::Kind::Constant:
    case SymbolicExpr::Kind::ThreadIndex:
    case SymbolicExpr::Kind::BlockIndex:
    case SymbolicExpr::Kind::Unknown:
    case SymbolicExpr::Kind::LoopVariable:
        return true;
    case SymbolicExpr::Kind::Binary:
        return givenForEveryThread(*e.lhs(), launch) && givenForEveryThread(*e.rhs(), launch);
    default:
        return e.evaluate(launch).has_value();
    }
}

// One thread or block index: its axis, whether it is blockIdx, and how many values it takes.
struct Position {
    bool isBlock = false;
    int axis = 0;
    qint64 extent = 1;
};

// The offset takes the same value whatever `varied` is, with every other position at 0 and
// again at 1 (a product of two indices depends on each only where the other is not 0).
bool independentOf(
    const SymbolicExpr& offset, const LaunchShape& launch, const std::array<Position, 6>& positions, int varied)
{
    for (qint64 others = 0; others <= 1; ++others) {
        qint64 thread[3] = {0, 0, 0};
        qint64 block[3] = {0, 0, 0};
        for (int p = 0; p < int(positions.size()); ++p) {
            if (p == varied || positions[size_t(p)].extent <= others)
                continue;
            (positions[size_t(p)].isBlock ? block : thread)[positions[size_t(p)].axis] = others;
        }
        const Position& v = positions[size_t(varied)];
        qint64* slot = &(v.isBlock ? block : thread)[v.axis];
        *slot = 0;
        const std::optional<qint64> base = offset.evaluateForThread(launch, thread, block);
        if (!base)
            return false;
        for (qint64 value : {qint64(1), v.extent / 2, v.extent - 1}) {
            *slot = value;
            if (offset.evaluateForThread(launch, thread, block) != base)
                return false;
        }
    }
    return true;
}

} // namespace

std::optional<AccessReuse> accessReuse(const AccessPattern& pattern, const LaunchShape& launch,
    const std::array<qint64, 3>& block, const std::array<qint64, 3>& grid, double threadShare)
{
    if (pattern.space != MemorySpace::Global || !pattern.uniformBase || !pattern.byteOffset
        || !givenForEveryThread(*pattern.byteOffset, launch))
        return std::nullopt;
    std::array<Position, 6> positions;
    for (int axis = 0; axis < 3; ++axis) {
        positions[size_t(axis)] = {false, axis, std::max<qint64>(1, block[size_t(axis)])};
        positions[size_t(3 + axis)] = {true, axis, std::max<qint64>(1, grid[size_t(axis)])};
    }
    double sharedInBlock = 1;
    double sharedAcrossBlocks = 1;
    for (int p = 0; p < int(positions.size()); ++p) {
        if (positions[size_t(p)].extent <= 1 || !independentOf(*pattern.byteOffset, launch, positions, p))
            continue;
        (positions[size_t(p)].isBlock ? sharedAcrossBlocks : sharedInBlock) *= double(positions[size_t(p)].extent);
    }
    // Only `threadShare` of the threads run the access: of the threads that could share an
    // address, that share does (a guard that keeps one thread a block keeps no sharing in it).
    const double share = std::clamp(threadShare, 0.0, 1.0);
    AccessReuse reuse;
    reuse.inBlock = std::max(1.0, sharedInBlock * share);
    reuse.inLaunch = std::max(reuse.inBlock, sharedInBlock * sharedAcrossBlocks * share);
    return reuse;
}

} // namespace slicewatt
