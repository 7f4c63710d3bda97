// SPDX-License-Identifier: GPL-3.0-or-later
// Peak memory benchmark (issue 7): the peak resident set of a process that analyses a
// 100-file project the way the app does (parse on every core, keep the index and the
// in-memory unit cache, estimate every kernel). Each measurement is a child process of its
// own, so peaks do not mix. Ratios, measured in the same run:
//   100 files / 10 files:    growth with project size (ASTs are dropped after indexing,
//                            so this should stay far below 10)
//   100 files / clang -fsyntax-only on the largest file: what the whole project costs in
//                            memory compared with a compiler looking at one file
//
// With --template-heavy, a generated project in the shape of a large template-heavy CUDA
// backend (TemplateBackend.h: 190 files by default, 172 operators and their headers) is
// analysed too, against the issue-19 target of 600 MB.
//
//   bench_memory [--files N] [--parallel-files N] [--template-heavy [--operators N]]
//   bench_memory --write-backend FOLDER [--operators N]   (only writes that project, to look at)
#include "BenchSupport.h"
#include "TemplateBackend.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/WhatIf.h"
#include "frontend/UnitCache.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <cstdio>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <vector>

extern char** environ;

using namespace slicewatt;

namespace {

// The child's side: analyse `folder` and stay alive with the results until the end.
int analyseAsChild(const QString& folder, int parallelFiles)
{
    ParserOptions options;
    options.resourceDir = defaultClangResourceDir();
    options.parallelFiles = parallelFiles;
    UnitCache cache;
    const ProjectIndex index = indexProject(loadProject({folder}), options, {}, nullptr, &cache);
    QStringList errors;
    const ModelLibrary library = ModelLibrary::load({}, errors);
    const WhatIfSettings settings;
    const ModelChoice choice = chooseModel(library, settings);
    const EstimateRun run = estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings);
    printf("%d kernels\n", int(run.kernels.size()));
    return run.kernels.isEmpty() ? 1 : 0;
}

// Peak resident set (KiB) of a command run to completion; -1 when it could not run.
long peakKiB(const QStringList& command)
{
    std::vector<QByteArray> bytes;
    for (const QString& arg : command)
        bytes.push_back(arg.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& arg : bytes)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        return -1;
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status))
        return -1;
    return usage.ru_maxrss; // KiB on Linux
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() == 4 && args[1] == QLatin1String("--child"))
        return analyseAsChild(args[2], args[3].toInt());
    if (args.size() >= 3 && args[1] == QLatin1String("--write-backend")) {
        printf("%s\n",
            qPrintable(bench::makeTemplateBackend(
                args[2], int(bench::numberOption(args, QStringLiteral("--operators"), 172)))));
        return 0;
    }
    const int fileCount = std::max(10, int(bench::numberOption(args, QStringLiteral("--files"), 100)));
    QTemporaryDir scratch;
    QStringList files;
    const QString large = bench::makeProjectOfFiles(scratch.path(), fileCount, &files);
    const QString small = bench::makeProjectOfFiles(scratch.path(), 10);
    const QString self = QCoreApplication::applicationFilePath();

    // --parallel-files N: parse as a machine with that many cores would (0: this machine's
    // default), to see the peak of a many-core machine on a small one.
    const QString parallel = QString::number(int(bench::numberOption(args, QStringLiteral("--parallel-files"), 0)));
    const long smallKiB = peakKiB({self, QStringLiteral("--child"), small, parallel});
    const long largeKiB = peakKiB({self, QStringLiteral("--child"), large, parallel});
    if (smallKiB <= 0 || largeKiB <= 0) {
        fprintf(stderr, "bench_memory: the analysing child failed\n");
        return 1;
    }

    // The baseline compiler run: the largest file with the same arguments and the prelude.
    QString largest;
    for (const QString& file : files) {
        if (largest.isEmpty() || QFileInfo(file).size() > QFileInfo(largest).size())
            largest = file;
    }
    long clangKiB = -1;
    const QString clang = bench::clangExecutable();
    if (!clang.isEmpty()) {
        ParserOptions options;
        options.resourceDir = defaultClangResourceDir();
        QStringList command = {clang};
        command += clangArguments({QStringLiteral("-std=c++17")}, options);
        const QString prelude = bench::writePreludeTo(scratch.filePath(QStringLiteral("prelude")));
        command.replaceInStrings(QStringLiteral("-I") + CudaPrelude::virtualFolder(), QStringLiteral("-I") + prelude);
        command << QStringLiteral("-fsyntax-only") << largest;
        clangKiB = peakKiB(command);
    }

    printf("peak resident memory, analysis of %d files (index, unit cache, estimates kept): %.1f MiB\n",
        int(files.size()), largeKiB / 1024.0);
    printf("peak resident memory, analysis of 10 files: %.1f MiB\n", smallKiB / 1024.0);
    printf("ratio %d files / 10 files: %.2f (all-AST growth would approach %.0f)\n", int(files.size()),
        double(largeKiB) / double(smallKiB), files.size() / 10.0);
    if (args.contains(QStringLiteral("--template-heavy"))) {
        const int operators = int(bench::numberOption(args, QStringLiteral("--operators"), 172));
        const QString backend = bench::makeTemplateBackend(scratch.path(), operators);
        const int backendFiles = int(QDir(backend + QStringLiteral("/ops")).entryList(QDir::Files).size()
            + QDir(backend + QStringLiteral("/include")).entryList(QDir::Files).size());
        const long backendKiB = peakKiB({self, QStringLiteral("--child"), backend, parallel});
        if (backendKiB <= 0) {
            fprintf(stderr, "bench_memory: the analysing child failed on the template-heavy project\n");
            return 1;
        }
        printf("peak resident memory, template-heavy backend of %d files: %.1f MiB (target < 600 MB = %.1f MiB)\n",
            backendFiles, backendKiB / 1024.0, 600e6 / (1024.0 * 1024.0));
    }
    if (clangKiB > 0) {
        printf("clang -fsyntax-only on the largest file (%s): %.1f MiB\n", qPrintable(QFileInfo(largest).fileName()),
            clangKiB / 1024.0);
        printf(
            "ratio %d-file analysis / one clang run: %.2f\n", int(files.size()), double(largeKiB) / double(clangKiB));
    }
    return 0;
}
