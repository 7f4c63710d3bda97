// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace slicewatt {

// The trimmed text of source lines, each file read once (readSourceLines): the analysis JSON
// quotes every hot line's code, and a session comparing with a baseline quotes them again on
// every what-if step, while the files only change with a new analysis (then clear()).
class SourceLineCache {
public:
    // Empty for a file that cannot be read or a line outside it.
    QString trimmedLine(const QString& file, int line);
    void clear() { m_files.clear(); }

private:
    QHash<QString, std::optional<QStringList>> m_files;
};

} // namespace slicewatt
