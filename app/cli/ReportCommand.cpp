// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportCommand.h"

#include "CliOptions.h"
#include "WhatIfOptions.h"
#include "compare/ReportChanges.h"
#include "compare/RunSnapshot.h"
#include "export/ReportDocument.h"
#include "report/ReportPdfWriter.h"

#include <QFileInfo>

#include <cstdio>

namespace slicewatt::cli {

int runReportCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    WhatIfOptions whatIf;
    const bool parsed = parseCommonOptions(args, {QStringLiteral("pdf")}, options, error,
                            whatIfValueOptions() << QStringLiteral("--title") << QStringLiteral("--baseline"))
        && readWhatIfOptions(options, whatIf, error);
    if (parsed && (options.outputFile.isEmpty() || options.outputFile == QLatin1String("-")))
        error = QStringLiteral("give the PDF to write with -o FILE.pdf");
    if (!parsed || !error.isEmpty()) {
        fprintf(stderr,
            "slicewatt-cli report: %s\n"
            "usage: slicewatt-cli report PATH... -o FILE.pdf [--gpu NAME] [--model NAME] [--sa X | --grid N "
            "--block N] [--time SECONDS] [--delta D] [--trips L=N,...] [--branch L=P/Q,...] [--counting MODE] "
            "[--models-dir DIR] [--energy-model ID] [--threads N] [--static-w W] [--title TEXT] "
            "[--baseline SAVED.json]\n",
            qPrintable(error));
        return ExitUsage;
    }

    // The baseline is read first: a wrong path should not cost an analysis.
    std::optional<AnalysisSnapshot> baseline;
    const QString baselineFile = options.values.value(QStringLiteral("baseline"));
    if (!baselineFile.isEmpty() && !(baseline = readAnalysisSnapshotFile(baselineFile, &error))) {
        fprintf(stderr, "slicewatt-cli report: --baseline %s\n", qPrintable(error));
        return ExitUsage;
    }

    const ProjectIndex index = indexInputs(options);
    if (!applyIndexWhatIfs(options, index, whatIf.settings, error) || !compileWhatIfPtx(options, whatIf, error)) {
        fprintf(stderr, "slicewatt-cli report: %s\n", qPrintable(error));
        return ExitUsage;
    }
    const EstimateRun run = estimateProjectWhatIf(index, *whatIf.model, *whatIf.gpu, whatIf.energy, whatIf.settings);

    ReportOptions reportOptions;
    reportOptions.project = options.inputs.join(QStringLiteral(", "));
    reportOptions.projectFolder = commonFolder(options.inputs);
    reportOptions.toolVersion = QStringLiteral(SLICEWATT_VERSION);
    reportOptions.created = reportCreationTime();
    reportOptions.title = options.values.value(QStringLiteral("title"));
    ReportDocument document = buildReport(run, whatIf.settings, reportOptions);
    if (baseline) {
        document.changes
            = reportChangesOf(compareAnalyses(*baseline, analysisSnapshotOf(run, reportOptions.projectFolder)),
                QFileInfo(baselineFile).fileName(), reportOptions.projectFolder);
    }

    // The painter writes atomically: on failure the target is left as it was.
    if (!writeReportPdf(document, options.outputFile, &error)) {
        fprintf(stderr, "slicewatt-cli report: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    return reportDiagnostics(index.allDiagnostics(), options.failOnErrors);
}

} // namespace slicewatt::cli
