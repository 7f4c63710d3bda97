// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationFit.h"
#include "model/GpuCatalogue.h"

#include <QString>

namespace slicewatt {

// The folder calibrated models go to: <AppDataLocation>/models. It is one of the
// preferences' model folders once a model has been written there.
QString calibratedModelsFolder();

// The GPU a calibration was measured on: its `# gpu_id:`/`# sm_count:` metadata (a GPU the
// catalogue may lack) or, without those, a gpu column naming one GPU the catalogue knows.
// nullopt with `whyNot` otherwise.
std::optional<GpuSpec> calibrationGpu(const CalibrationData& data, const GpuCatalogue& known, QString* whyNot);

// The model id a calibration suggests: "<gpu>-<form>".
QString suggestedModelId(const QString& gpuId, const ModelForm& form);
// Empty when `id` can name a model file in a models folder; otherwise why not.
QString modelIdProblem(const QString& id);

struct CalibratedModelFiles {
    QString modelFile; // <folder>/<id>.json
    QString gpuFile; // <folder>/gpus-<gpu>.json; empty when the catalogue already has the GPU
};
CalibratedModelFiles calibratedModelFiles(
    const QString& folder, const QString& modelId, const QString& gpuId, bool gpuKnown);

struct CalibratedModelRequest {
    QString folder; // created when missing
    QString modelId;
    GpuSpec gpu;
    bool gpuKnown = false; // the library has it: no catalogue file is written
    CalibrationFit fit; // must be ok()
    CalibrationData data; // for the provenance (its file and metadata)
    QString tool; // "slicewatt 0.1.0"
};

struct CalibratedModelResult {
    QString error; // non-empty: nothing was written (or what was is named in it)
    CalibratedModelFiles files;
    bool ok() const { return error.isEmpty(); }
};

// Writes the model file (fittedModelFile, with the measurement's metadata as provenance)
// and, for a GPU the library lacks, its catalogue file, each atomically (QSaveFile).
// Both are parsed back first: a file the library would reject is never written.
// Existing files of those names are replaced: the caller asks first.
CalibratedModelResult writeCalibratedModel(const CalibratedModelRequest& request);

} // namespace slicewatt
