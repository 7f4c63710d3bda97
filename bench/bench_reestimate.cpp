// SPDX-License-Identifier: GPL-3.0-or-later
// What-if throughput benchmark (issue 7): how many what-if re-estimates per second the
// engine does. A re-estimate is what every slider step calls: one kernel analysed again from
// its cached statement IR with a new SM saturation (trip counts and branch arms
// re-evaluated, slices and BSPM/BDPM recomputed; no parse). The baseline, measured in the
// same run, is the full analysis of the same project (parse included) per kernel: the ratio
// says how much cheaper a what-if is than analysing again.
//
//   bench_reestimate [--files N] [--seconds S]
#include "BenchSupport.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/WhatIf.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>

using namespace slicewatt;

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int fileCount = std::max(1, int(bench::numberOption(args, QStringLiteral("--files"), 100)));
    const double seconds = std::max(0.1, bench::numberOption(args, QStringLiteral("--seconds"), 2.0));
    QTemporaryDir scratch;
    const QString folder = bench::makeProjectOfFiles(scratch.path(), fileCount);
    ParserOptions options;
    options.resourceDir = defaultClangResourceDir();
    QStringList errors;
    const ModelLibrary library = ModelLibrary::load({}, errors);
    WhatIfSettings settings;
    const ModelChoice choice = chooseModel(library, settings);
    if (!choice.model) {
        fprintf(stderr, "bench_reestimate: %s\n", qPrintable(choice.error));
        return 1;
    }

    QElapsedTimer timer;
    timer.start();
    const ProjectIndex index = indexProject(loadProject({folder}), options);
    const EstimateRun full = estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings);
    const double fullSeconds = double(timer.nsecsElapsed()) / 1e9;
    QVector<const CatalogFunction*> kernels;
    for (const CatalogFunction& kernel : index.kernels) {
        if (index.kernelIR(kernel.info.key))
            kernels << &kernel;
    }
    if (kernels.isEmpty()) {
        fprintf(stderr, "bench_reestimate: no kernel with a readable body\n");
        return 1;
    }

    // Round-robin over the kernels, Sa sweeping as a dragged slider does.
    qint64 count = 0;
    double checksum = 0; // keeps the work observable
    timer.restart();
    while (double(timer.nsecsElapsed()) / 1e9 < seconds) {
        const CatalogFunction& kernel = *kernels[int(count % kernels.size())];
        settings.kernels[kernel.info.key].saturation = 0.05 + 0.95 * double(count % 100) / 99.0;
        checksum += estimateKernelWhatIf(
            kernel, *index.kernelIR(kernel.info.key), *choice.model, *choice.gpu, choice.energy, settings)
                        .estimate.watts;
        ++count;
    }
    const double elapsed = double(timer.nsecsElapsed()) / 1e9;
    const double perSecond = double(count) / elapsed;
    const double fullPerKernel = fullSeconds / double(full.kernels.size());
    printf("project: %d files, %d kernels (checksum %.1f W)\n", fileCount, int(kernels.size()), checksum);
    printf("what-if re-estimates: %lld in %.2f s = %.0f per second (%.1f us each)\n", count, elapsed, perSecond,
        1e6 / perSecond);
    printf("full analysis (parse included): %.3f s = %.2f ms per kernel\n", fullSeconds, fullPerKernel * 1e3);
    printf("ratio re-estimate / full analysis per kernel: %.4f\n", (1.0 / perSecond) / fullPerKernel);
    printf("re-estimates per 60 Hz frame: %.0f (target >= 1)\n", perSecond / 60.0);
    return 0;
}
