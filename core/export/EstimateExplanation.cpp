// SPDX-License-Identifier: GPL-3.0-or-later
#include "EstimateExplanation.h"

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

namespace slicewatt {
namespace {

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

// Model parameters are shown as the model file has them (up to 6 significant digits).
QString parameterValue(double value)
{
    return formatNumber(value, 6);
}

struct ParameterLabel {
    QString symbol;
    QString unit;
};

ParameterLabel parameterLabel(const QString& form, const QString& key)
{
    if (const ModelForm* fitted = modelFormByName(form)) {
        for (const ModelParameter& parameter : fitted->parameters()) {
            if (parameter.key == key)
                return {parameter.symbol, parameter.unit};
        }
    }
    // The published JSW12 model and the network are not fittable forms (PowerModel reads
    // them directly), so their symbols live here.
    const QString watts = QStringLiteral("W");
    if (key == QLatin1String("c0") || key == QLatin1String("c1"))
        return {key, watts};
    if (key == QLatin1String("mu"))
        return {QStringLiteral("μ"), watts};
    if (key == QLatin1String("alpha"))
        return {QStringLiteral("α"), {}};
    if (key == QLatin1String("beta"))
        return {QStringLiteral("β"), {}};
    if (key == QLatin1String("sm_bench"))
        return {QStringLiteral("SM_bench"), {}};
    if (key == QLatin1String("type_index"))
        return {QStringLiteral("GPU type index"), {}};
    if (key == QLatin1String("idle_w"))
        return {QStringLiteral("P_idle"), watts};
    if (key == QLatin1String("active_w"))
        return {QStringLiteral("P_active"), watts};
    if (key.startsWith(QLatin1String("pj_"))) // the physical model's energies: e_fp32, e_dram_byte, …
        return {QStringLiteral("e_") + key.mid(3), QStringLiteral("pJ")};
    return {key, {}};
}

QString intensityName(const PowerModel& model)
{
    return model.usesFractionIntensity() ? QStringLiteral("fraction intensity x = #A / (#A + N_mem)")
                                         : QStringLiteral("intensity ratio Ã = #A / N_mem");
}

QString sliceSymbol(MemorySpace space)
{
    return QStringLiteral("P_") + memorySpaceName(space);
}

// "12, 13, 17, helpers.cuh:4" (lines in other files, from inlined device functions, named).
QString memberLines(const KernelIR& ir, const QVector<int>& members, const QString& kernelFile)
{
    QVector<std::pair<QString, int>> places;
    for (int member : members) {
        if (member < 0 || member >= ir.statements.size())
            continue;
        const SourceLocation& where = ir.statements[member].location;
        places.append({where.file, where.line});
    }
    std::sort(places.begin(), places.end(), [&](const auto& a, const auto& b) {
        const bool aHome = a.first == kernelFile;
        const bool bHome = b.first == kernelFile;
        if (aHome != bHome)
            return aHome;
        return a < b;
    });
    places.erase(std::unique(places.begin(), places.end()), places.end());
    QStringList parts;
    for (const auto& [file, line] : places)
        parts << (file == kernelFile ? QString::number(line)
                                     : QStringLiteral("%1:%2").arg(QFileInfo(file).fileName()).arg(line));
    return parts.join(QStringLiteral(", "));
}

// "line 12 then › line 15 else"
QString pathText(const KernelIR& ir, const QVector<ArmStep>& path)
{
    if (path.isEmpty())
        return QStringLiteral("outside every branch");
    QStringList steps;
    for (const ArmStep& step : path) {
        const bool known = step.branch >= 0 && step.branch < ir.statements.size();
        const int line = known ? ir.statements[step.branch].location.line : 0;
        QString arm;
        if (known && ir.statements[step.branch].kind == StatementKind::If)
            arm = step.arm == 0 ? QStringLiteral("then") : QStringLiteral("else");
        else
            arm = QStringLiteral("arm %1").arg(step.arm + 1);
        steps << QStringLiteral("line %1 %2").arg(line).arg(arm);
    }
    return steps.join(QStringLiteral(" › "));
}

QString citationHtml(const Citation& citation)
{
    return QStringLiteral("<li><b>%1</b>: %2 <i>(%3)</i></li>")
        .arg(esc(citation.key), esc(citation.text()), esc(citation.usedFor));
}

class ExplanationBuilder {
public:
    ExplanationBuilder(const KernelEstimateReport& report, const PowerModel& model, const GpuSpec& gpu,
        std::optional<MemorySpace> slice, const EstimateSettings& settings)
        : m_report(report)
        , m_estimate(report.estimate)
        , m_model(model)
        , m_gpu(gpu)
        , m_slice(slice)
        , m_settings(settings)
    {
    }

