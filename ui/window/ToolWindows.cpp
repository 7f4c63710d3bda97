// SPDX-License-Identifier: GPL-3.0-or-later
#include "ToolWindows.h"

#include "HelpWindow.h"
#include "Theme.h"
#include "accuracy/ModelAccuracyWindow.h"
#include "calibration/CalibratedModelInstall.h"
#include "calibration/CalibrationWindow.h"
#include "gpus/DescribeGpuDialog.h"
#include "session/ProjectSession.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMenu>
#include <QMessageBox>

namespace slicewatt {

namespace {

void bringForward(QWidget& window)
{
    window.show();
    window.raise();
    window.activateWindow();
}

} // namespace

ToolWindows::ToolWindows(QWidget* mainWindow, ProjectSession& session)
    : QObject(mainWindow)
    , m_mainWindow(mainWindow)
    , m_session(session)
{
}

void ToolWindows::addToolsTo(QMenu* tools)
{
    QAction* calibration = tools->addAction(tr("&Calibration…"), this, [this] { bringForward(calibrationWindow()); });
    calibration->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    calibration->setToolTip(tr("Open a measured calibration, fit a power model and use it for this project"));
    QAction* accuracy = tools->addAction(tr("Model &Accuracy…"), this, [this] { bringForward(accuracyWindow()); });
    accuracy->setShortcut(QKeySequence(tr("Ctrl+Shift+A")));
    accuracy->setToolTip(tr("How far each validated model was off on measured GPUs, with whole kernels held out"));
    QAction* describe = tools->addAction(tr("Describe a &GPU…"), this, &ToolWindows::describeGpu);
    describe->setToolTip(tr("A GPU the catalogue lacks, from its data sheet: predicted with the physical model"));
}

void ToolWindows::addHelpTo(QMenu* help)
{
    help->addAction(tr("&Analysis Rules"), this, [this] { bringForward(rulesWindow()); });
    help->addAction(tr("&About SliceWatt"), this, [this] {
        QMessageBox::about(m_mainWindow, tr("About SliceWatt"),
            tr("<h3>SliceWatt %1</h3><p>Static GPU power analysis of CUDA programs by memory-space slicing.</p>"
               "<p>Models: Jiao, Lin, Balaji, Feng (JoS13 regression and wavelet network); JSW12 (program slicing "
               "power model). GPL-3.0-or-later.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

HelpWindow& ToolWindows::rulesWindow()
{
    if (!m_rules) {
        // The rule book is compiled in; read-only, in a window of its own that fits the screen.
        QFile rules(QStringLiteral(":/slicewatt/help/analysis-rules.md"));
        QString text = tr("The analysis rules ship in resources/help/analysis-rules.md.");
        if (rules.open(QIODevice::ReadOnly))
            text = QString::fromUtf8(rules.readAll());
        m_rules = new HelpWindow(tr("Analysis Rules"), text, m_mainWindow);
    }
    return *m_rules;
}

void ToolWindows::describeGpu()
{
    DescribeGpuDialog dialog(m_session.library().gpus(), calibratedModelsFolder(), m_mainWindow);
    if (const GpuSpec* current = m_session.library().gpus().find(m_session.settings().gpuId))
        dialog.startFrom(*current);
    if (dialog.exec() == QDialog::Accepted)
        Q_EMIT modelInstalled(calibratedModelsFolder(), QStringLiteral("physical"), dialog.gpuId());
}

ModelAccuracyWindow& ToolWindows::accuracyWindow()
{
    if (!m_accuracy) {
        m_accuracy = new ModelAccuracyWindow(m_session.library(), m_mainWindow);
        m_accuracy->setDarkPalette(isDarkPalette());
    } else
        m_accuracy->reload(); // model folders may have changed since
    m_accuracy->selectGpu(m_session.settings().gpuId);
    return *m_accuracy;
}

CalibrationWindow& ToolWindows::calibrationWindow()
{
    if (!m_calibration) {
        m_calibration = new CalibrationWindow(m_session, m_mainWindow);
        connect(m_calibration, &CalibrationWindow::modelInstalled, this, &ToolWindows::modelInstalled);
    }
    return *m_calibration;
}

void ToolWindows::setDarkPalette(bool dark)
{
    if (m_calibration)
        m_calibration->setDarkPalette(dark);
    if (m_accuracy)
        m_accuracy->setDarkPalette(dark);
}

} // namespace slicewatt
