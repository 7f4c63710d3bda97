// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ConceptTexts.h"
#include "ir/KernelIR.h"
#include "model/PowerModel.h"

#include <QString>
#include <QVector>

// The pieces of text the "Why?" explanation (EstimateExplanation) is written with: escaping,
// parameter symbols, line lists and branch paths.
namespace slicewatt::explanation {

QString esc(const QString& text);
// Model parameters are shown as the model file has them (up to 6 significant digits).
QString parameterValue(double value);

struct ParameterLabel {
    QString symbol;
    QString unit;
};
// A parameter's symbol and unit in the formulas ("β0", "W"; the physical model's "e_fp32", "pJ").
ParameterLabel parameterLabel(const QString& form, const QString& key);

QString intensityName(const PowerModel& model);
QString sliceSymbol(MemorySpace space);
// "12, 13, 17, helpers.cuh:4" (lines in other files, from inlined device functions, named).
QString memberLines(const KernelIR& ir, const QVector<int>& members, const QString& kernelFile);
// "line 12 then › line 15 else"
QString pathText(const KernelIR& ir, const QVector<ArmStep>& path);
QString citationHtml(const Citation& citation);

} // namespace slicewatt::explanation
