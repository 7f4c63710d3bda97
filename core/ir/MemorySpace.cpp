// SPDX-License-Identifier: GPL-3.0-or-later
#include "MemorySpace.h"

namespace slicewatt {

QString memorySpaceName(MemorySpace space)
{
    switch (space) {
    case MemorySpace::Global:
        return QStringLiteral("global");
    case MemorySpace::Shared:
        return QStringLiteral("shared");
    case MemorySpace::Constant:
        return QStringLiteral("constant");
    case MemorySpace::Texture:
        return QStringLiteral("texture");
    }
    return QString();
}

std::optional<MemorySpace> memorySpaceFromName(const QString& name)
{
    for (MemorySpace space : kAllMemorySpaces) {
        if (memorySpaceName(space) == name)
            return space;
    }
    return std::nullopt;
}

} // namespace slicewatt
