// SPDX-License-Identifier: GPL-3.0-or-later
#include "SlicesCommand.h"

#include "CliOptions.h"
#include "export/SliceReportWriter.h"

#include <cstdio>

namespace slicewatt::cli {

int runSlicesCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    if (!parseCommonOptions(args, {QStringLiteral("table"), QStringLiteral("json")}, options, error)) {
        fprintf(stderr, "slicewatt-cli slices: %s\n", qPrintable(error));
        return ExitUsage;
    }
    const ProjectIndex index = indexInputs(options);
    const QVector<KernelSliceReport> reports = sliceProject(index);
    const QByteArray output = options.format == QLatin1String("json")
        ? sliceReportJsonText(index, reports)
        : sliceReportTable(reports, commonFolder(options.inputs)).toUtf8();
    if (!writeOutput(options.outputFile, output, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    return reportDiagnostics(index.allDiagnostics(), options.failOnErrors);
}

} // namespace slicewatt::cli
