// SPDX-License-Identifier: GPL-3.0-or-later
#include "AnalyzeCommand.h"

#include "CliOptions.h"
#include "WhatIfOptions.h"
#include "estimate/WhatIf.h"
#include "export/EstimateWriter.h"
#include "export/SarifWriter.h"

#include <cstdio>

namespace slicewatt::cli {

int runAnalyzeCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    WhatIfOptions whatIf;
    const bool parsed
        = parseCommonOptions(args,
              {QStringLiteral("table"), QStringLiteral("json"), QStringLiteral("csv"), QStringLiteral("sarif")},
              options, error, whatIfValueOptions())
        && readWhatIfOptions(options, whatIf, error);
    if (!parsed) {
        fprintf(stderr, "slicewatt-cli analyze: %s\n", qPrintable(error));
        return ExitUsage;
    }

    const ProjectIndex index = indexInputs(options);
    // Trip counts and branch probabilities given by line become per-kernel what-ifs on the
    // statements at those lines.
    if (!applyIndexWhatIfs(options, index, whatIf.settings, error) || !compileWhatIfPtx(options, whatIf, error)) {
        fprintf(stderr, "slicewatt-cli analyze: %s\n", qPrintable(error));
        return ExitUsage;
    }
    const EstimateRun run = estimateProjectWhatIf(index, *whatIf.model, *whatIf.gpu, whatIf.energy, whatIf.settings);

    QByteArray output;
    if (options.format == QLatin1String("json"))
        output = estimateJson(run, commonFolder(options.inputs));
    else if (options.format == QLatin1String("csv"))
        output = estimateCsv(run);
    else if (options.format == QLatin1String("sarif"))
        output = estimateSarif(run, commonFolder(options.inputs), QStringLiteral(SLICEWATT_VERSION));
    else
        output = estimateTable(run, commonFolder(options.inputs)).toUtf8();
    if (!writeOutput(options.outputFile, output, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    return reportDiagnostics(index.allDiagnostics(), options.failOnErrors);
}

} // namespace slicewatt::cli
