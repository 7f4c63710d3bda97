// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ParserOptions.h"
#include "session/BaselineJob.h"

#include <QObject>
#include <QString>

#include <functional>

class QLabel;
class QMainWindow;
class QMenu;

namespace slicewatt {

class ProjectSession;

// File › Save Analysis (the analysis JSON `slicewatt-cli analyze --format json` writes, so a
// baseline can be kept with a release), Compare with Saved Analysis…, Compare with Git
// Revision… (analysed on a worker), Clear Comparison; and the status bar's line saying what
// the estimates are compared with. The session holds the baseline; the views read it there.
class BaselineActions : public QObject {
    Q_OBJECT
public:
    // `projectRoot` and `parserOptions` are asked at the moment of use (the project and the
    // preferences change); `status` shows the comparison's summary.
    BaselineActions(QMainWindow* window, ProjectSession& session, std::function<QString()> projectRoot,
        std::function<ParserOptions()> parserOptions, QLabel* status);

    void addTo(QMenu* menu);

    // What the actions do once they have their file or revision (tests and scripts use them).
    bool saveAnalysisTo(const QString& file, QString* error) const;
    bool compareWithSavedAnalysis(const QString& file, QString* error);
    void compareWithGitRevision(const QString& revision);
    BaselineJob& gitJob() { return m_job; }

private:
    void updateStatus();
    void say(const QString& message); // in the status bar, for a while

    QMainWindow* m_window;
    ProjectSession& m_session;
    std::function<QString()> m_projectRoot;
    std::function<ParserOptions()> m_parserOptions;
    QLabel* m_status;
    BaselineJob m_job;
};

} // namespace slicewatt
