// SPDX-License-Identifier: GPL-3.0-or-later
#include "BaselineActions.h"

#include "common/FileIo.h"
#include "export/EstimateWriter.h"
#include "session/ProjectSession.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace slicewatt {

BaselineActions::BaselineActions(QMainWindow* window, ProjectSession& session, std::function<QString()> projectRoot,
    std::function<ParserOptions()> parserOptions, QLabel* status)
    : QObject(window)
    , m_window(window)
    , m_session(session)
    , m_projectRoot(std::move(projectRoot))
    , m_parserOptions(std::move(parserOptions))
    , m_status(status)
{
    connect(&session.baseline(), &BaselineComparison::changed, this, &BaselineActions::updateStatus);
    connect(&session, &ProjectSession::estimatesChanged, this, &BaselineActions::updateStatus);
    connect(&m_job, &BaselineJob::finished, this, [this](const BaselineJob::Result& result) {
        if (!result.snapshot) {
            say(tr("No baseline: %1").arg(result.error));
            QMessageBox::warning(m_window, tr("Compare with Git Revision"),
                tr("Revision %1 could not be analysed:\n%2").arg(result.revision, result.error));
            return;
        }
        m_session.baseline().set(*result.snapshot, tr("git %1").arg(result.revision));
    });
    updateStatus();
}

void BaselineActions::addTo(QMenu* menu)
{
    menu->addAction(tr("&Save Analysis…"), QKeySequence(tr("Ctrl+Shift+S")), this, [this] {
        QSettings settings;
        const QString file = QFileDialog::getSaveFileName(m_window, tr("Save Analysis"),
            settings.value(QStringLiteral("paths/lastAnalysis")).toString(), tr("SliceWatt analysis (*.json)"));
        if (file.isEmpty())
            return;
        settings.setValue(QStringLiteral("paths/lastAnalysis"), file);
        QString error;
        if (!saveAnalysisTo(file, &error))
            QMessageBox::warning(m_window, tr("Save Analysis"), error);
        else
            say(tr("Analysis saved to %1").arg(QDir::toNativeSeparators(file)));
    });
    QMenu* compare = menu->addMenu(tr("Compare &With"));
    compare->addAction(tr("&Saved Analysis…"), QKeySequence(tr("Ctrl+Shift+B")), this, [this] {
        QSettings settings;
        const QString file = QFileDialog::getOpenFileName(m_window, tr("Compare with Saved Analysis"),
            settings.value(QStringLiteral("paths/lastAnalysis")).toString(), tr("SliceWatt analysis (*.json)"));
        if (file.isEmpty())
            return;
        QString error;
        if (!compareWithSavedAnalysis(file, &error))
            QMessageBox::warning(m_window, tr("Compare with Saved Analysis"), error);
    });
    compare->addAction(tr("&Git Revision…"), this, [this] {
        bool ok = false;
        const QString revision = QInputDialog::getText(m_window, tr("Compare with Git Revision"),
            tr("Revision (branch, tag, commit, HEAD~1):"), QLineEdit::Normal,
            QSettings().value(QStringLiteral("compare/lastRevision"), QStringLiteral("HEAD")).toString(), &ok)
                                     .trimmed();
        if (!ok || revision.isEmpty())
            return;
        QSettings().setValue(QStringLiteral("compare/lastRevision"), revision);
        compareWithGitRevision(revision);
    });
    compare->addSeparator();
    compare->addAction(tr("&Clear Comparison"), this, [this] { m_session.baseline().clear(); });
}

bool BaselineActions::saveAnalysisTo(const QString& file, QString* error) const
{
    if (!m_session.hasEstimates() || !m_session.run().index) {
        *error = tr("There is no analysis to save yet.");
        return false;
    }
    return writeFileAtomically(file, estimateJson(m_session.run(), m_projectRoot()), error);
}

bool BaselineActions::compareWithSavedAnalysis(const QString& file, QString* error)
{
    std::optional<AnalysisSnapshot> snapshot = readAnalysisSnapshotFile(file, error);
    if (!snapshot)
        return false;
    m_session.baseline().set(std::move(*snapshot), QFileInfo(file).fileName());
    return true;
}

void BaselineActions::compareWithGitRevision(const QString& revision)
{
    const QString root = m_projectRoot();
    if (root.isEmpty()) {
        say(tr("Open a project first: its folder's git history gives the revision"));
        return;
    }
    say(tr("Analysing %1 as revision %2 has it…").arg(QDir::toNativeSeparators(root), revision));
    m_job.start(root, revision, m_session.sharedLibrary(), m_session.settings(), m_parserOptions());
}

void BaselineActions::say(const QString& message)
{
    m_window->statusBar()->showMessage(message, 8000);
}

void BaselineActions::updateStatus()
{
    const QString summary = m_session.baseline().summary();
    m_status->setVisible(!summary.isEmpty());
    m_status->setText(summary);
}

} // namespace slicewatt
