// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelTreeModel.h"

#include "compare/ChangeText.h"
#include "export/DisplayNumbers.h"
#include "export/LaunchSitesOutput.h"
#include "export/ModelAccuracyText.h"
#include "export/OutputFormatting.h"
#include "export/TimeOutput.h"
#include "session/ProjectSession.h"

#include <QFileInfo>

#include <algorithm>
#include <utility>

// The tree's cells: each column's text, number, colour and tooltip per row, the baseline's
// deltas and the headers. The rows are in KernelTreeModel.cpp.
namespace slicewatt {
namespace {

// A number cell: its text to show, its raw value to sort by, and its explanation.
QVariant cellData(int role, const QString& text, const QVariant& raw, const QString& tip)
{
    switch (role) {
    case Qt::DisplayRole:
        return text;
    case ModelRoles::SortRole:
        return raw;
    case Qt::ToolTipRole:
        return tip;
    default:
        return {};
    }
}

// "+12.0 W": a change as the Change column shows it (narrow: the tree's names need the room;
// the tooltip has the percentage); empty without both numbers.
QString deltaWatts(const ValueChange& change)
{
    const std::optional<double> delta = change.delta();
    return delta ? signedWatts(*delta) : QString();
}

// "+4.82 mJ": the energy per launch's change, for the tree while heat is shown in J.
QString deltaJoules(const ValueChange& change)
{
    const std::optional<double> delta = change.delta();
    return delta ? signedJoules(*delta) : QString();
}

// "+12.0 W (+5.7 %)"
QString deltaWattsAndPercent(const ValueChange& change)
{
    QString text = deltaWatts(change);
    if (const std::optional<double> relative = change.relative())
        text += QStringLiteral(" (%1)").arg(signedPercent(*relative));
    return text;
}

QString beforeAfter(const ValueChange& change, const QString& unit, int decimals)
{
    const auto value
        = [&](const std::optional<double>& v) { return v ? QString::number(*v, 'g', decimals) : QStringLiteral("–"); };
    return QStringLiteral("%1 → %2 %3").arg(value(change.before), value(change.after), unit);
}

QString classText(bool dense)
{
    return dense ? QStringLiteral("dense (BDPM)") : QStringLiteral("sparse (BSPM)");
}

// The statement a slice row jumps to: its first member in the kernel's own file (inlined
// device functions put members in other files), else its first member anywhere.
const SourceLocation* firstMemberLocation(const KernelEstimateReport& report, const SliceEstimate& slice)
{
    const KernelIR* ir = report.analysis.ir;
    if (!ir || slice.members.isEmpty())
        return nullptr;
    const QString& home = report.analysis.kernel->info.location.file;
    const SourceLocation* best = nullptr;
    bool bestAtHome = false;
    int bestIndex = 0;
    for (int member : slice.members) {
        if (member < 0 || member >= ir->statements.size())
            continue;
        const SourceLocation& where = ir->statements[member].location;
        const bool atHome = where.file == home;
        if (!best || (atHome && !bestAtHome) || (atHome == bestAtHome && member < bestIndex)) {
            best = &where;
            bestAtHome = atHome;
            bestIndex = member;
        }
    }
    return best;
}

} // namespace

QVariant KernelTreeModel::data(const QModelIndex& index, int role) const
{
    // A view asks every visible cell for a dozen roles per repaint, and a what-if repaints
    // every row: only these roles have answers, and the others must not pay for building a
    // cell's text and tooltip.
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
    case ModelRoles::SortRole:
    case ModelRoles::FilePathRole:
    case ModelRoles::LineRole:
    case ModelRoles::NodeKindRole:
    case ModelRoles::KernelKeyRole:
    case ModelRoles::MemorySpaceRole:
        break;
    default:
        return {};
    }
    const Node* node = nodeOf(index);
    if (!node)
        return {};
    if (role == ModelRoles::NodeKindRole || role == ModelRoles::KernelKeyRole || role == ModelRoles::MemorySpaceRole)
        return commonData(*node, role);
    switch (node->kind) {
    case NodeKind::File:
        return fileData(*node, index.column(), role);
    case NodeKind::Kernel:
        return kernelData(*node, index.column(), role);
    case NodeKind::Slice:
    case NodeKind::Line:
        return sliceData(*node, index.column(), role);
    case NodeKind::Launch:
        return launchData(*node, index.column(), role);
    }
    return {};
}

