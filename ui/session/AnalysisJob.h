// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/ProjectIndexer.h"
#include "frontend/UnitCache.h"
#include "project/ProjectSources.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace slicewatt {

// Runs load → parse → index off the GUI thread and reports back by queued signals.
// A new start() supersedes the running job: its results are dropped when they arrive
// (the worker is told to stop at the next file), so the window only ever shows the
// newest request, as in hotspot's JobTracker.
class AnalysisJob : public QObject {
    Q_OBJECT
public:
    explicit AnalysisJob(QObject* parent = nullptr);
    ~AnalysisJob() override;

    // A whole project from folders, files or a compile database.
    void start(const QStringList& inputs, const LoadOptions& loadOptions, const ParserOptions& parserOptions);
    // Only `affected` parsed again (files saved while the project is open); everything else
    // is taken from `previous`. Emits started/progress/finished like a full run.
    void startIncremental(const ProjectIndex& previous, const ProjectSources& sources,
        const QVector<SourceFile>& affected, const ParserOptions& parserOptions);
    // Parsed units are served from and remembered in `cache` (null: parse everything).
    // Jobs already running keep the cache they started with.
    void setCache(std::shared_ptr<UnitCache> cache) { m_cache = std::move(cache); }
    UnitCache* cache() const { return m_cache.get(); }
    void cancel();
    bool isRunning() const;
    // Blocks until every job started so far has stopped; for tests and shutdown.
    void waitForFinished();

Q_SIGNALS:
    void sourcesLoaded(const slicewatt::ProjectSources& sources);
    void started(int filesTotal);
    void progress(int filesDone, int filesTotal, const QString& lastFile);
    void unitIndexed(const slicewatt::UnitIndex& unit);
    void finished(const slicewatt::ProjectIndex& index);
    void cancelled();

private:
    struct Run;
    // Signals from the worker reach this object only while `run` is the current one.
    using Deliver = std::function<void(std::function<void(AnalysisJob*)>)>;
    void launch(std::function<ProjectIndex(const Deliver&, const std::atomic<bool>&)> work);

    std::shared_ptr<Run> m_current;
    std::shared_ptr<UnitCache> m_cache;
    QList<QFutureWatcher<ProjectIndex>*> m_watchers; // the current run and superseded ones still winding down
};

} // namespace slicewatt
