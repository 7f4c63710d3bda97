// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Diagnostic.h"

#include <QString>
#include <QStringList>
#include <QVector>

namespace slicewatt {

// One file to hand to the front end, with the compiler flags that apply to it
// (include paths, defines, -std; already filtered to what clang understands).
struct SourceFile {
    QString path; // absolute, cleaned
    QStringList flags; // e.g. "-I/abs/include", "-DN=4", "-std=c++17"
    bool isHeader = false;
};

// What the loader found: translation units to parse, headers that are parsed on their
// own only when no translation unit includes them, and messages for the user.
struct ProjectSources {
    QVector<SourceFile> units;
    QVector<SourceFile> headers;
    QStringList droppedFlags; // nvcc-only flags removed from a compile database, sorted, unique
    Diagnostics diagnostics;
};

// Options the user controls when loading (CLI flags, GUI settings).
struct LoadOptions {
    QStringList extraIncludeDirs; // added to every file, after the file's own
    QStringList extraDefines; // NAME or NAME=VALUE
    QString defaultStandard = QStringLiteral("c++17");
    bool addIncludeDirsFromFolders = true; // every folder named "include" below a loaded folder
    qint64 maxFileBytes = 16 * 1024 * 1024;
};

} // namespace slicewatt
