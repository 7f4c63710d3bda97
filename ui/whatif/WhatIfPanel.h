// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableView;

namespace slicewatt {

class ArgumentTableModel;
class BranchTableModel;
class LaunchExtentEdit;
class LoopTableModel;
class ProjectSession;
class WhatIfHistory;

// The what-if controls: GPU, model, δ and execution time for the project; launch, SM
// saturation, trip counts and branch probabilities for the selected kernel. Every change
// goes through the undo history to the session, which re-estimates at once from cached
// analysis; the panel itself only mirrors the session (syncFromSession).
class WhatIfPanel : public QWidget {
    Q_OBJECT
public:
    WhatIfPanel(ProjectSession& session, WhatIfHistory& history, QWidget* parent = nullptr);

    // For tests and keyboard users: the controls by role.
    QComboBox* gpuBox() const { return m_gpu; }
    QComboBox* modelBox() const { return m_model; }
    QComboBox* energyModelBox() const { return m_energyModel; }
    QComboBox* energyCountsBox() const { return m_energyCounts; }
    QSlider* saturationSlider() const { return m_saturation; }
    QComboBox* launchSiteBox() const { return m_launchSite; }
    LaunchExtentEdit* gridEdit() const { return m_grid; }
    LaunchExtentEdit* blockEdit() const { return m_block; }
    QDoubleSpinBox* deltaSpin() const { return m_delta; }
    QDoubleSpinBox* secondsSpin() const { return m_seconds; }
    ArgumentTableModel* argumentModel() const { return m_arguments; }
    LoopTableModel* loopModel() const { return m_loops; }
    BranchTableModel* branchModel() const { return m_branches; }
    QLabel* launchSummary() const { return m_launchSummary; }
    // Why the last launch typed in was refused (the GPU's limit); empty when none was.
    QString launchRefusal() const;

public Q_SLOTS:
    void syncFromSession();

private:
    void fillLibraryBoxes();
    void changeGpu();
    void changeModel();
    void changeKernel(const QString& text, const QString& tag, const std::function<void(struct KernelWhatIf&)>& edit);
    // Applies a grid or block typed in, or refuses it with the GPU's limit named and puts the
    // fields back to the launch in use.
    void changeLaunch(LaunchExtentEdit* edit);

    ProjectSession& m_session;
    WhatIfHistory& m_history;
    QComboBox* m_gpu;
    QComboBox* m_model;
    QComboBox* m_energyModel;
    QComboBox* m_energyCounts;
    QDoubleSpinBox* m_delta;
    QDoubleSpinBox* m_seconds;
    QGroupBox* m_kernelGroup;
    QComboBox* m_launchSite;
    LaunchExtentEdit* m_grid;
    LaunchExtentEdit* m_block;
    QLabel* m_launchSummary;
    QLabel* m_launchRefusal;
    QCheckBox* m_saturationOverride;
    QSlider* m_saturation;
    QLabel* m_saturationValue;
    ArgumentTableModel* m_arguments;
    LoopTableModel* m_loops;
    BranchTableModel* m_branches;
    QTableView* m_argumentView;
    QTableView* m_loopView;
    QTableView* m_branchView;
    QPushButton* m_resetKernel;
    QPushButton* m_resetAll;
};

} // namespace slicewatt