    QString build()
    {
        if (!m_estimate.hasEstimate()) {
            const FunctionInfo* info = m_report.analysis.kernel ? &m_report.analysis.kernel->info : nullptr;
            add(QStringLiteral("<h2>No estimate for %1</h2>")
                    .arg(esc(info ? info->qualifiedName : QStringLiteral("this kernel"))));
            paragraph(m_estimate.noEstimate
                + QStringLiteral(". The slice models put a slice's arithmetic against its memory operations (METHOD "
                                 "§3); without any, there is no number to give, and the kernel is not ranked."));
            energy();
            counts();
            assumptions();
            return m_html;
        }
        header();
        sliceModel();
        programModel();
        energy();
        counts();
        assumptions();
        meaning();
        concepts();
        sources();
        return m_html;
    }

private:
    void add(const QString& html) { m_html += html; }
    void heading(const QString& text) { add(QStringLiteral("<h3>%1</h3>").arg(esc(text))); }
    void formulaLine(const QString& text) { add(QStringLiteral("<p class=\"formula\">%1</p>").arg(esc(text))); }
    void paragraph(const QString& text, const QString& cssClass = {})
    {
        if (cssClass.isEmpty())
            add(QStringLiteral("<p>%1</p>").arg(esc(text)));
        else
            add(QStringLiteral("<p class=\"%1\">%2</p>").arg(cssClass, esc(text)));
    }
    void list(const QStringList& items, const QString& cssClass = {})
    {
        add(QStringLiteral("<ul>"));
        for (const QString& item : items) {
            if (cssClass.isEmpty())
                add(QStringLiteral("<li>%1</li>").arg(esc(item)));
            else
                add(QStringLiteral("<li class=\"%1\">%2</li>").arg(cssClass, esc(item)));
        }
        add(QStringLiteral("</ul>"));
    }

    bool fraction() const { return m_model.usesFractionIntensity(); }
    double intensityOf(const SliceEstimate& s) const { return fraction() ? s.intensityFraction : s.intensityRatio; }
    QString kernelFile() const
    {
        return m_report.analysis.kernel ? m_report.analysis.kernel->info.location.file : QString();
    }

    // The slices the formula and counts are shown for: the selected one, or all.
    QVector<const SliceEstimate*> shownSlices() const
    {
        QVector<const SliceEstimate*> shown;
        for (const SliceEstimate& s : m_estimate.slices) {
            if (!m_slice || s.space == *m_slice)
                shown << &s;
        }
        return shown;
    }

    void header()
    {
        const FunctionInfo* info = m_report.analysis.kernel ? &m_report.analysis.kernel->info : nullptr;
        const QString name = info ? info->qualifiedName : QStringLiteral("kernel");
        add(QStringLiteral("<h2>Why %1 draws %2</h2>").arg(esc(name), esc(formatWatts(m_estimate.watts))));
        QString where;
        if (info)
            where = QStringLiteral("%1, line %2 · ")
                        .arg(QFileInfo(info->location.file).fileName())
                        .arg(info->location.line);
        paragraph(where
                + QStringLiteral("%1 on %2 · %3 (%4)")
                      .arg(m_model.name(), m_gpu.name,
                          m_estimate.dense ? QStringLiteral("branch-dense, BDPM")
                                           : QStringLiteral("branch-sparse, BSPM"),
                          m_slice ? QStringLiteral("%1 slice selected").arg(memorySpaceName(*m_slice))
                                  : QStringLiteral("all slices")),
            QStringLiteral("note"));
        // The measured error of this model on this GPU (METHOD §11), or that there is none.
        paragraph(QStringLiteral("Accuracy: %1.").arg(accuracyText(m_model, m_gpu)),
            m_model.accuracy(m_gpu.id) ? QStringLiteral("note") : QStringLiteral("warning"));
        if (m_report.analysis.kernel && !m_report.analysis.kernel->deviceArch.isEmpty())
            paragraph(QStringLiteral("Device code %1: the statements counted here are those the device compiler "
                                     "reads for that architecture (choose another in Edit › Preferences, or with "
                                     "slicewatt-cli --arch).")
                          .arg(archDependenceNote(*m_report.analysis.kernel)),
                QStringLiteral("note"));
    }

