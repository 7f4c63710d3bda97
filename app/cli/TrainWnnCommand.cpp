// SPDX-License-Identifier: GPL-3.0-or-later
#include "TrainWnnCommand.h"

#include "CliOptions.h"
#include "calibration/CalibrationModels.h"
#include "model/CalibrationCsv.h"
#include "model/SurfaceSampler.h"
#include "model/WnnModelFile.h"

#include <cstdio>

namespace slicewatt::cli {
namespace {

int finish(const QString& outputFile, const QByteArray& modelFile, int sampleCount, const WnnTrainingReport& report)
{
    QString error;
    if (!writeOutput(outputFile, modelFile, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    printf("trained on %d samples for %d epochs: loss %.3g -> %.3g, max error on the training points %.2f %% "
           "(%.2f W)\nmodel written to %s\n",
        sampleCount, report.epochs, report.initialLoss, report.finalLoss, report.maxRelativeError * 100,
        report.maxAbsErrorWatts, qPrintable(outputFile));
    return ExitOk;
}

} // namespace

int runTrainWnnCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    // --surfaces stands in for the CSV: the published JoS13 surfaces are the data.
    QStringList parsedArgs = args;
    const bool fromSurfaces = parsedArgs.removeAll(QStringLiteral("--surfaces")) > 0;
    if (fromSurfaces)
        parsedArgs << QStringLiteral("-");
    if (!parseCommonOptions(parsedArgs, {QStringLiteral("table")}, options, error,
            {QStringLiteral("--id"), QStringLiteral("--seed"), QStringLiteral("--epochs")})
        || options.outputFile.isEmpty()) {
        fprintf(stderr, "slicewatt-cli train-wnn: %s\n",
            qPrintable(error.isEmpty() ? QStringLiteral("give -o MODEL.json") : error));
        return ExitUsage;
    }
    const DefaultWnnRecipe recipe;
    WnnTrainingOptions training;
    training.seed = options.values.value(QStringLiteral("seed"), QString::number(recipe.trainingSeed)).toUInt();
    training.maxEpochs = options.values.value(QStringLiteral("epochs"), QString::number(recipe.epochs)).toInt();
    if (training.maxEpochs <= 0) {
        fprintf(stderr, "slicewatt-cli train-wnn: --epochs needs a positive integer\n");
        return ExitUsage;
    }

    const QString tool = QStringLiteral("slicewatt-cli " SLICEWATT_VERSION);
    QString id = options.values.value(QStringLiteral("id"), QStringLiteral("wnn"));
    if (!fromSurfaces) {
        const CalibrationData data = readCalibrationCsv(options.inputs.first());
        if (!data.ok()) {
            for (const QString& message : data.errors)
                fprintf(stderr, "%s\n", qPrintable(message));
            return ExitAnalysisErrors;
        }
        const CalibrationNetwork trained = trainCalibrationNetwork(data, id, tool, training);
        if (!trained.error.isEmpty()) {
            fprintf(stderr, "%s\n", qPrintable(trained.error));
            return ExitAnalysisErrors;
        }
        return finish(options.outputFile, trained.modelFile, int(data.samples.size()), trained.report);
    }

    // The published surfaces stand in for measurements (METHOD §4, [ours]).
    const std::vector<WnnSample> samples = sampleJos13Surfaces(recipe.pointsPerGpu, recipe.sampleSeed);
    const QHash<QString, int> typeIndexByGpu = {{QStringLiteral("gtx260"), 0}, {QStringLiteral("gtx280"), 1},
        {QStringLiteral("c870"), 2}, {QStringLiteral("gtx480"), 3}};
    const QString name = QStringLiteral("JoS13 wavelet network (trained on the published regression surfaces)");
    QJsonObject provenance;
    provenance.insert(QStringLiteral("paper"),
        QStringLiteral("JoS13 (Ruan Jian Xue Bao 24(8), 2013): network structure, Morlet wavelet, output function"));
    provenance.insert(QStringLiteral("source"),
        QStringLiteral("NOT measurements: the paper's 20 measured points per GPU are not published, so this network "
                       "is trained on %1 points per GPU sampled from the four published JoS13 regression surfaces "
                       "(Sa in [0.1, 1], intensity log-uniform in [7.1, 8200], lines in [1, 60], seed %2). Retrain "
                       "it on your own measurements with slicewatt-cli train-wnn CSV.")
            .arg(recipe.pointsPerGpu)
            .arg(recipe.sampleSeed));
    provenance.insert(QStringLiteral("samples"), int(samples.size()));
    provenance.insert(QStringLiteral("training_seed"), int(training.seed));
    provenance.insert(QStringLiteral("epochs"), training.maxEpochs);
    provenance.insert(QStringLiteral("tool"), tool);

    WaveletNetwork network = WaveletNetwork::untrained();
    const WnnTrainingReport report = network.train(samples, training);
    provenance.insert(QStringLiteral("training_max_relative_error"), report.maxRelativeError);
    return finish(
        options.outputFile, wnnModelFile(id, name, network, typeIndexByGpu, provenance), int(samples.size()), report);
}

} // namespace slicewatt::cli
