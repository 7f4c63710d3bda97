// SPDX-License-Identifier: GPL-3.0-or-later
#include "ModelLibrary.h"

#include <QDir>
#include <QFile>

namespace slicewatt {
namespace {

void addModel(QVector<PowerModel>& models, const PowerModel& model)
{
    for (PowerModel& existing : models) {
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
    for (const QString& name :
        {QStringLiteral("jos13-regression.json"), QStringLiteral("jsw12.json"), QStringLiteral("wnn-default.json")})
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
        if (const auto model = PowerModel::parse(file.readAll(), shown, errors))
            addModel(library.m_models, *model);
    }
    return library;
}

const PowerModel* ModelLibrary::model(const QString& id) const
{
    for (const PowerModel& model : m_models) {
        if (model.id().compare(id, Qt::CaseInsensitive) == 0)
            return &model;
    }
    return nullptr;
}

} // namespace slicewatt
