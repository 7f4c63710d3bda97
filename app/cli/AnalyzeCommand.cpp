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

} // namespace

int runAnalyzeCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    const QStringList valueOptions = {QStringLiteral("--gpu"), QStringLiteral("--model"), QStringLiteral("--sa"),
        QStringLiteral("--grid"), QStringLiteral("--block"), QStringLiteral("--time"), QStringLiteral("--delta"),
        QStringLiteral("--models-dir")};
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
    QVector<KernelSliceReport> analyses = sliceProject(index, analysisOptions);
    // A what-if launch replaces the one found in the code: trip counts follow it.
    if (grid || block) {
        for (KernelSliceReport& analysis : analyses) {
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
            analysis.slices = analyseKernel(*analysis.ir, analysis.launch, analysisOptions);
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
