// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "GpuCatalogue.h"
#include "PowerModel.h"

#include <QVector>

namespace slicewatt {

// Every model and GPU SliceWatt knows: the files shipped in models/ (compiled in) plus
// model and GPU files in the user's folders (a calibration writes new ones there).
class ModelLibrary {
public:
    // Malformed user files are reported in `errors` ("file:line: problem") and skipped.
    static ModelLibrary load(const QStringList& userFolders, QStringList& errors);

    const GpuCatalogue& gpus() const { return m_gpus; }
    const QVector<PowerModel>& models() const { return m_models; }
    const PowerModel* model(const QString& id) const;

private:
    GpuCatalogue m_gpus;
    QVector<PowerModel> m_models;
};

} // namespace slicewatt
