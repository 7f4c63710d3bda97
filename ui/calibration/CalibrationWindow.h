// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CalibrationFit.h"
#include "CalibrationInput.h"
#include "model/GpuCatalogue.h"

#include <QMainWindow>

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSplitter;
class QTableView;

namespace slicewatt {

class CalibrationPointModel;
class FitCurvesPlot;
class ProjectSession;
class ResidualPlot;
class TracePlot;

// Issue 8 in the app: a measured calibration (the folder slicewatt-calibrate writes, a
// calibration CSV, or a lone power trace) opened, looked at and fitted, and the fitted
// model handed to the current project. Each point's trace is shown raw and sensor-corrected
// (METHOD §6); the fit (METHOD §4) shows its parameters with standard errors, the fitted
// curves over the points and the residuals. Opened files are only read; "Use this model"
// writes to the user's calibrated-models folder alone, and the main window then selects it.
class CalibrationWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit CalibrationWindow(const ProjectSession& session, QWidget* parent = nullptr);
    ~CalibrationWindow() override;

    // Opens a calibration folder, a calibration CSV or a power trace and fits the chosen
    // form. False when it could not be read (the problems are listed in the window).
    bool openPath(const QString& path);
    // Fits the form chosen in the form box (fast: on this thread).
    void fit();
    // Chooses a form by name (jos13, jos13-idle, linear-intensity) and fits it; false when
    // there is no such form.
    bool setForm(const QString& name);
    // Shows the trace of the point in table row `row` (and rings the point in the plots).
    void selectPoint(int row);
    void showIdleTrace();
    // The plots' palette, for the application's light or dark theme.
    void setDarkPalette(bool dark);

    // "Use this model": writes the fitted model (and its GPU when the library lacks it) to
    // calibratedModelsFolder() and emits modelInstalled. An existing model file of the same
    // id is replaced only after asking (Ask) or when told to (Replace).
    enum class ExistingFile { Ask, Replace, Keep };
    bool useThisModel(ExistingFile existing = ExistingFile::Ask);

    // What is shown, for tests.
    const CalibrationInput& input() const { return m_input; }
    const CalibrationFit& currentFit() const { return m_fit; }
    CalibrationPointModel& pointModel() { return *m_points; }
    QTableView& pointTable() { return *m_table; }
    TracePlot& tracePlot() { return *m_tracePlot; }
    FitCurvesPlot& curvesPlot() { return *m_curvesPlot; }
    ResidualPlot& residualPlot() { return *m_residualPlot; }
    QListWidget& problemList() { return *m_problems; }
    QLabel& traceSummary() { return *m_traceSummary; }
    QLabel& fitSummary() { return *m_fitSummary; }
    QComboBox& formBox() { return *m_formBox; }
    QLineEdit& modelIdEdit() { return *m_modelId; }
    QPushButton& useButton() { return *m_useButton; }
    QString lastMessage() const { return m_lastMessage; } // the latest status-bar message

Q_SIGNALS:
    // A model file `modelId` for GPU `gpuId` is in `folder`: the project should use it.
    void modelInstalled(const QString& folder, const QString& modelId, const QString& gpuId);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    // The widgets (CalibrationWindowLayout.cpp).
    void createActions();
    QWidget* createLeftSide();
    QWidget* createPlots();
    static QString settingsKey(const char* name); // QSettings "calibration/…"
    void openFolderDialog();
    void openFileDialog();
    void showProblems();
    void showSource();
    void showFit();
    // `point`: the calibration point the trace belongs to (its run, its listed watts); null
    // for the idle trace and a lone trace.
    void showTrace(const QString& path, const QString& title, const CalibrationPoint* point);
    void updateActions();
    void say(const QString& message);
    void saveLayout();

    const ProjectSession& m_session;
    CalibrationInput m_input;
    CalibrationFit m_fit;
    std::optional<GpuSpec> m_gpu;
    QString m_gpuProblem;
    int m_selectedRow = -1;
    // The trace on show, to draw it again in a new palette.
    struct ShownTrace {
        QString path;
        QString title;
        int row = -1; // the point's row; -1 for none
    };
    std::optional<ShownTrace> m_shownTrace;
    QString m_lastMessage;

    CalibrationPointModel* m_points;
    QSplitter* m_sides = nullptr;
    QSplitter* m_plotSplit = nullptr;
    QLabel* m_sourceLabel = nullptr;
    QLabel* m_problemsTitle = nullptr;
    QListWidget* m_problems = nullptr;
    QTableView* m_table = nullptr;
    QComboBox* m_formBox = nullptr;
    QPushButton* m_fitButton = nullptr;
    QLabel* m_fitSummary = nullptr;
    QLineEdit* m_modelId = nullptr;
    QPushButton* m_useButton = nullptr;
    QPushButton* m_idleButton = nullptr;
    TracePlot* m_tracePlot = nullptr;
    QLabel* m_traceSummary = nullptr;
    FitCurvesPlot* m_curvesPlot = nullptr;
    ResidualPlot* m_residualPlot = nullptr;
    QAction* m_fitAction = nullptr;
    QAction* m_useAction = nullptr;
    QAction* m_idleAction = nullptr;
};

} // namespace slicewatt
