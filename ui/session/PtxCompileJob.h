// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/GpuCatalogue.h"
#include "project/ProjectSources.h"
#include "ptx/ProjectPtx.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace slicewatt {

// Compiles a project's translation units to PTX on a worker thread (METHOD §10: the
// alavani-xgb model's features), file after file, with progress and cancel; the GUI thread
// only receives the result. A new start cancels the run before it.
class PtxCompileJob : public QObject {
    Q_OBJECT
public:
    explicit PtxCompileJob(QObject* parent = nullptr);
    ~PtxCompileJob() override; // cancels and waits: the worker reads what it was given

    void start(
        const ProjectSources& sources, const GpuSpec& gpu, const QVector<PtxProducer>& producers, const QString& key);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }
    // Where compiled PTX is remembered between runs (beside the unit cache); null: nowhere.
    // Takes effect at the next start.
    void setCache(std::shared_ptr<PtxCache> cache) { m_cache = std::move(cache); }
    PtxCache* cache() const { return m_cache.get(); }

Q_SIGNALS:
    void progress(int done, int total);
    // Not emitted for a cancelled run.
    void finished(std::shared_ptr<const ProjectPtx> ptx, const QString& key);

private:
    QFutureWatcher<std::shared_ptr<const ProjectPtx>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QString m_key;
    std::shared_ptr<PtxCache> m_cache;
};

} // namespace slicewatt
