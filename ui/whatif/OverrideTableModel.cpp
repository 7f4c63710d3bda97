// SPDX-License-Identifier: GPL-3.0-or-later
#include "OverrideTableModel.h"

#include "session/ProjectSession.h"

#include <QBrush>
#include <QFont>

namespace slicewatt {

OverrideTableModel::OverrideTableModel(ProjectSession& session, WhatIfHistory& history, QObject* parent)
    : QAbstractTableModel(parent)
    , m_session(session)
    , m_history(history)
{
    connect(&session, &ProjectSession::estimatesChanged, this, &OverrideTableModel::refresh);
    connect(&session, &ProjectSession::selectionChanged, this, [this] { refresh({}); });
    connect(&session, &ProjectSession::projectChanged, this, [this] { refresh({}); });
}

int OverrideTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OverrideTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OverrideTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[index.row()];
    if (role == StatementRole)
        return row.statement;
    if (role == Qt::ToolTipRole) {
        QString tip = row.reason;
        if (row.compoundFactor > 1)
            tip += tr("\nWith the assumed loops around it, statements inside run ×%1 per thread: set the "
                      "outermost unknown loop first.")
                       .arg(row.compoundFactor, 0, 'g', 6);
        if (row.rank > 0)
            tip += tr("\nGoverns %1 % of the kernel's operations: assumption #%2 by how much it moves the "
                      "estimate.")
                       .arg(row.workShare * 100, 0, 'f', 1)
                       .arg(row.rank);
        return tip;
    }
    if (role == Qt::TextAlignmentRole && index.column() == WorkColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && index.column() == ValueColumn && row.overridden) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::EditRole && index.column() == ValueColumn)
        return row.editValue;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case LineColumn:
        return row.label.isEmpty() ? QVariant(row.line) : QVariant(row.label);
    case ValueColumn:
        return row.value;
    case SourceColumn:
        if (!row.source.isEmpty())
            return row.source;
        if (row.overridden)
            return tr("what-if");
        if (!row.assumed)
            return tr("from code");
        // Nested unknown loops compound their defaults: say by how much.
        return row.compoundFactor > 1 ? tr("assumed, ×%1 nested").arg(row.compoundFactor, 0, 'g', 6) : tr("assumed");
    case WorkColumn:
        // Only assumptions are ranked: what the code resolves is no choice to make.
        if (row.rank > 0)
            return tr("%1 % · #%2").arg(row.workShare * 100, 0, 'f', 0).arg(row.rank);
        // An argument is a choice even where the code gives it: say what it governs.
        return !row.label.isEmpty() && row.workShare > 0 ? tr("%1 %").arg(row.workShare * 100, 0, 'f', 0) : QString();
    default:
        return {};
    }
}

QVariant OverrideTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case LineColumn:
        return keyHeader();
    case ValueColumn:
        return valueHeader();
    case SourceColumn:
        return tr("Source");
    case WorkColumn:
        return tr("Work");
    default:
        return {};
    }
}

Qt::ItemFlags OverrideTableModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == ValueColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

bool OverrideTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid) || index.column() != ValueColumn)
        return false;
    // The session re-estimates and refresh() updates the row from the new analysis.
    return apply(m_rows[index.row()], value, m_kernelKey);
}

void OverrideTableModel::refresh(const QString& changedKernel)
{
    const QString key = m_session.selectedKernel();
    if (!changedKernel.isEmpty() && changedKernel != key)
        return;
    const KernelEstimateReport* report = m_session.kernelReport(key);
    QVector<Row> rows = report ? rowsOf(*report, key) : QVector<Row>{};
    const bool sameShape = key == m_kernelKey && rows.size() == m_rows.size();
    if (sameShape) {
        m_rows = rows;
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_kernelKey = key;
    m_rows = rows;
    endResetModel();
}

} // namespace slicewatt
