// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/CalibrationCsv.h"
#include "model/LevenbergMarquardt.h"
#include "model/WaveletNetwork.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace slicewatt {

// A regression form fitted to a calibration CSV, with the model file that records it.
struct FittedCalibration {
    FitResult fit; // fit.error non-empty: nothing else means anything
    QVector<ModelSample> samples; // what was fitted, in the CSV's order
    QString modelId;
    QByteArray modelFile; // slicewatt-model/1 with provenance (the CSV's metadata included)
};

// Fits `form` to `data` for GPU `gpuId`; the model id is `modelId` or, when empty,
// GPU-FORM. `tool` names the program for the provenance.
FittedCalibration fitCalibrationModel(const CalibrationData& data, const ModelForm& form, const QString& gpuId,
    const QString& modelId, const QString& tool);

// The wavelet network trained on a calibration CSV (columns lines and gpu needed).
struct CalibrationNetwork {
    QString error;
    WnnTrainingReport report;
    QString modelId;
    QByteArray modelFile;
};
CalibrationNetwork trainCalibrationNetwork(
    const CalibrationData& data, const QString& modelId, const QString& tool, const WnnTrainingOptions& training);

// Everything slicewatt-calibrate derives from its CSV, written into `folder`: the JoS13 and
// idle-aware fits and the wavelet network as GPU-jos13.json, GPU-jos13-idle.json and
// GPU-wnn.json, and gpus-GPU.json for the GPU itself (so `--models-dir folder` can use
// them). Returns one line per file written or per fit that failed (in words); false when
// the CSV cannot be used at all.
bool writeCalibrationModels(const CalibrationData& data, const QString& folder, const QString& tool,
    const WnnTrainingOptions& training, QStringList* lines);

} // namespace slicewatt
