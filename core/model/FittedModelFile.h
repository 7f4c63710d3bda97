// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LevenbergMarquardt.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QVector>

namespace slicewatt {

// What a calibration knows about where its fit came from, for the model file's provenance.
struct FitProvenance {
    QString modelId; // the new model's id ("gtx1080-calibrated")
    QString gpuId; // the GPU its parameters are for
    QString dataFile; // the measurement CSV
    QString tool; // "slicewatt-cli 0.1.0"
    // What the measurement says about itself (GPU name, driver, clocks, idle power, date):
    // measurementProvenance() of the CSV; empty when the CSV has no metadata lines.
    QJsonObject measurement;
};

// A model file (format slicewatt-model/1) holding a fit's parameters for one GPU, with its
// provenance: data file, sample count, date, the measurement's own metadata, the
// residual of every sample and the standard errors. PowerModel
// reads it back like the published models.
QByteArray fittedModelFile(
    const ModelForm& form, const FitResult& fit, const QVector<ModelSample>& samples, const FitProvenance& provenance);

} // namespace slicewatt
