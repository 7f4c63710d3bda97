// SPDX-License-Identifier: GPL-3.0-or-later
#include "InstructionClass.h"

namespace slicewatt {
namespace {

constexpr const char* kTypeNames[] = {"integer", "float", "double"};
constexpr const char* kOperationNames[] = {"arithmetic", "division", "sfu", "other"};
constexpr const char* kOperationLabels[] = {"arithmetic", "division", "SFU", "other"};

} // namespace

QString valueTypeName(ValueType type)
{
    return QLatin1String(kTypeNames[int(type)]);
}

QString energyClassName(int index)
{
    if (index == kGlobalMemoryClass)
        return QStringLiteral("global_memory");
    if (index == kLocalMemoryClass)
        return QStringLiteral("local_memory");
    if (index < 0 || index >= kComputeClassCount)
        return QString();
    return QLatin1String(kTypeNames[index / 4]) + QLatin1Char('_') + QLatin1String(kOperationNames[index % 4]);
}

QString energyClassLabel(int index)
{
    if (index == kGlobalMemoryClass)
        return QStringLiteral("global memory");
    if (index == kLocalMemoryClass)
        return QStringLiteral("local (on-chip) memory");
    if (index < 0 || index >= kComputeClassCount)
        return QString();
    return QLatin1String(kTypeNames[index / 4]) + QLatin1Char(' ') + QLatin1String(kOperationLabels[index % 4]);
}

int energyClassFromName(const QString& name)
{
    for (int i = 0; i < kEnergyClassCount; ++i) {
        if (energyClassName(i) == name)
            return i;
    }
    return -1;
}

InstructionCounts memoryInstructions(const SpaceCounts& accesses)
{
    InstructionCounts counts;
    counts[kGlobalMemoryClass] = accesses[MemorySpace::Global] + accesses[MemorySpace::Texture];
    counts[kLocalMemoryClass] = accesses[MemorySpace::Shared] + accesses[MemorySpace::Constant];
    return counts;
}

} // namespace slicewatt