    void sliceModel()
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
                paragraph(
                    QStringLiteral("The model has no parameters for %1.").arg(m_gpu.name), QStringLiteral("warning"));
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
    void ptxInputs()
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
    void physicalTerms()
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
    void launchInputs()
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
        paragraph(
            QStringLiteral("Static time estimate (roofline): compute %1 (%2 instructions over the occupied SMs' "
                           "fp32 lanes at the boost clock), memory %3 (%4 bytes over %5 GB/s), plus %6 launch "
                           "overhead: %7. The model gives every slice the launch's power; the slices and the "
                           "instruction-class energy only say which lines carry it.")
                .arg(formatSeconds(a.computeSeconds), formatNumber(a.instructions, 4), formatSeconds(a.memorySeconds),
                    formatNumber(a.globalBytes, 4), formatNumber(m_gpu.memoryBandwidthGBs.value_or(0), 4),
                    formatSeconds(kLaunchOverheadSeconds), formatSeconds(a.seconds)),
            QStringLiteral("note"));
    }

    void programModel()
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
            intensityTerms << QStringLiteral("(%1 / %2)·%3")
                                  .arg(s.length)
                                  .arg(total)
                                  .arg(formatIntensity(intensityOf(s), fraction()));
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

    void subSlices()
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

    void counts()
    {
        heading(m_slice ? QStringLiteral("3. Counts of the %1 slice").arg(memorySpaceName(*m_slice))
                        : QStringLiteral("3. Counts per slice"));
        const QVector<const SliceEstimate*> shown = shownSlices();
        if (shown.isEmpty()) {
            paragraph(QStringLiteral("No counts: the slice is empty."), QStringLiteral("note"));
            return;
        }
        const auto& r = m_model.memoryFactors();
        QStringList factors;
        for (MemorySpace space : kAllMemorySpaces)
            factors << QStringLiteral("r_%1 = %2").arg(memorySpaceName(space), formatNumber(r[size_t(space)], 4));
        paragraph(QStringLiteral("Counts are weighted by loop trip counts%1. Memory factors: %2.")
                      .arg(m_estimate.dense ? QStringLiteral(" and cover the kept sub-slices only") : QString(),
                          factors.join(QStringLiteral(", "))));
        const QString kernelPath = kernelFile();
        for (const SliceEstimate* s : shown) {
            if (!m_slice)
                add(QStringLiteral("<h4>%1 slice</h4>").arg(memorySpaceName(s->space)));
            double normalised = 0;
            QStringList memoryTerms;
            QStringList accessList;
            for (MemorySpace space : kAllMemorySpaces) {
                const double n = s->accesses[space];
                normalised += r[size_t(space)] * n;
                accessList << QStringLiteral("n_%1 = %2").arg(memorySpaceName(space), formatNumber(n, 6));
                if (n != 0)
                    memoryTerms << QStringLiteral("%1·%2").arg(formatNumber(r[size_t(space)], 4), formatNumber(n, 6));
            }
            QStringList items;
            items << QStringLiteral("|C| = %1 effective statements").arg(s->length);
            items << QStringLiteral("#A = %1 arithmetic operations").arg(formatNumber(s->arithmetic, 6));
            items << accessList.join(QStringLiteral(", "));
            items << QStringLiteral("N_mem = Σ r_S·n_S = %1 = %2")
                         .arg(memoryTerms.isEmpty() ? QStringLiteral("0") : memoryTerms.join(QStringLiteral(" + ")),
                             formatNumber(normalised, 6));
            items << QStringLiteral("Ã (ratio) = #A / N_mem = %1%2")
                         .arg(formatIntensity(s->intensityRatio, false),
                             normalised > 0 ? QString()
                                            : QStringLiteral(" (no memory operations: the model's domain maximum)"));
            items << QStringLiteral("Ã (fraction) = #A / (#A + N_mem) = %1")
                         .arg(formatIntensity(s->intensityFraction, true));
            items << QStringLiteral("this model uses the %1: %2")
                         .arg(fraction() ? QStringLiteral("fraction") : QStringLiteral("ratio"),
                             formatIntensity(intensityOf(*s), fraction()));
            items << QStringLiteral("P_i = %1, weight |C_i| / L = %2")
                         .arg(formatWatts(s->watts), formatPercent(s->weight));
            if (m_report.analysis.ir)
                items << QStringLiteral("member lines: %1")
                             .arg(memberLines(*m_report.analysis.ir, s->members, kernelPath));
            list(items);
        }
    }

