// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "MeasuredValidation.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace slicewatt {

// The launch-activity model file (slicewatt-model/1, form launch-activity) for the GPUs
// validated: per GPU the activity variant with the lowest grouped MAPE, fitted to every
// measured row, the input ranges it was fitted on, and in "validation" its figures, the
// baselines' and every other form's (grouped and random split), and whether it became the
// GPU's default. `data` says what was measured, %FILE% standing for each GPU's measured file
// (for the whole file: all of them); `tool` what wrote the file.
QByteArray activityModelFile(const QVector<MeasuredValidation>& validations, const QString& data, const QString& tool);

} // namespace slicewatt
