// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ModelForm.h"

#include <QString>
#include <QVector>

namespace slicewatt {

// Calibration points measured at one SM saturation: one curve of the fitted surface, one
// colour in both calibration plots.
struct SaturationGroup {
    double saturation = 0;
    QVector<int> rows; // indices into the samples, in their order
    QString label; // "Sa 0.30"; "all Sa" when the form ignores Sa
};

// The samples grouped by Sa (to 4 decimals), lowest first; one group when the form does not
// use Sa. Group i wears seriesColor(i).
QVector<SaturationGroup> saturationGroups(const QVector<ModelSample>& samples, bool bySaturation);

} // namespace slicewatt
