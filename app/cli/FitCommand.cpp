// SPDX-License-Identifier: GPL-3.0-or-later
#include "FitCommand.h"

#include "CliOptions.h"
#include "calibration/CalibrationModels.h"
#include "model/CalibrationCsv.h"
#include "model/CalibrationProvenance.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace slicewatt::cli {

int runFitCommand(const QStringList& args)
{
    CommonOptions options;
    QString error;
    if (!parseCommonOptions(args, {QStringLiteral("table")}, options, error,
            {QStringLiteral("--form"), QStringLiteral("--gpu"), QStringLiteral("--id")})) {
        fprintf(stderr, "slicewatt-cli fit: %s\n", qPrintable(error));
        return ExitUsage;
    }
    const QString formName = options.values.value(QStringLiteral("form"), QStringLiteral("jos13"));
    const ModelForm* form = modelFormByName(formName);
    if (!form || options.inputs.size() != 1 || options.outputFile.isEmpty()) {
        fprintf(stderr,
            "slicewatt-cli fit: give one CSV, -o MODEL.json and a known --form "
            "(jos13, jos13-idle, linear-intensity)\n");
        return ExitUsage;
    }
    const CalibrationData data = readCalibrationCsv(options.inputs.first());
    if (!data.ok()) {
        for (const QString& message : data.errors)
            fprintf(stderr, "%s\n", qPrintable(message));
        return ExitAnalysisErrors;
    }
    // A CSV from slicewatt-calibrate names its GPU; --gpu overrides it.
    const std::optional<GpuSpec> measuredGpu = calibratedGpu(data);
    const QString gpu = options.values.value(QStringLiteral("gpu"), measuredGpu ? measuredGpu->id : QString());
    if (gpu.isEmpty()) {
        fprintf(stderr, "slicewatt-cli fit: %s names no GPU: give --gpu ID\n", qPrintable(options.inputs.first()));
        return ExitUsage;
    }
    const QString tool = QStringLiteral("slicewatt-cli " SLICEWATT_VERSION);
    const FittedCalibration fitted
        = fitCalibrationModel(data, *form, gpu, options.values.value(QStringLiteral("id")), tool);
    const FitResult& fit = fitted.fit;
    if (!fit.ok()) {
        fprintf(stderr, "slicewatt-cli fit: %s: %s\n", qPrintable(options.inputs.first()), qPrintable(fit.error));
        return ExitAnalysisErrors;
    }
    if (!writeOutput(options.outputFile, fitted.modelFile, error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    // A GPU the shipped catalogue lacks gets its own catalogue file beside the model, so
    // --models-dir on that folder finds both.
    QString gpuFile;
    QStringList catalogueErrors;
    if (measuredGpu && measuredGpu->id == gpu && !GpuCatalogue::standard({}, catalogueErrors).find(gpu)) {
        gpuFile = QFileInfo(options.outputFile).dir().filePath(QStringLiteral("gpus-%1.json").arg(gpu));
        if (!writeOutput(gpuFile, measuredGpuFile(*measuredGpu, data), error)) {
            fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
            return ExitAnalysisErrors;
        }
    }
    const QStringList keys = form->parameterNames();
    printf("%s fitted to %d samples of %s (%s)\n", qPrintable(form->formula()), int(fitted.samples.size()),
        qPrintable(options.inputs.first()), fit.converged ? "converged" : "NOT converged");
    for (int i = 0; i < keys.size(); ++i)
        printf("  %-6s = %12.6g  +- %.3g\n", qPrintable(keys[i]), fit.parameters[i], fit.standardErrors[i]);
    printf("  rms residual %.3f W, max relative error %.2f %%\n", fit.rmsResidual, fit.maxRelativeError * 100);
    if (!gpuFile.isEmpty())
        printf("GPU %s (%d SMs) written to %s\n", qPrintable(gpu), measuredGpu->sms, qPrintable(gpuFile));
    printf("model written to %s (use: slicewatt-cli analyze --models-dir DIR --model %s --gpu %s)\n",
        qPrintable(options.outputFile), qPrintable(fitted.modelId), qPrintable(gpu));
    return ExitOk;
}

} // namespace slicewatt::cli