QVariant KernelTreeModel::commonData(const Node& node, int role) const
{
    switch (role) {
    case ModelRoles::NodeKindRole:
        return int(node.kind);
    case ModelRoles::KernelKeyRole:
        return node.kind == NodeKind::File ? QVariant() : QVariant(node.kernelKey);
    case ModelRoles::MemorySpaceRole:
        return node.kind == NodeKind::Slice ? int(node.space) : -1;
    default:
        return {};
    }
}

QVariant KernelTreeModel::fileData(const Node& node, int column, int role) const
{
    if (role == ModelRoles::FilePathRole)
        return node.file;
    if (role == ModelRoles::LineRole)
        return 0;
    // The file's power is its hottest kernel's: kernels run one after another.
    double hottest = 0;
    QString hottestName;
    bool any = false;
    for (int child : node.children) {
        bool known = false;
        const double watts = kernelWatts(child, &known);
        if (known && (!any || watts > hottest)) {
            hottest = watts;
            const int kernelRow = m_tree.nodes[child].kernelRow;
            const QVector<CatalogFunction>& kernels = m_session.index().kernels;
            hottestName
                = kernelRow >= 0 && kernelRow < kernels.size() ? kernels[kernelRow].info.qualifiedName : QString();
            any = true;
        }
    }
    switch (role) {
    case Qt::DisplayRole:
        if (column == NameColumn)
            return node.label;
        if (column == PowerColumn && any)
            return formatWatts(hottest);
        return {};
    case ModelRoles::SortRole:
        if (column == NameColumn)
            return node.label;
        if (column == PowerColumn && any)
            return hottest;
        return {};
    case Qt::ToolTipRole:
        if (column == NameColumn)
            return QStringLiteral("%1\n%2 kernel(s)").arg(node.file).arg(node.children.size());
        if (column == PowerColumn && any)
            return QStringLiteral("Hottest kernel of this file: %1, %2. Kernels run one after another, so their "
                                  "watts do not add up.")
                .arg(hottestName, formatWatts(hottest));
        return {};
    default:
        return {};
    }
}

