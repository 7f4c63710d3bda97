// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace slicewatt {

// Turns the arguments of one compile database entry (nvcc, clang or gcc) into the flags
// our libclang front end can use: include paths, defines and -std are kept (relative
// paths made absolute against the entry's directory); everything else is dropped,
// because nvcc-only flags (-gencode, -arch, -Xcompiler, --expt-*, …) make clang fail
// and code-generation flags do not change what the analysis sees.
struct FilteredFlags {
    QStringList kept;
    QStringList dropped; // what the user should hear about (not the compiler, -c, -o or the source)
};

FilteredFlags filterCompilerFlags(const QStringList& arguments, const QString& directory, const QString& sourceFile);

} // namespace slicewatt
