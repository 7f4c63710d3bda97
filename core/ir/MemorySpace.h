// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <array>
#include <optional>

namespace slicewatt {

// The four GPU memory spaces a kernel is sliced by (METHOD §1). Registers and local
// memory are not a space.
enum class MemorySpace { Global = 0, Shared = 1, Constant = 2, Texture = 3 };
constexpr int kMemorySpaceCount = 4;
constexpr std::array<MemorySpace, kMemorySpaceCount> kAllMemorySpaces
    = {MemorySpace::Global, MemorySpace::Shared, MemorySpace::Constant, MemorySpace::Texture};

QString memorySpaceName(MemorySpace space); // "global", "shared", "constant", "texture"
std::optional<MemorySpace> memorySpaceFromName(const QString& name);

// Memory accesses per space (per execution, or weighted by loop trip counts).
struct SpaceCounts {
    std::array<double, kMemorySpaceCount> values{};

    double& operator[](MemorySpace space) { return values[size_t(space)]; }
    double operator[](MemorySpace space) const { return values[size_t(space)]; }
    double total() const { return values[0] + values[1] + values[2] + values[3]; }
    SpaceCounts& operator+=(const SpaceCounts& other)
    {
        for (size_t i = 0; i < values.size(); ++i)
            values[i] += other.values[i];
        return *this;
    }
    SpaceCounts scaled(double factor) const
    {
        SpaceCounts result = *this;
        for (double& v : result.values)
            v *= factor;
        return result;
    }
};

} // namespace slicewatt
