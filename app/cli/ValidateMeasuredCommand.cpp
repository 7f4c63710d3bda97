// SPDX-License-Identifier: GPL-3.0-or-later
#include "ValidateMeasuredCommand.h"

#include "CliOptions.h"
#include "calibration/ActivityModelFile.h"
#include "calibration/MeasuredValidationWriter.h"
#include "common/FileIo.h"
#include "model/ModelLibrary.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace slicewatt::cli {

namespace {

// The shared data's layout: data/alavani/V100.csv beside data/alavani/kernels.csv, sources in
// corpus/measured two folders up.
QString besideOrEmpty(const QString& csv, const QString& relative)
{
    const QString path = QFileInfo(csv).dir().filePath(relative);
    return QFileInfo::exists(path) ? QDir::cleanPath(path) : QString();
}

} // namespace

int runValidateMeasuredCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    if (!parseCommonOptions(args, {QStringLiteral("table"), QStringLiteral("json"), QStringLiteral("csv")}, options,
            error,
            {QStringLiteral("--map"), QStringLiteral("--corpus"), QStringLiteral("--gpu"),
                QStringLiteral("--wnn-epochs"), QStringLiteral("--models-dir"), QStringLiteral("--write-model")})) {
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
    QStringList libraryErrors;
    const QStringList userFolders = options.values.contains(QStringLiteral("models-dir"))
        ? QStringList{options.values.value(QStringLiteral("models-dir"))}
        : QStringList();
    const ModelLibrary library = ModelLibrary::load(userFolders, libraryErrors);
    for (const QString& message : libraryErrors)
        fprintf(stderr, "%s\n", qPrintable(message));

    QVector<MeasuredValidation> validations;
    QString table;
    for (const QString& csv : options.inputs) {
        const QString gpuName = options.values.value(QStringLiteral("gpu"), QFileInfo(csv).completeBaseName());
        const GpuSpec* gpu = library.gpus().find(gpuName);
        const QString mapFile
            = options.values.value(QStringLiteral("map"), besideOrEmpty(csv, QStringLiteral("kernels.csv")));
        const QString corpus = options.values.value(
            QStringLiteral("corpus"), besideOrEmpty(csv, QStringLiteral("../../corpus/measured")));
        if (!gpu) {
            fprintf(stderr, "slicewatt-cli validate-measured: %s: no GPU '%s' (give --gpu ID)\n", qPrintable(csv),
                qPrintable(gpuName));
            return ExitUsage;
        }
        QByteArray text;
        if (!readTextFile(csv, &text, &error)) {
            fprintf(stderr, "slicewatt-cli validate-measured: %s\n", qPrintable(error));
            return ExitAnalysisErrors;
        }
        MeasuredLaunchTable launches = readMeasuredLaunches(text, csv);
        // The first few rows left out, then how many more: the Alavani K20 file alone has
        // nearly two hundred empty lines.
        constexpr int kShownProblems = 5;
        for (int i = 0; i < launches.problems.size() && i < kShownProblems; ++i)
            fprintf(stderr, "%s\n", qPrintable(launches.problems[i]));
        if (launches.problems.size() > kShownProblems)
            fprintf(stderr, "%s: and %lld more rows left out\n", qPrintable(csv),
                static_cast<long long>(launches.problems.size() - kShownProblems));
        if (!mapFile.isEmpty()) {
            QByteArray mapText;
            QStringList problems;
            const bool read = readTextFile(mapFile, &mapText, &error);
            const QVector<KernelMapEntry> map
                = read ? readKernelMap(mapText, mapFile, &problems) : QVector<KernelMapEntry>();
            if (!read)
                problems << error;
            for (const QString& problem : problems)
                fprintf(stderr, "%s\n", qPrintable(problem));
            mapMeasuredLaunches(launches, map);
        }
        if (corpus.isEmpty()) {
            fprintf(stderr,
                "slicewatt-cli validate-measured: %s: where are the measured kernels' sources? (--corpus)\n",
                qPrintable(csv));
            return ExitUsage;
        }
        const MeasuredFeatureSet features = analyseMeasuredLaunches(launches, corpus, *gpu, options.parser);
        if (features.rows.isEmpty()) {
            fprintf(stderr, "slicewatt-cli validate-measured: %s: no row could be analysed\n", qPrintable(csv));
            return ExitAnalysisErrors;
        }
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
