// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QMenu;
class QWidget;

namespace slicewatt {

class CalibrationWindow;
class HelpWindow;
class ModelAccuracyWindow;
class ProjectSession;

// The windows beside the main one: Tools › Calibration, Model Accuracy and Describe a GPU,
// Help › Analysis Rules and About. Each is created on first use and kept, with what it opened, until the main
// window goes.
class ToolWindows : public QObject {
    Q_OBJECT
public:
    ToolWindows(QWidget* mainWindow, ProjectSession& session);

    void addToolsTo(QMenu* tools);
    void addHelpTo(QMenu* help);

    CalibrationWindow& calibrationWindow();
    // Showing the current GPU.
    ModelAccuracyWindow& accuracyWindow();
    HelpWindow& rulesWindow();
    // Tools › Describe a GPU…: a GPU from its data sheet, written into the calibrated models'
    // folder and then used (modelInstalled).
    void describeGpu();
    // Those already open follow the theme; the others take it when they are made.
    void setDarkPalette(bool dark);

Q_SIGNALS:
    // The calibration wrote model `modelId` for GPU `gpuId` into `folder`; Describe a GPU wrote
    // GPU `gpuId`'s spec there (model "physical", from its data sheet).
    void modelInstalled(const QString& folder, const QString& modelId, const QString& gpuId);

private:
    QWidget* m_mainWindow;
    ProjectSession& m_session;
    CalibrationWindow* m_calibration = nullptr;
    ModelAccuracyWindow* m_accuracy = nullptr;
    HelpWindow* m_rules = nullptr;
};

} // namespace slicewatt
