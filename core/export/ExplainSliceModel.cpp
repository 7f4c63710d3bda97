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

// Section 1 of the "Why?": the power formula with this launch's numbers put in, for every form
// (slice models, the PTX model's inputs, the physical model's terms, the launch model's inputs).
namespace slicewatt::explanation {

void ExplanationBuilder::sliceModel()
{
    heading(m_model.isLaunchLevel() ? QStringLiteral("1. Kernel power: the formula")
                                    : QStringLiteral("1. Slice power: the formula"));
    SliceOperatingPoint generic;
    generic.saturation = m_estimate.saturation;
    generic.activeSms = m_estimate.activeSms;
    const FormulaSubstitution general = substituteFormula(m_model, m_gpu, generic);
    formulaLine(general.formula);
    if (m_model.needsPtx())
        paragraph(QStringLiteral("Model %1 (form %2): XGBoost's trees for %3, grown on the PTX features of the "
                                 "measured kernels (%4 PTX).")
                      .arg(m_model.id(), m_model.form(), m_gpu.name, m_model.ptxProducer(m_gpu.id)));
    else
        paragraph(QStringLiteral("Model %1 (form %2). Parameters for %3: %4.")
                      .arg(m_model.id(), m_model.form(), m_gpu.name, general.parameters));
    if (m_model.needsPtx())
        ptxInputs();
    else if (m_model.isPhysical())
        physicalTerms();
    else if (m_model.isLaunchLevel())
        launchInputs();
    else
        paragraph(QStringLiteral("Inputs: Sa = %1 (%2 of %3 SMs active); %4, per slice.")
                      .arg(formatNumber(m_estimate.saturation, 4))
                      .arg(m_estimate.activeSms)
                      .arg(m_gpu.sms)
                      .arg(intensityName(m_model)));
    const QVector<const SliceEstimate*> shown = shownSlices();
    if (shown.isEmpty()) {
        paragraph(m_slice ? QStringLiteral("This kernel has no %1 slice: none of its statements touches %1 memory.")
                                .arg(memorySpaceName(*m_slice))
                          : QStringLiteral("This kernel has no slice with statements: nothing to estimate."),
            QStringLiteral("note"));
        return;
    }
    for (const SliceEstimate* s : shown) {
        const FormulaSubstitution at = substituteFormula(m_model, m_gpu, sliceOperatingPoint(m_estimate, *s));
        if (!at.prediction) {
            paragraph(QStringLiteral("The model has no parameters for %1.").arg(m_gpu.name), QStringLiteral("warning"));
            continue;
        }
        const QString result = formatWatts(at.prediction->watts);
        formulaLine(QStringLiteral("%1 = %2 = %3").arg(sliceSymbol(s->space), at.substituted, result));
        // The line above is the model's own evaluation; say whether it is the estimate's.
        const double tolerance = 1e-9 * std::max(1.0, std::abs(s->watts));
        if (std::abs(at.prediction->watts - s->watts) <= tolerance)
            paragraph(QStringLiteral("The model evaluated at the %1 slice's point gives %2, the P_i the estimate "
                                     "uses for this slice.")
                          .arg(memorySpaceName(s->space), result),
                QStringLiteral("note"));
        else
            paragraph(QStringLiteral("The model now gives %1 at this point, but the estimate holds %2: the "
                                     "estimate is out of date.")
                          .arg(result, formatWatts(s->watts)),
                QStringLiteral("warning"));
        for (const QString& problem : at.prediction->outOfDomain)
            paragraph(QStringLiteral("Out of domain: %1").arg(problem), QStringLiteral("warning"));
    }
}

// The PTX model's inputs: METHOD §10's features of this launch, from the kernel's PTX,
// in the order the trees read them; or why there are none.
void ExplanationBuilder::ptxInputs()
{
    if (!m_estimate.activity) {
        paragraph(QStringLiteral("The launch is not known."), QStringLiteral("warning"));
        return;
    }
    const LaunchActivity& a = *m_estimate.activity;
    if (a.ptxFeatures.isEmpty()) {
        paragraph(QStringLiteral("No PTX features: %1.").arg(a.ptxProblem), QStringLiteral("warning"));
        return;
    }
    paragraph(QStringLiteral("Inputs, from %1, for %2 blocks of %3 threads:")
                  .arg(a.ptxSource, formatNumber(a.gridBlocks, 6), formatNumber(a.blockThreads, 6)));
    QStringList items;
    for (const QString& feature : m_model.features()) {
        const auto value = a.ptxFeatures.constFind(feature);
        items << QStringLiteral("%1 = %2").arg(feature,
            value == a.ptxFeatures.constEnd() ? QStringLiteral("missing (the trees' default branch)")
                                              : formatNumber(*value, 4));
    }
    list(items);
    paragraph(QStringLiteral("Instructions per thread and per SM count every PTX block as often as the loops "
                             "around its source lines run (the analysis's trip counts, which the What If trip "
                             "sliders change); inst_issue_cycles, cache_penalty, glb_penalty and sh_penalty are "
                             "METHOD section 10's equations (1)-(4) on the GPU catalogue's pipeline figures. The "
                             "model gives every slice the launch's power; the slices and the instruction-class "
                             "energy only say which lines carry it."),
        QStringLiteral("note"));
}

// The physical model's terms: each kind of work's amount per launch, its price, and the W it
// adds over the predicted time; then the band the measurements give.
void ExplanationBuilder::physicalTerms()
{
    if (!m_estimate.physical) {
        paragraph(QStringLiteral("No time for this launch, so no power: %1").arg(m_estimate.noTime),
            QStringLiteral("warning"));
        return;
    }
    const PhysicalPower& power = *m_estimate.physical;
    const QHash<QString, double> p = m_model.parameters(m_gpu.id);
    QStringList items{
        QStringLiteral("idle: %1 W (P_idle, the board with nothing running)").arg(formatNumber(power.idleW, 4))};
    for (const PhysicalTerm& term : power.terms) {
        if (term.watts <= 0)
            continue;
        items << (term.key == QLatin1String("active_w")
                ? QStringLiteral("%1: %2 W (P_active %3 W × %4 %5)")
                      .arg(term.meaning, formatNumber(term.watts, 4), formatNumber(p.value(term.key), 4),
                          formatNumber(term.perLaunch, 3), term.unit)
                : QStringLiteral("%1: %2 W (%3 %4 per launch × %5 pJ over %6)")
                      .arg(term.meaning, formatNumber(term.watts, 4), formatNumber(term.perLaunch, 4), term.unit,
                          formatNumber(p.value(term.key), 4), formatSeconds(m_estimate.time->seconds)));
    }
    paragraph(QStringLiteral("What each kind of work adds over the predicted time (%1, %2-bound; counts from %3):")
                  .arg(formatSeconds(m_estimate.time->seconds), timeBoundName(m_estimate.time->bound),
                      m_estimate.time->countsSource));
    list(items);
    if (power.capped)
        paragraph(QStringLiteral("Together %1 W, more than the board's %2 W limit: the board lowers its clocks "
                                 "there, so the power shown is the limit and the launch runs longer than "
                                 "predicted.")
                      .arg(formatNumber(power.uncappedW, 4), formatNumber(m_gpu.boardPowerW.value_or(0), 4)),
            QStringLiteral("warning"));
    if (m_estimate.band)
        paragraph(QStringLiteral("Band: %1, ± %2 % of the prediction%3.")
                      .arg(bandText(m_estimate), formatNumber(m_estimate.band->sharePct, 3),
                          m_estimate.band->widened()
                              ? QStringLiteral(" (doubled: %1)").arg(m_estimate.band->widening.reasonsText())
                              : QString()),
            QStringLiteral("note"));
    else
        paragraph(QStringLiteral("Not validated on measured power of the %1: no band.").arg(m_gpu.name),
            QStringLiteral("warning"));
}

// A launch-level model's inputs: the launch's activity, each with its weight, and the
// roofline behind the time input. Every slice gets the launch's power.
void ExplanationBuilder::launchInputs()
{
    if (!m_estimate.activity) {
        paragraph(QStringLiteral("The launch's activity is not known."), QStringLiteral("warning"));
        return;
    }
    const LaunchActivity& a = *m_estimate.activity;
    const QHash<QString, double> p = m_model.parameters(m_gpu.id);
    QStringList items;
    for (const ActivityInput& input : activityInputs()) {
        const double weight = p.value(QStringLiteral("b_") + input.key);
        items << QStringLiteral("%1 = %2 (weight %3)")
                     .arg(input.meaning, formatNumber(input.value(a), 4),
                         weight != 0 ? parameterValue(weight) : QStringLiteral("0: not used"));
    }
    paragraph(QStringLiteral("Inputs, from the launch (%1 blocks of %2 threads on %3 of %4 SMs, %5 resident "
                             "blocks per SM, %6 waves):")
                  .arg(formatNumber(a.gridBlocks, 6), formatNumber(a.blockThreads, 6))
                  .arg(a.activeSms)
                  .arg(m_gpu.sms)
                  .arg(a.residentBlocksPerSm)
                  .arg(formatNumber(a.waves, 3)));
    list(items);
    paragraph(QStringLiteral("Static time estimate (roofline): compute %1 (%2 instructions over the occupied SMs' "
                             "fp32 lanes at the boost clock), memory %3 (%4 bytes over %5 GB/s), plus %6 launch "
                             "overhead: %7. The model gives every slice the launch's power; the slices and the "
                             "instruction-class energy only say which lines carry it.")
                  .arg(formatSeconds(a.computeSeconds), formatNumber(a.instructions, 4), formatSeconds(a.memorySeconds),
                      formatNumber(a.globalBytes, 4), formatNumber(m_gpu.memoryBandwidthGBs.value_or(0), 4),
                      formatSeconds(kLaunchOverheadSeconds), formatSeconds(a.seconds)),
        QStringLiteral("note"));
}

} // namespace slicewatt::explanation
