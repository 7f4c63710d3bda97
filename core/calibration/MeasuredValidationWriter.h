// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MeasuredValidation.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace slicewatt {

// `slicewatt-cli validate-measured`'s outputs: a table of every model's figures, JSON with
// the figures, every row's features, measurement and predictions, and CSV of the rows.
QString measuredValidationTable(const MeasuredValidation& validation, const QString& gpuName);
QByteArray measuredValidationJson(const QVector<MeasuredValidation>& validations);
QByteArray measuredValidationCsv(const QVector<MeasuredValidation>& validations);

// One model's figures as the JSON output and model files' provenance write them.
QJsonObject errorFiguresJson(const ErrorFigures& figures);

// Every model the validation compared: description, baseline or not, grouped and random-split
// figures, and, when `sameRowsAs` predicts fewer rows than they do, their grouped figures on
// its rows too (a comparison on the same kernels).
QJsonObject comparedModels(const MeasuredValidation& validation, const ModelFigures* sameRowsAs = nullptr);

// Every measured launch a model predicts, with the prediction of the fit that did not see its
// kernel: [kernel, grid, block, measured W, predicted W]; what the accuracy view's scatter and
// per-kernel errors are drawn from.
QJsonArray heldOutRows(const MeasuredValidation& validation, const ModelFigures& figures);

} // namespace slicewatt
