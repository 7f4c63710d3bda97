// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelTreeModel.h"

#include "export/OutputFormatting.h"
#include "session/ProjectSession.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <utility>

// The tree's rows and their identity: built from the session (files, kernels, slices), kept
// in place across what-if steps, and the signals of what changed. The cells' texts are in
// KernelTreeColumns.cpp.
namespace slicewatt {

bool KernelTreeModel::Node::sameShape(const Node& other) const
{
    return kind == other.kind && parent == other.parent && row == other.row && children == other.children
        && file == other.file && label == other.label && kernelKey == other.kernelKey && kernelRow == other.kernelRow
        && reportRow == other.reportRow && space == other.space && launchIndex == other.launchIndex;
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
        // A kernel's children: its slices, then (launched at several sites) its launch sites.
        auto addChild = [&](NodeKind kind, MemorySpace space, int launchIndex) {
            Node child;
            child.kind = kind;
            child.parent = kernelNode;
            child.row = int(tree.nodes[kernelNode].children.size());
            child.file = info.location.file;
            child.kernelKey = info.key;
            child.kernelRow = kernelRow;
            child.reportRow = kernel.reportRow;
            child.space = space;
            child.launchIndex = launchIndex;
            tree.nodes[kernelNode].children << int(tree.nodes.size());
            tree.nodes << child;
        };
        for (const SliceEstimate& s : run.kernels[kernel.reportRow].estimate.slices)
            addChild(NodeKind::Slice, s.space, -1);
        const QVector<LaunchSiteEstimate>& launches = run.kernels[kernel.reportRow].launches;
        for (int i = 0; launches.size() > 1 && i < launches.size(); ++i)
            addChild(NodeKind::Launch, MemorySpace::Global, i);
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
QString identityOf(const NodeKind kind, const QString& file, const QString& kernelKey, MemorySpace space, int launch)
{
    switch (kind) {
    case NodeKind::Launch:
        return QStringLiteral("L|%1|%2").arg(kernelKey).arg(launch);
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
        identities << (node ? identityOf(node->kind, node->file, node->kernelKey, node->space, node->launchIndex)
                            : QString());
    }
    m_tree = std::move(tree);
    m_signalledHottestW.clear();
    QHash<QString, int> nodeByIdentity;
    for (int i = 0; i < m_tree.nodes.size(); ++i) {
        const Node& node = m_tree.nodes[i];
        nodeByIdentity.insert(identityOf(node.kind, node.file, node.kernelKey, node.space, node.launchIndex), i);
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
        const int sites = report && report->launches.size() > 1 ? int(report->launches.size()) : 0;
        bool same = report != nullptr && report->estimate.slices.size() + sites == node.children.size();
        for (int i = 0; same && i < report->estimate.slices.size(); ++i)
            same = m_tree.nodes[node.children[i]].kind == NodeKind::Slice
                && report->estimate.slices[i].space == m_tree.nodes[node.children[i]].space;
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
        if (node.kind != NodeKind::Slice && node.kind != NodeKind::Launch && !node.children.isEmpty())
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
        if (m_tree.nodes[child].kind == NodeKind::Slice && m_tree.nodes[child].space == space)
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

} // namespace slicewatt
