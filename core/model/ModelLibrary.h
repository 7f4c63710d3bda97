// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "EnergyModel.h"
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
    // A GPU described from its data sheet (GpuSpecFile.h, or NVML's properties of a local GPU
    // the catalogue lacks): added to the catalogue (replacing one of the same id), and the
    // physical model predicts it from its data sheet. Returns why the physical model cannot
    // (DataSheetPhysics.h), empty when it can.
    QString addGpu(const GpuSpec& gpu);
    const QVector<PowerModel>& models() const { return m_models; }
    const PowerModel* model(const QString& id) const;
    // The model a GPU is predicted with when the user names none: the one its measured
    // validation chose (METHOD §11; of two files' choices, the lower held-out error), else
    // the published JoS13 regression.
    const PowerModel* defaultModelFor(const QString& gpuId) const;
    static QString defaultModelId() { return QStringLiteral("jos13"); }
    // Instruction-class energy tables (METHOD §9): shipped, then the user's (same id wins).
    const QVector<EnergyModel>& energyModels() const { return m_energyModels; }
    const EnergyModel* energyModel(const QString& id) const;
    static QString defaultEnergyModelId() { return QStringLiteral("aalto2013"); }

private:
    // The physical model's constants from the data sheet for `gpu` where no file gives it
    // measured ones; why not, or empty.
    QString giveDataSheetConstants(const GpuSpec& gpu);
    // Why `model` may not be used: it has parameters for a GPU with measured power but no
    // validation figures for it (a measured GPU's numbers always carry their error). Empty: fine.
    QString unvalidatedMeasuredGpu(const PowerModel& model) const;

    GpuCatalogue m_gpus;
    QVector<PowerModel> m_models;
    QVector<EnergyModel> m_energyModels;
};

} // namespace slicewatt
