// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelLibrary.h"

#include "DataSheetPhysics.h"
#include "GpuSpecFile.h"

#include <QDir>
#include <QFile>

namespace slicewatt {
namespace {

template <typename Model> void addModel(QVector<Model>& models, const Model& model)
{
    for (Model& existing : models) {
        if (existing.id() == model.id()) {
            existing = model; // a user's file of the same id wins over the shipped one
            return;
        }
    }
    models << model;
}

} // namespace

ModelLibrary ModelLibrary::load(const QStringList& userFolders, QStringList& errors)
{
    ModelLibrary library;
    library.m_gpus = GpuCatalogue::standard(userFolders, errors);
    QStringList files;
    QVector<GpuSpec> specs;
    for (const QString& name :
        {QStringLiteral("jos13-regression.json"), QStringLiteral("jsw12.json"), QStringLiteral("wnn-default.json"),
            QStringLiteral("launch-activity.json"), QStringLiteral("alavani-xgb.json"), QStringLiteral("physical.json"),
            QStringLiteral("energy-aalto2013-fermi.json")})
        files << QStringLiteral(":/slicewatt/models/") + name;
    for (const QString& folder : userFolders) {
        for (const QString& name : QDir(folder).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
            if (!name.startsWith(QLatin1String("gpus")))
                files << QDir(folder).filePath(name);
        }
    }
    for (const QString& path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            errors << QStringLiteral("%1: cannot read: %2").arg(path, file.errorString());
            continue;
        }
        const QString shown
            = path.startsWith(QLatin1Char(':')) ? QStringLiteral("models/") + path.section(QLatin1Char('/'), -1) : path;
        const QByteArray text = file.readAll();
        // A GPU described from its data sheet (GpuSpecFile.h) in a model folder: the app's
        // Preferences › model folders and the CLI's --models-dir offer it like a catalogue GPU.
        if (text.contains("\"slicewatt-gpu-spec/1\"")) {
            if (const auto spec = parseGpuSpecFile(text, shown, library.m_gpus, errors))
                specs << *spec;
            continue;
        }
        if (EnergyModel::isEnergyModelFile(text)) {
            if (const auto model = EnergyModel::parse(text, shown, errors))
                addModel(library.m_energyModels, *model);
        } else if (const auto model = PowerModel::parse(text, shown, errors)) {
            if (const QString refused = library.unvalidatedMeasuredGpu(*model); !refused.isEmpty())
                errors << QStringLiteral("%1: refused: %2").arg(shown, refused);
            else
                addModel(library.m_models, *model);
        }
    }
    for (const GpuSpec& spec : specs)
        library.m_gpus.add(spec);
    for (const GpuSpec& gpu : library.m_gpus.gpus())
        library.giveDataSheetConstants(gpu);
    return library;
}

QString ModelLibrary::giveDataSheetConstants(const GpuSpec& gpu)
{
    for (PowerModel& model : m_models) {
        if (!model.isPhysical() || (model.supports(gpu.id) && !model.isDataSheetOnly(gpu.id)))
            continue;
        QString why;
        const std::optional<DataSheetPhysics> physics = dataSheetPhysics(gpu, ArchitectureTable::standard(), &why);
        if (!physics)
            return why;
        model.addDataSheetGpu(gpu.id, physics->parameters, physics->sources);
    }
    return {};
}

QString ModelLibrary::addGpu(const GpuSpec& gpu)
{
    m_gpus.add(gpu);
    return giveDataSheetConstants(gpu);
}

const PowerModel* ModelLibrary::model(const QString& id) const
{
    for (const PowerModel& model : m_models) {
        if (model.id().compare(id, Qt::CaseInsensitive) == 0)
            return &model;
    }
    return nullptr;
}

QString ModelLibrary::unvalidatedMeasuredGpu(const PowerModel& model) const
{
    for (const QString& gpuId : model.gpuIds()) {
        const GpuSpec* gpu = m_gpus.find(gpuId);
        if (gpu && !gpu->measuredPower.isEmpty() && !model.accuracy(gpuId))
            return QStringLiteral("model %1 has parameters for %2, whose power was measured (%3), but no "
                                  "\"validation\" figures for it: run slicewatt-cli validate-measured and record them")
                .arg(model.id(), gpu->id, gpu->measuredPower);
    }
    return {};
}

const PowerModel* ModelLibrary::defaultModelFor(const QString& gpuId) const
{
    const GpuSpec* gpu = m_gpus.find(gpuId);
    if (gpu) {
        // Each file names its own best form for the GPU; where two files do (launch-activity and
        // physical on the public data sets), the lower held-out error wins, and a validated model
        // wins over one with derived constants.
        const PowerModel* best = nullptr;
        for (const PowerModel& model : m_models) {
            if (!model.isDefaultFor(gpu->id))
                continue;
            const ModelAccuracy* mine = model.accuracy(gpu->id);
            const ModelAccuracy* theirs = best ? best->accuracy(gpu->id) : nullptr;
            if (!best || (mine && (!theirs || mine->mapePct < theirs->mapePct)))
                best = &model;
        }
        if (best)
            return best;
    }
    return this->model(defaultModelId());
}

const EnergyModel* ModelLibrary::energyModel(const QString& id) const
{
    for (const EnergyModel& model : m_energyModels) {
        if (model.id().compare(id, Qt::CaseInsensitive) == 0)
            return &model;
    }
    return nullptr;
}

} // namespace slicewatt
