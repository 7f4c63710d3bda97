// SPDX-License-Identifier: GPL-3.0-or-later
#include "FitCommand.h"

#include "CliOptions.h"
#include "model/CalibrationCsv.h"
#include "model/FittedModelFile.h"

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
    const QString gpu = options.values.value(QStringLiteral("gpu"));
    if (!form || gpu.isEmpty() || options.inputs.size() != 1 || options.outputFile.isEmpty()) {
        fprintf(stderr,
            "slicewatt-cli fit: give one CSV, --gpu ID, -o MODEL.json and a known --form "
            "(jos13, jos13-idle, linear-intensity)\n");
        return ExitUsage;
    }
    const CalibrationData data = readCalibrationCsv(options.inputs.first());
    if (!data.ok()) {
        for (const QString& message : data.errors)
            fprintf(stderr, "%s\n", qPrintable(message));
        return ExitAnalysisErrors;
    }
    const QVector<ModelSample> samples = modelSamples(data, *form);
    const FitResult fit = fitModel(*form, samples);
    if (!fit.ok()) {
        fprintf(stderr, "slicewatt-cli fit: %s: %s\n", qPrintable(options.inputs.first()), qPrintable(fit.error));
        return ExitAnalysisErrors;
    }
    FitProvenance provenance;
    provenance.modelId = options.values.value(QStringLiteral("id"), gpu + QStringLiteral("-") + form->name());
    provenance.gpuId = gpu;
    provenance.dataFile = options.inputs.first();
    provenance.tool = QStringLiteral("slicewatt-cli " SLICEWATT_VERSION);
    if (!writeOutput(options.outputFile, fittedModelFile(*form, fit, samples, provenance), error)) {
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(error));
        return ExitAnalysisErrors;
    }
    const QStringList keys = form->parameterNames();
    printf("%s fitted to %d samples of %s (%s)\n", qPrintable(form->formula()), int(samples.size()),
        qPrintable(options.inputs.first()), fit.converged ? "converged" : "NOT converged");
    for (int i = 0; i < keys.size(); ++i)
        printf("  %-6s = %12.6g  +- %.3g\n", qPrintable(keys[i]), fit.parameters[i], fit.standardErrors[i]);
    printf("  rms residual %.3f W, max relative error %.2f %%\n", fit.rmsResidual, fit.maxRelativeError * 100);
    printf("model written to %s (use: slicewatt-cli analyze --models-dir DIR --model %s --gpu %s)\n",
        qPrintable(options.outputFile), qPrintable(provenance.modelId), qPrintable(gpu));
    return ExitOk;
}

} // namespace slicewatt::cli
