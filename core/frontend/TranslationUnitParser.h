// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ClangHandles.h"
#include "FileBudget.h"
#include "ParserOptions.h"
#include "common/Diagnostic.h"
#include "project/ProjectSources.h"

#include <functional>

namespace slicewatt {

// A parsed file: the AST (null when the file was skipped or libclang failed) and every
// message about it. Later stages walk the AST; the UI only ever sees the diagnostics.
struct ParsedUnit {
    QString path;
    TranslationUnitHandle tu;
    Diagnostics diagnostics;
    double parseSeconds = 0;
    // Started before the parse; the analysis that follows spends what the parse left.
    FileBudget budget;
    AnalysisLimits limits; // from the options, for that analysis
    CompileSide side = CompileSide::Host;
};

// Parses one file as CUDA with the prelude. Thread-safe when each thread passes its own
// index. Errors in the code never stop the parse (KeepGoing), and libclang's crash
// recovery turns a crash inside clang into a diagnostic for this file alone.
// `fileBudget`: the file's time budget when another parse of it (the host side) already
// spent part of it; without one, the budget starts now.
ParsedUnit parseTranslationUnit(CXIndex index, const SourceFile& source, const ParserOptions& options,
    CompileSide side = CompileSide::Host, const FileBudget* fileBudget = nullptr);

// Runs `work` on a thread with a stack far larger than a worker thread's 8 MiB, and waits.
// clang's parser and our AST walks recurse once per nesting level of the code, and a stack
// overflow is beyond libclang's crash recovery: it would end the whole process. Falls back
// to the calling thread when the system refuses a thread that size.
void runWithLargeStack(const std::function<void()>& work);

// Converts libclang's diagnostics, skipping those inside our prelude unless they are errors
// (an error there means the prelude lacks something the project uses).
Diagnostics collectDiagnostics(CXTranslationUnit tu);

} // namespace slicewatt
