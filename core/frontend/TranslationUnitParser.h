// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ClangHandles.h"
#include "ParserOptions.h"
#include "common/Diagnostic.h"
#include "project/ProjectSources.h"

namespace slicewatt {

// A parsed file: the AST (null when the file was skipped or libclang failed) and every
// message about it. Later stages walk the AST; the UI only ever sees the diagnostics.
struct ParsedUnit {
    QString path;
    TranslationUnitHandle tu;
    Diagnostics diagnostics;
    double parseSeconds = 0;
};

// Parses one file as CUDA with the prelude. Thread-safe when each thread passes its own
// index. Errors in the code never stop the parse (KeepGoing), and libclang's crash
// recovery turns a crash inside clang into a diagnostic for this file alone.
ParsedUnit parseTranslationUnit(CXIndex index, const SourceFile& source, const ParserOptions& options);

// Converts libclang's diagnostics, skipping those inside our prelude unless they are errors
// (an error there means the prelude lacks something the project uses).
Diagnostics collectDiagnostics(CXTranslationUnit tu);

} // namespace slicewatt
