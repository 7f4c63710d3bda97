// SPDX-License-Identifier: GPL-3.0-or-later
#include "AnalyzeCommand.h"

#include "CliOptions.h"
#include "export/EstimateWriter.h"
#include "export/SarifWriter.h"
#include "frontend/ProjectIndexer.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

#include <cstdio>

namespace slicewatt::cli {
namespace {

bool readNumber(const CommonOptions& options, const QString& name, double low, double high,
    std::optional<double>& value, QString& error)
{
    if (!options.values.contains(name))
        return true;
    bool ok = false;
    const double number = options.values.value(name).toDouble(&ok);
    if (!ok || number < low || number > high) {
        error = QStringLiteral("--%1 needs a number in [%2, %3], got '%4'")
                    .arg(name)
                    .arg(low)
                    .arg(high)
                    .arg(options.values.value(name));
        return false;
    }
    value = number;
    return true;
}

// "41=8,77=100" → {41: "8", 77: "100"}; false with `error` when malformed.
bool parseLineValues(const QString& text, const QString& option, QHash<int, QString>& values, QString& error)
{
    for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int line = item.section(QLatin1Char('='), 0, 0).toInt(&ok);
        if (!ok || !item.contains(QLatin1Char('=')) || line <= 0) {
            error = QStringLiteral("--%1 expects LINE=VALUE[,LINE=VALUE…], got '%2'").arg(option, item);
            return false;
        }
        values.insert(line, item.section(QLatin1Char('='), 1));
    }
    return true;
}

// What-if overrides by source line: trip counts of loops and arm probabilities of branches
// (e.g. measured by profiling), turned into the statement indices the analysis uses.
bool applyLineOverrides(const CommonOptions& options, const KernelIR& ir, AnalysisOptions& analysis, QString& error)
{
    QHash<int, QString> trips;
    QHash<int, QString> branches;
    if (!parseLineValues(options.values.value(QStringLiteral("trips")), QStringLiteral("trips"), trips, error)
        || !parseLineValues(options.values.value(QStringLiteral("branch")), QStringLiteral("branch"), branches, error))
        return false;
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& statement = ir.statements[i];
        const int line = statement.location.line;
        if (statement.kind == StatementKind::Loop && trips.contains(line)) {
            bool ok = false;
            const qint64 count = trips.value(line).toLongLong(&ok);
            if (!ok || count < 0) {
                error = QStringLiteral("--trips %1=%2: not a trip count").arg(line).arg(trips.value(line));
                return false;
            }
            analysis.tripCountOverrides.insert(i, count);
        }
        const bool branch = statement.kind == StatementKind::If || statement.kind == StatementKind::Switch;
        if (branch && branches.contains(line)) {
            QVector<double> arms;
            double sum = 0;
            for (const QString& part : branches.value(line).split(QLatin1Char('/'))) {
                bool ok = false;
                arms << part.toDouble(&ok);
                sum += arms.last();
                if (!ok || arms.last() < 0 || arms.last() > 1) {
                    error = QStringLiteral("--branch %1=%2: probabilities are numbers in [0, 1] separated by /")
                                .arg(line)
                                .arg(branches.value(line));
                    return false;
                }
            }
            if (arms.size() != qMax(statement.armCount, 2) || qAbs(sum - 1.0) > 1e-6) {
                error = QStringLiteral("--branch %1: give one probability per arm (%2), summing to 1")
                            .arg(line)
                            .arg(qMax(statement.armCount, 2));
                return false;
            }
            analysis.branchProbabilities.insert(i, arms);
        }
    }
    return true;
}

} // namespace

int runAnalyzeCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    const QStringList valueOptions = {QStringLiteral("--gpu"), QStringLiteral("--model"), QStringLiteral("--sa"),
        QStringLiteral("--grid"), QStringLiteral("--block"), QStringLiteral("--time"), QStringLiteral("--delta"),
        QStringLiteral("--models-dir"), QStringLiteral("--trips"), QStringLiteral("--branch"),
        QStringLiteral("--counting")};
    std::optional<double> saturation, grid, block, seconds, delta;
    const bool parsed
        = parseCommonOptions(args,
              {QStringLiteral("table"), QStringLiteral("json"), QStringLiteral("csv"), QStringLiteral("sarif")},
              options, error, valueOptions)
        && readNumber(options, QStringLiteral("sa"), 0, 1, saturation, error)
        && readNumber(options, QStringLiteral("grid"), 1, 1e9, grid, error)
        && readNumber(options, QStringLiteral("block"), 1, 4096, block, error)
        && readNumber(options, QStringLiteral("time"), 0, 1e9, seconds, error)
        && readNumber(options, QStringLiteral("delta"), 0, 1, delta, error);
    if (parsed && saturation && (grid || block))
        error = QStringLiteral("give either --sa or --grid/--block, not both");
    if (!parsed || !error.isEmpty()) {
        fprintf(stderr, "slicewatt-cli analyze: %s\n", qPrintable(error));
        return ExitUsage;
    }

    QStringList modelErrors;
    QStringList folders;
    if (options.values.contains(QStringLiteral("models-dir")))
        folders << options.values.value(QStringLiteral("models-dir"));
    const ModelLibrary library = ModelLibrary::load(folders, modelErrors);
    for (const QString& message : modelErrors)
        fprintf(stderr, "%s\n", qPrintable(message));
    const QString gpuName = options.values.value(QStringLiteral("gpu"), QStringLiteral("gtx280"));
    const QString modelName = options.values.value(QStringLiteral("model"), QStringLiteral("jos13"));
    const GpuSpec* gpu = library.gpus().find(gpuName);
    const PowerModel* model = library.model(modelName);
    if (!gpu || !model || !model->supports(gpu->id)) {
        QStringList gpuIds;
        for (const GpuSpec& g : library.gpus().gpus())
            gpuIds << g.id;
        QStringList modelIds;
        for (const PowerModel& m : library.models())
            modelIds << QStringLiteral("%1 (%2)").arg(m.id(), m.gpuIds().join(QLatin1Char(' ')));
        if (!gpu)
            fprintf(stderr, "slicewatt-cli analyze: unknown GPU '%s' (known: %s)\n", qPrintable(gpuName),
                qPrintable(gpuIds.join(QStringLiteral(", "))));
        else if (!model)
            fprintf(stderr, "slicewatt-cli analyze: unknown model '%s' (known: %s)\n", qPrintable(modelName),
                qPrintable(modelIds.join(QStringLiteral(", "))));
        else
            fprintf(stderr, "slicewatt-cli analyze: model %s has no parameters for %s (it covers: %s)\n",
                qPrintable(model->id()), qPrintable(gpu->id), qPrintable(model->gpuIds().join(QStringLiteral(", "))));
        return ExitUsage;
    }

    const ProjectIndex index = indexProject(loadProject(options.inputs, options.load), options.parser);
    AnalysisOptions analysisOptions;
    analysisOptions.memoryFactors = model->memoryFactors();
    const QString counting = options.values.value(QStringLiteral("counting"), QStringLiteral("ast"));
    if (counting != QLatin1String("ast") && counting != QLatin1String("lexical")) {
        fprintf(stderr, "slicewatt-cli analyze: --counting is ast or lexical, not '%s'\n", qPrintable(counting));
        return ExitUsage;
    }
    if (counting == QLatin1String("lexical"))
        analysisOptions.counting = AnalysisOptions::Counting::Lexical;
    QVector<KernelSliceReport> analyses = sliceProject(index, analysisOptions);
    // A what-if launch replaces the one found in the code: trip counts follow it; so do
    // trip counts and branch probabilities given by line.
    const bool lineOverrides
        = options.values.contains(QStringLiteral("trips")) || options.values.contains(QStringLiteral("branch"));
    if (grid || block || lineOverrides) {
        for (KernelSliceReport& analysis : analyses) {
            AnalysisOptions kernelOptions = analysisOptions;
            if (!applyLineOverrides(options, *analysis.ir, kernelOptions, error)) {
                fprintf(stderr, "slicewatt-cli analyze: %s\n", qPrintable(error));
                return ExitUsage;
            }
            if (grid) {
                analysis.launch.gridDim[0] = qint64(*grid);
                analysis.launch.gridDim[1] = 1;
                analysis.launch.gridDim[2] = 1;
            }
            if (block) {
                analysis.launch.blockDim[0] = qint64(*block);
                analysis.launch.blockDim[1] = 1;
                analysis.launch.blockDim[2] = 1;
            }
            analysis.slices = analyseKernel(*analysis.ir, analysis.launch, kernelOptions);
        }
    }
    EstimateSettings settings;
    settings.saturation = saturation;
    settings.seconds = seconds;
    if (grid)
        settings.gridBlocks = qint64(*grid);
    if (delta)
        settings.delta = *delta;
    const EstimateRun run = estimateProject(index, analyses, *model, *gpu, settings);

    QByteArray output;
    if (options.format == QLatin1String("json"))
        output = estimateJson(run);
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
    return reportDiagnostics(index.allDiagnostics());
}

} // namespace slicewatt::cli
