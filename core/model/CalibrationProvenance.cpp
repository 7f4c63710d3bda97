// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibrationProvenance.h"

#include "FittedModelFile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace slicewatt {
namespace {

int positiveInt(const QMap<QString, QString>& metadata, const QString& key)
{
    bool ok = false;
    const int value = metadata.value(key).toInt(&ok);
    return ok && value > 0 ? value : 0;
}

} // namespace

QJsonObject measurementProvenance(const CalibrationData& data)
{
    // Values whose key names a unit or a count are numbers; the rest (driver "580.65.06",
    // compute capability "9.0") stay text, as written.
    static const QRegularExpression numericKey(QStringLiteral("(_w|_s|_ms|_mhz|_bytes|_count|_per_sm|^points)$"));
    QJsonObject measurement;
    for (auto it = data.metadata.cbegin(); it != data.metadata.cend(); ++it) {
        bool isNumber = false;
        const double number = it.value().toDouble(&isNumber);
        if (isNumber && numericKey.match(it.key()).hasMatch())
            measurement.insert(it.key(), number);
        else
            measurement.insert(it.key(), it.value());
    }
    return measurement;
}

std::optional<GpuSpec> calibratedGpu(const CalibrationData& data, QString* whyNot)
{
    const QMap<QString, QString>& m = data.metadata;
    GpuSpec gpu;
    gpu.id = m.value(QStringLiteral("gpu_id"));
    gpu.name = m.value(QStringLiteral("gpu_name"), gpu.id);
    gpu.sms = positiveInt(m, QStringLiteral("sm_count"));
    if (gpu.id.isEmpty() || gpu.sms == 0) {
        if (whyNot)
            *whyNot = QStringLiteral("%1 does not name its GPU (needs the metadata lines \"# gpu_id: …\" and "
                                     "\"# sm_count: …\")")
                          .arg(data.file);
        return std::nullopt;
    }
    gpu.architecture = m.value(QStringLiteral("architecture"));
    gpu.computeCapability = m.value(QStringLiteral("compute_capability"));
    // A modern SM runs at least 1024 threads and 16 blocks; unknown limits get those so the
    // occupancy rule stays usable.
    gpu.maxThreadsPerSm = positiveInt(m, QStringLiteral("max_threads_per_sm"));
    if (gpu.maxThreadsPerSm == 0)
        gpu.maxThreadsPerSm = 1024;
    gpu.maxBlocksPerSm = positiveInt(m, QStringLiteral("max_blocks_per_sm"));
    if (gpu.maxBlocksPerSm == 0)
        gpu.maxBlocksPerSm = 16;
    gpu.registersPerSm = positiveInt(m, QStringLiteral("registers_per_sm"));
    gpu.sharedMemoryBytesPerSm = positiveInt(m, QStringLiteral("shared_memory_per_sm_bytes"));
    gpu.notes = QStringLiteral("measured by a calibration (%1)").arg(data.file);
    return gpu;
}

QByteArray gpuCatalogueFile(const GpuSpec& gpu, const QString& source)
{
    QJsonObject limits{
        {QStringLiteral("threads"), gpu.maxThreadsPerSm}, {QStringLiteral("blocks"), gpu.maxBlocksPerSm}};
    if (gpu.registersPerSm > 0)
        limits.insert(QStringLiteral("registers"), gpu.registersPerSm);
    if (gpu.sharedMemoryBytesPerSm > 0)
        limits.insert(QStringLiteral("shared_memory_bytes"), gpu.sharedMemoryBytesPerSm);
    QJsonObject entry{{QStringLiteral("id"), gpu.id}, {QStringLiteral("name"), gpu.name},
        {QStringLiteral("sms"), gpu.sms}, {QStringLiteral("limits_per_sm"), limits}};
    if (!gpu.architecture.isEmpty())
        entry.insert(QStringLiteral("architecture"), gpu.architecture);
    if (!gpu.computeCapability.isEmpty())
        entry.insert(QStringLiteral("compute_capability"), gpu.computeCapability);
    if (!gpu.notes.isEmpty())
        entry.insert(QStringLiteral("notes"), gpu.notes);
    const QJsonObject root{{QStringLiteral("format"), QStringLiteral("slicewatt-gpus/1")},
        {QStringLiteral("description"), source}, {QStringLiteral("gpus"), QJsonArray{entry}}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray measuredGpuFile(const GpuSpec& gpu, const CalibrationData& data)
{
    return gpuCatalogueFile(gpu, QStringLiteral("GPU measured by ") + data.file);
}

QByteArray calibratedModelFile(const CalibrationData& data, const ModelForm& form, const FitResult& fit,
    const QVector<ModelSample>& samples, const QString& modelId, const QString& gpuId, const QString& tool)
{
    FitProvenance provenance;
    provenance.modelId = modelId;
    provenance.gpuId = gpuId;
    provenance.dataFile = data.file;
    provenance.tool = tool;
    provenance.measurement = measurementProvenance(data);
    return fittedModelFile(form, fit, samples, provenance);
}

} // namespace slicewatt
