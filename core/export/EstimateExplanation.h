// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "EstimateWriter.h"

#include <QString>

#include <optional>

namespace slicewatt {

// The "Why?" of one kernel's estimate, for the desktop panel and (later) the PDF report:
// which formula, with which numbers, gave which watts; how the slices combine; which counts
// and assumptions went in; what the ideas mean; and where they come from. Every number is
// taken from the estimate or re-evaluated through the model itself: nothing here computes
// a power of its own.

// Where a slice sits on the model's inputs, exactly as the estimate evaluated it.
SliceOperatingPoint sliceOperatingPoint(const KernelEstimate& estimate, const SliceEstimate& slice);

// A slice power formula with one operating point's numbers put in (plain Unicode text).
struct FormulaSubstitution {
    QString formula; // "P = β0·Sa + β1·Ã^β2"
    QString parameters; // "β0 = 95 W, β1 = 46.7 W, β2 = 0.2"
    QString substituted; // "95·1 + 46.7·12.35^0.2"; empty for forms whose terms cannot be written out
    std::optional<PowerPrediction> prediction; // model.predict at the point; nullopt: no parameters for the GPU
};
FormulaSubstitution substituteFormula(const PowerModel& model, const GpuSpec& gpu, const SliceOperatingPoint& point);

// The whole explanation as HTML (QTextDocument's subset). `settings` supplies what the
// estimate does not keep: δ (BDPM) and the execution time t in s (the energy line appears
// only when it is set). With `slice`, that slice's formula and counts are shown in detail;
// without, every slice's. Paragraphs that a viewer may colour carry the classes "formula",
// "warning" and "note".
QString explanationHtml(const KernelEstimateReport& report, const PowerModel& model, const GpuSpec& gpu,
    std::optional<MemorySpace> slice = std::nullopt, const EstimateSettings& settings = {});

} // namespace slicewatt