QVariant KernelTreeModel::kernelData(const Node& node, int column, int role) const
{
    const QVector<CatalogFunction>& kernels = m_session.index().kernels;
    if (node.kernelRow < 0 || node.kernelRow >= kernels.size() || kernels[node.kernelRow].info.key != node.kernelKey)
        return {};
    const FunctionInfo& info = kernels[node.kernelRow].info;
    if (role == ModelRoles::FilePathRole)
        return info.location.file;
    if (role == ModelRoles::LineRole)
        return info.location.line;
    // The plain name keeps the narrow tree readable; the tooltip has the qualified one.
    const QString name = QStringLiteral("%1 (line %2)").arg(info.name).arg(info.location.line);
    const KernelEstimateReport* report = reportOf(node);
    if (column == NameColumn) {
        if (role == Qt::DisplayRole)
            return name;
        if (role == ModelRoles::SortRole)
            return info.qualifiedName;
        if (role == Qt::ToolTipRole) {
            QStringList lines{info.qualifiedName.isEmpty() ? info.name : info.qualifiedName,
                QStringLiteral("%1:%2").arg(info.location.file).arg(info.location.line)};
            if (!m_session.hasEstimates())
                lines << QStringLiteral("No estimate: %1").arg(m_session.modelError());
            else if (!report)
                lines << QStringLiteral("Its body could not be read: no slices, no estimate.");
            else
                lines += report->estimate.assumptions;
            if (report)
                lines += report->estimate.outOfDomain;
            return lines.join(QLatin1Char('\n'));
        }
        return {};
    }
    if (!report)
        return {};
    if (column == ChangeColumn)
        return kernelChangeData(node, role);
    const KernelEstimate& estimate = report->estimate;
    const bool fraction = m_session.model() && m_session.model()->usesFractionIntensity();
    const bool wantsTip = role == Qt::ToolTipRole; // tooltips are built only when asked for
    double raw = 0;
    QString text;
    QString tip;
    // No estimate: say why in the power cell, leave the numbers that would rank it empty.
    if (!estimate.hasEstimate() && (column == PowerColumn || column == ShareColumn || column == IntensityColumn)) {
        if (column != PowerColumn)
            return {};
        return cellData(role, QStringLiteral("no estimate"), QVariant(), estimate.noEstimate);
    }
    switch (column) {
    case PowerColumn:
        raw = estimate.watts;
        text = formatWatts(raw);
        // The band the measured error gives (issue 34): "497.3 W (364–630)".
        if (estimate.band)
            text += QStringLiteral(" (%1–%2)").arg(estimate.band->lowW, 0, 'f', 0).arg(estimate.band->highW, 0, 'f', 0);
        if (!wantsTip)
            break;
        tip = QStringLiteral("P̂ = Σ (|C_i| / L)·P_i = %1 (%2)").arg(formatWatts(raw), classText(estimate.dense));
        if (estimate.band) {
            tip += QStringLiteral("\nBand: %1").arg(bandText(estimate));
            if (estimate.band->widened())
                tip += QStringLiteral("\nDoubled: %1").arg(estimate.band->widening.reasonsText());
        }
        if (const QString terms = physicalTermsSummary(estimate); !terms.isEmpty())
            tip += QStringLiteral("\nPower: %1").arg(terms);
        if (m_session.model() && m_session.gpu())
            tip += QStringLiteral("\n%1").arg(accuracyText(*m_session.model(), *m_session.gpu()));
        if (estimate.joules)
            tip += QStringLiteral("\nĒ = P̂·t = %1").arg(formatJoules(*estimate.joules));
        tip += QStringLiteral("\nTime: %1").arg(timeSummary(estimate));
        break;
    case EnergyColumn: {
        // P̂·t where there is a P̂, else the instruction-class model's dynamic energy alone.
        const std::optional<double> total = energyPerLaunchJ(estimate);
        const std::optional<double> joules = total ? total : dynamicEnergyPerLaunchJ(estimate);
        if (!joules)
            return {};
        raw = *joules;
        text = formatJoules(raw);
        if (!wantsTip)
            break;
        tip = QStringLiteral("%1 per launch%2\nTime: %3")
                  .arg(text, total ? QString() : QStringLiteral(" (dynamic part only: no P̂)"), timeSummary(estimate));
        if (const QString energy = energyPerLaunchSummary(estimate); !energy.isEmpty())
            tip += QStringLiteral("\nEnergy: %1").arg(energy);
        break;
    }
    case ShareColumn: {
        const double hottest = hottestWattsOf(m_tree.nodes[node.parent]);
        if (hottest <= 0)
            return {};
        raw = 100.0 * estimate.watts / hottest;
        text = formatPercent(estimate.watts / hottest);
        tip = QStringLiteral("P̂ relative to the hottest kernel of this file (%1). Kernels run one after another, "
                             "so their watts do not add up.")
                  .arg(formatWatts(hottest));
        break;
    }
    case IntensityColumn:
        raw = estimate.averageIntensity;
        text = formatIntensity(raw, fraction);
        tip = QStringLiteral("Ā = Σ (|C_i| / L)·Ã_i, %1 intensity")
                  .arg(fraction ? QStringLiteral("fraction #A / (#A + N_mem)") : QStringLiteral("ratio #A / N_mem"));
        break;
    case ClassColumn:
        raw = estimate.dense ? 1 : 0;
        text = classText(estimate.dense);
        tip = QStringLiteral("Branch density %1 (decision points / effective statements)")
                  .arg(formatNumber(report->analysis.slices.branchDensity, 3));
        break;
    case SaturationColumn:
        raw = estimate.saturation;
        text = formatSaturation(raw);
        tip = QStringLiteral("Sa = %1: %2 of %3 SMs active")
                  .arg(formatNumber(raw, 4))
                  .arg(estimate.activeSms)
                  .arg(m_session.gpu() ? m_session.gpu()->sms : 0);
        break;
    default:
        return {};
    }
    return cellData(role, text, raw, tip);
}

