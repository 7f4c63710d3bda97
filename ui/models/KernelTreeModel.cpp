// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelTreeModel.h"

#include "compare/ChangeText.h"
#include "export/DisplayNumbers.h"
#include "export/ModelAccuracyText.h"
#include "export/OutputFormatting.h"
#include "export/TimeOutput.h"
#include "session/ProjectSession.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <utility>

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

bool KernelTreeModel::Node::sameShape(const Node& other) const
{
    return kind == other.kind && parent == other.parent && row == other.row && children == other.children
        && file == other.file && label == other.label && kernelKey == other.kernelKey && kernelRow == other.kernelRow
        && reportRow == other.reportRow && space == other.space;
}

KernelTreeModel::KernelTreeModel(const ProjectSession& session, QObject* parent)
    : QAbstractItemModel(parent)
    , m_session(session)
    , m_tree(buildTree())
{
    connect(&session, &ProjectSession::projectChanged, this, &KernelTreeModel::resetFromSession);
    connect(&session, &ProjectSession::estimatesChanged, this, &KernelTreeModel::onEstimatesChanged);
    connect(&session.baseline(), &BaselineComparison::changed, this, [this] {
        if (!m_tree.topLevel.isEmpty())
            emitRowsChanged(-1, 0, int(m_tree.topLevel.size()) - 1, ChangeColumn, ChangeColumn);
        for (const int kernelNode : std::as_const(m_tree.kernelNodes)) {
            const Node& node = m_tree.nodes[kernelNode];
            emitRowsChanged(node.parent, node.row, node.row, ChangeColumn, ChangeColumn);
            if (!node.children.isEmpty())
                emitRowsChanged(kernelNode, 0, int(node.children.size()) - 1, ChangeColumn, ChangeColumn);
        }
    });
}

QString KernelTreeModel::commonFolder(const ProjectIndex& index)
{
    QStringList paths;
    for (const UnitIndex& unit : index.units)
        paths << unit.path;
    for (const CatalogFunction& kernel : index.kernels)
        paths << kernel.info.location.file;
    QStringList common;
    bool first = true;
    for (const QString& path : std::as_const(paths)) {
        if (path.isEmpty())
            continue;
        QStringList folder = QFileInfo(QDir::cleanPath(path)).absolutePath().split(QLatin1Char('/'));
        if (first) {
            common = folder;
            first = false;
            continue;
        }
        int same = 0;
        while (same < common.size() && same < folder.size() && common[same] == folder[same])
            ++same;
        common = common.mid(0, same);
    }
    const QString joined = common.join(QLatin1Char('/'));
    return joined.isEmpty() && !first ? QStringLiteral("/") : joined;
}

KernelTreeModel::Tree KernelTreeModel::buildTree() const
{
    Tree tree;
    const ProjectIndex& index = m_session.index();
    const QString base = commonFolder(index);
    QHash<QString, int> reportRows;
    const EstimateRun& run = m_session.run();
    for (int row = 0; row < run.kernels.size(); ++row)
        reportRows.insert(run.kernels[row].analysis.kernel->info.key, row);

    QHash<QString, int> fileNodes;
    for (int kernelRow = 0; kernelRow < index.kernels.size(); ++kernelRow) {
        const FunctionInfo& info = index.kernels[kernelRow].info;
        int fileNode = fileNodes.value(info.location.file, -1);
        if (fileNode < 0) {
            Node file;
            file.kind = NodeKind::File;
            file.row = int(tree.topLevel.size());
            file.file = info.location.file;
            file.label = pathRelativeTo(info.location.file, base);
            if (file.label == info.location.file)
                file.label = QFileInfo(info.location.file).fileName();
            fileNode = int(tree.nodes.size());
            tree.nodes << file;
            tree.topLevel << fileNode;
            fileNodes.insert(info.location.file, fileNode);
        }
        Node kernel;
        kernel.kind = NodeKind::Kernel;
        kernel.parent = fileNode;
        kernel.row = int(tree.nodes[fileNode].children.size());
        kernel.file = info.location.file;
        kernel.kernelKey = info.key;
        kernel.kernelRow = kernelRow;
        kernel.reportRow = reportRows.value(info.key, -1);
        const int kernelNode = int(tree.nodes.size());
        tree.nodes << kernel;
        tree.nodes[fileNode].children << kernelNode;
        tree.kernelNodes.insert(info.key, kernelNode);
        if (kernel.reportRow < 0)
            continue;
        for (const SliceEstimate& s : run.kernels[kernel.reportRow].estimate.slices) {
            Node slice;
            slice.kind = NodeKind::Slice;
            slice.parent = kernelNode;
            slice.row = int(tree.nodes[kernelNode].children.size());
            slice.file = info.location.file;
            slice.kernelKey = info.key;
            slice.kernelRow = kernelRow;
            slice.reportRow = kernel.reportRow;
            slice.space = s.space;
            const int sliceNode = int(tree.nodes.size());
            tree.nodes << slice;
            tree.nodes[kernelNode].children << sliceNode;
        }
    }
    return tree;
}

