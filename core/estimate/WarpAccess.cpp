// SPDX-License-Identifier: GPL-3.0-or-later
#include "WarpAccess.h"

#include "LaunchActivityEstimate.h"

#include <QSet>

#include <algorithm>

#include <array>
#include <cmath>

namespace slicewatt {
namespace {

constexpr int kWarpLanes = 32;
constexpr int kBanks = 32; // shared-memory banks of 4-byte words, one word each per clock [CUDA C++ Programming Guide]
constexpr qint64 kBankWordBytes = 4;

qint64 floorDivide(qint64 value, qint64 divisor)
{
    const qint64 quotient = value / divisor;
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient;
}

} // namespace

std::optional<WarpAccess> warpAccess(const AccessPattern& pattern, const LaunchShape& launch)
{
    // Elements beyond 4 KiB are not read as patterns (OperationCounter's cap); a cache
    // entry that says otherwise is not trusted.
    if (!pattern.byteOffset || pattern.elementBytes <= 0 || pattern.elementBytes > 4096)
        return std::nullopt;
    std::array<qint64, 3> block{};
    for (int axis = 0; axis < 3; ++axis) {
        const qint64 fallback = axis == 0 ? kAssumedBlockThreads : 1; // as the time model assumes
        // At most 1024 threads per block on every GPU: larger is no launch (and cannot overflow).
        block[size_t(axis)] = launch.blockDim[axis] && *launch.blockDim[axis] > 0
            ? std::min<qint64>(*launch.blockDim[axis], 1024)
            : fallback;
    }
    WarpAccess access;
    access.lanes = int(std::min<qint64>(kWarpLanes, block[0] * block[1] * block[2]));
    QSet<qint64> sectors;
    QSet<qint64> offsets;
    std::array<QSet<qint64>, kBanks> wordsByBank;
    const qint64 blockIndex[3] = {0, 0, 0};
    for (int lane = 0; lane < access.lanes; ++lane) {
        const qint64 threadIndex[3] = {lane % block[0], (lane / block[0]) % block[1], lane / (block[0] * block[1])};
        const std::optional<qint64> offset = pattern.byteOffset->evaluateForThread(launch, threadIndex, blockIndex);
        if (!offset)
            return std::nullopt;
        offsets.insert(*offset);
        qint64 last = 0;
        if (__builtin_add_overflow(*offset, qint64(pattern.elementBytes - 1), &last))
            return std::nullopt;
        for (qint64 sector = floorDivide(*offset, kSectorBytes); sector <= floorDivide(last, kSectorBytes); ++sector)
            sectors.insert(sector);
        for (qint64 word = floorDivide(*offset, kBankWordBytes); word <= floorDivide(last, kBankWordBytes); ++word)
            wordsByBank[size_t(((word % kBanks) + kBanks) % kBanks)].insert(word);
    }
    const double bytes = double(access.lanes) * pattern.elementBytes;
    access.sectors = double(sectors.size());
    access.addresses = double(offsets.size());
    access.idealSectors = std::ceil(bytes / double(kSectorBytes));
    int deepest = 0;
    for (const QSet<qint64>& words : wordsByBank)
        deepest = std::max(deepest, int(words.size()));
    access.idealWavefronts = std::ceil(bytes / double(kBanks * kBankWordBytes));
    access.wavefronts = std::max<double>(deepest, access.idealWavefronts);
    return access;
}

} // namespace slicewatt
