// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectIndexer.h"

#include "LaunchChoice.h"
#include "StatementBuilder.h"
#include "frontend/CompileSides.h"
#include "frontend/FileBudget.h"
#include "frontend/KernelFinder.h"
#include "frontend/TranslationUnitParser.h"
#include "frontend/UnitCache.h"

#include <QMutex>
#include <QSet>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

namespace slicewatt {

namespace {

// A kernel read at its default launch's instantiation, and again at each other combination
// of type arguments its launches use (KernelIR::typeInstantiations). Each reading is the
// walk of one instantiation; a template kernel launched for float and double is two.
KernelIR readKernelInstantiations(CXTranslationUnit tu, CXCursor kernel, const QString& key,
    const QVector<LaunchSite>& launches, FileBudget* budget, Diagnostics* diagnostics, const AnalysisLimits& limits)
{
    const LaunchSite* primary = defaultLaunch(launches);
    KernelIR ir = buildKernelIR(tu, kernel, key, budget, diagnostics, limits, primary);
    ir.templateTypes = primary ? primary->templateTypes : QHash<QString, QString>();
    for (const LaunchSite& launch : launches) {
        if (ir.typeInstantiations.size() >= KernelIR::kMaxTypeInstantiations || (budget && budget->exhausted()))
            break;
        if (launch.templateTypes.isEmpty() || &ir.readingFor(launch.templateTypes) != &ir
            || launch.templateTypes == ir.templateTypes)
            continue;
        // Diagnostics of the body were given by the first reading.
        Diagnostics again;
        auto other = std::make_shared<KernelIR>(buildKernelIR(tu, kernel, key, budget, &again, limits, &launch));
        other->templateTypes = launch.templateTypes;
        ir.typeInstantiations << std::move(other);
    }
    return ir;
}

} // namespace

UnitIndex indexFile(const SourceFile& source, const ParserOptions& options)
{
    // excludeDeclarationsFromPCH = 1: walking the unit's declarations visits only those the
    // file itself parsed, not the thousands of the precompiled prelude, which would each be
    // read back from the header only to be skipped as not the project's (a third of a
    // small file's time). displayDiagnostics = 0: we collect them ourselves.
    IndexHandle index(clang_createIndex(1, 0));
    KernelReader reader;
    if (options.analyseKernels)
        reader = [](CXTranslationUnit tu, CXCursor kernel, const QString& key, const QVector<LaunchSite>& launches,
                     FileBudget* budget, Diagnostics* diagnostics, const AnalysisLimits& limits) {
            return readKernelInstantiations(tu, kernel, key, launches, budget, diagnostics, limits);
        };
    // One budget for the file, whichever sides it is compiled for: the device side's parse
    // and walk get what the host side left, so a file costs at most its budget (plus a parse
    // already under way, which cannot be interrupted), not twice that.
    const FileBudget budget(source.path, options.fileTimeBudgetSeconds, options.clock);
    UnitIndex host;
    {
        const ParsedUnit parsed = parseTranslationUnit(index.get(), source, options, CompileSide::Host, &budget);
        host = findKernels(parsed, reader);
    }
    // Most files never test __CUDA_ARCH__, and for them the host's reading of a kernel is
    // the device's: only the others pay for a second parse.
    if (!host.testsCudaArch || !host.parsed)
        return host;
    FileBudget left = budget;
    if (host.stoppedByBudget || left.exhausted()) {
        host.diagnostics << left.deviceSideSkippedDiagnostic(options.deviceArch.name());
        host.stoppedByBudget = true;
        return host;
    }
    const ParsedUnit deviceParse = parseTranslationUnit(index.get(), source, options, CompileSide::Device, &budget);
    return combineCompileSides(std::move(host), findKernels(deviceParse, reader), options.deviceArch);
}

UnitIndex indexFileCached(const SourceFile& source, const ParserOptions& options, UnitCache* cache)
{
    if (!cache)
        return indexFile(source, options);
    // Hashed before the parse: an edit during the parse makes the next lookup miss.
    const UnitCache::Key key = UnitCache::keyFor(source, options);
    // The key leaves the architecture out, so changing it re-reads only the files whose
    // code depends on it.
    std::optional<UnitIndex> cached = cache->lookup(source.path, key);
    if (cached && (!cached->testsCudaArch || cached->deviceArch == options.deviceArch.name())) {
        cached->fromCache = true;
        return std::move(*cached);
    }
    UnitIndex unit = indexFile(source, options);
    cache->store(source.path, key, unit);
    return unit;
}

namespace {

QVector<UnitIndex> indexInParallel(const QVector<SourceFile>& files, const ParserOptions& options,
    const std::function<void(const IndexProgress&, const UnitIndex&)>& onProgress, const std::atomic<bool>* cancel,
    UnitCache* cache, IndexProgress& progress, QMutex& mutex)
{
    const std::function<UnitIndex(const SourceFile&)> work = [&](const SourceFile& file) {
        if (cancel && cancel->load())
            return UnitIndex{};
        UnitIndex unit = indexFileCached(file, options, cache);
        QMutexLocker lock(&mutex);
        ++progress.filesDone;
        progress.lastFile = file.path;
        if (onProgress)
            onProgress(progress, unit);
        return unit;
    };
    // A pool of our own: callers often run this inside a global-pool task (the GUI's worker),
    // and nested work on an exhausted global pool would wait forever.
    QThreadPool pool;
    pool.setMaxThreadCount(options.parallelFiles > 0 ? options.parallelFiles : defaultParallelFiles());
    QVector<UnitIndex> results = QtConcurrent::blockingMapped<QVector<UnitIndex>>(&pool, files, work);
    // Files skipped because of a cancel come back empty.
    results.erase(std::remove_if(results.begin(), results.end(), [](const UnitIndex& u) { return u.path.isEmpty(); }),
        results.end());
    return results;
}

} // namespace

ProjectIndex indexProject(const ProjectSources& sources, const ParserOptions& options,
    const std::function<void(const IndexProgress&, const UnitIndex&)>& onProgress, const std::atomic<bool>* cancel,
    UnitCache* cache)
{
    QMutex mutex;
    IndexProgress progress;
    progress.filesTotal = int(sources.units.size() + sources.headers.size());

    QVector<UnitIndex> units = indexInParallel(sources.units, options, onProgress, cancel, cache, progress, mutex);

    // A header is analysed through the units that include it; only orphans are parsed alone.
    QSet<QString> included;
    for (const UnitIndex& unit : units) {
        for (const QString& file : unit.includedFiles)
            included.insert(file);
    }
    QVector<SourceFile> orphanHeaders;
    for (const SourceFile& header : sources.headers) {
        if (!included.contains(header.path))
            orphanHeaders << header;
    }
    progress.filesTotal = int(sources.units.size() + orphanHeaders.size());
    units += indexInParallel(orphanHeaders, options, onProgress, cancel, cache, progress, mutex);

    ProjectIndex index = mergeUnits(units, options.deviceArch);
    index.loaderDiagnostics = sources.diagnostics;
    index.droppedFlags = sources.droppedFlags;
    index.cancelled = cancel && cancel->load();
    index.refreshDiagnostics();
    return index;
}

} // namespace slicewatt
