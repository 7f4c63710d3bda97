// SPDX-License-Identifier: GPL-3.0-or-later
// Re-analysis benchmark (issue 7 target: after touching one file of a 100-file project,
// re-analysis costs at most 5 % of a full analysis). Both sides run the whole path a user
// runs: load, parse (or take from the unit cache), index, slice and estimate every kernel.
//   full:      a cold cache, every file parsed (all cores)
//   re-open:   the project analysed again (F5, or `slicewatt-cli --cache-dir` in CI) after
//              one file was edited: the cache serves the other 99
//   save:      the app's path when the watcher sees the save (reindexFiles of that file)
//
//   bench_incremental [--files N] [--repeat R]
#include "BenchSupport.h"
#include "analysis/IncrementalIndexer.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/WhatIf.h"
#include "frontend/UnitCache.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>

using namespace slicewatt;

namespace {

double secondsOf(const std::function<void()>& work)
{
    QElapsedTimer timer;
    timer.start();
    work();
    return double(timer.nsecsElapsed()) / 1e9;
}

// An edit that changes the file's bytes (and so its key) but not its kernels.
void touch(const QString& path, int edit)
{
    QFile file(path);
    if (file.open(QIODevice::Append))
        file.write("\n// edit " + QByteArray::number(edit) + "\n");
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int fileCount = std::max(2, int(bench::numberOption(args, QStringLiteral("--files"), 100)));
    const int repeat = std::max(1, int(bench::numberOption(args, QStringLiteral("--repeat"), 3)));
    QTemporaryDir scratch;
    QStringList files;
    const QString folder = bench::makeProjectOfFiles(scratch.path(), fileCount, &files);
    ParserOptions options;
    options.resourceDir = defaultClangResourceDir();
    QStringList errors;
    const ModelLibrary library = ModelLibrary::load({}, errors);
    const WhatIfSettings settings;
    const ModelChoice choice = chooseModel(library, settings);
    if (!choice.model) {
        fprintf(stderr, "bench_incremental: %s\n", qPrintable(choice.error));
        return 1;
    }
    int kernels = 0;
    const auto analyse = [&](const ProjectIndex& index) {
        kernels = int(estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings).kernels.size());
    };

    double full = 1e30, reopen = 1e30, save = 1e30;
    int parsedOnReopen = 0;
    int edit = 0;
    for (int r = 0; r < repeat; ++r) {
        UnitCache cache;
        ProjectIndex index;
        full = std::min(full, secondsOf([&] {
            index = indexProject(loadProject({folder}), options, {}, nullptr, &cache);
            analyse(index);
        }));
        const QString touched = files[(r * 37) % files.size()];
        touch(touched, ++edit);
        reopen = std::min(reopen, secondsOf([&] {
            index = indexProject(loadProject({folder}), options, {}, nullptr, &cache);
            analyse(index);
        }));
        parsedOnReopen = int(std::count_if(
            index.units.cbegin(), index.units.cend(), [](const UnitIndex& unit) { return !unit.fromCache; }));
        touch(touched, ++edit);
        save = std::min(save, secondsOf([&] {
            const ProjectSources sources = loadProject({folder});
            index = reindexFiles(index, sources, filesAffectedBy(index, sources, {touched}), options, &cache);
            analyse(index);
        }));
    }
    printf("project: %d translation units, %d kernels estimated; best of %d\n", int(files.size()), kernels, repeat);
    printf("full analysis (cold cache, all files parsed): %.3f s\n", full);
    printf("re-open after touching 1 file (%d parsed, the rest from the cache): %.3f s\n", parsedOnReopen, reopen);
    printf("save of 1 file (watcher path, reindexFiles): %.3f s\n", save);
    printf("ratio re-open / full: %.3f (target <= 0.05) %s\n", reopen / full,
        reopen / full <= 0.05 ? "OK" : "ABOVE TARGET");
    printf("ratio save / full: %.3f (target <= 0.05) %s\n", save / full, save / full <= 0.05 ? "OK" : "ABOVE TARGET");
    return 0;
}
