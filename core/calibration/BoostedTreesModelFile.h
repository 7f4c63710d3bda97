// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MeasuredValidation.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace slicewatt {

// The alavani-xgb model file (slicewatt-model/1, form alavani-xgb; METHOD §10): per GPU
// validated, XGBoost's trees grown on every measured row with PTX features, the PTX producer
// and loop rule the features came from, each feature's [min, max] over those rows, and in
// "validation" the figures with whole kernels held out (METHOD §11), the random split beside
// them, and every other model's figures, on all rows and on the rows this model predicts.
// `data` says what was measured, %FILE% standing for each GPU's file; `tool` what wrote it.
QByteArray boostedTreesModelFile(
    const QVector<MeasuredValidation>& validations, const QString& data, const QString& tool);

} // namespace slicewatt
