// SPDX-License-Identifier: GPL-3.0-or-later
#include "ValidateCommand.h"

#include "CliOptions.h"
#include "WhatIfOptions.h"
#include "calibration/Validation.h"

#include <cstdio>

namespace slicewatt::cli {

int runValidateCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    WhatIfOptions whatIf;
    const bool parsed
        = parseCommonOptions(args, {QStringLiteral("table"), QStringLiteral("json"), QStringLiteral("csv")}, options,
              error, whatIfValueOptions())
        && readWhatIfOptions(options, whatIf, error);
    if (!parsed || options.inputs.size() != 1) {
        fprintf(stderr, "slicewatt-cli validate: %s\n",
            qPrintable(parsed ? QStringLiteral("give one validation CSV") : error));
        return ExitUsage;
    }
    // Line-based what-ifs name lines of one file; a validation set spans many programs.
    if (options.values.contains(QStringLiteral("trips")) || options.values.contains(QStringLiteral("branch"))) {
        fprintf(stderr, "slicewatt-cli validate: --trips and --branch name lines of one file; not for validate\n");
        return ExitUsage;
    }
    const ValidationSet set = readValidationCsv(options.inputs.first());
    if (!set.ok()) {
        for (const QString& message : set.errors)
            fprintf(stderr, "%s\n", qPrintable(message));
        return ExitAnalysisErrors;
    }
    const ValidationSummary summary
        = validatePredictions(set, *whatIf.model, *whatIf.gpu, whatIf.settings, options.parser);
    QByteArray output;
    if (options.format == QLatin1String("json"))
        output = validationJson(summary, whatIf.model->id(), whatIf.gpu->id);
    else if (options.format == QLatin1String("csv"))
        output = validationCsvOutput(summary);
    else
        output = validationTable(summary).toUtf8();
    if (!writeOutput(options.outputFile, output, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    for (const ValidationResult& r : summary.results) {
        if (!r.error.isEmpty())
            fprintf(stderr, "%s:%d: %s\n", qPrintable(set.file), r.row.line, qPrintable(r.error));
    }
    return summary.compared > 0 ? ExitOk : ExitAnalysisErrors;
}

} // namespace slicewatt::cli
