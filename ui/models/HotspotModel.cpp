// SPDX-License-Identifier: GPL-3.0-or-later
#include "HotspotModel.h"

#include "export/DisplayNumbers.h"
#include "export/OutputFormatting.h"
#include "models/KernelTreeModel.h"

#include <QFileInfo>

#include <algorithm>

namespace slicewatt {

HotspotModel::HotspotModel(const ProjectSession& session, int limit, QObject* parent)
    : QAbstractTableModel(parent)
    , m_session(session)
    , m_limit(std::max(1, limit))
{
    // setIndex() emits projectChanged and then estimatesChanged: the ranking depends on the
    // estimates only, so one reset per change is enough.
    connect(&session, &ProjectSession::estimatesChanged, this, &HotspotModel::reload);
    connect(&session, &ProjectSession::projectChanged, this, [this] { m_sources.clear(); });
    reload();
}

bool HotspotModel::energyUnit() const
{
    return m_session.heatUnit() == ProjectSession::HeatUnit::Energy;
}

void HotspotModel::setLimit(int limit)
{
    limit = std::max(1, limit);
    if (limit == m_limit)
        return;
    m_limit = limit;
    reload();
}

void HotspotModel::reload()
{
    QVector<Row> rows;
    QHash<QString, QString> names;
    for (const KernelEstimateReport& report : m_session.run().kernels) {
        const FunctionInfo& info = report.analysis.kernel->info;
        names.insert(info.key, info.qualifiedName.isEmpty() ? info.name : info.qualifiedName);
    }
    const QString base = KernelTreeModel::commonFolder(m_session.index());
    for (const ProjectSession::HotLine& line : m_session.hottestLines(m_limit)) {
        QString file = pathRelativeTo(line.file, base);
        if (file == line.file)
            file = QFileInfo(line.file).fileName();
        rows << Row{line, names.value(line.kernelKey), QStringLiteral("%1:%2").arg(file).arg(line.line),
            m_sources.trimmedLine(line.file, line.line)};
    }
    // A what-if step re-ranks the same number of lines: the rows change in place, so the view
    // keeps its selection and scroll position and repaints only what it shows (no reset).
    if (!rows.isEmpty() && rows.size() == m_rows.size()) {
        m_rows = rows;
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
        // The header re-measures itself when told: only when the unit changed (W or J).
        if (m_headerInEnergy != energyUnit()) {
            m_headerInEnergy = energyUnit();
            Q_EMIT headerDataChanged(Qt::Horizontal, PowerColumn, PowerColumn);
        }
        return;
    }
    if (!rows.isEmpty() && !m_rows.isEmpty() && m_headerInEnergy == energyUnit()) {
        // More or fewer lines than before (results arriving in batches, a re-analysis): the
        // rows both lists have change in place, the rest arrive or leave, and the view keeps
        // its selection and scroll instead of starting over.
        const int kept = int(std::min(rows.size(), m_rows.size()));
        if (rows.size() > m_rows.size()) {
            beginInsertRows({}, int(m_rows.size()), int(rows.size()) - 1);
            m_rows = rows;
            endInsertRows();
        } else {
            beginRemoveRows({}, int(rows.size()), int(m_rows.size()) - 1);
            m_rows = rows;
            endRemoveRows();
        }
        Q_EMIT dataChanged(index(0, 0), index(kept - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    m_headerInEnergy = energyUnit();
    endResetModel();
}

int HotspotModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HotspotModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HotspotModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const Row& row = m_rows[index.row()];
    switch (role) {
    case ModelRoles::FilePathRole:
        return row.line.file;
    case ModelRoles::LineRole:
        return row.line.line;
    case ModelRoles::KernelKeyRole:
        return row.line.kernelKey;
    case ModelRoles::MemorySpaceRole:
        return -1;
    case ModelRoles::NodeKindRole:
        return int(NodeKind::Line);
    case Qt::DisplayRole:
        switch (index.column()) {
        case RankColumn:
            return index.row() + 1;
        case PowerColumn:
            return energyUnit() ? formatJoules(row.line.value) : formatLineWatts(row.line.value);
        case ShareColumn:
            return formatPercent(row.line.share);
        case KernelColumn:
            // Its own name: the namespace would take the code's room (the tooltip has it).
            return row.kernelName.section(QStringLiteral("::"), -1);
        case LocationColumn:
            return row.location;
        case CodeColumn:
            return row.code;
        }
        return {};
    case ModelRoles::SortRole:
        switch (index.column()) {
        case RankColumn:
            return double(index.row() + 1);
        case PowerColumn:
            return row.line.value;
        case ShareColumn:
            return 100.0 * row.line.share;
        case KernelColumn:
            return row.kernelName;
        case LocationColumn:
            return row.location;
        case CodeColumn:
            return row.code;
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case PowerColumn:
        case ShareColumn:
            if (energyUnit())
                return QStringLiteral("Line %1's instructions take %2 per launch, %3 of %4's dynamic energy "
                                      "(instruction-class model: executions per thread × threads × nJ per class)")
                    .arg(row.line.line)
                    .arg(formatJoules(row.line.value), formatPercent(row.line.share), row.kernelName);
            return QStringLiteral("Line %1 carries %2 of %3's power (%4): each slice's contribution spread over "
                                  "its statements by the dynamic energy they execute")
                .arg(row.line.line)
                .arg(formatLineWatts(row.line.value), row.kernelName, formatPercent(row.line.share));
        case LocationColumn:
            return QStringLiteral("%1:%2").arg(row.line.file).arg(row.line.line);
        case KernelColumn:
            return row.kernelName;
        case CodeColumn:
            return row.code;
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant HotspotModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    // Short headers: the dock is narrow on a laptop.
    case RankColumn:
        return QStringLiteral("#");
    case LocationColumn:
        return QStringLiteral("Line");
    case CodeColumn:
        return QStringLiteral("Code");
    case PowerColumn:
        return energyUnit() ? QStringLiteral("J/launch") : QStringLiteral("W");
    case ShareColumn:
        return QStringLiteral("Share");
    case KernelColumn:
        return QStringLiteral("Kernel");
    }
    return {};
}

} // namespace slicewatt
