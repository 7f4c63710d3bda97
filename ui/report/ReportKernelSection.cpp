// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportKernelSection.h"

#include "export/OutputFormatting.h"

#include "ReportContributionChart.h"
#include "ReportLayout.h"
#include "ReportSourceListing.h"
#include "ReportSurfaceChart.h"
#include "ReportTable.h"
#include "ReportText.h"
#include "code/HeatScale.h"
#include "export/DisplayNumbers.h"
#include "export/ReportDocument.h"
#include "plots/PlotStyle.h"

namespace slicewatt {
namespace {

constexpr double kFigureHeightMm = 74;

void paintFigures(ReportLayout& layout, const ReportDocument& document, const ReportKernelSection& section)
{
    const double height = layout.mm(kFigureHeightMm);
    reporttext::heading2(layout, QStringLiteral("Model surface and slice contributions"), height);
    const double gap = layout.mm(6);
    const double surfaceWidth = (layout.width() - gap) * 0.58;
    const QRectF surface(layout.left(), layout.y(), surfaceWidth, height);
    const QRectF bars(surface.right() + gap, layout.y(), layout.width() - surfaceWidth - gap, height);
    paintSurfaceChart(layout, surface, document, section);
    paintContributionChart(layout, bars, section);
    layout.advance(height);
}

void paintKeyFigures(ReportLayout& layout, const ReportKernelSection& section)
{
    const ReportKernelRow& k = section.summary;
    QVector<ReportColumn> columns = {
        {QStringLiteral("P̂ (W)"), Qt::AlignRight},
        {k.fractionIntensity ? QStringLiteral("Ã, ACIM (fraction)") : QStringLiteral("Ã, ACIM (ratio)"),
            Qt::AlignRight},
        {QStringLiteral("SM saturation Sa"), Qt::AlignRight},
        {QStringLiteral("Active SMs"), Qt::AlignRight},
        {QStringLiteral("Program model"), Qt::AlignLeft},
    };
    if (!k.noEstimate.isEmpty()) {
        reporttext::paragraph(
            layout, QStringLiteral("No estimate: %1.").arg(k.noEstimate), layout.style().body, layout.style().text);
        return;
    }
    QStringList cells = {formatWatts(k.watts), formatIntensity(k.intensity, k.fractionIntensity),
        formatSaturation(k.saturation), k.activeSms > 0 ? QString::number(k.activeSms) : QStringLiteral("—"),
        k.dense ? QStringLiteral("branch-dense: BDPM") : QStringLiteral("branch-sparse: BSPM")};
    if (k.joules) {
        columns.insert(1, {QStringLiteral("Ē (J)"), Qt::AlignRight});
        cells.insert(1, formatJoules(*k.joules));
    }
    ReportTableOptions options;
    options.stripes = false;
    paintTable(layout, columns, {{cells}}, options);
    // The band the measured error gives P̂, and what each kind of work adds (the physical model).
    if (!k.bandText.isEmpty() || !k.powerTermsText.isEmpty()) {
        QStringList power;
        if (!k.bandText.isEmpty())
            power << QStringLiteral("P̂ = %1, band %2 (the held-out error on measured kernels)")
                         .arg(formatWatts(k.watts), k.bandText);
        if (!k.powerTermsText.isEmpty())
            power << QStringLiteral("power: %1").arg(k.powerTermsText);
        reporttext::paragraph(
            layout, power.join(QStringLiteral("; ")) + QLatin1Char('.'), layout.style().small, layout.style().text);
    }
    // The time per launch (METHOD §12) that Ē and the energy per launch stand on.
    QString time = QStringLiteral("Time: %1.").arg(k.timeText);
    if (!k.energyText.isEmpty())
        time += QStringLiteral(" Energy: %1.").arg(k.energyText);
    reporttext::paragraph(layout, time, layout.style().small, layout.style().muted);
}

// The instruction-class model's numbers: E_dyn per launch and the threads it is for, with a
// time the dynamic and total power, then the classes the energy goes to.
void paintEnergy(ReportLayout& layout, const ReportKernelSection& section)
{
    if (!section.energy)
        return;
    const ReportKernelEnergy& e = *section.energy;
    const ReportStyle& style = layout.style();
    reporttext::heading2(layout, QStringLiteral("Energy per launch (instruction-class model)"), tableHeight(layout, 1));
    // The same columns with or without a time, so every kernel's row reads alike.
    const QVector<ReportColumn> columns = {
        {QStringLiteral("E_dyn per launch"), Qt::AlignRight},
        {QStringLiteral("Threads"), Qt::AlignRight},
        {QStringLiteral("Time t"), Qt::AlignRight},
        {QStringLiteral("Dynamic power"), Qt::AlignRight},
        {QStringLiteral("Total power"), Qt::AlignRight},
        {QStringLiteral("Energy, static + dynamic"), Qt::AlignRight},
    };
    QStringList cells = {formatJoules(e.dynamicJ), formatNumber(e.threads, 12)};
    if (e.seconds) {
        const QString unknown = QStringLiteral("static power unknown");
        cells << formatSeconds(*e.seconds) << (e.dynamicW ? formatWatts(*e.dynamicW, 2) : QStringLiteral("—"))
              << (e.totalW ? formatWatts(*e.totalW, 2) : unknown) << (e.totalJ ? formatJoules(*e.totalJ) : unknown);
    } else {
        cells << QStringLiteral("unknown") << QStringLiteral("—") << QStringLiteral("—") << QStringLiteral("—");
    }
    ReportTableOptions options;
    options.stripes = false;
    paintTable(layout, columns, {{cells}}, options);
    layout.advance(layout.mm(1));
    // Whether the threads are the code's or a guess changes how far to trust E_dyn.
    const QString threads = e.threadsAssumed && !e.threadsSource.startsWith(QLatin1String("assumed"))
        ? QStringLiteral("assumed: %1").arg(e.threadsSource)
        : e.threadsSource;
    reporttext::paragraph(layout, QStringLiteral("Threads: %1 (%2).").arg(formatNumber(e.threads, 12), threads),
        style.small, e.threadsAssumed ? style.warning : style.muted);
    reporttext::paragraph(layout, e.formula, style.small, style.muted);
    reporttext::paragraph(
        layout, QStringLiteral("Instructions counted on %1.").arg(e.countsSource), style.small, style.muted);
    if (!e.seconds)
        reporttext::paragraph(layout,
            QStringLiteral("No execution time: give one (--time, or What If → Time) for the dynamic and total power."),
            style.small, style.muted);

    if (e.classes.isEmpty())
        return;
    layout.advance(layout.mm(1.5));
    QVector<ReportRow> rows;
    for (const ReportEnergyClass& c : e.classes) {
        rows.append(
            {{c.label, formatNumber(c.perThread, 6), formatNumber(c.eachNj, 4), formatNumber(c.perThread * c.eachNj, 5),
                formatJoules(c.joules), formatPercent(e.dynamicJ > 0 ? c.joules / e.dynamicJ : 0)}});
    }
    if (e.omittedClasses > 0) {
        rows.append({{e.omittedClasses == 1 ? QStringLiteral("1 other class")
                                            : QStringLiteral("%1 other classes").arg(e.omittedClasses),
            QString(), QString(), QString(), formatJoules(e.omittedJoules),
            formatPercent(e.dynamicJ > 0 ? e.omittedJoules / e.dynamicJ : 0)}});
    }
    paintTable(layout,
        {{QStringLiteral("Executed class"), Qt::AlignLeft, true}, {QStringLiteral("Per thread"), Qt::AlignRight},
            {QStringLiteral("nJ each"), Qt::AlignRight}, {QStringLiteral("nJ per thread"), Qt::AlignRight},
            {QStringLiteral("Per launch"), Qt::AlignRight}, {QStringLiteral("Share of E_dyn"), Qt::AlignRight}},
        rows);
}

void paintSliceTable(ReportLayout& layout, const ReportKernelSection& section)
{
    reporttext::heading2(layout, QStringLiteral("Slices"), tableHeight(layout, 2));
    if (section.slices.isEmpty()) {
        reporttext::paragraph(layout, QStringLiteral("No memory access: the kernel has no slice."), layout.style().body,
            layout.style().muted);
        return;
    }
    const bool fraction = section.summary.fractionIntensity;
    const bool dense = section.summary.dense;
    QVector<ReportColumn> columns = {
        {QStringLiteral("Slice"), Qt::AlignLeft, true},
        {dense ? QStringLiteral("|Ĉ_i|") : QStringLiteral("|C_i|"), Qt::AlignRight},
        {QStringLiteral("#A"), Qt::AlignRight},
    };
    for (MemorySpace space : kAllMemorySpaces)
        columns.append({QStringLiteral("N_%1").arg(HeatScale::spaceLetter(space)), Qt::AlignRight});
    columns << ReportColumn{fraction ? QStringLiteral("Ã_i (fraction)") : QStringLiteral("Ã_i (ratio)"), Qt::AlignRight}
            << ReportColumn{QStringLiteral("P_i (W)"), Qt::AlignRight}
            << ReportColumn{QStringLiteral("Share |C_i|/L"), Qt::AlignRight}
            << ReportColumn{QStringLiteral("Contribution (W)"), Qt::AlignRight};
    QVector<ReportRow> rows;
    for (const ReportSliceRow& slice : section.slices) {
        ReportRow row;
        row.swatch = memorySpaceColor(slice.space);
        row.cells << QStringLiteral("C_%1 %2").arg(
            QString(HeatScale::spaceLetter(slice.space)), memorySpaceName(slice.space))
                  << QString::number(slice.length) << formatNumber(slice.arithmetic, 4);
        for (MemorySpace space : kAllMemorySpaces)
            row.cells << formatNumber(slice.accesses[space], 4);
        row.cells << formatIntensity(slice.intensity, fraction) << formatNumber(slice.watts, 4)
                  << formatPercent(slice.share) << formatNumber(slice.contribution, 4);
        rows << row;
    }
    ReportRow total;
    total.emphasised = true;
    total.cells << QStringLiteral("P̂ (sum of contributions)");
    for (int i = 1; i < columns.size() - 1; ++i)
        total.cells << QString();
    total.cells << formatNumber(section.summary.watts, 4);
    rows << total;
    paintTable(layout, columns, rows);
}

void paintFormulas(ReportLayout& layout, const ReportKernelSection& section)
{
    if (section.programFormula.isEmpty() && section.sliceFormulas.isEmpty())
        return;
    const ReportStyle& style = layout.style();
    reporttext::heading2(layout, QStringLiteral("Formulas with this kernel's numbers"), layout.mm(10));
    if (!section.programFormula.isEmpty())
        reporttext::paragraph(layout, section.programFormula, style.body, style.text);
    layout.advance(layout.mm(1));
    reporttext::bullets(
        layout, QStringList(section.sliceFormulas.cbegin(), section.sliceFormulas.cend()), style.body, style.text);
}

void paintAssumptions(ReportLayout& layout, const ReportKernelSection& section)
{
    const ReportStyle& style = layout.style();
    if (!section.launches.isEmpty()) {
        reporttext::heading2(layout, QStringLiteral("Launch sites"), layout.mm(8));
        reporttext::paragraph(layout, section.launches.first(), style.body, style.text);
        reporttext::bullets(layout, section.launches.mid(1), style.body, style.text);
    }
    reporttext::heading2(layout, QStringLiteral("Assumptions"), layout.mm(8));
    if (section.assumptions.isEmpty()) {
        reporttext::paragraph(
            layout, QStringLiteral("None: every count came from the code as written."), style.body, style.muted);
    } else {
        reporttext::bullets(layout, section.assumptions, style.body, style.text);
    }
    if (!section.outOfDomain.isEmpty()) {
        reporttext::heading2(layout, QStringLiteral("Outside the model's fitted domain"), layout.mm(8));
        reporttext::paragraph(layout,
            QStringLiteral("The model was not fitted on these inputs: the numbers above extrapolate. ")
                + extrapolationSentence(),
            style.body, style.warning);
        reporttext::bullets(layout, section.outOfDomain, style.body, style.warning);
    }
}

} // namespace

QString kernelSectionTitle(const ReportKernelSection& section, int index)
{
    return QStringLiteral("%1  %2").arg(index + 1).arg(section.summary.name);
}

void paintKernelSection(ReportLayout& layout, const ReportDocument& document, int index)
{
    const ReportKernelSection& section = document.sections[index];
    const ReportStyle& style = layout.style();
    reporttext::heading1(layout, kernelSectionTitle(section, index));
    reporttext::paragraph(layout,
        QStringLiteral("%1 · %2 · %3 on %4")
            .arg(section.summary.location.isEmpty() ? section.file : section.summary.location,
                section.summary.dense ? QStringLiteral("branch-dense") : QStringLiteral("branch-sparse"),
                document.modelName, document.gpuName),
        style.body, style.muted);
    layout.advance(layout.mm(2));
    paintKeyFigures(layout, section);
    paintEnergy(layout, section);
    paintSliceTable(layout, section);
    paintFigures(layout, document, section);
    paintFormulas(layout, section);
    paintAssumptions(layout, section);
    paintSourceListing(layout, section);
}

} // namespace slicewatt
