// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MeasuredValidation.h"

#include <QByteArray>
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

} // namespace slicewatt