    // The instruction-class model (METHOD §9): what the kernel's instructions cost per
    // launch, term by term, and with a time the power and energy it implies.
    void energy()
    {
        const EnergyModel* model = m_settings.energy.model;
        if (!m_estimate.energy || !model)
            return;
        const KernelEnergy& e = *m_estimate.energy;
        heading(QStringLiteral("Energy per launch: the instruction-class model"));
        paragraph(QStringLiteral("%1 (%2): %3; each class has its energy per executed instruction, measured on %4. "
                                 "Heat in the code view follows these energies: a slice's power is spread over its "
                                 "lines by what they execute.")
                      .arg(model->name(), model->id(),
                          e.countsFromPtx ? QStringLiteral("every instruction of the kernel's PTX is classed by its "
                                                           "opcode and type")
                                          : QStringLiteral("every counted operation is typed and classed (rule book "
                                                           "§7)"),
                          model->measuredOn()));
        QStringList terms;
        for (const QString& term : energyClassTerms(e.perThread, *model))
            terms << term;
        formulaLine(QStringLiteral("E_dyn = threads × Σ n_c·e_c = %1 × (%2) = %3")
                        .arg(formatNumber(e.threads, 12), terms.join(QStringLiteral(" + ")),
                            formatJoules(e.scaledToModel.isEmpty() ? e.dynamicJ : e.tableDynamicJ)));
        paragraph(QStringLiteral("threads: %1; n_c: instructions of class c executed per thread, counted on %2 "
                                 "(loop weights × path probabilities).")
                      .arg(e.threadsSource, e.countsSource),
            e.threadsAssumed ? QStringLiteral("warning") : QStringLiteral("note"));
        if (!e.scaledToModel.isEmpty()) {
            paragraph(
                QStringLiteral("On this GPU the %1 model gives the kernel's dynamic energy, (P − P_idle)·t = %2; the "
                               "table's %3 (priced for %4) is scaled to it, so the table only says how that "
                               "energy spreads over the lines.")
                    .arg(e.scaledToModel, formatJoules(e.dynamicJ), formatJoules(e.tableDynamicJ), model->measuredOn()),
                QStringLiteral("note"));
            return;
        }
        if (e.dynamicW && e.seconds) {
            formulaLine(QStringLiteral("P_dyn = E_dyn / t = %1 / %2 = %3")
                            .arg(formatJoules(e.dynamicJ), formatSeconds(*e.seconds), formatWatts(*e.dynamicW)));
            if (e.totalW && e.totalJ && e.staticW)
                formulaLine(QStringLiteral("P = P_static + P_dyn = %1 + %2 = %3; E = P_static·t + E_dyn = %4")
                                .arg(formatWatts(*e.staticW), formatWatts(*e.dynamicW), formatWatts(*e.totalW),
                                    formatJoules(*e.totalJ)));
            else
                paragraph(QStringLiteral("No total: the model's static (active idle) power is unknown (%1).")
                              .arg(model->staticSource()),
                    QStringLiteral("note"));
        }
    }

    void assumptions()
    {
        heading(QStringLiteral("4. Assumptions"));
        QStringList items = m_estimate.assumptions;
        if (m_estimate.energy)
            items += m_estimate.energy->assumptions;
        const LaunchShape& launch = m_report.analysis.launch;
        auto dims = [](const std::optional<qint64>(&d)[3]) {
            QStringList parts;
            for (const auto& v : d)
                parts << (v ? QString::number(*v) : QStringLiteral("?"));
            return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
        };
        items << QStringLiteral("launch analysed: grid %1, block %2 (? = not known at compile time)")
                     .arg(dims(launch.gridDim), dims(launch.blockDim));
        for (const LoopResolution& loop : m_report.analysis.slices.loops) {
            if (loop.assumed)
                items << QStringLiteral("loop at line %1: %2 trips assumed (%3)")
                             .arg(loop.line)
                             .arg(formatNumber(loop.trips, 6))
                             .arg(loop.reason);
        }
        for (const BranchResolution& branch : m_report.analysis.slices.branches) {
            if (!branch.assumed)
                continue;
            QStringList arms;
            for (double p : branch.arms)
                arms << formatNumber(p, 4);
            items << QStringLiteral("branch at line %1: arm probabilities %2 assumed (%3)")
                         .arg(branch.line)
                         .arg(arms.join(QStringLiteral(", ")), branch.reason);
        }
        if (m_report.analysis.ir)
            items += m_report.analysis.ir->notes;
        list(items);
        paragraph(QStringLiteral("Change any of these in the what-if panel; the estimate follows at once."),
            QStringLiteral("note"));
    }

