// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProjectLoader.h"

#include "analysis/IncrementalIndexer.h"
#include "estimate/ProblemSizes.h"
#include "estimate/PtxWorkspace.h"
#include "frontend/ParserOptions.h"
#include "models/DiagnosticsModel.h"
#include "session/ProjectSession.h"
#include "session/ProjectWatcher.h"

#include <algorithm>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSet>
#include <QTimer>

namespace slicewatt {

ProjectLoader::ProjectLoader(ProjectSession& session, DiagnosticsModel& diagnostics, QObject* parent)
    : QObject(parent)
    , m_session(session)
    , m_diagnostics(diagnostics)
    , m_watcher(new ProjectWatcher(this))
    , m_partialTimer(new QTimer(this))
{
    connect(&m_session, &ProjectSession::ptxNeeded, this, &ProjectLoader::compilePtx);
    connect(&m_ptxJob, &PtxCompileJob::progress, this, [this](int done, int total) {
        Q_EMIT progress(done, total);
        Q_EMIT said(tr("Compiling the project's PTX: %1 of %2 files").arg(done).arg(total));
    });
    connect(&m_ptxJob, &PtxCompileJob::finished, this, &ProjectLoader::onPtxCompiled);

    connect(&m_job, &AnalysisJob::sourcesLoaded, this, [this](const ProjectSources& sources) { m_sources = sources; });
    connect(&m_job, &AnalysisJob::started, this, [this](int total) { Q_EMIT progress(0, total); });
    connect(&m_job, &AnalysisJob::progress, this, [this](int done, int total, const QString& file) {
        Q_EMIT progress(done, total);
        if (!file.isEmpty())
            Q_EMIT said(tr("Parsed %1").arg(QFileInfo(file).fileName()));
    });
    connect(&m_job, &AnalysisJob::finished, this, &ProjectLoader::onFinished);
    m_partialTimer->setInterval(kPartialUpdateMs);
    connect(m_partialTimer, &QTimer::timeout, this, &ProjectLoader::showPartialResults);
    connect(&m_job, &AnalysisJob::unitIndexed, this, [this](const UnitIndex& unit) {
        if (m_incremental)
            return;
        m_arrivedUnits << unit;
        m_arrivedSinceShown = true;
    });
    connect(&m_job, &AnalysisJob::cancelled, this, [this] {
        Q_EMIT busyChanged(false);
        m_partialTimer->stop();
        // Every file that arrived before the cancel is shown, as the message says.
        showPartialResults();
        m_incremental = false;
        Q_EMIT said(m_arrivedUnits.isEmpty()
                ? tr("Analysis cancelled")
                : tr("Analysis cancelled: showing the %n file(s) parsed before", nullptr, int(m_arrivedUnits.size())));
    });
    connect(m_watcher, &ProjectWatcher::filesChanged, this, &ProjectLoader::onFilesChanged);
}

ProjectLoader::~ProjectLoader()
{
    constexpr qint64 kDiskCacheBudgetBytes = 512LL * 1024 * 1024;
    if (m_job.cache())
        m_job.cache()->trimDisk(kDiskCacheBudgetBytes);
    if (m_ptxJob.cache())
        m_ptxJob.cache()->trimDisk();
}

void ProjectLoader::setPreferences(const Preferences& preferences)
{
    m_preferences = preferences;
    if (!preferences.watchFiles)
        m_watcher->watch({});
    const QString cacheFolder = preferences.diskCache ? UnitCache::defaultDiskFolder() : QString();
    if (!m_job.cache() || m_job.cache()->diskFolder() != cacheFolder)
        m_job.setCache(std::make_shared<UnitCache>(cacheFolder));
    const QString ptxFolder = PtxCache::folderBeside(cacheFolder);
    if (!m_ptxJob.cache() || m_ptxJob.cache()->diskFolder() != ptxFolder)
        m_ptxJob.setCache(std::make_shared<PtxCache>(ptxFolder));
}

ParserOptions ProjectLoader::parserOptions() const
{
    ParserOptions parser;
    parser.resourceDir = defaultClangResourceDir();
    parser.deviceArch = m_preferences.deviceArch;
    return parser;
}

void ProjectLoader::open(const QStringList& inputs)
{
    m_inputs = inputs;
    m_incremental = false;
    Q_EMIT busyChanged(true);
    Q_EMIT said(tr("Loading %1").arg(inputs.join(QStringLiteral(", "))));
    m_arrivedUnits.clear();
    m_arrivedSinceShown = false;
    m_partialTimer->start(kPartialUpdateMs);
    // The project's problem sizes, read (never written) beside it; a malformed file is said
    // in the status bar and the rest goes on.
    ProblemSizes sizes;
    if (const QString file = ProblemSizes::projectFile(inputs); !file.isEmpty()) {
        sizes.addFile(file);
        if (!sizes.errors.isEmpty())
            Q_EMIT problem(sizes.errors.join(QStringLiteral("; ")));
    }
    m_session.setProblemSizes(sizes);
    m_job.start(inputs, LoadOptions{}, parserOptions());
}

void ProjectLoader::showPartialResults()
{
    if (!m_arrivedSinceShown || m_incremental)
        return;
    m_arrivedSinceShown = false;
    QElapsedTimer cost;
    cost.start();
    ProjectIndex partial = mergeUnits(m_arrivedUnits, m_preferences.deviceArch);
    partial.loaderDiagnostics = m_sources.diagnostics;
    partial.refreshDiagnostics();
    m_session.setIndex(std::move(partial));
    m_diagnostics.setDiagnostics(m_session.index().allDiagnostics());
    // A batch costs more as the project grows (every kernel so far is merged and estimated
    // again): the next waits ten times as long as this one took, so showing batches never
    // takes more than a tenth of the GUI thread from the reader.
    m_partialTimer->setInterval(std::max(kPartialUpdateMs, int(10 * cost.elapsed())));
}

void ProjectLoader::cancel()
{
    m_job.cancel();
    if (m_ptxJob.isRunning()) {
        m_ptxJob.cancel();
        m_session.forgetPtxRequest();
        Q_EMIT busyChanged(false);
        Q_EMIT said(tr("PTX compilation cancelled: %1 has no estimates until it runs (choose the model again)")
                        .arg(m_session.model() ? m_session.model()->id() : QString()));
    }
}

void ProjectLoader::clearCaches()
{
    if (m_job.cache())
        m_job.cache()->clear();
    if (m_ptxJob.cache())
        m_ptxJob.cache()->clear();
}

void ProjectLoader::onFinished(const ProjectIndex& index)
{
    Q_EMIT busyChanged(false);
    m_partialTimer->stop();
    m_arrivedSinceShown = false;
    const bool incremental = m_incremental;
    const QStringList reparsed = m_pendingReanalysis;
    m_incremental = false;
    m_pendingReanalysis.clear();
    m_session.setIndex(index);
    m_diagnostics.setDiagnostics(index.allDiagnostics());

    // Watch every project file the analysis read, headers included.
    QSet<QString> files;
    for (const UnitIndex& unit : index.units) {
        files.insert(unit.path);
        for (const QString& included : unit.includedFiles)
            files.insert(included);
    }
    if (m_preferences.watchFiles)
        m_watcher->watch(QStringList(files.cbegin(), files.cend()));
    Q_EMIT analysed(index, incremental, reparsed);
}

void ProjectLoader::onFilesChanged(const QStringList& files)
{
    if (m_job.isRunning() && !m_incremental)
        return; // a full analysis is reading the files right now
    // Edits already being re-analysed are redone together with the new ones.
    QStringList changed = files;
    const QVector<SourceFile> affected = filesAffectedBy(m_session.index(), m_sources, changed);
    if (affected.isEmpty())
        return;
    m_pendingReanalysis.clear();
    for (const SourceFile& file : affected)
        m_pendingReanalysis << file.path;
    m_incremental = true;
    Q_EMIT busyChanged(true);
    Q_EMIT said(tr("Re-analysing %1").arg(QFileInfo(files.first()).fileName()));
    m_job.startIncremental(m_session.index(), m_sources, affected, parserOptions());
}

// The chosen model reads PTX: compile the project's units off the GUI thread, once the
// analysis is done (a partial index during loading would only restart it).
void ProjectLoader::compilePtx(const QString& key)
{
    if (m_job.isRunning() || m_sources.units.isEmpty() || !m_session.model() || !m_session.gpu())
        return;
    m_ptxJob.start(m_sources, *m_session.gpu(), ptxProducersFor(*m_session.model(), *m_session.gpu(), {}), key);
    Q_EMIT busyChanged(true);
    Q_EMIT said(tr("Compiling the project's PTX with %1 …").arg(key.section(QLatin1Char('|'), 1)));
}

void ProjectLoader::onPtxCompiled(std::shared_ptr<const ProjectPtx> ptx, const QString& key)
{
    Q_EMIT busyChanged(m_job.isRunning());
    int failed = 0;
    for (const FilePtx& file : ptx->files)
        failed += file.compilation.ok() ? 0 : 1;
    QString files = ptx->files.size() == 1 ? tr("1 file") : tr("%1 files").arg(ptx->files.size());
    if (ptx->fromCache > 0)
        files += tr(" (%1 unchanged, from the cache)").arg(ptx->fromCache);
    Q_EMIT said(failed == 0 ? tr("PTX of %1 by %2").arg(files, ptx->producer)
                            : tr("PTX of %1 by %2; %3 did not compile (their kernels have no PTX numbers: Why? says "
                                 "why)")
                                  .arg(files, ptx->producer)
                                  .arg(failed));
    m_session.setPtx(std::move(ptx), key);
}

} // namespace slicewatt
