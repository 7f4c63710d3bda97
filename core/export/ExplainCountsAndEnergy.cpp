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

// The "Why?"'s energy per launch (the instruction-class model) and section 3, the counts per slice.
namespace slicewatt::explanation {

void ExplanationBuilder::counts()
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
        items
            << QStringLiteral("Ã (fraction) = #A / (#A + N_mem) = %1").arg(formatIntensity(s->intensityFraction, true));
        items << QStringLiteral("this model uses the %1: %2")
                     .arg(fraction() ? QStringLiteral("fraction") : QStringLiteral("ratio"),
                         formatIntensity(intensityOf(*s), fraction()));
        items << QStringLiteral("P_i = %1, weight |C_i| / L = %2").arg(formatWatts(s->watts), formatPercent(s->weight));
        if (m_report.analysis.ir)
            items << QStringLiteral("member lines: %1").arg(memberLines(*m_report.analysis.ir, s->members, kernelPath));
        list(items);
    }
}

// The instruction-class model (METHOD §9): what the kernel's instructions cost per
// launch, term by term, and with a time the power and energy it implies.
void ExplanationBuilder::energy()
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

} // namespace slicewatt::explanation
