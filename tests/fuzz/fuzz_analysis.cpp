// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: arbitrary bytes as the contents of a .cu file, through the path a user's
// file takes: loading, libclang's parse with the prelude, kernel discovery, the statement
// IR, slicing and estimation of every kernel with every shipped model, and the writers
// (kernel list, slices and estimates as JSON, CSV, table and SARIF). Built by scripts/fuzz.sh
// (SLICEWATT_FUZZ=ON, clang); README "Fuzzing" says how to run it longer and reproduce.
//
// Besides crashes, hangs and leaks, which the sanitizers and libFuzzer catch, it checks what
// must hold for any input: every JSON output parses, power and energy are finite, and the
// precompiled prelude is still in use afterwards (no code can be a reason to give it up).
#include "analysis/ProjectIndexer.h"
#include "estimate/WhatIf.h"
#include "export/EstimateWriter.h"
#include "export/KernelListWriter.h"
#include "export/SarifWriter.h"
#include "export/SliceReportWriter.h"
#include "frontend/PreludePch.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

using namespace slicewatt;

namespace {

struct Harness {
    std::unique_ptr<QCoreApplication> app;
    std::unique_ptr<QTemporaryDir> folder; // private (0700), removed at exit
    QString input; // the .cu file each input is written to
    QStringList flags; // every input's compiler flags
    ModelLibrary library;
    ParserOptions options;
};

Harness* harness = nullptr;

[[noreturn]] void fail(const char* what, const QByteArray& detail = {})
{
    fprintf(stderr, "fuzz_analysis: %s%s%s\n", what, detail.isEmpty() ? "" : ": ", detail.constData());
    abort(); // libFuzzer saves the input as a crash artifact
}

void writeInput(const uint8_t* data, size_t size)
{
    QFile file(harness->input);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || file.write(reinterpret_cast<const char*>(data), qint64(size)) != qint64(size))
        fail("cannot write the input file", harness->input.toLocal8Bit());
}

void requireJson(const QByteArray& text, const char* what)
{
    QJsonParseError error{};
    QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        fail(what, error.errorString().toUtf8());
}

void requireFinite(const EstimateRun& run)
{
    for (const KernelEstimateReport& kernel : run.kernels) {
        const KernelEstimate& e = kernel.estimate;
        if (!std::isfinite(e.watts) || (e.joules && !std::isfinite(*e.joules)))
            fail("a kernel's power or energy is not finite", kernel.analysis.kernel->info.name.toUtf8());
    }
}

