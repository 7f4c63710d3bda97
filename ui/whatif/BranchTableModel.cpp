// SPDX-License-Identifier: GPL-3.0-or-later
#include "BranchTableModel.h"

#include "session/ProjectSession.h"
#include "session/WhatIfHistory.h"

namespace slicewatt {
namespace {

QString armsText(const QVector<double>& arms)
{
    QStringList parts;
    for (double p : arms)
        parts << QString::number(p, 'g', 4);
    return parts.join(QLatin1Char('/'));
}

} // namespace

QVector<double> BranchTableModel::parseArms(const QString& text, int arms)
{
    const QStringList parts = text.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QVector<double> values;
    double sum = 0;
    for (const QString& part : parts) {
        bool ok = false;
        const double p = part.trimmed().toDouble(&ok);
        if (!ok || p < 0 || p > 1)
            return {};
        values << p;
        sum += p;
    }
    if (values.size() == 1 && arms == 2) {
        values << 1 - values[0];
        sum = 1;
    }
    if (values.size() != arms || qAbs(sum - 1) > 1e-6)
        return {};
    return values;
}

QVector<OverrideTableModel::Row> BranchTableModel::rowsOf(
    const KernelEstimateReport& report, const QString& kernelKey) const
{
    const KernelWhatIf whatIf = m_session.kernelWhatIf(kernelKey);
    QVector<Row> rows;
    for (const BranchResolution& branch : report.analysis.slices.branches) {
        Row row;
        row.statement = branch.statement;
        row.line = branch.line;
        row.value = armsText(branch.arms);
        row.editValue = row.value;
        row.assumed = branch.assumed;
        row.overridden = whatIf.branchArms.contains(branch.statement);
        row.reason = branch.reason;
        row.workShare = branch.workShare;
        row.rank = branch.rank;
        rows << row;
    }
    return rows;
}

bool BranchTableModel::apply(const Row& row, const QVariant& value, const QString& kernelKey)
{
    const KernelEstimateReport* report = m_session.kernelReport(kernelKey);
    if (!report)
        return false;
    int arms = 2;
    for (const BranchResolution& branch : report->analysis.slices.branches) {
        if (branch.statement == row.statement)
            arms = int(branch.arms.size());
    }
    const QVector<double> probabilities = parseArms(value.toString(), arms);
    if (probabilities.isEmpty())
        return false;
    KernelWhatIf whatIf = m_session.kernelWhatIf(kernelKey);
    whatIf.branchArms.insert(row.statement, probabilities);
    m_history.changeKernel(kernelKey, whatIf, tr("Branch probabilities at line %1").arg(row.line),
        QStringLiteral("branch:%1").arg(row.statement));
    return true;
}

} // namespace slicewatt