QVariant KernelTreeModel::kernelChangeData(const Node& node, int role) const
{
    const BaselineComparison& baseline = m_session.baseline();
    if (!baseline.isSet())
        return {};
    const KernelChange* change = baseline.kernelChange(node.kernelKey);
    if (!change)
        return cellData(role, QStringLiteral("added"), QVariant(),
            QStringLiteral("Not in the baseline (%1): a new kernel").arg(baseline.label()));
    QStringList tip{QStringLiteral("Against the baseline %1").arg(baseline.label()),
        QStringLiteral("Power: %1, %2")
            .arg(beforeAfter(change->powerW, QStringLiteral("W"), 4), deltaWattsAndPercent(change->powerW)),
        QStringLiteral("Energy per launch: %1").arg(beforeAfter(change->energyJ, QStringLiteral("J"), 4)),
        QStringLiteral("Intensity: %1").arg(beforeAfter(change->intensity, QString(), 4)),
        QStringLiteral("Sa: %1").arg(beforeAfter(change->saturation, QString(), 3))};
    if (change->pair.match != KernelMatch::Same)
        tip << QStringLiteral("Paired with %1: %2 (similarity %3)")
                   .arg(change->base.name, kernelMatchName(change->pair.match))
                   .arg(change->pair.similarity, 0, 'f', 2);
    if (const AnalysisComparison* comparison = baseline.comparison())
        for (const QString& note : comparison->notes)
            tip << QStringLiteral("Not like for like: %1").arg(note);
    // In the heat's unit: energy per launch shows what a longer loop costs, which power does not.
    const bool energy = m_session.heatUnit() == ProjectSession::HeatUnit::Energy;
    const ValueChange& shown = energy ? change->energyJ : change->powerW;
    return cellData(role, energy ? deltaJoules(shown) : deltaWatts(shown), shown.relative().value_or(0),
        tip.join(QLatin1Char('\n')));
}

QVariant KernelTreeModel::sliceChangeData(const Node& node, int role) const
{
    const KernelChange* change = m_session.baseline().kernelChange(node.kernelKey);
    if (!change)
        return {};
    const QString space = memorySpaceName(node.space);
    for (const SliceChange& slice : change->slices) {
        if (slice.space != space)
            continue;
        if (!slice.powerW.before)
            return cellData(role, QStringLiteral("new slice"), QVariant(),
                QStringLiteral("The baseline's kernel had no %1 slice").arg(space));
        return cellData(role, deltaWatts(slice.powerW), slice.powerW.relative().value_or(0),
            QStringLiteral("P_i: %1, %2")
                .arg(beforeAfter(slice.powerW, QStringLiteral("W"), 4), deltaWattsAndPercent(slice.powerW)));
    }
    return {};
}

QVariant KernelTreeModel::launchData(const Node& node, int column, int role) const
{
    const KernelEstimateReport* report = reportOf(node);
    if (!report || node.launchIndex < 0 || node.launchIndex >= report->launches.size())
        return {};
    const LaunchSiteEstimate& site = report->launches[node.launchIndex];
    const SourceLocation& where = site.site->location;
    if (role == ModelRoles::FilePathRole)
        return where.file;
    if (role == ModelRoles::LineRole)
        return where.line;
    const QString shape = QStringLiteral("grid %1, block %2")
                              .arg(launchDimsText(site.shape.gridDim), launchDimsText(site.shape.blockDim));
    switch (column) {
    case NameColumn: {
        const QString text = QStringLiteral("%1launch %2:%3")
                                 .arg(site.chosen ? QStringLiteral("▸ ") : QString())
                                 .arg(QFileInfo(where.file).fileName())
                                 .arg(where.line);
        QStringList tip{QStringLiteral("Launched in %1 at %2:%3, %4")
                            .arg(site.site->callerName, where.file)
                            .arg(where.line)
                            .arg(shape)};
        tip << (site.chosen
                ? QStringLiteral("The kernel's estimate is this launch's (%1).").arg(launchChoiceText(*report))
                : QStringLiteral("Choose it in the What If panel to estimate the kernel here."));
        return cellData(role, text, where.line, tip.join(QLatin1Char('\n')));
    }
    case PowerColumn:
        if (!site.watts)
            return cellData(role, QStringLiteral("no estimate"), QVariant(), site.noEstimate);
        return cellData(
            role, formatWatts(*site.watts), *site.watts, QStringLiteral("P̂ at this launch (%1)").arg(shape));
    case EnergyColumn:
        if (!site.joules)
            return {};
        return cellData(role, formatJoules(*site.joules), *site.joules,
            QStringLiteral("%1 per launch over %2")
                .arg(formatJoules(*site.joules),
                    site.seconds ? formatDuration(*site.seconds) : QStringLiteral("the time given")));
    default:
        return {};
    }
}

