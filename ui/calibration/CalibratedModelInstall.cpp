// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibratedModelInstall.h"

#include "common/FileIo.h"
#include "model/CalibrationProvenance.h"
#include "model/PowerModel.h"

#include <QDir>
#include <QRegularExpression>
#include <QStandardPaths>

namespace slicewatt {

QString calibratedModelsFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/models");
}

std::optional<GpuSpec> calibrationGpu(const CalibrationData& data, const GpuCatalogue& known, QString* whyNot)
{
    QString metadataProblem;
    if (std::optional<GpuSpec> measured = calibratedGpu(data, &metadataProblem)) {
        // A GPU the catalogue has keeps the catalogue's description (its limits are checked).
        if (const GpuSpec* listed = known.find(measured->id); listed && listed->sms == measured->sms)
            return *listed;
        return measured;
    }
    if (data.gpuNames.size() == 1) {
        if (const GpuSpec* listed = known.find(data.gpuNames.first()))
            return *listed;
    }
    if (whyNot)
        *whyNot = metadataProblem;
    return std::nullopt;
}

QString suggestedModelId(const QString& gpuId, const ModelForm& form)
{
    return QStringLiteral("%1-%2").arg(gpuId.toLower(), form.name());
}

QString modelIdProblem(const QString& id)
{
    static const QRegularExpression allowed(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*$"));
    if (id.isEmpty())
        return QStringLiteral("the model needs an id");
    if (!allowed.match(id).hasMatch())
        return QStringLiteral("a model id has letters, digits, '.', '_' and '-' only (it names the file)");
    // ModelLibrary reads gpus*.json as GPU catalogues, never as models.
    if (id.startsWith(QLatin1String("gpus"), Qt::CaseInsensitive))
        return QStringLiteral("a model id must not start with \"gpus\" (those files are GPU catalogues)");
    return {};
}

CalibratedModelFiles calibratedModelFiles(
    const QString& folder, const QString& modelId, const QString& gpuId, bool gpuKnown)
{
    CalibratedModelFiles files;
    files.modelFile = QDir(folder).filePath(modelId + QStringLiteral(".json"));
    if (!gpuKnown)
        files.gpuFile = QDir(folder).filePath(QStringLiteral("gpus-%1.json").arg(gpuId));
    return files;
}

CalibratedModelResult writeCalibratedModel(const CalibratedModelRequest& request)
{
    CalibratedModelResult result;
    if (const QString problem = modelIdProblem(request.modelId); !problem.isEmpty()) {
        result.error = problem;
        return result;
    }
    if (!request.fit.ok()) {
        result.error = QStringLiteral("nothing fitted to write");
        return result;
    }
    if (modelIdProblem(request.gpu.id).size() > 0 && !request.gpuKnown) {
        result.error = QStringLiteral("the GPU id '%1' cannot name a file").arg(request.gpu.id);
        return result;
    }
    result.files = calibratedModelFiles(request.folder, request.modelId, request.gpu.id, request.gpuKnown);

    const QByteArray model = calibratedModelFile(request.data, *request.fit.form, request.fit.result,
        request.fit.samples, request.modelId, request.gpu.id, request.tool);
    const QByteArray gpu = request.gpuKnown ? QByteArray() : measuredGpuFile(request.gpu, request.data);

    // What the library will read must parse: check before anything touches the disk.
    QStringList problems;
    if (!PowerModel::parse(model, result.files.modelFile, problems))
        problems.prepend(QStringLiteral("the fitted model does not read back"));
    if (!request.gpuKnown && !GpuCatalogue::parse(gpu, result.files.gpuFile, problems))
        problems.prepend(QStringLiteral("the GPU file does not read back"));
    if (!problems.isEmpty()) {
        result.error = problems.join(QStringLiteral("; "));
        return result;
    }

    if (!QDir().mkpath(request.folder)) {
        result.error = QStringLiteral("cannot create %1").arg(QDir::toNativeSeparators(request.folder));
        return result;
    }
    // The GPU first: a model for a GPU the library lacks would not be usable on its own.
    if (!request.gpuKnown && !writeFileAtomically(result.files.gpuFile, gpu, &result.error))
        return result;
    writeFileAtomically(result.files.modelFile, model, &result.error);
    return result;
}

} // namespace slicewatt
