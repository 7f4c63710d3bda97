// SPDX-License-Identifier: GPL-3.0-or-later
#include "DiagnosticsModel.h"

#include <QApplication>
#include <QFileInfo>
#include <QStyle>

namespace slicewatt {

DiagnosticsModel::DiagnosticsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void DiagnosticsModel::setDiagnostics(const Diagnostics& diagnostics)
{
    beginResetModel();
    m_diagnostics = diagnostics;
    endResetModel();
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_diagnostics.size());
}

int DiagnosticsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Diagnostic& d = m_diagnostics.at(index.row());
    if (role == Qt::DecorationRole && index.column() == SeverityColumn) {
        const QStyle::StandardPixmap icon = d.isError()   ? QStyle::SP_MessageBoxCritical
            : d.severity == Diagnostic::Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                          : QStyle::SP_MessageBoxInformation;
        return QApplication::style()->standardIcon(icon);
    }
    if (role == Qt::ToolTipRole)
        return d.toString();
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case SeverityColumn:
        return severityName(d.severity);
    case FileColumn:
        return QFileInfo(d.file).fileName();
    case LineColumn:
        return d.line > 0 ? QVariant(d.line) : QVariant();
    case MessageColumn:
        return d.message;
    default:
        return {};
    }
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case FileColumn:
        return tr("File");
    case LineColumn:
        return tr("Line");
    case MessageColumn:
        return tr("Message");
    default:
        return {};
    }
}

} // namespace slicewatt
