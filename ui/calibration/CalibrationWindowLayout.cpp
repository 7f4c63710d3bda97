// SPDX-License-Identifier: GPL-3.0-or-later
// The Calibration window's widgets: the measurements and the form on the left, the plots on
// the right, its menus; what they do is in CalibrationWindow.cpp.
#include "CalibrationWindow.h"

#include "CalibratedModelInstall.h"
#include "CalibrationPointModel.h"
#include "CalibrationTexts.h"
#include "FitCurvesPlot.h"
#include "ResidualPlot.h"
#include "TracePlot.h"
#include "export/DisplayNumbers.h"
#include "measure/TraceImport.h"
#include "session/ProjectSession.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace slicewatt {

QWidget* CalibrationWindow::createLeftSide()
{
    auto* side = new QWidget(this);
    auto* layout = new QVBoxLayout(side);
    layout->setContentsMargins(6, 6, 3, 6);
    m_sourceLabel = new QLabel(side);
    m_sourceLabel->setWordWrap(true);
    m_sourceLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_sourceLabel);

    m_problemsTitle = new QLabel(side);
    m_problems = new QListWidget(side);
    m_problems->setMaximumHeight(130);
    m_problems->setWordWrap(true);
    m_problems->setSelectionMode(QAbstractItemView::ExtendedSelection); // Ctrl+C copies the lines
    layout->addWidget(m_problemsTitle);
    layout->addWidget(m_problems);

    m_table = new QTableView(side);
    m_table->setModel(m_points);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (current.isValid())
                selectPoint(current.row());
        });
    layout->addWidget(m_table, 1);

    auto* fitBox = new QGroupBox(tr("Fit"), side);
    auto* fitLayout = new QVBoxLayout(fitBox);
    auto* formRow = new QHBoxLayout;
    m_formBox = new QComboBox(fitBox);
    for (const ModelForm* form : allModelForms()) {
        m_formBox->addItem(QStringLiteral("%1 — %2").arg(form->name(), form->formula()), form->name());
        m_formBox->setItemData(m_formBox->count() - 1, form->origin(), Qt::ToolTipRole);
    }
    auto* formLabel = new QLabel(tr("F&orm:"), fitBox);
    formLabel->setBuddy(m_formBox);
    m_fitButton = new QPushButton(tr("&Fit"), fitBox);
    m_fitButton->setToolTip(tr("Least-squares fit of the form to the points (Ctrl+Return)"));
    formRow->addWidget(formLabel);
    formRow->addWidget(m_formBox, 1);
    formRow->addWidget(m_fitButton);
    fitLayout->addLayout(formRow);
    // A new form is fitted at once: a fit takes milliseconds, and stale numbers under a
    // new formula would mislead.
    connect(m_formBox, &QComboBox::currentIndexChanged, this, [this] {
        QSettings().setValue(settingsKey("form"), m_formBox->currentData().toString());
        if (m_input.ok() && m_input.hasPoints())
            fit();
    });
    connect(m_fitButton, &QPushButton::clicked, this, &CalibrationWindow::fit);

    m_fitSummary = new QLabel(fitBox);
    m_fitSummary->setWordWrap(true);
    m_fitSummary->setTextFormat(Qt::RichText);
    m_fitSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fitSummary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    fitLayout->addWidget(m_fitSummary);

    auto* useRow = new QHBoxLayout;
    m_modelId = new QLineEdit(fitBox);
    m_modelId->setPlaceholderText(tr("model id"));
    m_modelId->setToolTip(tr("The new model's id: it names the file and appears in the model list"));
    auto* idLabel = new QLabel(tr("Model &id:"), fitBox);
    idLabel->setBuddy(m_modelId);
    m_useButton = new QPushButton(tr("&Use This Model"), fitBox);
    m_useButton->setToolTip(tr("Save the fitted model to your calibrated models and estimate the current project "
                               "with it (Ctrl+U)"));
    connect(m_useButton, &QPushButton::clicked, this, [this] { useThisModel(ExistingFile::Ask); });
    connect(m_modelId, &QLineEdit::textChanged, this, &CalibrationWindow::updateActions);
    useRow->addWidget(idLabel);
    useRow->addWidget(m_modelId, 1);
    useRow->addWidget(m_useButton);
    fitLayout->addLayout(useRow);
    layout->addWidget(fitBox);
    return side;
}

QWidget* CalibrationWindow::createPlots()
{
    m_plotSplit = new QSplitter(Qt::Vertical, this);
    auto* traceSide = new QWidget(m_plotSplit);
    auto* traceLayout = new QVBoxLayout(traceSide);
    traceLayout->setContentsMargins(3, 6, 6, 3);
    m_tracePlot = new TracePlot(traceSide);
    traceLayout->addWidget(m_tracePlot, 1);
    auto* summaryRow = new QHBoxLayout;
    m_traceSummary = new QLabel(traceSide);
    m_traceSummary->setWordWrap(true);
    m_traceSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_traceSummary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_idleButton = new QPushButton(tr("I&dle Trace"), traceSide);
    m_idleButton->setToolTip(tr("The idle trace the calibration recorded (Ctrl+I)"));
    connect(m_idleButton, &QPushButton::clicked, this, &CalibrationWindow::showIdleTrace);
    summaryRow->addWidget(m_traceSummary, 1);
    summaryRow->addWidget(m_idleButton, 0, Qt::AlignTop);
    traceLayout->addLayout(summaryRow);
    m_plotSplit->addWidget(traceSide);

    auto* fitPlots = new QSplitter(Qt::Horizontal, m_plotSplit);
    m_curvesPlot = new FitCurvesPlot(fitPlots);
    m_residualPlot = new ResidualPlot(fitPlots);
    fitPlots->addWidget(m_curvesPlot);
    fitPlots->addWidget(m_residualPlot);
    fitPlots->setStretchFactor(0, 3);
    fitPlots->setStretchFactor(1, 2);
    m_plotSplit->addWidget(fitPlots);
    m_plotSplit->setStretchFactor(0, 1);
    m_plotSplit->setStretchFactor(1, 1);
    return m_plotSplit;
}

void CalibrationWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Open Calibration &Folder…"), QKeySequence::Open, this, &CalibrationWindow::openFolderDialog);
    file->addAction(
        tr("Open CSV or &Trace…"), QKeySequence(tr("Ctrl+Shift+O")), this, &CalibrationWindow::openFileDialog);
    file->addSeparator();
    file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);

    QMenu* model = menuBar()->addMenu(tr("&Model"));
    m_fitAction = model->addAction(tr("&Fit"), QKeySequence(tr("Ctrl+Return")), this, &CalibrationWindow::fit);
    model->addAction(tr("Next &Form"), QKeySequence(tr("Ctrl+]")), this,
        [this] { m_formBox->setCurrentIndex((m_formBox->currentIndex() + 1) % m_formBox->count()); });
    m_useAction = model->addAction(
        tr("&Use This Model"), QKeySequence(tr("Ctrl+U")), this, [this] { useThisModel(ExistingFile::Ask); });
    model->addSeparator();
    m_idleAction
        = model->addAction(tr("Show &Idle Trace"), QKeySequence(tr("Ctrl+I")), this, &CalibrationWindow::showIdleTrace);
    model->addAction(tr("&Points"), QKeySequence(tr("Ctrl+1")), this, [this] { m_table->setFocus(); });
}

} // namespace slicewatt
