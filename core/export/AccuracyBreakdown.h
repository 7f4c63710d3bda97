// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/PowerModel.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace slicewatt {

// One measured kernel's error under a validated model, over all its launches, each
// predicted by a fit that did not see the kernel (METHOD §11).
struct KernelError {
    QString kernel; // "source|kernel"
    int launches = 0;
    double mapePct = 0;
    double meanMeasuredW = 0;
    double meanPredictedW = 0;
};

// Per kernel, worst first (ties by name): where the model is wrong, for the accuracy view.
QVector<KernelError> kernelErrors(const ModelAccuracy& accuracy);

// Every held-out prediction as CSV (kernel, grid, block, measured_w, predicted_w,
// ape_pct) after '# key: value' lines naming the model, the GPU and the figures.
QByteArray accuracyCsv(const ModelAccuracy& accuracy, const QString& modelId, const QString& gpuId);

} // namespace slicewatt
