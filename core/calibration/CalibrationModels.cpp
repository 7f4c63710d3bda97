// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibrationModels.h"

#include "common/FileIo.h"
#include "model/CalibrationProvenance.h"
#include "model/WnnModelFile.h"

#include <QDir>

#include <vector>

namespace slicewatt {
namespace {

} // namespace

FittedCalibration fitCalibrationModel(const CalibrationData& data, const ModelForm& form, const QString& gpuId,
    const QString& modelId, const QString& tool)
{
    FittedCalibration result;
    result.samples = modelSamples(data, form);
    result.fit = fitModel(form, result.samples);
    if (!result.fit.ok())
        return result;
    result.modelId = modelId.isEmpty() ? gpuId + QLatin1Char('-') + form.name() : modelId;
    result.modelFile = calibratedModelFile(data, form, result.fit, result.samples, result.modelId, gpuId, tool);
    return result;
}

CalibrationNetwork trainCalibrationNetwork(
    const CalibrationData& data, const QString& modelId, const QString& tool, const WnnTrainingOptions& training)
{
    CalibrationNetwork result;
    result.modelId = modelId;
    if (!data.hasLines || !data.hasGpu) {
        result.error = QStringLiteral("%1: the wavelet network needs the columns lines and gpu as well").arg(data.file);
        return result;
    }
    std::vector<WnnSample> samples;
    for (const CalibrationSample& s : data.samples)
        samples.push_back(WnnSample{s.intensity, s.saturation, s.lines.value_or(0), s.gpuIndex, s.watts});
    QHash<QString, int> typeIndexByGpu;
    for (int i = 0; i < data.gpuNames.size(); ++i)
        typeIndexByGpu.insert(data.gpuNames[i], i);
    WaveletNetwork network = WaveletNetwork::untrained();
    result.report = network.train(samples, training);
    if (!result.report.error.isEmpty()) {
        result.error = result.report.error;
        return result;
    }
    QJsonObject provenance;
    provenance.insert(QStringLiteral("source"), QStringLiteral("measurements"));
    provenance.insert(QStringLiteral("data"), data.file);
    const QJsonObject measurement = measurementProvenance(data);
    if (!measurement.isEmpty())
        provenance.insert(QStringLiteral("measurement"), measurement);
    provenance.insert(QStringLiteral("samples"), int(samples.size()));
    provenance.insert(QStringLiteral("training_seed"), int(training.seed));
    provenance.insert(QStringLiteral("epochs"), training.maxEpochs);
    provenance.insert(QStringLiteral("tool"), tool);
    provenance.insert(QStringLiteral("training_max_relative_error"), result.report.maxRelativeError);
    result.modelFile = wnnModelFile(
        modelId, QStringLiteral("Wavelet network trained on %1").arg(data.file), network, typeIndexByGpu, provenance);
    return result;
}

bool writeCalibrationModels(const CalibrationData& data, const QString& folder, const QString& tool,
    const WnnTrainingOptions& training, QStringList* lines)
{
    QString error;
    const std::optional<GpuSpec> gpu = calibratedGpu(data, &error);
    if (!data.ok() || !gpu) {
        *lines << (data.ok() ? QStringList{error} : data.errors);
        return false;
    }
    if (!QDir().mkpath(folder)) {
        *lines << QStringLiteral("cannot create %1").arg(folder);
        return false;
    }
    const QDir dir(folder);
    const QString gpuFile = dir.filePath(QStringLiteral("gpus-%1.json").arg(gpu->id));
    if (!writeFileAtomically(gpuFile, measuredGpuFile(*gpu, data), &error)) {
        *lines << error;
        return false;
    }
    *lines << QStringLiteral("GPU %1 (%2 SMs): %3").arg(gpu->id).arg(gpu->sms).arg(gpuFile);
    for (const QString& formName : {QStringLiteral("jos13"), QStringLiteral("jos13-idle")}) {
        const FittedCalibration fitted = fitCalibrationModel(data, *modelFormByName(formName), gpu->id, {}, tool);
        if (!fitted.fit.ok()) {
            *lines << QStringLiteral("%1: not fitted: %2").arg(formName, fitted.fit.error);
            continue;
        }
        const QString path = dir.filePath(fitted.modelId + QStringLiteral(".json"));
        if (!writeFileAtomically(path, fitted.modelFile, &error)) {
            *lines << error;
            return false;
        }
        *lines << QStringLiteral("%1: rms residual %2 W, max error %3 %: %4")
                      .arg(formName)
                      .arg(fitted.fit.rmsResidual, 0, 'f', 2)
                      .arg(fitted.fit.maxRelativeError * 100, 0, 'f', 2)
                      .arg(path);
    }
    const CalibrationNetwork network = trainCalibrationNetwork(data, gpu->id + QStringLiteral("-wnn"), tool, training);
    if (!network.error.isEmpty()) {
        *lines << QStringLiteral("wnn: not trained: %1").arg(network.error);
        return true;
    }
    const QString path = dir.filePath(network.modelId + QStringLiteral(".json"));
    if (!writeFileAtomically(path, network.modelFile, &error)) {
        *lines << error;
        return false;
    }
    *lines << QStringLiteral("wnn: max error on the measured points %1 %: %2")
                  .arg(network.report.maxRelativeError * 100, 0, 'f', 2)
                  .arg(path);
    return true;
}

} // namespace slicewatt
