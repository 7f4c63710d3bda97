// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExplanationBuilder.h"

#include "ConceptTexts.h"
#include "DisplayNumbers.h"
#include "EnergyOutput.h"
#include "ModelAccuracyText.h"
#include "OutputFormatting.h"
#include "estimate/LaunchActivityEstimate.h"
#include "model/ActivityModel.h"
#include "model/ModelForm.h"

#include <QFileInfo>
#include <QJsonValue>

#include <algorithm>
#include <cmath>

// Section 2 of the "Why?": how the slices' powers make the kernel's (BDPM or BSPM), sub-slice by sub-slice.
namespace slicewatt::explanation {

void ExplanationBuilder::programModel()
{
    const bool dense = m_estimate.dense;
    heading(dense ? QStringLiteral("2. Kernel power: BDPM (branch-dense program model)")
                  : QStringLiteral("2. Kernel power: BSPM (branch-sparse program model)"));
    const KernelSlices& slices = m_report.analysis.slices;
    paragraph(QStringLiteral("Branch density = decision points / effective statements = %1 / %2 = %3, so the "
                             "kernel is branch-%4 (dense from %5 on).")
                  .arg(slices.decisionPoints)
                  .arg(slices.effectiveStatements)
                  .arg(formatNumber(slices.branchDensity, 3))
                  .arg(dense ? QStringLiteral("dense") : QStringLiteral("sparse"))
                  .arg(formatNumber(AnalysisOptions().denseThreshold, 3)));
    if (m_estimate.slices.isEmpty()) {
        paragraph(QStringLiteral("No slice has statements, so P̂ = 0 W."), QStringLiteral("note"));
        return;
    }
    int total = 0;
    QStringList lengths;
    for (const SliceEstimate& s : m_estimate.slices) {
        total += s.length;
        lengths << QString::number(s.length);
    }
    const QString length = dense ? QStringLiteral("|Ĉ_i|") : QStringLiteral("|C_i|");
    const QString sum = dense ? QStringLiteral("L̂") : QStringLiteral("L");
    if (dense) {
        paragraph(QStringLiteral("Each slice splits into sub-slices by branch path, with path probability p. "
                                 "Sub-slices with p ≤ δ = %1 are dropped; the kept ones form the effective slice "
                                 "Ĉ_i, whose intensity is computed over them only.")
                      .arg(formatNumber(m_settings.delta, 4)));
        subSlices();
    }
    QStringList terms;
    for (const SliceEstimate& s : m_estimate.slices)
        terms << QStringLiteral("(%1 / %2)·%3").arg(s.length).arg(total).arg(formatWatts(s.watts));
    formulaLine(QStringLiteral("%1 = Σ%2 = %3 = %4")
                    .arg(sum, length, lengths.join(QStringLiteral(" + ")), QString::number(total)));
    formulaLine(QStringLiteral("P̂ = Σ (%1 / %2)·P_i = %3 = %4")
                    .arg(length, sum, terms.join(QStringLiteral(" + ")), formatWatts(m_estimate.watts)));
    QStringList intensityTerms;
    for (const SliceEstimate& s : m_estimate.slices)
        intensityTerms
            << QStringLiteral("(%1 / %2)·%3").arg(s.length).arg(total).arg(formatIntensity(intensityOf(s), fraction()));
    formulaLine(QStringLiteral("Ā = Σ (%1 / %2)·Ã_i = %3 = %4")
                    .arg(length, sum, intensityTerms.join(QStringLiteral(" + ")),
                        formatIntensity(m_estimate.averageIntensity, fraction())));
    if (m_estimate.psmIntensity && m_estimate.psmWatts)
        paragraph(QStringLiteral("JSW12's PSM for comparison: program intensity A = %1 from the kept sub-slices, "
                                 "P(A, n) = %2.")
                      .arg(formatIntensity(*m_estimate.psmIntensity, true), formatWatts(*m_estimate.psmWatts)),
            QStringLiteral("note"));
    if (m_settings.seconds && m_estimate.joules) {
        add(QStringLiteral("<h4>Energy</h4>"));
        formulaLine(QStringLiteral("Ē = P̂·t = %1 · %2 = %3")
                        .arg(formatWatts(m_estimate.watts), formatSeconds(*m_settings.seconds),
                            formatJoules(*m_estimate.joules)));
    }
}

void ExplanationBuilder::subSlices()
{
    const KernelIR* ir = m_report.analysis.ir;
    add(QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\">"
                       "<tr><th>slice</th><th>branch path</th><th>p</th><th>|C_ij|</th><th>p &gt; δ?</th></tr>"));
    for (const SliceSummary& summary : m_report.analysis.slices.slices) {
        if (m_slice && summary.space != *m_slice)
            continue;
        for (const SubSlice& sub : summary.subSlices) {
            const bool kept = sub.probability > m_settings.delta;
            add(QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                    .arg(memorySpaceName(summary.space), esc(ir ? pathText(*ir, sub.path) : QString()),
                        formatNumber(sub.probability, 4), QString::number(sub.length),
                        kept ? QStringLiteral("kept") : QStringLiteral("dropped (p ≤ δ)")));
        }
    }
    add(QStringLiteral("</table>"));
}

} // namespace slicewatt::explanation
