// SPDX-License-Identifier: GPL-3.0-or-later
#include "ValidateMeasuredCommand.h"

#include "CliOptions.h"
#include "MeasuredInput.h"
#include "calibration/ActivityModelFile.h"
#include "calibration/MeasuredPhysicalFit.h"
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
                QStringLiteral("--write-physical"), QStringLiteral("--compiler"),
                QStringLiteral("--loop-iterations")})) {
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
    // The physical model file is read before the analysis: a wrong file fails at once.
    const QString physicalFile = options.values.value(QStringLiteral("write-physical"));
    QByteArray physical;
    if (!physicalFile.isEmpty()) {
        if (QFileInfo::exists(physicalFile) && !readTextFile(physicalFile, &physical, &error)) {
            fprintf(stderr, "slicewatt-cli validate-measured: %s\n", qPrintable(error));
            return ExitAnalysisErrors;
        }
        if (const QString problem = physicalModelFileProblem(physical); !problem.isEmpty()) {
            fprintf(stderr, "slicewatt-cli validate-measured: %s: %s\n", qPrintable(physicalFile), qPrintable(problem));
            return ExitAnalysisErrors;
        }
    }

    QVector<MeasuredValidation> validations;
    QVector<const GpuSpec*> validatedGpus;
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
        validatedGpus << gpu;
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
    const QString data
        = QStringLiteral("Alavani et al. 2023 (doi:10.1145/3603533), measured average power per launch: %FILE% "
                         "(rows mapped to the measured kernels' sources by kernels.csv)");
    const QString tool = QStringLiteral("slicewatt-cli " SLICEWATT_VERSION " validate-measured");
    // The physical model's entry for each measured GPU, put into the file as it is (its other
    // GPUs stay): written only when every entry was made.
    if (!physicalFile.isEmpty()) {
        for (int i = 0; i < validations.size(); ++i) {
            if (!validatedGpus[i]->boardPowerW) {
                fprintf(stderr, "slicewatt-cli validate-measured: %s has no board power: no physical model\n",
                    qPrintable(validatedGpus[i]->name));
                return ExitAnalysisErrors;
            }
            QString fileData = data;
            fileData.replace(QLatin1String("%FILE%"), validations[i].dataFile);
            const PhysicalGpuFit fit = physicalFitOfMeasured(validations[i], *validatedGpus[i], fileData, tool);
            if (fit.rows.size() < 3) {
                fprintf(stderr,
                    "slicewatt-cli validate-measured: %s: %d launches with a predicted time, too few to fit\n",
                    qPrintable(validations[i].dataFile), int(fit.rows.size()));
                return ExitAnalysisErrors;
            }
            physical = physicalModelFile(physical, fit, &error);
            if (physical.isEmpty()) {
                fprintf(
                    stderr, "slicewatt-cli validate-measured: %s: %s\n", qPrintable(physicalFile), qPrintable(error));
                return ExitAnalysisErrors;
            }
            fprintf(stderr, "slicewatt-cli validate-measured: physical model for %s: %s\n",
                qPrintable(validatedGpus[i]->id), qPrintable(fit.defaultBecause));
        }
        if (!writeFileAtomically(physicalFile, physical, &error)) {
            fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
            return ExitAnalysisErrors;
        }
    }
    // The launch-activity model fitted to every row, with its figures in its provenance.
    if (const QString modelFile = options.values.value(QStringLiteral("write-model")); !modelFile.isEmpty()) {
        const QByteArray model = activityModelFile(validations, data, tool);
        if (!writeFileAtomically(modelFile, model, &error)) {
            fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
            return ExitAnalysisErrors;
        }
    }
    return ExitOk;
}

} // namespace slicewatt::cli
