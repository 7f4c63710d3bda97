// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxCompileJob.h"

#include "estimate/PtxWorkspace.h"

#include <QtConcurrent/QtConcurrentRun>

namespace slicewatt {

PtxCompileJob::PtxCompileJob(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        if (m_cancel && m_cancel->load())
            return;
        Q_EMIT finished(m_watcher.result(), m_key);
    });
}

PtxCompileJob::~PtxCompileJob()
{
    cancel();
    m_watcher.waitForFinished();
}

void PtxCompileJob::start(
    const ProjectSources& sources, const GpuSpec& gpu, const QVector<PtxProducer>& producers, const QString& key)
{
    cancel();
    m_watcher.waitForFinished(); // a file at most: compiles stop between files
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_key = key;
    const std::shared_ptr<std::atomic<bool>> cancelled = m_cancel;
    // `this` outlives the worker: the destructor waits for it. Progress goes through the event
    // loop, so the signal is emitted on the GUI thread. The worker holds the cache it started
    // with, should the preferences change it meanwhile.
    m_watcher.setFuture(QtConcurrent::run([this, sources, gpu, producers, cancelled, cache = m_cache] {
        ProjectPtx ptx = compileSourcesPtx(
            sources, gpu, producers,
            [this, cancelled](int done, int total) {
                QMetaObject::invokeMethod(
                    this, [this, done, total] { Q_EMIT progress(done, total); }, Qt::QueuedConnection);
                return !cancelled->load();
            },
            cache.get());
        return std::shared_ptr<const ProjectPtx>(std::make_shared<ProjectPtx>(std::move(ptx)));
    }));
}

void PtxCompileJob::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

} // namespace slicewatt