// libclang's crash recovery must work inside this process, under the sanitizers' and
// libFuzzer's own signal handlers, or a crash inside libclang would end every fuzzing run.
// clang's debug pragmas crash the parser on purpose, by a trap (SIGILL), a bad access
// (SIGSEGV) and a fatal error (abort); each file must come back as a diagnostic. Checked in
// child processes: the crashed parse's memory is abandoned by libclang by design, which
// LeakSanitizer would report at the end of the run, and one crash can leave libclang unfit
// for the next (the crash pragma's timer stays registered).
void checkCrashRecovery()
{
    for (const char* pragma : {"crash", "parser_crash", "llvm_fatal_error"}) {
        const QString path = harness->folder->filePath(QStringLiteral("crash.cu"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || file.write(QByteArray("#pragma clang __debug ") + pragma + "\nint x;\n") < 0)
            fail("cannot write the crash-recovery check file");
        file.close();
        const pid_t child = fork();
        if (child < 0)
            fail("cannot fork for the crash-recovery check");
        if (child == 0) {
            ParserOptions options = harness->options;
            options.allowCrashPragmas = true;
            options.precompilePrelude = false; // the child's private folder would outlive _exit
            const UnitIndex unit = indexFile(SourceFile{path, {}, false}, options);
            const bool recovered = !unit.parsed && !unit.diagnostics.isEmpty()
                && unit.diagnostics.last().message.contains(QLatin1String("libclang crashed"));
            _exit(recovered ? 0 : 1);
        }
        int status = 0;
        if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
            fail("libclang's crash recovery did not turn a crash into a diagnostic", pragma);
        QFile::remove(path);
    }
    fprintf(stderr, "fuzz_analysis: libclang's crash recovery works under the sanitizers\n");
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    harness = new Harness;
    harness->app = std::make_unique<QCoreApplication>(*argc, *argv);
    harness->folder = std::make_unique<QTemporaryDir>();
    if (!harness->folder->isValid())
        fail("cannot create a temporary folder");
    harness->input = harness->folder->filePath(QStringLiteral("input.cu"));
    QStringList errors;
    harness->library = ModelLibrary::load({}, errors);
    if (!errors.isEmpty())
        fail("the shipped models do not load", errors.join(QLatin1Char('\n')).toUtf8());
    harness->options.resourceDir = defaultClangResourceDir();
    // A runaway analysis is stopped by the budget, as for users; libFuzzer's -timeout
    // (scripts/fuzz.sh) is well above it, so what it reports is a hang the budget missed.
    bool ok = false;
    const double budget = qEnvironmentVariable("SLICEWATT_FUZZ_FILE_BUDGET").toDouble(&ok);
    harness->options.fileTimeBudgetSeconds = ok ? budget : 10;
    // Macros that expand a 2 KB input past 20,000 tokens are refused as for a bomb. Past that
    // size an input only times libclang, which cannot be interrupted: mutations of the macro
    // seeds (an open TWICE( nested 12 deep copies the rest of the file 4,096 times) took
    // 10-15 s each in clang's redeclaration lookups, half of a run's time for 2 inputs in
    // 1,500 (tests/fuzz/findings/README.md). SourceGuard's own screen still runs on them.
    harness->options.hazards.maxMacroTokens = 2e4;
    // The C++ standard headers the seeds include come from small stand-ins (std-stubs/
    // README.md): libstdc++'s took most of each input's time and are never mutated.
    harness->flags
        = {QStringLiteral("-nostdinc++"), QStringLiteral("-isystem"), QStringLiteral(SLICEWATT_FUZZ_STD_STUBS)};
    checkCrashRecovery();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    writeInput(data, size);
    ProjectSources sources = loadProject({harness->input});
    for (SourceFile& unit : sources.units)
        unit.flags += harness->flags;
    const ProjectIndex index = indexProject(sources, harness->options);
    // An input once read as libclang refusing the header ("undeclared identifier 'tpipch'")
    // and every later file, for users too, parsed the whole prelude again.
    for (const SourceFile& unit : sources.units) {
        const QStringList arguments = PreludePch::withoutPreludeInclude(clangArguments(unit.flags, harness->options));
        if (PreludePch::instance().pathFor(arguments).isEmpty())
            fail("the input turned the precompiled prelude off for every file after it");
    }

    requireJson(kernelListJsonText(index), "the kernel list is not valid JSON");
    const QVector<KernelSliceReport> slices = sliceProject(index);
    requireJson(sliceReportJsonText(index, slices), "the slice report is not valid JSON");
    sliceReportTable(slices, QDir::tempPath());

    // Every shipped model on a GPU it covers, with the code's launch; the writers once (they
    // repeat the slice report per kernel, which dominates the time of branch-heavy inputs).
    for (const QString& modelId : {QStringLiteral("jos13"), QStringLiteral("jsw12"), QStringLiteral("wnn")}) {
        WhatIfSettings settings;
        settings.modelId = modelId;
        const ModelChoice choice = chooseModel(harness->library, settings);
        if (!choice.error.isEmpty())
            fail("a shipped model has no GPU", choice.error.toUtf8());
        const EstimateRun run = estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings);
        requireFinite(run);
        if (modelId != QLatin1String("jos13"))
            continue;
        requireJson(estimateJson(run), "the estimate is not valid JSON");
        estimateCsv(run);
        estimateTable(run, QDir::tempPath());
        requireJson(estimateSarif(run, QDir::tempPath(), QStringLiteral("fuzz")), "the SARIF log is not valid JSON");
    }
    // Then the first bytes choose a what-if (grid, block, saturation, time, counting), as the
    // GUI's controls would.
    if (size >= 4) {
        WhatIfSettings settings;
        if (data[0] & 1)
            settings.allKernels.saturation = data[1] / 255.0;
        else
            settings.allKernels.grid = LaunchExtent{qint64(data[1]) << (data[2] % 40), 1 + (data[2] & 3), 1};
        settings.allKernels.block = LaunchExtent{1 + data[3] * 4, 1 + (data[3] >> 6), 1};
        settings.seconds = data[2] / 16.0;
        settings.counting = (data[3] & 1) ? AnalysisOptions::Counting::Lexical : AnalysisOptions::Counting::Ast;
        const ModelChoice choice = chooseModel(harness->library, settings);
        if (choice.error.isEmpty()) {
            const EstimateRun run = estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings);
            requireFinite(run);
            estimateCsv(run);
        }
    }
    return 0;
}
