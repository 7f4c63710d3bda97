// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxCommand.h"

#include "CliOptions.h"
#include "estimate/PtxWorkspace.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"
#include "ptx/PtxReportWriter.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

#include <unistd.h>

namespace slicewatt::cli {

int runPtxCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    if (!parseCommonOptions(args, {QStringLiteral("table"), QStringLiteral("json")}, options, error,
            {QStringLiteral("--gpu"), QStringLiteral("--compiler")})) {
        fprintf(stderr, "slicewatt-cli ptx: %s\n", qPrintable(error));
        return ExitUsage;
    }
    QStringList libraryErrors;
    const ModelLibrary library = ModelLibrary::load({}, libraryErrors);
    const QString gpuName = options.values.value(QStringLiteral("gpu"), QStringLiteral("v100"));
    const GpuSpec* gpu = library.gpus().find(gpuName);
    if (!gpu || gpu->computeCapability.isEmpty()) {
        fprintf(stderr, "slicewatt-cli ptx: no GPU '%s' with a compute capability\n", qPrintable(gpuName));
        return ExitUsage;
    }
    const QString arch = ptxArchOf(*gpu);

    const ProjectSources sources = loadProject(options.inputs, options.load);
    const ProjectIndex index = indexInputs(options);
    QVector<PtxKernelQuery> kernels;
    for (const CatalogFunction& kernel : index.kernels)
        kernels << PtxKernelQuery{kernel.info.qualifiedName, kernel.info.location.file, kernel.info.location.line};
    const QString wanted = options.values.value(QStringLiteral("compiler"));
    const QVector<PtxProducer> producers = ptxProducersNamed(wanted);
    if (!wanted.isEmpty() && producers.isEmpty()) {
        fprintf(stderr, "slicewatt-cli ptx: --compiler %s: not installed (nvcc or clang)\n", qPrintable(wanted));
        return ExitUsage;
    }
    const PtxWorkspace workspace;
    if (!workspace.isValid()) {
        fprintf(stderr, "slicewatt-cli ptx: cannot write the prelude to a temporary folder\n");
        return ExitAnalysisErrors;
    }
    // Every translation unit: a kernel is often defined in a file another one includes.
    QVector<PtxRequest> requests;
    for (const SourceFile& unit : sources.units)
        requests << workspace.requestFor(unit, arch);
    // Progress on a terminal only: a log gets no carriage returns.
    const bool terminal = isatty(fileno(stderr));
    const std::unique_ptr<PtxCache> cache = ptxCacheOf(options);
    const ProjectPtx ptx = compileProjectPtx(
        requests,
        [terminal](int done, int total) {
            if (terminal)
                fprintf(stderr, "\rslicewatt-cli ptx: %d of %d files%s", done, total, done == total ? "\n" : "");
            return true;
        },
        producers, cache.get());
    if (cache)
        cache->trimDisk();
    const QByteArray output = options.format == QLatin1String("json")
        ? ptxJson(ptx, kernels)
        : ptxTable(ptx, kernels, commonFolder(options.inputs)).toUtf8();
    if (!writeOutput(options.outputFile, output, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    if (ptx.producer.isEmpty())
        return ExitAnalysisErrors;
    return reportDiagnostics(index.allDiagnostics(), options.failOnErrors);
}

} // namespace slicewatt::cli
