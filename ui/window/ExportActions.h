// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

#include <functional>

class QMenu;
class QWidget;

namespace slicewatt {

class PlotsPanel;
class ProjectSession;

// File › Export Report (the PDF `slicewatt-cli report` writes for the same what-ifs and
// baseline, suggested in the folder the last one went to) and Export Plot (the plot shown).
class ExportActions : public QObject {
    Q_OBJECT
public:
    // `inputs` is asked at the moment of use: the project's files or folder.
    ExportActions(QWidget* window, ProjectSession& session, PlotsPanel& plots, std::function<QStringList()> inputs);

    void addTo(QMenu* file);
    // What Export Report does once it has its file; false with `error` when nothing was written.
    bool exportReportTo(const QString& fileName, QString* error) const;

Q_SIGNALS:
    void said(const QString& text);

private:
    void exportReport();
    void exportPlot();

    QWidget* m_window;
    ProjectSession& m_session;
    PlotsPanel& m_plots;
    std::function<QStringList()> m_inputs;
};

} // namespace slicewatt
