// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MemorySpace.h"

#include <QString>

#include <array>

namespace slicewatt {

// The instruction classes of the instruction-class energy model (METHOD §9, after a 2013
// Aalto thesis): every counted operation has a value type and a class, and each of the
// twelve type × class pairs, plus global and on-chip ("local") memory, has its own energy
// per executed instruction.
enum class ValueType { Integer = 0, Float = 1, Double = 2 }; // ordered by width: widest wins
enum class OperationClass { Arithmetic = 0, Division = 1, Sfu = 2, Other = 3 };

constexpr int kComputeClassCount = 12; // integer, float, double × arithmetic, division, SFU, other
constexpr int kGlobalMemoryClass = 12; // global and texture accesses (off-chip)
constexpr int kLocalMemoryClass = 13; // shared and constant accesses (on-chip) [ours]
constexpr int kEnergyClassCount = 14;

constexpr int computeClassIndex(ValueType type, OperationClass operation)
{
    return int(type) * 4 + int(operation);
}

// "integer_arithmetic", …, "double_other", "global_memory", "local_memory": the names
// model files and the JSON output use.
QString energyClassName(int index);
// "integer arithmetic", …, "local (on-chip) memory": for people.
QString energyClassLabel(int index);
int energyClassFromName(const QString& name); // -1 when unknown
QString valueTypeName(ValueType type); // "integer", "float", "double"

// Instructions per class: per execution of a statement, or executed per thread.
struct InstructionCounts {
    std::array<double, kEnergyClassCount> values{};

    double& operator[](int index) { return values[size_t(index)]; }
    double operator[](int index) const { return values[size_t(index)]; }
    void add(ValueType type, OperationClass operation, double count = 1)
    {
        values[size_t(computeClassIndex(type, operation))] += count;
    }
    InstructionCounts& operator+=(const InstructionCounts& other)
    {
        for (size_t i = 0; i < values.size(); ++i)
            values[i] += other.values[i];
        return *this;
    }
    InstructionCounts scaled(double factor) const
    {
        InstructionCounts result = *this;
        for (double& v : result.values)
            v *= factor;
        return result;
    }
    double total() const
    {
        double sum = 0;
        for (double v : values)
            sum += v;
        return sum;
    }
};

// A statement's memory accesses as energy classes: global and texture → global memory,
// shared and constant → local (on-chip) memory (METHOD §9).
InstructionCounts memoryInstructions(const SpaceCounts& accesses);

} // namespace slicewatt
