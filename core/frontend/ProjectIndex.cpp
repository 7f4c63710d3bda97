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

const CatalogFunction* ProjectIndex::functionByKey(const QString& key) const
{
    for (const QVector<CatalogFunction>* list : {&kernels, &deviceFunctions}) {
        for (const CatalogFunction& function : *list) {
            if (function.info.key == key)
                return &function;
        }
    }
    return nullptr;
}

const KernelIR* ProjectIndex::kernelIR(const QString& key) const
{
    const auto it = kernelIRs.constFind(key);
    return it == kernelIRs.constEnd() ? nullptr : &*it;
}

ProjectIndex mergeUnits(QVector<UnitIndex> units, CudaArch deviceArch)
{
    ProjectIndex index;
    index.deviceArch = deviceArch;
    std::sort(units.begin(), units.end(), [](const UnitIndex& a, const UnitIndex& b) { return a.path < b.path; });

    QHash<QString, CatalogFunction> functions; // by key
    QMultiHash<QString, QString> keysByUsr;
    for (const UnitIndex& unit : units) {
        for (const FunctionInfo& f : unit.functions) {
            if (f.kind != FunctionKind::Host && !functions.contains(f.key)) {
                const QString kernelArch = unit.archDependentKernels.contains(f.key) ? unit.deviceArch : QString();
                functions.insert(
                    f.key, CatalogFunction{f, {}, {}, {}, unit.path, errorCount(unit.diagnostics), kernelArch});
                keysByUsr.insert(f.usr, f.key);
            }
        }
    }
    // A reference is a key when the unit saw the definition, else a USR: then any
    // definition with that USR is the one (the usual single-definition case).
    auto resolve = [&](const QString& ref) -> QString {
        if (functions.contains(ref))
            return ref;
        QStringList keys = keysByUsr.values(ref);
        if (keys.isEmpty())
            return QString();
        std::sort(keys.begin(), keys.end());
        return keys.first();
    };
    for (const UnitIndex& unit : units) {
        for (const KernelIR& ir : unit.kernelIRs) {
            if (!index.kernelIRs.contains(ir.kernelKey))
                index.kernelIRs.insert(ir.kernelKey, ir);
        }
    }
    QHash<QString, QStringList> callersByCallee;
    for (const UnitIndex& unit : units) {
        for (const FunctionInfo& f : unit.functions) {
            if (f.kind == FunctionKind::Host)
                continue;
            for (const QString& ref : f.calleeRefs) {
                const QString callee = resolve(ref);
                if (callee.isEmpty())
                    continue;
                QStringList& callees = functions[f.key].calleeKeys;
                if (!callees.contains(callee))
                    callees << callee;
                QStringList& callers = callersByCallee[callee];
                if (!callers.contains(f.key))
                    callers << f.key;
            }
        }
    }
    // A launch in a header is seen by every unit that includes it; the unit that also holds
    // the call giving its values one level up knows most about it (LaunchRecorder).
    QHash<QString, LaunchSite> launchesByPlace;
    QStringList places;
    for (const UnitIndex& unit : units) {
        for (const LaunchSite& launch : unit.launches) {
            const QString place = launch.location.file + QLatin1Char(':') + QString::number(launch.location.line)
                + QLatin1Char(':') + QString::number(launch.location.column);
            const auto seen = launchesByPlace.find(place);
            if (seen == launchesByPlace.end()) {
                places << place;
                launchesByPlace.insert(place, launch);
            } else if (launch.knownValueCount() > seen->knownValueCount()
                || (launch.knownValueCount() == seen->knownValueCount() && !launch.valuesFrom.isEmpty()
                    && (seen->valuesFrom.isEmpty() || launch.valuesFrom < seen->valuesFrom))) {
                *seen = launch;
            }
        }
    }
    for (const QString& place : places) {
        const LaunchSite& launch = launchesByPlace[place];
        auto it = functions.find(resolve(launch.kernelRef));
        if (it != functions.end())
            it->launches << launch;
        else
            index.unresolvedLaunches << launch;
    }
    for (auto it = functions.begin(); it != functions.end(); ++it) {
        it->callerKeys = callersByCallee.value(it.key());
        (it->info.kind == FunctionKind::Kernel ? index.kernels : index.deviceFunctions) << *it;
    }
    auto bySource = [](const CatalogFunction& a, const CatalogFunction& b) {
        if (a.info.location.file != b.info.location.file)
            return a.info.location.file < b.info.location.file;
        if (a.info.location.line != b.info.location.line)
            return a.info.location.line < b.info.location.line;
        return a.info.key < b.info.key;
    };
    std::sort(index.kernels.begin(), index.kernels.end(), bySource);
    std::sort(index.deviceFunctions.begin(), index.deviceFunctions.end(), bySource);
    for (CatalogFunction& kernel : index.kernels)
        std::sort(kernel.launches.begin(), kernel.launches.end(), inSourceOrder);
    std::sort(index.unresolvedLaunches.begin(), index.unresolvedLaunches.end(), inSourceOrder);
    // Plain host functions the project defines, and every function some body calls (host
    // bodies included): a copy in a host function nothing calls is not the program's. Member
    // functions are not catalogued, so their copies stay counted.
    // Without a main (a library, a file of kernels and their launchers) every host function
    // may be an entry point: all copies count.
    QSet<QString> hostFunctions;
    QHash<QString, QString> usrOfKey; // a callee reference is a key in its own unit, else a USR
    bool hasMain = false;
    for (const UnitIndex& unit : units) {
        for (const FunctionInfo& f : unit.functions) {
            usrOfKey.insert(f.key, f.usr);
            hasMain = hasMain || (f.kind == FunctionKind::Host && f.name == QLatin1String("main"));
            if (f.kind == FunctionKind::Host && f.name != QLatin1String("main"))
                hostFunctions.insert(f.usr);
        }
    }
    if (!hasMain)
        hostFunctions.clear();
    QSet<QString> called;
    for (const UnitIndex& unit : units) {
        for (const FunctionInfo& f : unit.functions) {
            for (const QString& ref : f.calleeRefs)
                called.insert(usrOfKey.value(ref, ref));
        }
        for (const QString& ref : unit.memberCalleeRefs)
            called.insert(usrOfKey.value(ref, ref));
    }
    // A copy in a header is seen by every unit that includes it: once per place.
    QSet<QString> copyPlaces;
    for (const UnitIndex& unit : units) {
        for (const MemoryCopySite& copy : unit.copies) {
            const QString place = copy.location.file + QLatin1Char(':') + QString::number(copy.location.line)
                + QLatin1Char(':') + QString::number(copy.location.column);
            if (copyPlaces.contains(place))
                continue;
            copyPlaces.insert(place);
            const bool uncalled = hostFunctions.contains(copy.callerUsr) && !called.contains(copy.callerUsr);
            (uncalled ? index.uncalledCopies : index.copies) << copy;
        }
    }
    const auto bySourcePlace = [](const MemoryCopySite& a, const MemoryCopySite& b) {
        return std::tie(a.location.file, a.location.line, a.location.column)
            < std::tie(b.location.file, b.location.line, b.location.column);
    };
    std::sort(index.copies.begin(), index.copies.end(), bySourcePlace);
    std::sort(index.uncalledCopies.begin(), index.uncalledCopies.end(), bySourcePlace);
    index.units = units;
    index.refreshDiagnostics();
    return index;
}

} // namespace slicewatt
