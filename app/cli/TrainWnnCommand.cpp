// SPDX-License-Identifier: GPL-3.0-or-later
#include "TrainWnnCommand.h"

#include "CliOptions.h"
#include "model/CalibrationCsv.h"
#include "model/SurfaceSampler.h"
#include "model/WnnModelFile.h"

#include <cstdio>

namespace slicewatt::cli {

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

    std::vector<WnnSample> samples;
    QHash<QString, int> typeIndexByGpu;
    QJsonObject provenance;
    QString id = options.values.value(QStringLiteral("id"), QStringLiteral("wnn"));
    QString name;
    if (fromSurfaces) {
        samples = sampleJos13Surfaces(recipe.pointsPerGpu, recipe.sampleSeed);
        typeIndexByGpu = {{QStringLiteral("gtx260"), 0}, {QStringLiteral("gtx280"), 1}, {QStringLiteral("c870"), 2},
            {QStringLiteral("gtx480"), 3}};
        name = QStringLiteral("JoS13 wavelet network (trained on the published regression surfaces)");
        provenance.insert(QStringLiteral("paper"),
            QStringLiteral(
                "JoS13 (Ruan Jian Xue Bao 24(8), 2013): network structure, Morlet wavelet, output function"));
        provenance.insert(QStringLiteral("source"),
            QStringLiteral(
                "NOT measurements: the paper's 20 measured points per GPU are not published, so this network "
                "is trained on %1 points per GPU sampled from the four published JoS13 regression surfaces "
                "(Sa in [0.1, 1], intensity log-uniform in [7.1, 8200], lines in [1, 60], seed %2). Retrain "
                "it on your own measurements with slicewatt-cli train-wnn CSV.")
                .arg(recipe.pointsPerGpu)
                .arg(recipe.sampleSeed));
    } else {
        const CalibrationData data = readCalibrationCsv(options.inputs.first());
        if (!data.ok() || !data.hasLines || !data.hasGpu) {
            for (const QString& message : data.errors)
                fprintf(stderr, "%s\n", qPrintable(message));
            if (data.ok())
                fprintf(stderr, "%s: the wavelet network needs the columns lines and gpu as well\n",
                    qPrintable(options.inputs.first()));
            return ExitAnalysisErrors;
        }
        for (const CalibrationSample& s : data.samples)
            samples.push_back(WnnSample{s.intensity, s.saturation, *s.lines, s.gpuIndex, s.watts});
        for (int i = 0; i < data.gpuNames.size(); ++i)
            typeIndexByGpu.insert(data.gpuNames[i], i);
        name = QStringLiteral("Wavelet network trained on %1").arg(options.inputs.first());
        provenance.insert(QStringLiteral("source"), QStringLiteral("measurements"));
        provenance.insert(QStringLiteral("data"), options.inputs.first());
    }
    provenance.insert(QStringLiteral("samples"), int(samples.size()));
    provenance.insert(QStringLiteral("training_seed"), int(training.seed));
    provenance.insert(QStringLiteral("epochs"), training.maxEpochs);
    provenance.insert(QStringLiteral("tool"), QStringLiteral("slicewatt-cli " SLICEWATT_VERSION));

    WaveletNetwork network = WaveletNetwork::untrained();
    const WnnTrainingReport report = network.train(samples, training);
    provenance.insert(QStringLiteral("training_max_relative_error"), report.maxRelativeError);
    if (!writeOutput(options.outputFile, wnnModelFile(id, name, network, typeIndexByGpu, provenance), error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    printf("trained on %d samples for %d epochs: loss %.3g -> %.3g, max error on the training points %.2f %% "
           "(%.2f W)\nmodel written to %s\n",
        int(samples.size()), report.epochs, report.initialLoss, report.finalLoss, report.maxRelativeError * 100,
        report.maxAbsErrorWatts, qPrintable(options.outputFile));
    return ExitOk;
}

} // namespace slicewatt::cli
