// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AnalysisJob.h"

#include <QMainWindow>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace slicewatt {

class DiagnosticsModel;
class KernelTableModel;

// The main window: open a CUDA project, watch it being analysed, browse its kernels
// and the diagnostics. Analysis never runs on this thread.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openProject(const QStringList& inputs);
    AnalysisJob& analysisJob() { return m_job; }
    KernelTableModel& kernelModel() { return *m_kernels; }
    DiagnosticsModel& diagnosticsModel() { return *m_diagnostics; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void openFolder();
    void openFiles();
    void openCompileDatabase();
    void showResults(const ProjectIndex& index);
    void setBusy(bool busy);

    AnalysisJob m_job;
    KernelTableModel* m_kernels;
    DiagnosticsModel* m_diagnostics;
    QTableView* m_kernelView;
    QTableView* m_diagnosticsView;
    QProgressBar* m_progress;
    QPushButton* m_cancelButton;
    QLabel* m_summary;
    QStringList m_inputs;
};

} // namespace slicewatt