    void meaning()
    {
        heading(QStringLiteral("5. What the numbers do and do not mean"));
        paragraph(conceptText(Concept::StaticEstimate).body);
        if (!m_estimate.outOfDomain.isEmpty()) {
            paragraph(QStringLiteral("Out of the model's domain here:"), QStringLiteral("warning"));
            list(m_estimate.outOfDomain, QStringLiteral("warning"));
            paragraph(extrapolationSentence(), QStringLiteral("warning"));
        } else {
            paragraph(
                QStringLiteral("Every slice lies inside the range the model was fitted on."), QStringLiteral("note"));
        }
        if (m_model.form() == QLatin1String("wnn"))
            paragraph(conceptText(Concept::WaveletTraining).body, QStringLiteral("warning"));
    }

    void concepts()
    {
        heading(QStringLiteral("6. The ideas behind it"));
        for (Concept c :
            {Concept::ProgramSlice, Concept::ComputationIntensity, Concept::SmSaturation, Concept::BranchDensity}) {
            const ConceptText text = conceptText(c);
            add(QStringLiteral("<h4>%1</h4>").arg(esc(text.title)));
            paragraph(text.body);
        }
    }

    void sources()
    {
        heading(QStringLiteral("7. Sources"));
        add(QStringLiteral("<ul>"));
        add(citationHtml(jos13Citation()));
        add(citationHtml(jsw12Citation()));
        if (m_model.form() == QLatin1String("wnn"))
            add(citationHtml(waveletNetworkCitation()));
        add(QStringLiteral("</ul>"));
        const QJsonObject provenance = m_model.provenance();
        QStringList items;
        for (auto it = provenance.begin(); it != provenance.end(); ++it) {
            if (it.value().isString())
                items << QStringLiteral("%1: %2").arg(it.key(), it.value().toString());
        }
        if (!items.isEmpty()) {
            paragraph(QStringLiteral("Where the numbers of model %1 come from:").arg(m_model.id()));
            list(items);
        }
    }

    const KernelEstimateReport& m_report;
    const KernelEstimate& m_estimate;
    const PowerModel& m_model;
    const GpuSpec& m_gpu;
    std::optional<MemorySpace> m_slice;
    const EstimateSettings& m_settings;
    QString m_html;
};

} // namespace

SliceOperatingPoint sliceOperatingPoint(const KernelEstimate& estimate, const SliceEstimate& slice)
{
    SliceOperatingPoint point;
    point.intensityRatio = slice.intensityRatio;
    point.intensityFraction = slice.intensityFraction;
    point.saturation = estimate.saturation;
    point.activeSms = estimate.activeSms;
    point.lines = slice.length;
    point.activity = estimate.activity ? &*estimate.activity : nullptr;
    return point;
}

