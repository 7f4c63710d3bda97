// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "SourceHazards.h"
#include "common/CudaArch.h"

#include <QString>
#include <QStringList>

#include <functional>

namespace slicewatt {

// Monotonic time in nanoseconds, asked for one file at a time. Empty: the steady clock.
// Tests inject their own, so budget behaviour is checked without timing anything.
using AnalysisClock = std::function<qint64(const QString& path)>;

// Caps on SliceWatt's own analysis of one kernel, where input could otherwise make the
// work or the memory grow without bound. Each cap that is hit says so in a diagnostic.
struct AnalysisLimits {
    int maxStatements = 20000; // per kernel, inlined device functions included
    int maxInlinedCalls = 5000; // device function calls inlined into one kernel
    int maxInlineDepth = 16; // device functions calling device functions
    int maxNestingDepth = 256; // statements inside statements (else-if chains nest too)
    int maxExpressionDepth = 2000; // operators inside operators (a + b + c + … nests left)
    // Per kernel, the enclosing loops, conditions and branch arms of every statement added
    // up: each statement keeps its own, so memory (and the slice report's branch paths)
    // grows with statements times nesting. Real kernels stay far below.
    int maxStatementContext = 250000;
};

// How every file is handed to libclang: as CUDA, with our own prelude instead of CUDA's
// headers, so no CUDA installation is needed or even looked at. Every file is parsed as the
// host compiler sees it (launch sites exist only there, and device bodies are parsed in host
// compilations too); a file whose own code tests `__CUDA_ARCH__` is parsed a second time as
// the device compiler sees it for `deviceArch`, and its kernel bodies are read from that.
struct ParserOptions {
    CudaArch deviceArch;
    qint64 maxFileBytes = 16 * 1024 * 1024; // larger files get a diagnostic instead of a parse
    int errorLimit = 100; // per file; KeepGoing continues after errors anyway
    QString resourceDir; // clang's builtin headers; empty: built-in default
    bool analyseKernels = true; // build each kernel's statement IR (off: discovery only)
    // Seconds one file may take, libclang's parse and our analysis together; 0: no limit.
    // The parse cannot be interrupted, but our analysis stops when time is up, and the
    // file's results are marked incomplete (UnitIndex::stoppedByBudget) with a diagnostic.
    double fileTimeBudgetSeconds = 20;
    AnalysisClock clock;
    AnalysisLimits limits;
    // What the screen before the parse refuses as a parse hazard (SourceGuard); the defaults
    // let every real file through. The fuzz target lowers the macro expansion limit: larger
    // expansions only time libclang, whose parse of them it cannot interrupt.
    HazardLimits hazards;
    // clang's `#pragma clang __debug crash` (and overflow_stack, llvm_fatal_error, …) crash
    // the parser on purpose; a file must never take SliceWatt down that way, so they are off.
    // Only tests that check libclang's crash recovery turn them on.
    bool allowCrashPragmas = false;
    // Load the prelude from a precompiled header built once per argument list (PreludePch)
    // instead of parsing it for every file. Off only to compare the two readings in tests.
    bool precompilePrelude = true;
    // Files parsed at once; 0: defaultParallelFiles(). Each parse holds a whole AST (tens of
    // MB, about 100 with the standard library) until its kernels are read.
    int parallelFiles = 0;
};

// As many files at once as there are cores, but at most kMaxDefaultParallelFiles: peak memory
// grows with every AST alive at once while the time saved shrinks (issue 19: a 190-file
// template-heavy backend peaked at 1.2 GB on a many-core machine).
constexpr int kMaxDefaultParallelFiles = 6;
int defaultParallelFiles();

// Which of CUDA's two compilations of a file a parse imitates.
enum class CompileSide {
    Host, // __CUDA_ARCH__ undefined: host code, launches, and device code as the host sees it
    Device, // __CUDA_ARCH__ = options.deviceArch: device code as the GPU will run it
};

// The full argument list for one file: CUDA mode and prelude first, then the file's flags.
QStringList clangArguments(
    const QStringList& fileFlags, const ParserOptions& options, CompileSide side = CompileSide::Host);

// clang's builtin header folder found when SliceWatt was built, or from
// $SLICEWATT_CLANG_RESOURCE_DIR; empty when neither exists.
QString defaultClangResourceDir();

} // namespace slicewatt
