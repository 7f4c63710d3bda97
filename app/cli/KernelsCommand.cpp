// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelsCommand.h"

#include "CliOptions.h"
#include "export/KernelListWriter.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace slicewatt::cli {
int runKernelsCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    if (!parseCommonOptions(args, {QStringLiteral("table"), QStringLiteral("json")}, options, error)) {
        fprintf(stderr, "slicewatt-cli kernels: %s\n", qPrintable(error));
        return ExitUsage;
    }
    const ProjectIndex index = indexInputs(options);

    const QByteArray output = options.format == QLatin1String("json")
        ? kernelListJsonText(index)
        : kernelListTable(index, commonFolder(options.inputs)).toUtf8();
    if (!writeOutput(options.outputFile, output, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    return reportDiagnostics(index.allDiagnostics(), options.failOnErrors);
}

} // namespace slicewatt::cli
