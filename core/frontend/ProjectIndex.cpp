// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectIndex.h"

#include <QSet>

#include <algorithm>

namespace slicewatt {

void ProjectIndex::refreshDiagnostics()
{
    m_diagnostics = loaderDiagnostics;
    m_countByFile.clear();
    QSet<QString> seen;
    for (const UnitIndex& unit : units) {
        for (const Diagnostic& d : unit.diagnostics) {
            const QString key = d.toString();
            if (!seen.contains(key)) {
                seen.insert(key);
                m_diagnostics << d;
            }
        }
    }
    for (const Diagnostic& d : m_diagnostics) {
        if (d.severity != Diagnostic::Severity::Note)
            ++m_countByFile[d.file];
    }
}

const CatalogFunction* ProjectIndex::functionByUsr(const QString& usr) const
{
    for (const QVector<CatalogFunction>* list : {&kernels, &deviceFunctions}) {
        for (const CatalogFunction& function : *list) {
            if (function.info.usr == usr)
                return &function;
        }
    }
    return nullptr;
}

ProjectIndex mergeUnits(QVector<UnitIndex> units)
{
    ProjectIndex index;
    std::sort(units.begin(), units.end(), [](const UnitIndex& a, const UnitIndex& b) { return a.path < b.path; });

    // Identity is the USR plus the definition's place: static functions of the same name
    // in two files have distinct USRs already, a header's kernel has one place.
    QHash<QString, CatalogFunction> functions;
    QHash<QString, QStringList> callersByCallee;
    for (const UnitIndex& unit : units) {
        for (const FunctionInfo& f : unit.functions) {
            const bool device = f.kind != FunctionKind::Host;
            if (device && !functions.contains(f.usr))
                functions.insert(f.usr, CatalogFunction{f, {}, {}});
            if (!device)
                continue;
            for (const QString& callee : f.calleeUsrs) {
                QStringList& callers = callersByCallee[callee];
                if (!callers.contains(f.usr))
                    callers << f.usr;
            }
        }
    }
    QSet<QString> seenLaunches;
    for (const UnitIndex& unit : units) {
        for (const LaunchSite& launch : unit.launches) {
            const QString key = launch.location.file + QLatin1Char(':') + QString::number(launch.location.line)
                + QLatin1Char(':') + QString::number(launch.location.column);
            if (seenLaunches.contains(key))
                continue;
            seenLaunches.insert(key);
            auto it = functions.find(launch.kernelUsr);
            if (it != functions.end())
                it->launches << launch;
            else
                index.unresolvedLaunches << launch;
        }
    }
    for (auto it = functions.begin(); it != functions.end(); ++it) {
        it->callerUsrs = callersByCallee.value(it.key());
        (it->info.kind == FunctionKind::Kernel ? index.kernels : index.deviceFunctions) << *it;
    }
    auto bySource = [](const CatalogFunction& a, const CatalogFunction& b) {
        if (a.info.location.file != b.info.location.file)
            return a.info.location.file < b.info.location.file;
        if (a.info.location.line != b.info.location.line)
            return a.info.location.line < b.info.location.line;
        return a.info.usr < b.info.usr;
    };
    std::sort(index.kernels.begin(), index.kernels.end(), bySource);
    std::sort(index.deviceFunctions.begin(), index.deviceFunctions.end(), bySource);
    auto byLocation = [](const LaunchSite& a, const LaunchSite& b) {
        return std::tie(a.location.file, a.location.line, a.location.column)
            < std::tie(b.location.file, b.location.line, b.location.column);
    };
    for (CatalogFunction& kernel : index.kernels)
        std::sort(kernel.launches.begin(), kernel.launches.end(), byLocation);
    std::sort(index.unresolvedLaunches.begin(), index.unresolvedLaunches.end(), byLocation);
    index.units = units;
    index.refreshDiagnostics();
    return index;
}

} // namespace slicewatt
