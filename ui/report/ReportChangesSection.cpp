// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReportChangesSection.h"

#include "ReportLayout.h"
#include "ReportTable.h"
#include "ReportText.h"
#include "code/HeatScale.h"
#include "compare/ChangeText.h"
#include "export/DisplayNumbers.h"
#include "export/ReportDocument.h"

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

QString watts(const std::optional<double>& w)
{
    return w ? formatNumber(*w, 4) : QStringLiteral("—");
}

QString joules(const std::optional<double>& j)
{
    return j ? formatJoules(*j) : QStringLiteral("—");
}

QString relative(const std::optional<double>& before, const std::optional<double>& after)
{
    const std::optional<double> r = ValueChange{before, after}.relative();
    return r ? signedPercent(*r) : QStringLiteral("—");
}

// The swatch: the code view's diverging colour for the change over the largest one shown.
QColor changeColour(double delta, double largest)
{
    return HeatScale::divergingColour(largest > 0 ? delta / largest : 0, false);
}

void paintKernelChanges(ReportLayout& layout, const ReportChanges& changes)
{
    reporttext::heading2(layout, QStringLiteral("Kernels"), tableHeight(layout, 3));
    const bool energy = std::any_of(changes.kernels.cbegin(), changes.kernels.cend(),
        [](const ReportKernelChange& k) { return k.beforeJ || k.afterJ; });
    QVector<ReportColumn> columns = {{QStringLiteral("Kernel"), Qt::AlignLeft, true},
        {QStringLiteral("Location"), Qt::AlignLeft, true, Qt::ElideMiddle}, {QStringLiteral("Status")},
        {QStringLiteral("P̂ before (W)"), Qt::AlignRight}, {QStringLiteral("P̂ now (W)"), Qt::AlignRight},
        {QStringLiteral("ΔP̂"), Qt::AlignRight}};
    if (energy)
        columns << ReportColumn(QStringLiteral("Ē before"), Qt::AlignRight)
                << ReportColumn(QStringLiteral("Ē now"), Qt::AlignRight)
                << ReportColumn(QStringLiteral("ΔĒ"), Qt::AlignRight);
    // Kernels differ in size by orders of magnitude: the swatch shows the relative change, the
    // energy's where there is one (a longer loop costs energy at the same power).
    const auto relativeChange = [](const ReportKernelChange& k) {
        const std::optional<double> e = ValueChange{k.beforeJ, k.afterJ}.relative();
        return e ? *e : ValueChange{k.beforeW, k.afterW}.relative().value_or(0);
    };
    // Full colour at ±50 % or more: one kernel's loop made 8× longer must not wash out every
    // other kernel's −40 %.
    constexpr double kFullColour = 0.5;
    QVector<ReportRow> rows;
    for (const ReportKernelChange& k : changes.kernels) {
        ReportRow row({k.name, k.location, k.status, watts(k.beforeW), watts(k.afterW), relative(k.beforeW, k.afterW)});
        if (energy)
            row.cells << joules(k.beforeJ) << joules(k.afterJ) << relative(k.beforeJ, k.afterJ);
        if (k.status == QLatin1String("added"))
            row.swatch = changeColour(1, 1);
        else if (k.status == QLatin1String("removed"))
            row.swatch = changeColour(-1, 1);
        else
            row.swatch = changeColour(std::clamp(relativeChange(k), -kFullColour, kFullColour), kFullColour);
        rows << row;
    }
    paintTable(layout, columns, rows);
    QStringList renamed;
    for (const ReportKernelChange& k : changes.kernels) {
        if (!k.pairing.isEmpty())
            renamed << QStringLiteral("%1: %2").arg(k.name, k.pairing);
    }
    layout.advance(layout.mm(1.5));
    if (!renamed.isEmpty())
        reporttext::bullets(layout, renamed, layout.style().small, layout.style().text);
    reporttext::paragraph(layout,
        QStringLiteral("Kernels are paired by qualified name and signature, then by a name unique on both sides "
                       "(signature changed), then renamed or moved ones by the similarity of their slice profiles. "
                       "The swatch is the change in the code view's colours: red warmer, blue cooler, its strength "
                       "the relative change of the energy per launch (of the power where there is no energy), full "
                       "at ±50 % or more."),
        layout.style().small, layout.style().muted);
}

void paintLineChanges(ReportLayout& layout, const ReportChanges& changes)
{
    reporttext::heading2(layout, QStringLiteral("Lines whose heat changed most"), tableHeight(layout, 3));
    if (changes.lines.isEmpty()) {
        reporttext::paragraph(
            layout, QStringLiteral("No line's heat changed."), layout.style().body, layout.style().muted);
        return;
    }
    const QVector<ReportColumn> columns
        = {{QStringLiteral("Line"), Qt::AlignLeft, false, Qt::ElideMiddle}, {QStringLiteral("Kernel")},
            {QStringLiteral("Code"), Qt::AlignLeft, true}, {QStringLiteral("Before (W)"), Qt::AlignRight},
            {QStringLiteral("Now (W)"), Qt::AlignRight}, {QStringLiteral("Δ (W)"), Qt::AlignRight}};
    double largest = 0;
    for (const ReportLineChange& l : changes.lines)
        largest = std::max(largest, std::abs(l.afterW - l.beforeW));
    QVector<ReportRow> rows;
    for (const ReportLineChange& l : changes.lines) {
        const double delta = l.afterW - l.beforeW;
        ReportRow row({l.location, l.kernel, l.code, formatNumber(l.beforeW, 3), formatNumber(l.afterW, 3),
            signedWatts(delta, 2).chopped(2)}); // the unit is in the header
        row.swatch = changeColour(delta, largest);
        rows << row;
    }
    ReportTableOptions options;
    paintTable(layout, columns, rows, options);
    layout.advance(layout.mm(1.5));
    reporttext::paragraph(layout,
        QStringLiteral("A line's heat is its share of its kernel's power. Lines are paired by their code, then by "
                       "place; a line whose heat went is listed where the baseline had it."),
        layout.style().small, layout.style().muted);
}

} // namespace

void paintChangesSection(ReportLayout& layout, const ReportChanges& changes)
{
    reporttext::heading1(layout, QStringLiteral("Changes since the baseline"));
    int added = 0, removed = 0, compared = 0;
    for (const ReportKernelChange& k : changes.kernels) {
        added += k.status == QLatin1String("added");
        removed += k.status == QLatin1String("removed");
        compared += k.status == QLatin1String("changed") || k.status == QLatin1String("unchanged");
    }
    reporttext::paragraph(layout,
        QStringLiteral("Baseline: %1. %2 kernel%3 compared, %4 added, %5 removed.")
            .arg(changes.baseline)
            .arg(compared)
            .arg(compared == 1 ? QString() : QStringLiteral("s"))
            .arg(added)
            .arg(removed),
        layout.style().body, layout.style().text);
    if (!changes.notes.isEmpty())
        reporttext::paragraph(layout,
            QStringLiteral("Not like for like: %1.").arg(changes.notes.join(QStringLiteral("; "))), layout.style().body,
            layout.style().warning);
    reporttext::space(layout, layout.mm(2));
    paintKernelChanges(layout, changes);
    reporttext::space(layout, layout.mm(3));
    paintLineChanges(layout, changes);
}

} // namespace slicewatt
