// SPDX-License-Identifier: GPL-3.0-or-later
#include "ArgumentTableModel.h"

#include "analysis/LaunchChoice.h"
#include "session/ProjectSession.h"
#include "session/WhatIfHistory.h"

#include <QFileInfo>
#include <QMap>
#include <QSet>

namespace slicewatt {
namespace {

void collectArguments(const SymbolicExprPtr& e, QSet<QString>& names)
{
    if (!e)
        return;
    if (e->kind() == SymbolicExpr::Kind::KernelArgument)
        names.insert(e->text());
    else if (e->kind() == SymbolicExpr::Kind::Binary) {
        collectArguments(e->lhs(), names);
        collectArguments(e->rhs(), names);
    }
}

// What each argument decides: the loops whose header and the guards whose bound name it.
struct Governed {
    QVector<int> loopStatements;
    QVector<int> guardLines;
};

QMap<QString, Governed> governedByArguments(const KernelIR& ir)
{
    QMap<QString, Governed> governed; // sorted by name: a stable row order
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& statement = ir.statements[i];
        if (statement.kind == StatementKind::Loop) {
            QSet<QString> names;
            collectArguments(statement.loop.start, names);
            collectArguments(statement.loop.bound, names);
            collectArguments(statement.loop.step, names);
            for (const QString& name : names)
                governed[name].loopStatements << i;
        }
        for (const ThreadGuard& guard : statement.guards) {
            QSet<QString> names;
            collectArguments(guard.bound, names);
            for (const QString& name : names) {
                if (!governed[name].guardLines.contains(statement.location.line))
                    governed[name].guardLines << statement.location.line;
            }
        }
    }
    return governed;
}

} // namespace

QVector<OverrideTableModel::Row> ArgumentTableModel::rowsOf(
    const KernelEstimateReport& report, const QString& kernelKey) const
{
    QVector<Row> rows;
    if (!report.analysis.ir || !report.analysis.kernel)
        return rows;
    const KernelWhatIf whatIf = m_session.kernelWhatIf(kernelKey);
    WhatIfSettings sized;
    m_session.problemSizes().applyTo(m_session.index(), sized);
    const KernelWhatIf fromSizes = sized.forKernel(kernelKey);
    const KernelWhatIf fromOptions = m_session.settings().allKernels;
    // The site the kernel is estimated at (the chosen or heaviest), else its default launch.
    const LaunchSite* launch = defaultLaunch(report.analysis.kernel->launches);
    for (const LaunchSiteEstimate& site : report.launches) {
        if (site.chosen && site.site)
            launch = site.site;
    }
    QMap<QString, Governed> governed = governedByArguments(*report.analysis.ir);
    // Arguments the launch gives a value are listed too: a user may want to change them.
    if (launch) {
        for (auto it = launch->argumentValues.cbegin(); it != launch->argumentValues.cend(); ++it)
            governed[it.key()];
    }
    for (auto it = governed.cbegin(); it != governed.cend(); ++it) {
        const QString& name = it.key();
        Row row;
        row.label = name;
        const std::optional<qint64> value = report.analysis.launch.kernelArguments.contains(name)
            ? std::optional<qint64>(report.analysis.launch.kernelArguments.value(name))
            : std::nullopt;
        row.value = value ? QString::number(*value) : tr("not known");
        // Text, so the editor takes an empty value (the what-if taken away) as well as a number.
        row.editValue = value ? QString::number(*value) : QString();
        row.overridden = whatIf.arguments.contains(name);
        row.assumed = !value;
        if (row.overridden)
            row.source = tr("what-if");
        else if (fromOptions.arguments.contains(name))
            row.source = tr("--arg");
        else if (fromSizes.arguments.contains(name))
            row.source = tr("problem-size file");
        else if (launch && launch->argumentValues.contains(name)) {
            const QString origin = launch->argumentOrigins.value(name);
            row.source = origin.isEmpty() || origin == QLatin1String("launch")
                ? tr("launch, line %1").arg(launch->location.line)
                : tr("host call, %1").arg(QFileInfo(origin).fileName()); // "file:line", the path in the tooltip
        } else
            row.source = tr("not known");
        // The loops it bounds: their lines, and the most work any of them governs.
        QStringList lines;
        for (const LoopResolution& loop : report.analysis.slices.loops) {
            if (!it->loopStatements.contains(loop.statement))
                continue;
            lines << QString::number(loop.line);
            row.workShare = std::max(row.workShare, loop.workShare);
            if (loop.rank > 0 && (row.rank == 0 || loop.rank < row.rank))
                row.rank = loop.rank;
        }
        QStringList decides;
        if (!lines.isEmpty())
            decides << tr("bounds the loop(s) at line %1").arg(lines.join(QStringLiteral(", ")));
        QStringList guards;
        for (int line : it->guardLines)
            guards << QString::number(line);
        if (!guards.isEmpty())
            decides << tr("decides the bounds guard(s) at line %1").arg(guards.join(QStringLiteral(", ")));
        row.reason = decides.isEmpty() ? tr("%1: no loop or guard of the kernel depends on it").arg(name)
                                       : tr("%1 %2").arg(name, decides.join(tr("; ")));
        if (launch && launch->argumentOrigins.contains(name) && !row.overridden)
            row.reason += tr("\nValue from %1").arg(launch->argumentOrigins.value(name));
        rows << row;
    }
    if (launch)
        rows += hostValueRows(*launch, report.analysis.launch, whatIf, fromOptions, fromSizes);
    return rows;
}

