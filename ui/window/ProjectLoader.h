// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Preferences.h"
#include "session/AnalysisJob.h"
#include "session/PtxCompileJob.h"

#include <QObject>
#include <QStringList>
#include <QVector>

class QTimer;

namespace slicewatt {

class DiagnosticsModel;
class ProjectSession;
class ProjectWatcher;

// Reading a project into the session: the full analysis on a worker (the files parsed so far
// shown in batches while it runs), the files a save changed parsed again, the project's PTX
// for a model that reads it, and the caches behind both. The window shows what it says.
class ProjectLoader : public QObject {
    Q_OBJECT
public:
    ProjectLoader(ProjectSession& session, DiagnosticsModel& diagnostics, QObject* parent = nullptr);
    // Trims the disk caches (bounded; done when the window goes, off the analysis path).
    ~ProjectLoader() override;

    // The device architecture and the file watching of `preferences`, and the caches they ask
    // for. Does not read the project again (the window decides).
    void setPreferences(const Preferences& preferences);
    ParserOptions parserOptions() const;

    void open(const QStringList& inputs);
    const QStringList& inputs() const { return m_inputs; }
    // Shows the files parsed so far of a running analysis (every kPartialUpdateMs).
    void showPartialResults();
    // Esc / Cancel: stops the analysis and a PTX compilation.
    void cancel();
    void clearCaches();

    AnalysisJob& analysisJob() { return m_job; }
    PtxCompileJob& ptxJob() { return m_ptxJob; }
    ProjectWatcher& watcher() { return *m_watcher; }

Q_SIGNALS:
    void busyChanged(bool busy);
    void progress(int done, int total);
    // What the status bar's summary says now.
    void said(const QString& text);
    // A problem the status bar shows for a while (a malformed problem-size file).
    void problem(const QString& text);
    // The session has the finished analysis; `reparsed` are the files a save changed.
    void analysed(const ProjectIndex& index, bool incremental, const QStringList& reparsed);

private:
    void onFinished(const ProjectIndex& index);
    void onFilesChanged(const QStringList& files);
    void compilePtx(const QString& key);
    void onPtxCompiled(std::shared_ptr<const ProjectPtx> ptx, const QString& key);

    ProjectSession& m_session;
    DiagnosticsModel& m_diagnostics;
    AnalysisJob m_job;
    PtxCompileJob m_ptxJob; // the project's PTX for a model that reads it (alavani-xgb)
    ProjectWatcher* m_watcher;
    Preferences m_preferences;
    QStringList m_inputs;
    ProjectSources m_sources; // what the last full load found, for re-analysing saved files
    QStringList m_pendingReanalysis; // files being parsed again right now
    bool m_incremental = false;
    // Results of a full analysis as they arrive, shown every kPartialUpdateMs so a large
    // project fills in while it is parsed.
    static constexpr int kPartialUpdateMs = 700;
    QVector<UnitIndex> m_arrivedUnits;
    bool m_arrivedSinceShown = false;
    QTimer* m_partialTimer;
};

} // namespace slicewatt
