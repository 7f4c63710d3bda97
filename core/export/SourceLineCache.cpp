// SPDX-License-Identifier: GPL-3.0-or-later
#include "SourceLineCache.h"

#include "KernelListing.h"

namespace slicewatt {

QString SourceLineCache::trimmedLine(const QString& file, int line)
{
    auto it = m_files.find(file);
    if (it == m_files.end())
        it = m_files.insert(file, readSourceLines(file));
    return *it && line >= 1 && line <= (*it)->size() ? (*it)->at(line - 1).trimmed() : QString();
}

} // namespace slicewatt
