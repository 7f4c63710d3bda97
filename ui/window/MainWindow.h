// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Preferences.h"
#include "ProjectLoader.h"

#include <QMainWindow>

class QLabel;
class QTableView;
class QTreeView;

namespace slicewatt {

class BaselineActions;
class CalibrationWindow;
class CodePanel;
class HelpWindow;
class ModelAccuracyWindow;
class DiagnosticsModel;
class ExportActions;
class HotspotModel;
class KernelTreeModel;
class PlotsPanel;
class ProjectSession;
class ProjectWatcher;
class RecentProjects;
class StatusLine;
class ToolWindows;
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

    AnalysisJob& analysisJob() { return m_loader.analysisJob(); }
    PtxCompileJob& ptxJob() { return m_loader.ptxJob(); }
    ProjectSession& session() { return *m_session; }
    BaselineActions& baselineActions() { return *m_baselineActions; }
    WhatIfHistory& history() { return *m_history; }
    ProjectWatcher& watcher() { return m_loader.watcher(); }
    KernelTreeModel& kernelModel() { return *m_kernelModel; }
    HotspotModel& hotspotModel() { return *m_hotspotModel; }
    DiagnosticsModel& diagnosticsModel() { return *m_diagnostics; }
    CodePanel& codePanel() { return *m_code; }
    WhyPanel& whyPanel() { return *m_why; }
    WhatIfPanel& whatIfPanel() { return *m_whatIf; }
    PlotsPanel& plotsPanel() { return *m_plots; }
    QLabel& summaryLabel();
    QTreeView& kernelView() { return *m_kernelView; }
    QLabel& powerLabel();
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
    void onAnalysed(const ProjectIndex& index, bool incremental, const QStringList& reparsed);
    void onKernelActivated(const QModelIndex& index);
    void onSelectionChanged();
    void openCurrentInEditor(int line);
    void updateStatus();
    // The architecture device code is read for: the preferences' choice, or the GPU's.
    CudaArch readArch() const;
    Preferences loaderPreferences() const;
    // Reads the project again when the GPU's architecture changed and device code follows it.
    void followGpuArch();

    ProjectSession* m_session;
    WhatIfHistory* m_history;
    DiagnosticsModel* m_diagnostics;
    // A member, not a child: its jobs stop before the session and the views go.
    ProjectLoader m_loader;
    KernelTreeModel* m_kernelModel;
    HotspotModel* m_hotspotModel;
    CodePanel* m_code;
    WhatIfPanel* m_whatIf;
    WhyPanel* m_why;
    PlotsPanel* m_plots;
    QTreeView* m_kernelView;
    QTableView* m_diagnosticsView;
    StatusLine* m_status;
    ToolWindows* m_tools;
    ExportActions* m_export = nullptr;
    RecentProjects* m_recent = nullptr;
    BaselineActions* m_baselineActions = nullptr;
    Preferences m_preferences;
    CudaArch m_loaderArch; // what the loader reads device code for now
};

} // namespace slicewatt
