// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QLabel;
class QProgressBar;
class QPushButton;
class QStatusBar;

namespace slicewatt {

class ProjectSession;

// The main window's status bar: what the window is doing (with progress and Cancel while it
// works), the GPU, model and device architecture the numbers are for, the selected kernel's
// power and energy, and what the estimates are compared with.
class StatusLine : public QObject {
    Q_OBJECT
public:
    explicit StatusLine(QStatusBar* bar);

    void setBusy(bool busy);
    void setProgress(int done, int total);
    void say(const QString& text);
    void showDeviceArch(const QString& arch);
    // The GPU and model of `session`, and its selected (else its hottest) kernel's power.
    void showEstimates(const ProjectSession& session);

    QLabel& summaryLabel() { return *m_summary; }
    QLabel& powerLabel() { return *m_power; }
    QLabel& baselineLabel() { return *m_baseline; }
    QPushButton& cancelButton() { return *m_cancel; }

private:
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QLabel* m_summary;
    QLabel* m_gpu;
    QLabel* m_model;
    QLabel* m_arch;
    QLabel* m_power;
    QLabel* m_baseline;
};

} // namespace slicewatt