FormulaSubstitution substituteFormula(const PowerModel& model, const GpuSpec& gpu, const SliceOperatingPoint& point)
{
    FormulaSubstitution result;
    const QString form = model.form();
    const QHash<QString, double> p = model.parameters(gpu.id);
    const QStringList names = PowerModel::parameterNames(form);
    QStringList parameters;
    for (const QString& name : names) {
        const ParameterLabel label = parameterLabel(form, name);
        parameters << QStringLiteral("%1 = %2%3")
                          .arg(label.symbol, parameterValue(p.value(name)),
                              label.unit.isEmpty() ? QString() : QStringLiteral(" ") + label.unit);
    }
    result.parameters = parameters.join(QStringLiteral(", "));

    const bool fraction = model.usesFractionIntensity();
    const QString x = formatIntensity(fraction ? point.intensityFraction : point.intensityRatio, fraction);
    const QString sa = formatNumber(point.saturation, 4);
    auto v = [&](const char* key) { return parameterValue(p.value(QLatin1String(key))); };
    if (form == QLatin1String("jos13")) {
        result.substituted = QStringLiteral("%1·%2 + %3·%4^%5").arg(v("beta0"), sa, v("beta1"), x, v("beta2"));
    } else if (form == QLatin1String("jos13-idle")) {
        result.substituted
            = QStringLiteral("%1 + %2·%3 + %4·%5^%6").arg(v("idle"), v("beta0"), sa, v("beta1"), x, v("beta2"));
    } else if (form == QLatin1String("linear-intensity")) {
        result.substituted = QStringLiteral("%1 + %2·%3").arg(v("c0"), v("c1"), x);
    } else if (form == QLatin1String("jsw12")) {
        result.formula = QStringLiteral("P = c0 + c1·x + (n / SM_bench)·μ·log10(α·n + β)");
        // n is the model's own input: the active SMs, or Sa·SMs when no count was given.
        const QString n = formatNumber(point.activeSms > 0 ? point.activeSms : point.saturation * gpu.sms, 4);
        result.substituted = QStringLiteral("%1 + %2·%3 + (%4 / %5)·%6·log10(%7·%4 + %8)")
                                 .arg(v("c0"), v("c1"), x, n, v("sm_bench"), v("mu"), v("alpha"), v("beta"));
    } else if (form == QLatin1String("launch-activity")) {
        result.formula = QStringLiteral("P = P_idle + (P_board − P_idle)·σ(b0 + Σ_k b_k·x_k), σ(z) = 1 / (1 + e^−z)");
        QStringList terms{v("b0")};
        if (point.activity) {
            for (const ActivityInput& input : activityInputs()) {
                const double weight = p.value(QStringLiteral("b_") + input.key);
                if (weight != 0)
                    terms << QStringLiteral("%1·%2").arg(
                        parameterValue(weight), formatNumber(input.value(*point.activity), 4));
            }
        }
        const QString board = gpu.boardPowerW ? formatNumber(*gpu.boardPowerW, 4) : QStringLiteral("?");
        result.substituted = point.activity
            ? QStringLiteral("%1 + (%2 − %1)·σ(%3)").arg(v("idle_w"), board, terms.join(QStringLiteral(" + ")))
            : QStringLiteral("P(the launch's activity)");
    } else if (model.isPhysical()) {
        result.formula = QStringLiteral("P = P_idle + P_active·s + Σ_pipe e_pipe·N_pipe / t + e_L2·B_L2 / t + "
                                        "e_DRAM·B_DRAM / t, capped at the board's limit");
        if (point.activity && point.activity->work) {
            const LaunchWork& w = *point.activity->work;
            QStringList energies;
            for (const PhysicalInput& input : physicalInputs()) {
                if (input.perSecond && p.value(input.key) != 0 && input.amount(w) > 0)
                    energies
                        << QStringLiteral("%1 pJ·%2").arg(v(qPrintable(input.key)), formatNumber(input.amount(w), 4));
            }
            result.substituted
                = QStringLiteral("%1 + %2·%3 + (%4) / %5")
                      .arg(v("idle_w"), v("active_w"), formatNumber(physicalInputs().first().amount(w), 4),
                          energies.isEmpty() ? QStringLiteral("0") : energies.join(QStringLiteral(" + ")),
                          formatSeconds(w.seconds));
        } else {
            result.substituted = QStringLiteral("P(the launch's work over its predicted time)");
        }
    } else if (model.needsPtx()) {
        result.formula = QStringLiteral("P = exp(Σ_t f_t(x)), f_t the t-th tree's leaf at the launch's PTX features x");
        result.parameters = QStringLiteral("XGBoost's trees grown on %1 PTX features (%2)")
                                .arg(model.ptxProducer(gpu.id), model.features().join(QStringLiteral(", ")));
        result.substituted = QStringLiteral("P(the launch's PTX features)");
    } else if (form == QLatin1String("wnn")) {
        result.formula = QStringLiteral("P = s(Σ_j w_j·h_j), h_j = ψ((Σ_i w_ij·x_i − b_j) / a_j), ψ Morlet wavelet, "
                                        "s(x) = a·(1 − e^(−bx)) / (1 + e^(−bx))");
        result.substituted = QStringLiteral("WNN(Ã = %1, Sa = %2, |C| = %3, GPU type index = %4)")
                                 .arg(x, sa, formatNumber(point.lines, 6), v("type_index"));
    }
    if (result.formula.isEmpty()) {
        if (const ModelForm* fitted = modelFormByName(form))
            result.formula = fitted->formula();
        else
            result.formula = model.equation();
    }
    if (result.substituted.isEmpty())
        result.substituted = QStringLiteral("P(Sa = %1, x = %2)").arg(sa, x);
    result.prediction = model.predict(gpu, point);
    return result;
}

QString explanationHtml(const KernelEstimateReport& report, const PowerModel& model, const GpuSpec& gpu,
    std::optional<MemorySpace> slice, const EstimateSettings& settings)
{
    return ExplanationBuilder(report, model, gpu, slice, settings).build();
}

} // namespace slicewatt
