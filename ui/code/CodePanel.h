// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/ProjectSession.h"

#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QStackedWidget;
class QToolButton;

namespace slicewatt {

class CodeView;
class HeatLegend;

// The code area of the main window: the shown file's path, its heat-painted source, and
// the colour legend. Files that cannot be shown (binary, unreadable, too large) get a
// plain message in place of the source, never a crash or a frozen window.
class CodePanel : public QWidget {
    Q_OBJECT
public:
    static constexpr qint64 kMaxFileBytes = 8 * 1024 * 1024;

    explicit CodePanel(QWidget* parent = nullptr);

    // Reads `path` (read-only) and shows it; false, with the reason shown, when it cannot.
    // Showing the shown file again keeps its scroll position.
    bool showFile(const QString& path);
    QString path() const { return m_path; }
    QString message() const; // why the file is not shown; empty while it is
    // Paths in the header are shown relative to this folder (the project's root).
    void setBaseDir(const QString& dir);

    // Heat and slice marks of the shown file from the session's current estimates: the
    // selected kernel's lines when one is selected, else every kernel's; the selected
    // slice's member lines are marked. While the change view is on and the session has a
    // baseline, the heat is each line's change since it (LineChangeBuilder), on a diverging
    // scale.
    void refreshHeat(const ProjectSession& session);
    // "Δ vs Baseline": checkable, enabled while there is a baseline (View menu, Ctrl+Shift+D).
    QAction* changeAction() const { return m_changeAction; }
    bool showsChange() const;
    // Called when a baseline is set or cleared: a new one turns the change view on (the user
    // asked to see the change), none turns it off and disables it.
    void setBaselineAvailable(bool available);
    void setDarkPalette(bool dark);

    CodeView& view() { return *m_view; }
    HeatLegend& legend() { return *m_legend; }
    QComboBox* heatUnitBox() const { return m_unitBox; }

Q_SIGNALS:
    // The user picked what heat means: power (W) or energy per launch (J).
    void heatUnitRequested(ProjectSession::HeatUnit unit);
    // The change view was turned on or off: the heat must be refreshed.
    void changeViewToggled(bool on);

private:
    void showMessage(const QString& text);
    void updateHeader();
    void showAbsoluteHeat(const ProjectSession& session, const QString& kernelKey);
    void showChangeHeat(const ProjectSession& session, const QString& kernelKey);

    QString m_path;
    QString m_baseDir;
    QLabel* m_header = nullptr;
    QStackedWidget* m_stack = nullptr;
    CodeView* m_view = nullptr;
    QLabel* m_message = nullptr;
    HeatLegend* m_legend = nullptr;
    QComboBox* m_unitBox = nullptr;
    QAction* m_changeAction = nullptr;
    QToolButton* m_changeButton = nullptr;
};

} // namespace slicewatt
