// SPDX-License-Identifier: GPL-3.0-or-later
// Analysis benchmark: what slicing adds on top of parsing (issue 3 target: at most 30 %).
// Both sides load, parse and discover kernels of the same large folder with every core;
// the analysed side also builds each kernel's statement IR and slices it.
//
//   bench_analysis [FOLDER] [--copies N] [--repeat R]
#include "BenchSupport.h"
#include "analysis/ProjectIndexer.h"
#include "export/SliceReportWriter.h"
#include "project/ProjectLoader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>

using namespace slicewatt;

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir scratch;
    const bench::BenchArgs args = bench::parseBenchArgs(app.arguments().mid(1), 3, scratch.path());
    const QString folder = args.folder;
    const int repeat = args.repeat;
    const ProjectSources sources = loadProject({folder});

    ParserOptions parseOnly;
    parseOnly.resourceDir = defaultClangResourceDir();
    parseOnly.analyseKernels = false;
    ParserOptions analysed = parseOnly;
    analysed.analyseKernels = true;

    int kernels = 0;
    int statements = 0;
    // Interleaved, best of `repeat` each, so background noise hits both sides alike.
    double parseSeconds = 1e30;
    double analysisSeconds = 1e30;
    for (int r = 0; r < repeat; ++r) {
        parseSeconds = std::min(parseSeconds, bench::bestOf(1, [&] {
            QElapsedTimer timer;
            timer.start();
            const ProjectIndex index = indexProject(sources, parseOnly);
            kernels = int(index.kernels.size());
            return double(timer.nsecsElapsed()) / 1e9;
        }));
        analysisSeconds = std::min(analysisSeconds, bench::bestOf(1, [&] {
            QElapsedTimer timer;
            timer.start();
            const ProjectIndex index = indexProject(sources, analysed);
            const QVector<KernelSliceReport> reports = sliceProject(index);
            statements = 0;
            for (const KernelSliceReport& report : reports)
                statements += report.slices.effectiveStatements;
            return double(timer.nsecsElapsed()) / 1e9;
        }));
    }
    const double ratio = analysisSeconds / parseSeconds;
    printf("files: %d translation units, %d kernels, %d statements analysed\n", int(sources.units.size()), kernels,
        statements);
    printf("parse + kernel discovery: %.3f s\n", parseSeconds);
    printf("parse + discovery + statement IR + slicing: %.3f s\n", analysisSeconds);
    printf("ratio: %.3f, analysis adds %.1f %% (target <= 30 %%) %s\n", ratio, (ratio - 1) * 100,
        ratio <= 1.3 ? "OK" : "ABOVE TARGET");
    return 0;
}
