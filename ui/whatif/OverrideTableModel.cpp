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
    if (role == Qt::ToolTipRole)
        return row.reason;
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
        return row.line;
    case ValueColumn:
        return row.value;
    case SourceColumn:
        return row.overridden ? tr("what-if") : row.assumed ? tr("assumed") : tr("from code");
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
        return tr("Line");
    case ValueColumn:
        return valueHeader();
    case SourceColumn:
        return tr("Source");
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
