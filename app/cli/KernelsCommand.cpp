// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelsCommand.h"

#include "CliOptions.h"
#include "export/KernelListWriter.h"
#include "frontend/ProjectIndexer.h"
#include "project/ProjectLoader.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace slicewatt::cli {
namespace {

// The deepest folder holding every input, so table paths stay short.
QString commonFolder(const QStringList& inputs)
{
    QString common;
    for (const QString& input : inputs) {
        const QFileInfo info(input);
        QString folder = info.isDir() ? QDir::cleanPath(info.absoluteFilePath()) : QDir::cleanPath(info.absolutePath());
        if (common.isNull()) {
            common = folder;
            continue;
        }
        while (!(folder + QLatin1Char('/')).startsWith(common + QLatin1Char('/')) && common.contains(QLatin1Char('/')))
            common = common.left(common.lastIndexOf(QLatin1Char('/')));
    }
    return common;
}

} // namespace

int runKernelsCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    if (!parseCommonOptions(args, {QStringLiteral("table"), QStringLiteral("json")}, options, error)) {
        fprintf(stderr, "slicewatt-cli kernels: %s\n", qPrintable(error));
        return ExitUsage;
    }
    const ProjectSources sources = loadProject(options.inputs, options.load);
    const ProjectIndex index = indexProject(sources, options.parser);

    const QByteArray output = options.format == QLatin1String("json")
        ? kernelListJsonText(index)
        : kernelListTable(index, commonFolder(options.inputs)).toUtf8();
    if (!writeOutput(options.outputFile, output, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    const Diagnostics diagnostics = index.allDiagnostics();
    for (const Diagnostic& d : diagnostics) {
        if (d.severity != Diagnostic::Severity::Note || d.origin == Diagnostic::Origin::Loader)
            fprintf(stderr, "%s\n", qPrintable(d.toString()));
    }
    return errorCount(diagnostics) > 0 ? ExitAnalysisErrors : ExitOk;
}

} // namespace slicewatt::cli
