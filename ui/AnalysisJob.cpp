// SPDX-License-Identifier: GPL-3.0-or-later
#include "AnalysisJob.h"

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
}

AnalysisJob::~AnalysisJob()
{
    cancel();
    waitForFinished();
}

void AnalysisJob::start(const QStringList& inputs, const LoadOptions& loadOptions, const ParserOptions& parserOptions)
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
    watcher->setFuture(QtConcurrent::run([self, run, inputs, loadOptions, parserOptions]() {
        const ProjectSources sources = loadProject(inputs, loadOptions);
        const int total = int(sources.units.size() + sources.headers.size());
        auto deliver = [self, run](auto&& function) {
            QMetaObject::invokeMethod(
                self.data(),
                [self, run, function] {
                    if (self && self->m_current == run && !run->cancel.load())
                        function(self.data());
                },
                Qt::QueuedConnection);
        };
        deliver([total](AnalysisJob* job) { Q_EMIT job->started(total); });
        return indexProject(
            sources, parserOptions,
            [deliver](const IndexProgress& p, const UnitIndex& unit) {
                deliver([p, unit](AnalysisJob* job) {
                    Q_EMIT job->unitIndexed(unit);
                    Q_EMIT job->progress(p.filesDone, p.filesTotal, p.lastFile);
                });
            },
            &run->cancel);
    }));
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