bool KernelTreeModel::sameShape(const Tree& a, const Tree& b)
{
    if (a.nodes.size() != b.nodes.size() || a.topLevel != b.topLevel)
        return false;
    for (int i = 0; i < a.nodes.size(); ++i) {
        if (!a.nodes[i].sameShape(b.nodes[i]))
            return false;
    }
    return true;
}

namespace {

// What a row is, whatever its place: a file, a kernel, or a kernel's slice.
QString identityOf(const NodeKind kind, const QString& file, const QString& kernelKey, MemorySpace space)
{
    switch (kind) {
    case NodeKind::File:
        return QStringLiteral("F|") + file;
    case NodeKind::Kernel:
        return QStringLiteral("K|") + kernelKey;
    case NodeKind::Slice:
    case NodeKind::Line:
        return QStringLiteral("S|%1|%2").arg(kernelKey).arg(int(space));
    }
    return QString();
}

} // namespace

void KernelTreeModel::resetFromSession()
{
    replaceTree(buildTree());
}

void KernelTreeModel::replaceTree(Tree tree)
{
    // A new index: results arriving in batches, a re-analysis after a save, or another
    // project. The rows are rebuilt as a layout change, not a reset: each row the views
    // hold (selection, current row, expanded kernels) follows its file, kernel or slice to
    // its new place, rows that are new appear, and rows that are gone let go. A reset per
    // batch collapsed the tree and lost the reader's place every time.
    Q_EMIT layoutAboutToBeChanged();
    const QModelIndexList held = persistentIndexList();
    QStringList identities;
    identities.reserve(held.size());
    for (const QModelIndex& index : held) {
        const Node* node = nodeOf(index);
        identities << (node ? identityOf(node->kind, node->file, node->kernelKey, node->space) : QString());
    }
    m_tree = std::move(tree);
    m_signalledHottestW.clear();
    QHash<QString, int> nodeByIdentity;
    for (int i = 0; i < m_tree.nodes.size(); ++i) {
        const Node& node = m_tree.nodes[i];
        nodeByIdentity.insert(identityOf(node.kind, node.file, node.kernelKey, node.space), i);
    }
    QModelIndexList moved;
    moved.reserve(held.size());
    for (int i = 0; i < held.size(); ++i) {
        const int node = identities[i].isEmpty() ? -1 : nodeByIdentity.value(identities[i], -1);
        moved << (node < 0 ? QModelIndex() : indexOfNode(node, held[i].column()));
    }
    changePersistentIndexList(held, moved);
    Q_EMIT layoutChanged();
}

void KernelTreeModel::onEstimatesChanged(const QString& kernelKey)
{
    const int kernelNode = kernelKey.isEmpty() ? -1 : m_tree.kernelNodes.value(kernelKey, -1);
    if (kernelNode >= 0) {
        // One kernel was re-estimated: its slices may have changed, nothing else.
        const Node& node = m_tree.nodes[kernelNode];
        const KernelEstimateReport* report = reportOf(node);
        bool same = report != nullptr && report->estimate.slices.size() == node.children.size();
        for (int i = 0; same && i < node.children.size(); ++i)
            same = report->estimate.slices[i].space == m_tree.nodes[node.children[i]].space;
        if (same) {
            emitKernelChanged(kernelNode);
            return;
        }
        resetFromSession();
        return;
    }
    Tree rebuilt = buildTree();
    if (!sameShape(rebuilt, m_tree)) {
        replaceTree(std::move(rebuilt));
        return;
    }
    // Same shape: every number may have moved (GPU, model, δ …), the rows did not.
    m_signalledHottestW.clear();
    if (!m_tree.topLevel.isEmpty())
        emitRowsChanged(-1, 0, int(m_tree.topLevel.size()) - 1, 0, ColumnCount - 1);
    for (int i = 0; i < m_tree.nodes.size(); ++i) {
        const Node& node = m_tree.nodes[i];
        if (node.kind != NodeKind::Slice && !node.children.isEmpty())
            emitRowsChanged(i, 0, int(node.children.size()) - 1, 0, ColumnCount - 1);
    }
}

