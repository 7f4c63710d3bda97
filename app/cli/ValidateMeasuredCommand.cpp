// SPDX-License-Identifier: GPL-3.0-or-later
#include "ValidateMeasuredCommand.h"

#include "CliOptions.h"
#include "MeasuredInput.h"
#include "calibration/ActivityModelFile.h"
#include "calibration/MeasuredValidationWriter.h"
#include "common/FileIo.h"
#include "model/ModelLibrary.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace slicewatt::cli {

int runValidateMeasuredCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    if (!parseCommonOptions(args, {QStringLiteral("table"), QStringLiteral("json"), QStringLiteral("csv")}, options,
            error,
            {QStringLiteral("--map"), QStringLiteral("--corpus"), QStringLiteral("--gpu"),
                QStringLiteral("--wnn-epochs"), QStringLiteral("--models-dir"), QStringLiteral("--write-model"),
                QStringLiteral("--compiler"), QStringLiteral("--loop-iterations")})) {
        fprintf(stderr, "slicewatt-cli validate-measured: %s\n", qPrintable(error));
        return ExitUsage;
    }
    if (options.inputs.isEmpty() || (options.inputs.size() > 1 && options.values.contains(QStringLiteral("gpu")))) {
        fprintf(stderr, "slicewatt-cli validate-measured: give one or more measured CSVs (--gpu with one only)\n");
        return ExitUsage;
    }
    MeasuredValidationOptions validationOptions;
    if (options.values.contains(QStringLiteral("wnn-epochs"))) {
        bool ok = false;
        validationOptions.wnnEpochs = options.values.value(QStringLiteral("wnn-epochs")).toInt(&ok);
        if (!ok || validationOptions.wnnEpochs < 0) {
            fprintf(stderr, "slicewatt-cli validate-measured: --wnn-epochs needs a count (0: leave the network out)\n");
            return ExitUsage;
        }
        validationOptions.includeWnn = validationOptions.wnnEpochs > 0;
    }
    MeasuredPtxOptions ptx;
    if (!parsePtxOptions(options, &ptx, &error)) {
        fprintf(stderr, "slicewatt-cli validate-measured: %s\n", qPrintable(error));
        return ExitUsage;
    }
    const ModelLibrary library = loadModelLibrary(options);

    QVector<MeasuredValidation> validations;
    QString table;
    for (const QString& csv : options.inputs) {
        int exitCode = ExitOk;
        const std::optional<MeasuredInput> input
            = readMeasuredInput(QStringLiteral("validate-measured"), csv, options, library.gpus(), ptx, &exitCode);
        if (!input)
            return exitCode;
        const GpuSpec* gpu = input->gpu;
        const MeasuredFeatureSet& features = input->features;
        const MeasuredLaunchTable& launches = input->launches;
        validations << validateMeasuredLaunches(features, *gpu, validationOptions);
        validations.last().dataFile = QFileInfo(csv).fileName();
        validations.last().wholeFile = validateDatasetFeatures(launches, *gpu, validationOptions);
        table += measuredValidationTable(validations.last(), gpu->name) + QLatin1Char('\n');
    }
    QByteArray output;
    if (options.format == QLatin1String("json"))
        output = measuredValidationJson(validations);
    else if (options.format == QLatin1String("csv"))
        output = measuredValidationCsv(validations);
    else
        output = table.toUtf8();
    if (!writeOutput(options.outputFile, output, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    // The launch-activity model fitted to every row, with its figures in its provenance.
    if (const QString modelFile = options.values.value(QStringLiteral("write-model")); !modelFile.isEmpty()) {
        const QByteArray model = activityModelFile(validations,
            QStringLiteral("Alavani et al. 2023 (doi:10.1145/3603533), measured average power per launch: %FILE% "
                           "(rows mapped to the measured kernels' sources by kernels.csv)"),
            QStringLiteral("slicewatt-cli " SLICEWATT_VERSION " validate-measured"));
        if (!writeFileAtomically(modelFile, model, &error)) {
            fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
            return ExitAnalysisErrors;
        }
    }
    return ExitOk;
}

} // namespace slicewatt::cli
