// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportSummary.h"

#include "ReportLayout.h"
#include "ReportTable.h"
#include "ReportText.h"
#include "export/DisplayNumbers.h"
#include "export/EnergyOutput.h"
#include "export/ReportDocument.h"

#include <algorithm>

namespace slicewatt {
namespace {

constexpr int kMaxDiagnostics = 40; // more would bury the summary; the CLI lists them all

QString programModel(bool dense)
{
    return dense ? QStringLiteral("dense (BDPM)") : QStringLiteral("sparse (BSPM)");
}

void paintKernelTable(ReportLayout& layout, const ReportDocument& document)
{
    const bool energy = std::any_of(document.kernels.cbegin(), document.kernels.cend(), [](const ReportKernelRow& row) {
        return bool(row.joules);
    }) || document.totalJoules;
    const bool fraction = !document.kernels.isEmpty() && document.kernels.first().fractionIntensity;
    reporttext::heading2(layout, QStringLiteral("Kernels"), tableHeight(layout, 3));
    if (document.kernels.isEmpty()) {
        reporttext::paragraph(layout, QStringLiteral("No kernel with a readable body was found."), layout.style().body,
            layout.style().muted);
        return;
    }
    QVector<ReportColumn> columns = {
        {QStringLiteral("#"), Qt::AlignRight},
        {QStringLiteral("Kernel"), Qt::AlignLeft, true},
        {QStringLiteral("Location"), Qt::AlignLeft, true, Qt::ElideMiddle},
        {QStringLiteral("Program"), Qt::AlignLeft},
        {fraction ? QStringLiteral("Ã (fraction)") : QStringLiteral("Ã (ratio)"), Qt::AlignRight},
        {QStringLiteral("Sa"), Qt::AlignRight},
        {QStringLiteral("SMs"), Qt::AlignRight},
        {QStringLiteral("P̂ (W)"), Qt::AlignRight},
    };
    if (energy)
        columns.append({QStringLiteral("Ē (J)"), Qt::AlignRight});

    QVector<ReportRow> rows;
    for (int i = 0; i < document.kernels.size(); ++i) {
        const ReportKernelRow& k = document.kernels[i];
        ReportRow row;
        // A kernel with no estimate has no intensity either: a dash, not a computed 0.
        row.cells = {QString::number(i + 1), k.name, k.location, programModel(k.dense),
            k.noEstimate.isEmpty() ? formatIntensity(k.intensity, k.fractionIntensity) : QStringLiteral("—"),
            formatSaturation(k.saturation), k.activeSms > 0 ? QString::number(k.activeSms) : QStringLiteral("—"),
            k.noEstimate.isEmpty() ? formatNumber(k.watts, 4) : QStringLiteral("no estimate")};
        if (energy)
            row.cells << (k.joules ? formatNumber(*k.joules, 4) : QStringLiteral("—"));
        rows << row;
    }
    // Kernels run one after another, so their powers do not add up to anything a meter
    // would show; energies do. The total row says so rather than printing a sum of watts.
    ReportRow total;
    total.emphasised = true;
    total.cells = {QString(), QStringLiteral("Program total (%1 kernels)").arg(document.kernels.size()), QString(),
        QString(), QString(), QString(), QString(), QStringLiteral("—")};
    if (energy)
        total.cells << (document.totalJoules ? formatNumber(*document.totalJoules, 4) : QStringLiteral("—"));
    rows << total;
    paintTable(layout, columns, rows);
    layout.advance(layout.mm(1.5));
    reporttext::paragraph(layout,
        energy ? QStringLiteral("P̂: predicted average power of the kernel while it runs. Ē = P̂·t per launch, t the "
                                "execution time given or the time model's prediction (METHOD §12); the program's "
                                "energy is the sum of its kernels' energies. Powers of kernels that run one after "
                                "another do not add up.")
               : QStringLiteral("P̂: predicted average power of the kernel while it runs. No kernel has a time per "
                                "launch (the GPU lacks the time model's figures): give an execution time (--time, or "
                                "What If → Time) for energies; powers of kernels that run one after another do not "
                                "add up."),
        layout.style().small, layout.style().muted);
}

void paintHottestLines(ReportLayout& layout, const ReportDocument& document)
{
    reporttext::heading2(layout, QStringLiteral("Hottest lines of the project"), tableHeight(layout, 3));
    if (document.hottestLines.isEmpty()) {
        reporttext::paragraph(
            layout, QStringLiteral("No line carries heat."), layout.style().body, layout.style().muted);
        return;
    }
    // Both measures side by side: the power share ranks, the energy says what a launch costs.
    const bool energy = bool(document.method.energyModel);
    // The code beside its place: a reviewer sees what the line does without the listing.
    // The kernel by its own name (the table above has the qualified one), so the code gets the room.
    QVector<ReportColumn> columns
        = {{QStringLiteral("Rank"), Qt::AlignRight}, {QStringLiteral("Line"), Qt::AlignLeft, false, Qt::ElideMiddle},
            {QStringLiteral("Code"), Qt::AlignLeft, true}, {QStringLiteral("Kernel")},
            {QStringLiteral("Power"), Qt::AlignRight}, {QStringLiteral("Share of P̂"), Qt::AlignRight}};
    if (energy)
        columns.append({QStringLiteral("Per launch"), Qt::AlignRight}); // cells carry J with a prefix
    QVector<ReportRow> rows;
    for (const ReportHotLine& line : document.hottestLines) {
        ReportRow row(
            {QString::number(line.rank) + (line.tied ? QStringLiteral("=") : QString()), line.location, line.code,
                line.kernel.section(QStringLiteral("::"), -1), formatLineWatts(line.watts), formatPercent(line.share)});
        if (energy)
            row.cells << formatJoules(line.joules);
        rows << row;
    }
    paintTable(layout, columns, rows);
}

QString copyDirection(const ReportCopy& copy)
{
    return copy.direction.isEmpty() ? QStringLiteral("—") : copy.direction;
}

// The copy term of the energy model: each copy where it is, and the known energies' total.
void paintCopies(ReportLayout& layout, const ReportDocument& document)
{
    if (!document.copiesJoules)
        return; // no energy model: copies are not priced, and not listed
    const ReportStyle& style = layout.style();
    reporttext::heading2(layout, QStringLiteral("Host-device copies"), tableHeight(layout, 2));
    if (document.copies.isEmpty()) {
        reporttext::paragraph(
            layout, QStringLiteral("The host code makes no cudaMemcpy-style copy."), style.body, style.muted);
        return;
    }
    int priced = 0;
    QVector<ReportRow> rows;
    QStringList unpriced; // the reasons, under the table: too long for a cell
    for (const ReportCopy& copy : document.copies) {
        priced += copy.joules ? 1 : 0;
        rows.append({{copy.location, copy.api, copyDirection(copy),
            copy.bytes ? QString::number(*copy.bytes) : QStringLiteral("—"),
            copy.seconds ? formatDuration(*copy.seconds) : QStringLiteral("—"),
            copy.joules ? formatJoules(*copy.joules) : QStringLiteral("none")}});
        if (!copy.joules)
            unpriced << QStringLiteral("%1 (%2): no energy, %3").arg(copy.location, copy.api, copy.note);
    }
    ReportRow total;
    total.emphasised = true;
    total.cells = {QStringLiteral("Copies total (%1 of %2 with an energy)").arg(priced).arg(document.copies.size()),
        QString(), QString(), QString(), QString(), formatJoules(*document.copiesJoules)};
    rows << total;
    paintTable(layout,
        {{QStringLiteral("Place"), Qt::AlignLeft, true, Qt::ElideMiddle}, {QStringLiteral("API"), Qt::AlignLeft},
            {QStringLiteral("Direction"), Qt::AlignLeft}, {QStringLiteral("Bytes"), Qt::AlignRight},
            {QStringLiteral("Time"), Qt::AlignRight}, {QStringLiteral("Energy"), Qt::AlignRight}},
        rows);
    if (!unpriced.isEmpty()) {
        layout.advance(layout.mm(1));
        reporttext::bullets(layout, unpriced, style.small, style.text);
    }
    layout.advance(layout.mm(1.5));
    reporttext::paragraph(layout,
        QStringLiteral(
            "A copy over PCI Express takes latency + bytes / bandwidth and costs the transfer power for that "
            "long (instruction-class model). Copies with a size known only at run time, and copies that "
            "stay on one side, have no energy."),
        style.small, style.muted);
}

void paintDiagnostics(ReportLayout& layout, const ReportDocument& document)
{
    if (document.diagnostics.isEmpty())
        return;
    reporttext::heading2(layout, QStringLiteral("Diagnostics (%1)").arg(document.diagnostics.size()), layout.mm(10));
    QStringList shown = document.diagnostics.mid(0, kMaxDiagnostics);
    if (document.diagnostics.size() > kMaxDiagnostics)
        shown << QStringLiteral("… and %1 more (slicewatt-cli analyze lists them all)")
                     .arg(document.diagnostics.size() - kMaxDiagnostics);
    reporttext::bullets(layout, shown, layout.style().small, layout.style().text);
}

} // namespace

void paintSummary(ReportLayout& layout, const ReportDocument& document)
{
    reporttext::heading1(layout, QStringLiteral("Summary"));
    paintKernelTable(layout, document);
    paintCopies(layout, document);
    paintHottestLines(layout, document);
    paintDiagnostics(layout, document);
}

} // namespace slicewatt
