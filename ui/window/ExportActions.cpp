// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExportActions.h"

#include "compare/ReportChanges.h"
#include "export/OutputFormatting.h"
#include "export/ReportDocument.h"
#include "plots/PlotsPanel.h"
#include "report/ReportPdfWriter.h"
#include "session/ProjectSession.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>

namespace slicewatt {

ExportActions::ExportActions(
    QWidget* window, ProjectSession& session, PlotsPanel& plots, std::function<QStringList()> inputs)
    : QObject(window)
    , m_window(window)
    , m_session(session)
    , m_plots(plots)
    , m_inputs(std::move(inputs))
{
}

void ExportActions::addTo(QMenu* file)
{
    file->addAction(tr("Export &Report…"), QKeySequence::Print, this, &ExportActions::exportReport);
    file->addAction(tr("Export &Plot…"), QKeySequence(tr("Ctrl+Shift+E")), this, &ExportActions::exportPlot);
}

void ExportActions::exportPlot()
{
    const QString file = QFileDialog::getSaveFileName(
        m_window, tr("Export Plot"), QString(), tr("PDF (vector) (*.pdf);;PNG image (*.png)"));
    if (file.isEmpty())
        return;
    QString error;
    m_plots.exportCurrent(file, &error);
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Export Plot"), error);
}

bool ExportActions::exportReportTo(const QString& fileName, QString* error) const
{
    if (!m_session.hasEstimates()) {
        if (error)
            *error = tr("No estimate to report: %1").arg(m_session.modelError());
        return false;
    }
    const QStringList inputs = m_inputs();
    ReportOptions options;
    options.project = inputs.join(QStringLiteral(", "));
    options.projectFolder = commonFolder(inputs);
    options.toolVersion = QStringLiteral(SLICEWATT_VERSION);
    options.created = reportCreationTime();
    // The same document `slicewatt-cli report` writes for the same what-ifs (and --baseline).
    ReportDocument document = buildReport(m_session.run(), m_session.settings(), options);
    if (const AnalysisComparison* comparison = m_session.baseline().comparison())
        document.changes = reportChangesOf(*comparison, m_session.baseline().label(), options.projectFolder);
    return writeReportPdf(document, fileName, error);
}

void ExportActions::exportReport()
{
    QSettings settings;
    // In the folder the last report went to, named for this project, GPU and day.
    const QString lastReport = settings.value(QStringLiteral("paths/lastReport")).toString();
    const QString folder = lastReport.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
                                                : QFileInfo(lastReport).absolutePath();
    const QStringList inputs = m_inputs();
    const QString suggested = QDir(folder).filePath(suggestedReportFileName(
        inputs.isEmpty() ? QString() : commonFolder(inputs), m_session.settings().gpuId, reportCreationTime().date()));
    const QString file = QFileDialog::getSaveFileName(m_window, tr("Export Report"), suggested, tr("PDF (*.pdf)"));
    if (file.isEmpty())
        return;
    settings.setValue(QStringLiteral("paths/lastReport"), file);
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool written = exportReportTo(file, &error);
    QApplication::restoreOverrideCursor();
    if (!written) {
        QMessageBox::warning(m_window, tr("Export Report"), error);
        return;
    }
    Q_EMIT said(tr("Report written to %1").arg(QDir::toNativeSeparators(file)));
}

} // namespace slicewatt
