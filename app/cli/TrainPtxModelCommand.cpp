// SPDX-License-Identifier: GPL-3.0-or-later
#include "TrainPtxModelCommand.h"

#include "CliOptions.h"
#include "MeasuredInput.h"
#include "calibration/BoostedTreesModelFile.h"
#include "calibration/PtxFeatureComparison.h"
#include "common/FileIo.h"
#include "model/ModelLibrary.h"

#include <QFileInfo>

#include <cstdio>

namespace slicewatt::cli {

namespace {

QString figuresLine(const QString& label, const ErrorFigures& f)
{
    return QStringLiteral("  %1 %2 rows, %3 kernels: MAPE %4 %, median %5 %, p90 %6 %, R² %7\n")
        .arg(label, -34)
        .arg(f.rows)
        .arg(f.groups)
        .arg(f.mapePct, 0, 'f', 1)
        .arg(f.medianApePct, 0, 'f', 1)
        .arg(f.p90ApePct, 0, 'f', 1)
        .arg(f.r2, 0, 'f', 2);
}

QString summary(const MeasuredValidation& v, const QString& gpuName)
{
    QString text = QStringLiteral("%1 (%2; PTX by %3, each block run by %4)\n")
                       .arg(gpuName, v.dataFile, v.features.ptxProducer, v.features.ptxRule);
    const ModelFigures* m = v.figures(QStringLiteral("alavani-xgb"));
    if (!m) {
        text += QStringLiteral("  no row has PTX features\n");
        return text;
    }
    if (!m->error.isEmpty())
        text += QStringLiteral("  XGBoost: %1\n").arg(m->error);
    text += figuresLine(QStringLiteral("alavani-xgb, kernels held out"), m->grouped);
    text += figuresLine(QStringLiteral("alavani-xgb, random split (labelled)"), m->randomSplit);
    for (const ModelFigures& other : v.models) {
        if (other.id != m->id)
            text += figuresLine(other.id + QStringLiteral(" on the same rows"), figuresOnRowsOf(v, other, *m));
    }
    text += QStringLiteral("  SliceWatt's PTX features against the data set's columns (same rows):\n");
    text += QStringLiteral("    %1 %2 %3 %4 %5\n")
                .arg(QStringLiteral("column"), -20)
                .arg(QStringLiteral("rows"), 5)
                .arg(QStringLiteral("Spearman"), 9)
                .arg(QStringLiteral("ours/theirs"), 12)
                .arg(QStringLiteral("equal"), 6);
    for (const PtxFeatureAgreement& a : comparePtxFeatures(v.features))
        text += QStringLiteral("    %1 %2 %3 %4 %5\n")
                    .arg(a.column, -20)
                    .arg(a.rows, 5)
                    .arg(a.spearman, 9, 'f', 2)
                    .arg(a.medianRatio, 12, 'g', 3)
                    .arg(a.equal, 6);
    return text;
}

} // namespace

int runTrainPtxModelCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    if (!parseCommonOptions(args, {QStringLiteral("table")}, options, error,
            {QStringLiteral("--map"), QStringLiteral("--corpus"), QStringLiteral("--gpu"),
                QStringLiteral("--models-dir"), QStringLiteral("--compiler"), QStringLiteral("--loop-iterations")})) {
        fprintf(stderr, "slicewatt-cli train-ptx-model: %s\n", qPrintable(error));
        return ExitUsage;
    }
    if (options.inputs.isEmpty() || options.outputFile.isEmpty()
        || (options.inputs.size() > 1 && options.values.contains(QStringLiteral("gpu")))) {
        fprintf(stderr,
            "slicewatt-cli train-ptx-model: give measured CSVs and -o MODEL.json (--gpu with one CSV "
            "only)\n");
        return ExitUsage;
    }
    MeasuredPtxOptions ptx;
    if (!parsePtxOptions(options, &ptx, &error) || !ptx.producer) {
        fprintf(stderr, "slicewatt-cli train-ptx-model: %s\n",
            qPrintable(error.isEmpty() ? QStringLiteral("the model needs PTX: --compiler nvcc or clang") : error));
        return ExitUsage;
    }
    const ModelLibrary library = loadModelLibrary(options);

    // The other models' figures stand beside this one's; the wavelet network, slowest to
    // retrain per held-out kernel, is left to validate-measured.
    MeasuredValidationOptions validationOptions;
    validationOptions.includeWnn = false;
    QVector<MeasuredValidation> validations;
    for (const QString& csv : options.inputs) {
        int exitCode = ExitOk;
        const std::optional<MeasuredInput> input
            = readMeasuredInput(QStringLiteral("train-ptx-model"), csv, options, library.gpus(), ptx, &exitCode);
        if (!input)
            return exitCode;
        validations << validateMeasuredLaunches(input->features, *input->gpu, validationOptions);
        validations.last().dataFile = QFileInfo(csv).fileName();
        printf("%s\n", qPrintable(summary(validations.last(), input->gpu->name)));
    }
    const QByteArray model = boostedTreesModelFile(validations,
        QStringLiteral("Alavani et al. 2023 (doi:10.1145/3603533), measured average power per launch: %FILE% "
                       "(rows mapped to the measured kernels' sources by kernels.csv)"),
        QStringLiteral("slicewatt-cli " SLICEWATT_VERSION " train-ptx-model"));
    if (!writeFileAtomically(options.outputFile, model, &error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    return ExitOk;
}

} // namespace slicewatt::cli