void KernelTreeModel::emitKernelChanged(int kernelNode)
{
    const Node& node = m_tree.nodes[kernelNode];
    const Node& file = m_tree.nodes[node.parent];
    emitCellsChanged(node.parent, node.row, node.row);
    if (!node.children.isEmpty())
        emitCellsChanged(kernelNode, 0, int(node.children.size()) - 1);
    emitCellsChanged(file.parent, file.row, file.row);
    // The file shows its hottest kernel, and its kernels' shares are relative to that one:
    // they change only when it does.
    const double hottest = hottestWattsOf(file);
    const auto signalled = m_signalledHottestW.constFind(node.parent);
    if (signalled == m_signalledHottestW.constEnd() || *signalled != hottest) {
        m_signalledHottestW.insert(node.parent, hottest);
        emitRowsChanged(node.parent, 0, int(file.children.size()) - 1, ShareColumn, ShareColumn);
    }
}

// One signal per cell: Qt 6.4's tree view repaints its whole viewport for a range of more
// than one cell, and a what-if step on one kernel would repaint every row (bench_whatif).
void KernelTreeModel::emitCellsChanged(int parentNode, int firstRow, int lastRow)
{
    const QModelIndex parent = parentNode < 0 ? QModelIndex() : indexOfNode(parentNode, 0);
    for (int row = firstRow; row <= lastRow; ++row) {
        for (int column = 0; column < ColumnCount; ++column) {
            const QModelIndex cell = index(row, column, parent);
            Q_EMIT dataChanged(cell, cell);
        }
    }
}

double KernelTreeModel::hottestWattsOf(const Node& file) const
{
    double hottest = 0;
    for (int kernel : file.children) {
        bool known = false;
        hottest = std::max(hottest, kernelWatts(kernel, &known));
    }
    return hottest;
}

void KernelTreeModel::emitRowsChanged(int parentNode, int firstRow, int lastRow, int firstColumn, int lastColumn)
{
    const QModelIndex parent = parentNode < 0 ? QModelIndex() : indexOfNode(parentNode, 0);
    Q_EMIT dataChanged(index(firstRow, firstColumn, parent), index(lastRow, lastColumn, parent));
}

QModelIndex KernelTreeModel::indexOfNode(int node, int column) const
{
    if (node < 0 || node >= m_tree.nodes.size())
        return {};
    return createIndex(m_tree.nodes[node].row, column, quintptr(node));
}

QModelIndex KernelTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid()) {
        if (row >= m_tree.topLevel.size())
            return {};
        return createIndex(row, column, quintptr(m_tree.topLevel[row]));
    }
    const Node* node = nodeOf(parent);
    if (!node || parent.column() != 0 || row >= node->children.size())
        return {};
    return createIndex(row, column, quintptr(node->children[row]));
}

QModelIndex KernelTreeModel::parent(const QModelIndex& child) const
{
    const Node* node = nodeOf(child);
    if (!node || node->parent < 0)
        return {};
    return indexOfNode(node->parent, 0);
}

int KernelTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_tree.topLevel.size());
    if (parent.column() != 0)
        return 0;
    const Node* node = nodeOf(parent);
    return node ? int(node->children.size()) : 0;
}

int KernelTreeModel::columnCount(const QModelIndex& /*parent*/) const
{
    return ColumnCount;
}

QModelIndex KernelTreeModel::kernelIndex(const QString& kernelKey, int column) const
{
    return indexOfNode(m_tree.kernelNodes.value(kernelKey, -1), column);
}

QModelIndex KernelTreeModel::sliceIndex(const QString& kernelKey, MemorySpace space, int column) const
{
    const int kernelNode = m_tree.kernelNodes.value(kernelKey, -1);
    if (kernelNode < 0)
        return {};
    for (int child : m_tree.nodes[kernelNode].children) {
        if (m_tree.nodes[child].space == space)
            return indexOfNode(child, column);
    }
    return {};
}

const KernelTreeModel::Node* KernelTreeModel::nodeOf(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    const quintptr node = index.internalId();
    return node < quintptr(m_tree.nodes.size()) ? &m_tree.nodes[int(node)] : nullptr;
}

const KernelEstimateReport* KernelTreeModel::reportOf(const Node& node) const
{
    const EstimateRun& run = m_session.run();
    if (node.reportRow < 0 || node.reportRow >= run.kernels.size())
        return nullptr;
    const KernelEstimateReport& report = run.kernels[node.reportRow];
    // The session may have moved on before our slot ran: never show another kernel's numbers.
    return report.analysis.kernel->info.key == node.kernelKey ? &report : nullptr;
}

const SliceEstimate* KernelTreeModel::sliceOf(const Node& node) const
{
    const KernelEstimateReport* report = reportOf(node);
    if (!report)
        return nullptr;
    for (const SliceEstimate& s : report->estimate.slices) {
        if (s.space == node.space)
            return &s;
    }
    return nullptr;
}

double KernelTreeModel::kernelWatts(int kernelNode, bool* known) const
{
    const KernelEstimateReport* report = reportOf(m_tree.nodes[kernelNode]);
    *known = report != nullptr && report->estimate.hasEstimate();
    return *known ? report->estimate.watts : 0;
}

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
