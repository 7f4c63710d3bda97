// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxCommand.h"

#include "CliOptions.h"
#include "frontend/CudaPrelude.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"
#include "ptx/PtxReportWriter.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cstdio>

#include <unistd.h>

namespace slicewatt::cli {

namespace {

// SliceWatt's prelude on disk in `dir`/prelude (clang reads it in place of CUDA's headers),
// and its stand-ins for the CUDA samples' helper_*.h alone in `dir`/helpers (nvcc finds
// them after its own headers).
bool writePrelude(const QTemporaryDir& dir)
{
    const CudaPrelude& prelude = CudaPrelude::instance();
    return prelude.writeTo(dir.filePath(QStringLiteral("prelude")))
        && prelude.writeTo(dir.filePath(QStringLiteral("helpers")),
            [](const QString& path) { return path.startsWith(QLatin1String("helper_")); });
}

// The file's own include folders, macros and standard, as its compile flags give them.
PtxRequest requestFor(const SourceFile& unit, const QString& arch, const QTemporaryDir& prelude)
{
    PtxRequest request;
    request.sourceFile = unit.path;
    request.arch = arch;
    request.preludeFolder = prelude.filePath(QStringLiteral("prelude"));
    request.helperFolder = prelude.filePath(QStringLiteral("helpers"));
    for (int i = 0; i < unit.flags.size(); ++i) {
        const QString& flag = unit.flags[i];
        if (flag.startsWith(QLatin1String("-I")) && flag.size() > 2)
            request.includeDirs << flag.mid(2);
        else if (flag.startsWith(QLatin1String("-D")) && flag.size() > 2)
            request.defines << flag.mid(2);
        else if (flag.startsWith(QLatin1String("-std=")))
            request.standard = flag.mid(5);
    }
    return request;
}

} // namespace

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
    const QString arch = QStringLiteral("sm_") + QString(gpu->computeCapability).remove(QLatin1Char('.'));

    const ProjectSources sources = loadProject(options.inputs, options.load);
    const ProjectIndex index = indexInputs(options);
    QVector<PtxKernelQuery> kernels;
    for (const CatalogFunction& kernel : index.kernels)
        kernels << PtxKernelQuery{kernel.info.qualifiedName, kernel.info.location.file, kernel.info.location.line};
    QVector<PtxProducer> producers = findPtxProducers();
    if (options.values.contains(QStringLiteral("compiler"))) {
        const QString wanted = options.values.value(QStringLiteral("compiler"));
        producers.removeIf([&](const PtxProducer& p) { return !p.name().startsWith(wanted + QLatin1Char(' ')); });
        if (producers.isEmpty()) {
            fprintf(stderr, "slicewatt-cli ptx: --compiler %s: not installed (nvcc or clang)\n", qPrintable(wanted));
            return ExitUsage;
        }
    }
    QTemporaryDir prelude;
    if (!prelude.isValid() || !writePrelude(prelude)) {
        fprintf(stderr, "slicewatt-cli ptx: cannot write the prelude to a temporary folder\n");
        return ExitAnalysisErrors;
    }
    // Every translation unit: a kernel is often defined in a file another one includes.
    QVector<PtxRequest> requests;
    for (const SourceFile& unit : sources.units)
        requests << requestFor(unit, arch, prelude);
    // Progress on a terminal only: a log gets no carriage returns.
    const bool terminal = isatty(fileno(stderr));
    const ProjectPtx ptx = compileProjectPtx(
        requests,
        [terminal](int done, int total) {
            if (terminal)
                fprintf(stderr, "\rslicewatt-cli ptx: %d of %d files%s", done, total, done == total ? "\n" : "");
            return true;
        },
        producers);
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
