// SPDX-License-Identifier: GPL-3.0-or-later
#include "CompareCommand.h"

#include "CliOptions.h"
#include "WhatIfOptions.h"
#include "common/FileIo.h"
#include "compare/ComparisonWriter.h"
#include "compare/GitRevision.h"
#include "compare/RunSnapshot.h"
#include "estimate/WhatIf.h"
#include "export/OutputFormatting.h"

#include <QFileInfo>
#include <QTemporaryDir>

#include <cstdio>
#include <memory>

namespace slicewatt::cli {
namespace {

// One side: a saved analysis as it is, or the project at `input` analysed with the options,
// written as `analyze --format json` writes it and read back, so both kinds compare alike.
std::optional<AnalysisSnapshot> snapshotOf(const QString& input, const CommonOptions& options, QString& error)
{
    if (QFileInfo(input).isFile() && input.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        return readAnalysisSnapshotFile(input, &error);
    if (!QFileInfo::exists(input)) {
        error = QStringLiteral("%1: no such file or folder").arg(input);
        return std::nullopt;
    }
    CommonOptions side = options;
    side.inputs = {input};
    WhatIfOptions whatIf;
    if (!readWhatIfOptions(side, whatIf, error) || !compileWhatIfPtx(side, whatIf, error))
        return std::nullopt;
    const ProjectIndex index = indexInputs(side);
    return analysisSnapshotOf(estimateProjectWhatIf(index, *whatIf.model, *whatIf.gpu, whatIf.energy, whatIf.settings),
        commonFolder(side.inputs));
}

} // namespace

int runCompareCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    QStringList valueOptions = whatIfValueOptions();
    valueOptions << QStringLiteral("--fail-on-increase") << QStringLiteral("--git-rev");
    if (!parseCommonOptions(args,
            {QStringLiteral("table"), QStringLiteral("json"), QStringLiteral("markdown"), QStringLiteral("csv"),
                QStringLiteral("sarif")},
            options, error, valueOptions)) {
        fprintf(stderr, "slicewatt-cli compare: %s\n", qPrintable(error));
        return ExitUsage;
    }
    const QString revision = options.values.value(QStringLiteral("git-rev"));
    if (options.inputs.size() != (revision.isEmpty() ? 2 : 1)) {
        fprintf(stderr,
            "slicewatt-cli compare: give BASE and NEW (each a saved analysis JSON or a folder), or "
            "--git-rev REV and the folder\n");
        return ExitUsage;
    }
    // Line-based what-ifs name lines of one version; the other's lines differ.
    if (options.values.contains(QStringLiteral("trips")) || options.values.contains(QStringLiteral("branch"))) {
        fprintf(stderr, "slicewatt-cli compare: --trips and --branch name lines of one version; not for compare\n");
        return ExitUsage;
    }
    std::optional<double> failOnIncrease;
    if (options.values.contains(QStringLiteral("fail-on-increase"))) {
        bool ok = false;
        failOnIncrease = options.values.value(QStringLiteral("fail-on-increase")).toDouble(&ok);
        if (!ok || *failOnIncrease < 0) {
            fprintf(stderr, "slicewatt-cli compare: --fail-on-increase takes a percentage, 0 or more\n");
            return ExitUsage;
        }
    }
    // The baseline from git: the folder as the revision has it, in a temporary copy.
    std::unique_ptr<QTemporaryDir> checkout;
    QString baseInput = options.inputs.first();
    const QString newInput = options.inputs.last();
    if (!revision.isEmpty()) {
        checkout = std::make_unique<QTemporaryDir>();
        baseInput = checkOutGitRevision(newInput, revision, *checkout, &error);
        if (baseInput.isEmpty()) {
            fprintf(stderr, "slicewatt-cli compare: --git-rev %s: %s\n", qPrintable(revision), qPrintable(error));
            return ExitAnalysisErrors;
        }
    }
    const std::optional<AnalysisSnapshot> base = snapshotOf(baseInput, options, error);
    const std::optional<AnalysisSnapshot> now = base ? snapshotOf(newInput, options, error) : std::nullopt;
    if (!base || !now) {
        fprintf(stderr, "slicewatt-cli compare: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    const AnalysisComparison comparison = compareAnalyses(*base, *now);
    const QString baseDir = now->root;
    QByteArray output;
    if (options.format == QLatin1String("json"))
        output = comparisonJson(comparison);
    else if (options.format == QLatin1String("markdown"))
        output = comparisonMarkdown(comparison, baseDir).toUtf8();
    else if (options.format == QLatin1String("csv"))
        output = comparisonCsv(comparison);
    else if (options.format == QLatin1String("sarif"))
        output = comparisonSarif(comparison, baseDir, QStringLiteral(SLICEWATT_VERSION), failOnIncrease.value_or(0));
    else
        output = comparisonTable(comparison, baseDir).toUtf8();
    if (!writeOutput(options.outputFile, output, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    if (failOnIncrease) {
        const QStringList increases = increasesOver(comparison, *failOnIncrease);
        for (const QString& line : increases)
            fprintf(stderr, "slicewatt-cli compare: rose more than %g %%: %s\n", *failOnIncrease, qPrintable(line));
        if (!increases.isEmpty())
            return ExitIncrease;
    }
    return ExitOk;
}

} // namespace slicewatt::cli
