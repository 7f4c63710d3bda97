// SPDX-License-Identifier: GPL-3.0-or-later
#include "AnalysisJob.h"

#include "analysis/IncrementalIndexer.h"
#include "project/ProjectLoader.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace slicewatt {

struct AnalysisJob::Run {
    std::atomic<bool> cancel{false};
};

AnalysisJob::AnalysisJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<slicewatt::UnitIndex>();
    qRegisterMetaType<slicewatt::ProjectIndex>();
    qRegisterMetaType<slicewatt::ProjectSources>();
}

AnalysisJob::~AnalysisJob()
{
    cancel();
    waitForFinished();
}

void AnalysisJob::launch(std::function<ProjectIndex(const Deliver&, const std::atomic<bool>&)> work)
{
    // A superseded run is told to stop at its next file and its results are ignored; the
    // GUI thread never waits for it.
    if (m_current)
        m_current->cancel = true;
    auto run = std::make_shared<Run>();
    m_current = run;

    auto* watcher = new QFutureWatcher<ProjectIndex>(this);
    m_watchers << watcher;
    connect(watcher, &QFutureWatcher<ProjectIndex>::finished, this, [this, watcher, run] {
        m_watchers.removeOne(watcher);
        watcher->deleteLater();
        if (m_current != run)
            return;
        m_current.reset();
        if (run->cancel.load())
            Q_EMIT cancelled();
        else
            Q_EMIT finished(watcher->result());
    });

    QPointer<AnalysisJob> self(this);
    const Deliver deliver = [self, run](std::function<void(AnalysisJob*)> function) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, run, function] {
                if (self && self->m_current == run && !run->cancel.load())
                    function(self.data());
            },
            Qt::QueuedConnection);
    };
    watcher->setFuture(QtConcurrent::run([work, deliver, run]() { return work(deliver, run->cancel); }));
}

namespace {

// Progress of the worker, forwarded to the GUI thread as signals.
std::function<void(const IndexProgress&, const UnitIndex&)> forwardProgress(
    const std::function<void(std::function<void(AnalysisJob*)>)>& deliver)
{
    return [deliver](const IndexProgress& p, const UnitIndex& unit) {
        deliver([p, unit](AnalysisJob* job) {
            Q_EMIT job->unitIndexed(unit);
            Q_EMIT job->progress(p.filesDone, p.filesTotal, p.lastFile);
        });
    };
}

} // namespace

void AnalysisJob::start(const QStringList& inputs, const LoadOptions& loadOptions, const ParserOptions& parserOptions)
{
    launch(
        [inputs, loadOptions, parserOptions, cache = m_cache](const Deliver& deliver, const std::atomic<bool>& cancel) {
            const ProjectSources sources = loadProject(inputs, loadOptions);
            const int total = int(sources.units.size() + sources.headers.size());
            deliver([sources, total](AnalysisJob* job) {
                Q_EMIT job->sourcesLoaded(sources);
                Q_EMIT job->started(total);
            });
            return indexProject(sources, parserOptions, forwardProgress(deliver), &cancel, cache.get());
        });
}

void AnalysisJob::startIncremental(const ProjectIndex& previous, const ProjectSources& sources,
    const QVector<SourceFile>& affected, const ParserOptions& parserOptions)
{
    launch([previous, sources, affected, parserOptions, cache = m_cache](
               const Deliver& deliver, const std::atomic<bool>&) {
        const int total = int(affected.size());
        deliver([total](AnalysisJob* job) { Q_EMIT job->started(total); });
        ProjectIndex index = reindexFiles(previous, sources, affected, parserOptions, cache.get());
        deliver([total](AnalysisJob* job) { Q_EMIT job->progress(total, total, QString()); });
        return index;
    });
}

void AnalysisJob::cancel()
{
    if (m_current)
        m_current->cancel = true;
}

bool AnalysisJob::isRunning() const
{
    return m_current != nullptr;
}

void AnalysisJob::waitForFinished()
{
    for (QFutureWatcher<ProjectIndex>* watcher : m_watchers)
        watcher->waitForFinished();
}

} // namespace slicewatt
