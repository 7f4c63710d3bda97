// SPDX-License-Identifier: GPL-3.0-or-later
// Whole-analysis benchmark: wall time of SliceWatt loading, parsing, indexing, slicing and
// estimating every kernel of a large folder, as a ratio to `clang -fsyntax-only` with the
// same flags on the same files, both using every core.
// Target (issues 2 and 7): ratio <= 1.3.
//
//   bench_parse [FOLDER] [--copies N] [--repeat R]
//
// Without FOLDER, a large folder is made from N copies (default 4) of the test corpus and
// the example project.
#include "BenchSupport.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/WhatIf.h"
#include "frontend/CudaPrelude.h"
#include "frontend/ParserOptions.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <clang-c/Index.h>

#include <algorithm>
#include <cstdio>

using namespace slicewatt;

namespace {

double runClangBaseline(const QString& clang, const ProjectSources& sources, const ParserOptions& options,
    const QString& preludeFolder, int jobs)
{
    QElapsedTimer timer;
    timer.start();
    int next = 0;
    QList<QProcess*> running;
    const auto& units = sources.units;
    while (next < units.size() || !running.isEmpty()) {
        while (running.size() < jobs && next < units.size()) {
            QStringList args = clangArguments(units[next].flags, options);
            args.replaceInStrings(
                QStringLiteral("-I") + CudaPrelude::virtualFolder(), QStringLiteral("-I") + preludeFolder);
            args << QStringLiteral("-fsyntax-only") << units[next].path;
            auto* process = new QProcess;
            process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
            process->setStandardErrorFile(QProcess::nullDevice());
            process->start(clang, args);
            running << process;
            ++next;
        }
        running.first()->waitForFinished(-1);
        delete running.takeFirst();
    }
    return double(timer.nsecsElapsed()) / 1e9;
}

// The whole analysis a user runs: load, parse, index, statement IR, slices, estimates.
double runSliceWatt(const QStringList& inputs, const ParserOptions& options, int& kernels)
{
    static QStringList errors;
    static const ModelLibrary library = ModelLibrary::load({}, errors);
    const WhatIfSettings settings;
    const ModelChoice choice = chooseModel(library, settings);
    QElapsedTimer timer;
    timer.start();
    const ProjectIndex index = indexProject(loadProject(inputs), options);
    kernels = int(estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings).kernels.size());
    return double(timer.nsecsElapsed()) / 1e9;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir scratch;
    const bench::BenchArgs args = bench::parseBenchArgs(app.arguments().mid(1), 4, scratch.path());
    const QString folder = args.folder;
    const int repeat = args.repeat;
    const QString clang = bench::clangExecutable();
    if (clang.isEmpty()) {
        fprintf(stderr, "bench_parse: no clang executable found for the baseline (apt-get install clang)\n");
        return 1;
    }
    ParserOptions options;
    options.resourceDir = defaultClangResourceDir();
    const ProjectSources sources = loadProject({folder});
    const QString prelude = bench::writePreludeTo(scratch.filePath(QStringLiteral("prelude")));
    const int jobs = QThread::idealThreadCount();

    // Best of `repeat` runs each, interleaved, so a background hiccup hits both sides alike.
    double best = 1e30;
    double bestBaseline = 1e30;
    int kernels = 0;
    for (int r = 0; r < repeat; ++r) {
        bestBaseline = std::min(bestBaseline, runClangBaseline(clang, sources, options, prelude, jobs));
        best = std::min(best, runSliceWatt({folder}, options, kernels));
    }
    const double ratio = best / bestBaseline;
    printf("files: %d translation units (+%d headers), %d kernels, %d parallel jobs\n", int(sources.units.size()),
        int(sources.headers.size()), kernels, jobs);
    printf("clang -fsyntax-only (%s): %.3f s\n", qPrintable(QFileInfo(clang).fileName()), bestBaseline);
    printf("slicewatt whole analysis (load, parse, index, slice, estimate): %.3f s\n", best);
    printf("ratio: %.2f (target <= 1.30) %s\n", ratio, ratio <= 1.3 ? "OK" : "ABOVE TARGET");
    return 0;
}
