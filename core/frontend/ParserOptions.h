// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace slicewatt {

// How every file is handed to libclang. CUDA is parsed as host-side code (launch sites
// exist only there, and device bodies are parsed in host compilations too) with our own
// prelude instead of CUDA's headers, so no CUDA installation is needed or even looked at.
struct ParserOptions {
    qint64 maxFileBytes = 16 * 1024 * 1024; // larger files get a diagnostic instead of a parse
    int errorLimit = 100; // per file; KeepGoing continues after errors anyway
    QString resourceDir; // clang's builtin headers; empty: built-in default
    bool analyseKernels = true; // build each kernel's statement IR (off: discovery only)
};

// The full argument list for one file: CUDA mode and prelude first, then the file's flags.
QStringList clangArguments(const QStringList& fileFlags, const ParserOptions& options);

// clang's builtin header folder found when SliceWatt was built, or from
// $SLICEWATT_CLANG_RESOURCE_DIR; empty when neither exists.
QString defaultClangResourceDir();

} // namespace slicewatt