// The host values the launch's open grid, block or arguments are computed from (issue 47),
// as "FUNCTION:NAME" rows after the kernel's own arguments.
QVector<OverrideTableModel::Row> ArgumentTableModel::hostValueRows(const LaunchSite& launch, const LaunchShape& shape,
    const KernelWhatIf& whatIf, const KernelWhatIf& fromOptions, const KernelWhatIf& fromSizes) const
{
    QVector<Row> rows;
    for (const QString& name : launch.hostValues.names()) {
        Row row;
        row.label = name;
        const std::optional<qint64> value = SymbolicExpr::hostValue({name})->evaluate(shape);
        row.value = value ? QString::number(*value) : tr("not known");
        row.editValue = value ? QString::number(*value) : QString();
        row.overridden = whatIf.hostArguments.contains(name);
        row.assumed = !value;
        if (row.overridden)
            row.source = tr("what-if");
        else if (fromOptions.hostArguments.contains(name))
            row.source = tr("--arg");
        else if (fromSizes.hostArguments.contains(name))
            row.source = tr("problem-size file");
        else
            row.source = value ? tr("argument of that name") : tr("not known");
        QStringList decides;
        auto reads = [&name](const SymbolicExprPtr& e) { return e && e->hostValueNames().contains(name); };
        static const char* const axes[] = {"x", "y", "z"};
        for (int axis = 0; axis < 3; ++axis) {
            if (reads(launch.hostValues.grid[axis]))
                decides << tr("grid %1 = %2").arg(QLatin1String(axes[axis]), launch.hostValues.grid[axis]->toString());
            if (reads(launch.hostValues.block[axis]))
                decides
                    << tr("block %1 = %2").arg(QLatin1String(axes[axis]), launch.hostValues.block[axis]->toString());
        }
        if (reads(launch.hostValues.sharedBytes))
            decides << tr("shared bytes = %1").arg(launch.hostValues.sharedBytes->toString());
        for (auto it = launch.hostValues.arguments.cbegin(); it != launch.hostValues.arguments.cend(); ++it) {
            if (reads(it.value()))
                decides << tr("argument %1 = %2").arg(it.key(), it.value()->toString());
        }
        row.reason = tr("%1, a value of the host code at line %2: %3")
                         .arg(name)
                         .arg(launch.location.line)
                         .arg(decides.join(tr("; ")));
        rows << row;
    }
    return rows;
}

bool ArgumentTableModel::apply(const Row& row, const QVariant& value, const QString& kernelKey)
{
    KernelWhatIf whatIf = m_session.kernelWhatIf(kernelKey);
    // A host value's row is "FUNCTION:NAME"; a kernel argument's a plain name.
    QHash<QString, qint64>& values = row.label.contains(QLatin1Char(':')) ? whatIf.hostArguments : whatIf.arguments;
    const QString text = value.toString().trimmed();
    if (text.isEmpty()) { // back to the value the code or the sizes give
        if (!values.remove(row.label))
            return false;
    } else {
        bool ok = false;
        const qint64 number = text.toLongLong(&ok);
        if (!ok)
            return false;
        values.insert(row.label, number);
    }
    m_history.changeKernel(
        kernelKey, whatIf, tr("Argument %1").arg(row.label), QStringLiteral("argument:%1").arg(row.label));
    return true;
}

} // namespace slicewatt
