// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ProjectIndexer.h"
#include "project/ProjectSources.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
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

    void start(const QStringList& inputs, const LoadOptions& loadOptions, const ParserOptions& parserOptions);
    void cancel();
    bool isRunning() const;
    // Blocks until every job started so far has stopped; for tests and shutdown.
    void waitForFinished();

Q_SIGNALS:
    void started(int filesTotal);
    void progress(int filesDone, int filesTotal, const QString& lastFile);
    void unitIndexed(const slicewatt::UnitIndex& unit);
    void finished(const slicewatt::ProjectIndex& index);
    void cancelled();

private:
    struct Run;
    std::shared_ptr<Run> m_current;
    QList<QFutureWatcher<ProjectIndex>*> m_watchers; // the current run and superseded ones still winding down
};

} // namespace slicewatt
