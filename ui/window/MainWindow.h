// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Preferences.h"
#include "session/AnalysisJob.h"
#include "session/PtxCompileJob.h"

#include <QMainWindow>

class QLabel;
class QTimer;
class QProgressBar;
class QPushButton;
class QTableView;
class QTreeView;

namespace slicewatt {

class BaselineActions;
class CalibrationWindow;
class CodePanel;
class HelpWindow;
class ModelAccuracyWindow;
class DiagnosticsModel;
class HotspotModel;
class KernelTreeModel;
class PlotsPanel;
class ProjectSession;
class ProjectWatcher;
class RecentProjects;
class WhatIfHistory;
class WhatIfPanel;
class WhyPanel;

// The main window: a CUDA project's code with its power heatmap in the middle, kernels and
// hot spots on the left, what-if controls and "Why?" on the right, plots and diagnostics
// below. Analysis runs on worker threads; every view follows one ProjectSession.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // What Edit › Preferences applies: saves them, and re-reads the project where they change
    // what the analysis reads (the device architecture).
    void applyPreferences(const Preferences& preferences);
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openProject(const QStringList& inputs);
    // Shows `file` in the code view at `line` (and selects nothing new).
    void showLocation(const QString& file, int line);
    // Brings a dock (by object name: kernelsDock, hotspotsDock, whatIfDock, whyDock,
    // plotsDock, diagnosticsDock) to the front; false when there is none of that name.
    bool raiseDock(const QString& objectName);
    // Writes the PDF report of the current estimates (what File → Export Report does after
    // asking for the file); false with `error` when it could not be written.
    bool exportReportTo(const QString& fileName, QString* error);
    // Shows the files parsed so far of a running analysis (called every kPartialUpdateMs).
    void showPartialResults();

    AnalysisJob& analysisJob() { return m_job; }
    PtxCompileJob& ptxJob() { return m_ptxJob; }
    ProjectSession& session() { return *m_session; }
    BaselineActions& baselineActions() { return *m_baselineActions; }
    WhatIfHistory& history() { return *m_history; }
    ProjectWatcher& watcher() { return *m_watcher; }
    KernelTreeModel& kernelModel() { return *m_kernelModel; }
    HotspotModel& hotspotModel() { return *m_hotspotModel; }
    DiagnosticsModel& diagnosticsModel() { return *m_diagnostics; }
    CodePanel& codePanel() { return *m_code; }
    WhyPanel& whyPanel() { return *m_why; }
    WhatIfPanel& whatIfPanel() { return *m_whatIf; }
    PlotsPanel& plotsPanel() { return *m_plots; }
    QLabel& summaryLabel() { return *m_summary; }
    QTreeView& kernelView() { return *m_kernelView; }
    QLabel& powerLabel() { return *m_powerLabel; }
    // Tools → Calibration: created on first use, kept (with what it opened) until the
    // main window goes.
    CalibrationWindow& calibrationWindow();
    // Tools › Model Accuracy, created on first use, showing the current GPU.
    ModelAccuracyWindow& accuracyWindow();
    // Help › Analysis Rules, created on first use.
    HelpWindow& rulesWindow();
    // Makes the project use model `modelId` for GPU `gpuId` from `folder` (a calibration
    // just wrote it there): the folder joins the preferences' model folders, the library is
    // reloaded and the choice is one undoable what-if step.
    void useCalibratedModel(const QString& folder, const QString& modelId, const QString& gpuId);

Q_SIGNALS:
    // Files parsed again after a save (only those and the units including them).
    void reanalysed(const QStringList& files);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createDocks();
    void createActions();
    void openFolder();
    void openFiles();
    void openCompileDatabase();
    void onAnalysisFinished(const ProjectIndex& index);
    void onFilesChanged(const QStringList& files);
    void onKernelActivated(const QModelIndex& index);
    void onSelectionChanged();
    void openCurrentInEditor(int line);
    void updateStatus();
    void setBusy(bool busy);
    void compilePtx(const QString& key);
    void exportPlot();
    void exportReport();

    AnalysisJob m_job;
    PtxCompileJob m_ptxJob; // the project's PTX for a model that reads it (alavani-xgb)
    ProjectSession* m_session;
    WhatIfHistory* m_history;
    ProjectWatcher* m_watcher;
    KernelTreeModel* m_kernelModel;
    HotspotModel* m_hotspotModel;
    DiagnosticsModel* m_diagnostics;
    CodePanel* m_code;
    WhatIfPanel* m_whatIf;
    WhyPanel* m_why;
    PlotsPanel* m_plots;
    QTreeView* m_kernelView;
    QTableView* m_hotspotView;
    QTableView* m_diagnosticsView;
    RecentProjects* m_recent = nullptr;
    BaselineActions* m_baselineActions = nullptr;
    QLabel* m_baselineLabel = nullptr;
    QMenu* m_viewMenu = nullptr;
    QProgressBar* m_progress;
    QPushButton* m_cancelButton;
    QLabel* m_summary;
    QLabel* m_gpuLabel;
    QLabel* m_modelLabel;
    QLabel* m_archLabel = nullptr;
    QLabel* m_powerLabel;
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
    CalibrationWindow* m_calibration = nullptr;
    ModelAccuracyWindow* m_accuracy = nullptr;
    HelpWindow* m_rules = nullptr;
};

} // namespace slicewatt
