// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace slicewatt {

// A launch's grid (blocks) or block (threads) in x, y and z, as a what-if or the command line
// gives it: `--grid 1x1000`, `--block 16x16`, `256` (y = z = 1). Kernels index by each axis
// (`gridDim.y`, a loop strided by `gridDim.x * blockDim.x`), so a 2-D shape is not its total.
struct LaunchExtent {
    qint64 x = 1;
    qint64 y = 1;
    qint64 z = 1;

    // x·y·z; nullopt past 64 bits.
    std::optional<qint64> total() const;
    // "256", "1x1000", "8x8x4": trailing 1s left out, as people write it.
    QString toString() const;
    bool operator==(const LaunchExtent& other) const { return x == other.x && y == other.y && z == other.z; }
    bool operator!=(const LaunchExtent& other) const { return !(*this == other); }
};

// "256", "16x16", "1x1000x2" (also with × or X); each part a whole number ≥ 1. nullopt with
// `error` saying what is wrong otherwise.
std::optional<LaunchExtent> parseLaunchExtent(const QString& text, QString* error);

} // namespace slicewatt
