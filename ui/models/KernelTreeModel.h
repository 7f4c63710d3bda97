// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ir/MemorySpace.h"
#include "models/ModelRoles.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QVector>

namespace slicewatt {

class ProjectSession;
struct ProjectIndex;
struct KernelEstimateReport;
struct SliceEstimate;

// The project as a tree: files → kernels → slices (and, for a kernel launched at several
// sites, its launch sites, each with its own power and energy), with each node's power. It reads
// everything from the session (the single source of state) and keeps only the shape of the
// tree, so a what-if slider move repaints numbers without rebuilding anything: when the
// kernels and their slices stay the same, an estimate change is a dataChanged over the
// rows it touched; only a new project or a slice that appears or vanishes resets the model.
// The session must outlive the model.
//
// Columns (ModelRoles::SortRole gives the raw double behind each number):
//   Name       file: path relative to the project's common folder; kernel: qualified name
//              and line; slice: memory space
//   Power      kernel: P̂ in W; slice: P_i in W; file: its hottest kernel's P̂ (kernels run
//              one after another, so a file's kernels' watts do not add up)
//   Share      slice: |C_i| / L in % (a kernel's slices sum to 100 %); kernel: P̂ relative to
//              the hottest kernel of its file in % (100 % = the file's hottest); file: empty
//   Intensity  in the model's definition (ratio Ã or fraction x); kernel: Ā, the
//              length-weighted average
//   Class      kernel: "sparse (BSPM)" or "dense (BDPM)"
//   Sa         kernel: SM saturation used
//   Change     with a baseline (Compare With): kernel: P̂ now − P̂ in the baseline in W, or its
//              energy per launch's change in J while heat is energy (the tooltip gives both,
//              with %, intensity, Sa, how it was paired and what is not like for like);
//              slice: its P_i's change; "added" for a kernel the baseline lacks
// Kernels without a readable body, or all kernels while the model cannot be used, appear
// with empty numbers.
class KernelTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        PowerColumn,
        EnergyColumn, // energy per launch over the given or predicted time (METHOD §12)
        ShareColumn,
        IntensityColumn,
        ClassColumn,
        SaturationColumn,
        ChangeColumn,
        ColumnCount
    };

    explicit KernelTreeModel(const ProjectSession& session, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Rows for the session's selection (invalid when not in the tree).
    QModelIndex kernelIndex(const QString& kernelKey, int column = NameColumn) const;
    QModelIndex sliceIndex(const QString& kernelKey, MemorySpace space, int column = NameColumn) const;

    // The deepest folder holding every source of the project ("" when it has none): file
    // names are shown relative to it.
    static QString commonFolder(const ProjectIndex& index);

private:
    struct Node {
        NodeKind kind = NodeKind::File;
        int parent = -1; // node index; -1 for files (top level)
        int row = 0; // under its parent
        QVector<int> children; // node indices
        QString file; // absolute; files and kernels
        QString label; // files: shown name
        QString kernelKey; // kernels and slices
        int kernelRow = -1; // in session.index().kernels
        int reportRow = -1; // in session.run().kernels; -1 without an estimate
        MemorySpace space = MemorySpace::Global; // slices
        int launchIndex = -1; // launches: in the report's launches

        bool sameShape(const Node& other) const;
    };
    struct Tree {
        QVector<Node> nodes;
        QVector<int> topLevel;
        QHash<QString, int> kernelNodes; // kernel key → node
    };

    Tree buildTree() const;
    static bool sameShape(const Tree& a, const Tree& b);
    void resetFromSession();
    void replaceTree(Tree tree); // as a layout change: the views' rows follow their items
    void onEstimatesChanged(const QString& kernelKey);
    void emitRowsChanged(int parentNode, int firstRow, int lastRow, int firstColumn, int lastColumn);
    void emitKernelChanged(int kernelNode);
    void emitCellsChanged(int parentNode, int firstRow, int lastRow);
    double hottestWattsOf(const Node& file) const;
    QModelIndex indexOfNode(int node, int column) const;

    const Node* nodeOf(const QModelIndex& index) const;
    const KernelEstimateReport* reportOf(const Node& node) const;
    const SliceEstimate* sliceOf(const Node& node) const;
    double kernelWatts(int kernelNode, bool* known) const;

    QVariant fileData(const Node& node, int column, int role) const;
    QVariant kernelData(const Node& node, int column, int role) const;
    QVariant launchData(const Node& node, int column, int role) const;
    QVariant sliceData(const Node& node, int column, int role) const;
    QVariant commonData(const Node& node, int role) const;
    QVariant kernelChangeData(const Node& node, int role) const;
    QVariant sliceChangeData(const Node& node, int role) const;

    const ProjectSession& m_session;
    Tree m_tree;
    // Each file's hottest kernel's watts when its kernels' shares were last signalled: a
    // what-if that leaves it as it was leaves the siblings' shares (and rows) unpainted.
    QHash<int, double> m_signalledHottestW;
};

} // namespace slicewatt
