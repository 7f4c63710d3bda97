// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace slicewatt {

struct SourceLocation {
    QString file; // absolute path
    int line = 0; // 1-based
    int column = 0;
};

// A function's identity across translation units: its USR plus the definition's place
// (two programs in one folder may each define a kernel `k` with the same USR).
inline QString functionKey(const QString& usr, const SourceLocation& definition)
{
    return usr + QLatin1Char('|') + definition.file + QLatin1Char(':') + QString::number(definition.line);
}

} // namespace slicewatt
