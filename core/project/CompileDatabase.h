// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Diagnostic.h"

#include <QString>
#include <QStringList>
#include <QVector>

namespace slicewatt {

// One entry of a compile_commands.json (CMake's or bear's format).
struct CompileCommand {
    QString directory;
    QString file; // absolute
    QStringList arguments; // "arguments", or "command" split like a shell would
};

struct CompileDatabase {
    QVector<CompileCommand> commands;
    Diagnostics diagnostics; // malformed entries; the rest of the file is still used
};

CompileDatabase readCompileDatabase(const QString& path);

} // namespace slicewatt
