// SPDX-License-Identifier: GPL-3.0-or-later
#include "LoopTableModel.h"

#include "session/ProjectSession.h"
#include "session/WhatIfHistory.h"

namespace slicewatt {

QVector<OverrideTableModel::Row> LoopTableModel::rowsOf(
    const KernelEstimateReport& report, const QString& kernelKey) const
{
    const KernelWhatIf whatIf = m_session.kernelWhatIf(kernelKey);
    QVector<Row> rows;
    for (const LoopResolution& loop : report.analysis.slices.loops) {
        Row row;
        row.statement = loop.statement;
        row.line = loop.line;
        row.value = QString::number(loop.trips, 'g', 10);
        row.editValue = qint64(loop.trips);
        row.assumed = loop.assumed;
        row.overridden = whatIf.tripCounts.contains(loop.statement);
        row.reason = loop.reason;
        row.workShare = loop.workShare;
        row.rank = loop.rank;
        // The factor the defaults multiply its statements by, beyond its own trips.
        row.compoundFactor = loop.assumed && loop.compoundFactor > loop.trips ? loop.compoundFactor : 1;
        rows << row;
    }
    return rows;
}

bool LoopTableModel::apply(const Row& row, const QVariant& value, const QString& kernelKey)
{
    bool ok = false;
    const qint64 trips = value.toLongLong(&ok);
    if (!ok || trips < 0)
        return false;
    KernelWhatIf whatIf = m_session.kernelWhatIf(kernelKey);
    whatIf.tripCounts.insert(row.statement, trips);
    m_history.changeKernel(
        kernelKey, whatIf, tr("Trip count at line %1").arg(row.line), QStringLiteral("trips:%1").arg(row.statement));
    return true;
}

} // namespace slicewatt
