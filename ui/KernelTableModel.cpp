// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelTableModel.h"

#include "export/KernelListWriter.h"

#include <QFileInfo>

namespace slicewatt {

KernelTableModel::KernelTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void KernelTableModel::setIndex(const ProjectIndex& index)
{
    beginResetModel();
    m_rows.clear();
    for (const CatalogFunction& kernel : index.kernels)
        m_rows << Row{kernel, index.diagnosticCountForFile(kernel.info.location.file)};
    endResetModel();
}

int KernelTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int KernelTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KernelTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows.at(index.row());
    const FunctionInfo& info = row.kernel.info;
    if (role == FilePathRole)
        return info.location.file;
    if (role == LineRole)
        return info.location.line;
    if (role == Qt::ToolTipRole && index.column() == LocationColumn)
        return info.location.file;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NameColumn:
        return info.qualifiedName + (info.isTemplate ? QStringLiteral("<…>") : QString());
    case LocationColumn:
        return QStringLiteral("%1:%2").arg(QFileInfo(info.location.file).fileName()).arg(info.location.line);
    case LaunchesColumn: {
        QStringList texts;
        for (const LaunchSite& launch : row.kernel.launches)
            texts << QStringLiteral("grid %1 block %2")
                         .arg(describeLaunchDim(launch.grid), describeLaunchDim(launch.block));
        return texts.isEmpty() ? tr("no launch found") : texts.join(QStringLiteral("; "));
    }
    case DiagnosticsColumn:
        return row.diagnostics;
    default:
        return {};
    }
}

QVariant KernelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Kernel");
    case LocationColumn:
        return tr("Location");
    case LaunchesColumn:
        return tr("Launches");
    case DiagnosticsColumn:
        return tr("Diagnostics");
    default:
        return {};
    }
}

} // namespace slicewatt