QVariant KernelTreeModel::sliceData(const Node& node, int column, int role) const
{
    const KernelEstimateReport* report = reportOf(node);
    const SliceEstimate* slice = sliceOf(node);
    if (!report || !slice)
        return {};
    if (role == ModelRoles::FilePathRole || role == ModelRoles::LineRole) {
        const SourceLocation* where = firstMemberLocation(*report, *slice);
        if (role == ModelRoles::FilePathRole)
            return where ? where->file : node.file;
        return where ? where->line : report->analysis.kernel->info.location.line;
    }
    if (column == ChangeColumn)
        return sliceChangeData(node, role);
    const bool fraction = m_session.model() && m_session.model()->usesFractionIntensity();
    QVariant raw;
    QString text;
    QString tip;
    switch (column) {
    case NameColumn:
        raw = memorySpaceName(slice->space);
        text = memorySpaceName(slice->space);
        tip = QStringLiteral("The %1 slice: %2 effective statements").arg(text).arg(slice->length);
        break;
    case PowerColumn:
        raw = slice->watts;
        text = formatWatts(slice->watts);
        tip = QStringLiteral("P_i of the %1 slice, the model at Ã = %2, Sa = %3")
                  .arg(memorySpaceName(slice->space),
                      formatIntensity(fraction ? slice->intensityFraction : slice->intensityRatio, fraction),
                      formatNumber(report->estimate.saturation, 4));
        if (!slice->outOfDomain.isEmpty())
            tip += QLatin1Char('\n') + slice->outOfDomain.join(QLatin1Char('\n'));
        break;
    case ShareColumn: {
        raw = 100.0 * slice->weight;
        text = formatPercent(slice->weight);
        int total = 0;
        for (const SliceEstimate& s : report->estimate.slices)
            total += s.length;
        tip = QStringLiteral("|C_i| / L = %1 / %2: this slice's weight in the kernel's power")
                  .arg(slice->length)
                  .arg(total);
        break;
    }
    case IntensityColumn: {
        const double value = fraction ? slice->intensityFraction : slice->intensityRatio;
        raw = value;
        text = formatIntensity(value, fraction);
        tip = fraction ? QStringLiteral("x = #A / (#A + N_mem) = %1").arg(text)
                       : QStringLiteral("Ã = #A / N_mem = %1").arg(text);
        break;
    }
    default:
        return {};
    }
    return cellData(role, text, raw, tip);
}

QVariant KernelTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return QStringLiteral("Name");
        // Short headers: on a laptop the tree's names need the width (the tooltips say more).
        case PowerColumn:
            return QStringLiteral("W");
        case EnergyColumn:
            return QStringLiteral("J");
        case ShareColumn:
            return QStringLiteral("Share");
        case IntensityColumn:
            return QStringLiteral("Intensity");
        case ClassColumn:
            return QStringLiteral("Class");
        case SaturationColumn:
            return QStringLiteral("Sa");
        case ChangeColumn:
            return QStringLiteral("Δ");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return QStringLiteral("Files, their kernels, and each kernel's memory-space slices");
        case PowerColumn:
            return QStringLiteral("Kernel: estimated power P̂ in W. Slice: its power P_i in W. File: its hottest "
                                  "kernel's P̂");
        case EnergyColumn:
            return QStringLiteral("Kernel: energy per launch in J, P̂ over the time per launch (given, or predicted by "
                                  "the time model: METHOD §12); the tooltip says which bound decided the time");
        case ShareColumn:
            return QStringLiteral("Slice: |C_i| / L, its weight in the kernel's power. Kernel: P̂ relative to the "
                                  "hottest kernel of its file");
        case IntensityColumn:
            return QStringLiteral("Computation intensity in the model's definition: ratio #A / N_mem (JoS13) or "
                                  "fraction #A / (#A + N_mem) (JSW12); kernel: length-weighted average");
        case ClassColumn:
            return QStringLiteral("Branch-sparse kernels use BSPM, branch-dense ones BDPM");
        case SaturationColumn:
            return QStringLiteral("SM saturation: active SMs / SMs on the GPU");
        case ChangeColumn:
            return QStringLiteral("With a baseline (File › Compare With): the change since the baseline of the "
                                  "kernel's P̂ in W, or its energy per launch in J while heat is shown as energy; a "
                                  "slice's P_i");
        }
    }
    return {};
}

} // namespace slicewatt
