// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxCommand.h"

#include "CliOptions.h"
#include "frontend/CudaPrelude.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"
#include "ptx/PtxReportWriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>

#include <cstdio>

#include <unistd.h>

namespace slicewatt::cli {

namespace {

// SliceWatt's prelude on disk: clang reads it in place of CUDA's headers.
bool writePrelude(const QTemporaryDir& dir)
{
    const QString root = CudaPrelude::virtualFolder();
    for (const PreludeFile& file : CudaPrelude::instance().files()) {
        const QString path = dir.filePath(QString::fromUtf8(file.virtualPath).mid(root.size() + 1));
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(file.contents) != file.contents.size())
            return false;
    }
    return true;
}

// The file's own include folders, macros and standard, as its compile flags give them.
PtxRequest requestFor(const SourceFile& unit, const QString& arch, const QString& prelude)
{
    PtxRequest request;
    request.sourceFile = unit.path;
    request.arch = arch;
    request.preludeFolder = prelude;
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
    if (!parseCommonOptions(
            args, {QStringLiteral("table"), QStringLiteral("json")}, options, error, {QStringLiteral("--gpu")})) {
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
    QSet<QString> kernelFiles;
    QVector<PtxKernelQuery> kernels;
    for (const CatalogFunction& kernel : index.kernels) {
        kernelFiles.insert(kernel.info.location.file);
        kernels << PtxKernelQuery{kernel.info.qualifiedName, kernel.info.location.file, kernel.info.location.line};
    }
    QTemporaryDir prelude;
    if (!prelude.isValid() || !writePrelude(prelude)) {
        fprintf(stderr, "slicewatt-cli ptx: cannot write the prelude to a temporary folder\n");
        return ExitAnalysisErrors;
    }
    QVector<PtxRequest> requests;
    for (const SourceFile& unit : sources.units) {
        if (kernelFiles.contains(unit.path))
            requests << requestFor(unit, arch, prelude.path());
    }
    // Progress on a terminal only: a log gets no carriage returns.
    const bool terminal = isatty(fileno(stderr));
    const ProjectPtx ptx = compileProjectPtx(requests, [terminal](int done, int total) {
        if (terminal)
            fprintf(stderr, "\rslicewatt-cli ptx: %d of %d files%s", done, total, done == total ? "\n" : "");
        return true;
    });
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
