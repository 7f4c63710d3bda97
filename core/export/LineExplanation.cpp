// SPDX-License-Identifier: GPL-3.0-or-later
#include "LineExplanation.h"

#include "DisplayNumbers.h"
#include "EnergyOutput.h"

#include <QFileInfo>

#include <algorithm>

namespace slicewatt {
namespace {

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

// "2 float arithmetic, 1 global memory".
QString classList(const InstructionCounts& counts)
{
    QStringList parts;
    for (int c = 0; c < kEnergyClassCount; ++c) {
        if (counts[c] > 0)
            parts << QStringLiteral("%1 %2").arg(formatNumber(counts[c], 6), energyClassLabel(c));
    }
    return parts.isEmpty() ? QStringLiteral("no counted instruction") : parts.join(QStringLiteral(", "));
}

// A statement's instructions per execution by the source's operators.
QString perExecution(const Statement& statement)
{
    InstructionCounts counts = statement.instructions;
    counts += memoryInstructions(statement.accesses);
    return classList(counts);
}

// E_line = threads × Σ n_c·e_c for a line's executed instructions, and its share of the kernel.
QString lineEnergyFormula(
    const KernelEnergy& energy, const EnergyModel& model, const InstructionCounts& perThread, double lineJoules)
{
    const QStringList terms = energyClassTerms(perThread, model);
    QString html = QStringLiteral("<p class=\"formula\">%1</p>")
                       .arg(esc(QStringLiteral("E_line = threads × Σ n_c·e_c = %1 × (%2) = %3")
                                    .arg(formatNumber(energy.threads, 12),
                                        terms.isEmpty() ? QStringLiteral("0") : terms.join(QStringLiteral(" + ")),
                                        formatJoules(lineJoules))));
    html += QStringLiteral("<p class=\"note\">%1 of the kernel's %2 per launch; threads: %3.</p>")
                .arg(esc(formatPercent(energy.dynamicJ > 0 ? lineJoules / energy.dynamicJ : 0)),
                    esc(formatJoules(energy.dynamicJ)), esc(energy.threadsSource));
    return html;
}

// The line's energy when the counts are the PTX's: its instructions there and how often they run.
QString ptxLineEnergy(const KernelEnergy& energy, const EnergyModel& model, const QString& file, int line)
{
    const auto found = std::find_if(energy.lines.begin(), energy.lines.end(),
        [&](const LineEnergy& l) { return l.line == line && l.file == file; });
    QString html = QStringLiteral("<p>Energy per launch (%1), instructions counted on %2:</p><ul>")
                       .arg(esc(model.id()), esc(energy.countsSource));
    if (found == energy.lines.end() || !found->inPtx)
        return html + QStringLiteral("<li>the PTX has no priced instruction on this line</li></ul>");
    html += QStringLiteral("<li>in the PTX: %1</li><li>executed per thread (each block's runs × the line's path "
                           "probability): %2</li></ul>")
                .arg(esc(classList(*found->inPtx)), esc(classList(found->perThread)));
    return html + lineEnergyFormula(energy, model, found->perThread, found->joules);
}

QString statementKind(StatementKind kind)
{
    switch (kind) {
    case StatementKind::Declaration:
        return QStringLiteral("declaration");
    case StatementKind::If:
        return QStringLiteral("if condition");
    case StatementKind::Switch:
        return QStringLiteral("switch");
    case StatementKind::Loop:
        return QStringLiteral("loop header (init, condition and step)");
    case StatementKind::Return:
        return QStringLiteral("return");
    case StatementKind::Expression:
        break;
    }
    return QStringLiteral("expression");
}

} // namespace

QString lineExplanationHtml(const KernelEstimateReport& report, const EnergyModel* model, const QString& file, int line)
{
    const KernelIR* ir = report.analysis.ir;
    if (!ir || !report.analysis.kernel)
        return QString();
    QVector<int> statements;
    for (int i = 0; i < ir->statements.size(); ++i) {
        if (ir->statements[i].location.line == line && ir->statements[i].location.file == file)
            statements << i;
    }
    if (statements.isEmpty())
        return QString();
    const KernelEstimate& estimate = report.estimate;
    const QString kernel = report.analysis.kernel->info.qualifiedName;
    QString html
        = QStringLiteral("<h3>Line %1 of %2 (%3)</h3>").arg(line).arg(esc(QFileInfo(file).fileName()), esc(kernel));

    // Power: the line's part of each slice's contribution.
    double watts = 0;
    for (const LineHeat& heat : estimate.lines) {
        if (heat.line == line && heat.file == file)
            watts = heat.watts;
    }
    if (estimate.hasEstimate()) {
        html += QStringLiteral("<p>Power: %1 of the kernel's %2. Each slice's contribution (|C_i| / L)·P_i is spread "
                               "over the slice's statements by the dynamic energy they execute:</p><ul>")
                    .arg(esc(formatLineWatts(watts)), esc(formatWatts(estimate.watts)));
        const KernelEnergy* energy = estimate.energy ? &*estimate.energy : nullptr;
        for (const SliceEstimate& slice : estimate.slices) {
            // The same shares the estimate spread the slice's power with.
            const QVector<double> shares = memberHeatShares(slice, energy);
            double share = 0;
            bool onLine = false;
            for (int i = 0; i < slice.members.size(); ++i) {
                if (statements.contains(slice.members[i])) {
                    share += shares[i];
                    onLine = true;
                }
            }
            if (!onLine)
                continue;
            html += QStringLiteral("<li>%1 slice: %2 × %3 of its executed energy = %4</li>")
                        .arg(memorySpaceName(slice.space), esc(formatWatts(slice.watts * slice.weight, 2)),
                            esc(formatPercent(share)), esc(formatLineWatts(slice.watts * slice.weight * share)));
        }
        html += QStringLiteral("</ul>");
    }

    if (!estimate.energy || !model)
        return html;
    const KernelEnergy& energy = *estimate.energy;
    if (energy.countsFromPtx)
        return html + ptxLineEnergy(energy, *model, file, line);
    html += QStringLiteral("<p>Energy per launch (%1):</p><ul>").arg(esc(model->id()));
    InstructionCounts lineCounts;
    for (int index : statements) {
        const Statement& statement = ir->statements[index];
        const InstructionCounts executed = executedPerThread(statement, report.analysis.slices, index);
        lineCounts += executed;
        const double weight = report.analysis.slices.weights.value(index, 1.0);
        const double probability = report.analysis.slices.probability.value(index, 1.0);
        html += QStringLiteral("<li>%1%2: per execution %3; executes %4 times per thread (loop trips %5 × path "
                               "probability %6)</li>")
                    .arg(statementKind(statement.kind),
                        statement.inlinedFrom.isEmpty()
                            ? QString()
                            : QStringLiteral(" (inlined from %1)").arg(esc(statement.inlinedFrom)),
                        esc(perExecution(statement)), formatNumber(weight * probability, 8), formatNumber(weight, 8),
                        formatNumber(probability, 4));
    }
    html += QStringLiteral("</ul>");
    double lineJoules = 0;
    for (int index : statements)
        lineJoules += energy.statementJoules.value(index);
    return html + lineEnergyFormula(energy, *model, lineCounts, lineJoules);
}

} // namespace slicewatt
