// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "DiagnosticsModel.h"
#include "KernelTableModel.h"
#include "frontend/ParserOptions.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>

namespace slicewatt {

namespace {
QTableView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->setWordWrap(false);
    return view;
}
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_kernels(new KernelTableModel(this))
    , m_diagnostics(new DiagnosticsModel(this))
{
    setWindowTitle(tr("SliceWatt"));
    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_kernelView = makeTable(m_kernels, splitter);
    m_diagnosticsView = makeTable(m_diagnostics, splitter);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    setCentralWidget(splitter);

    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(260);
    m_progress->setFormat(tr("%v / %m files"));
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_summary = new QLabel(tr("Open a CUDA project: File → Open Folder (Ctrl+O)"), this);
    statusBar()->addWidget(m_summary, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    setBusy(false);
    connect(m_cancelButton, &QPushButton::clicked, &m_job, &AnalysisJob::cancel);

    connect(&m_job, &AnalysisJob::started, this, [this](int total) {
        m_progress->setRange(0, qMax(total, 1));
        m_progress->setValue(0);
    });
    connect(&m_job, &AnalysisJob::progress, this, [this](int done, int total, const QString& file) {
        m_progress->setRange(0, qMax(total, 1));
        m_progress->setValue(done);
        m_summary->setText(tr("Parsing %1").arg(file));
    });
    connect(&m_job, &AnalysisJob::finished, this, &MainWindow::showResults);
    connect(&m_job, &AnalysisJob::cancelled, this, [this] {
        setBusy(false);
        m_summary->setText(tr("Analysis cancelled"));
    });

    createActions();
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (!settings.contains(QStringLiteral("window/geometry")))
        resize(1200, 760);
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* openFolderAction = file->addAction(tr("Open &Folder…"), this, &MainWindow::openFolder);
    openFolderAction->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open &Files…"), this, &MainWindow::openFiles);
    file->addAction(tr("Open &Compile Database…"), this, &MainWindow::openCompileDatabase);
    QAction* reload = file->addAction(tr("&Reanalyse"), this, [this] {
        if (!m_inputs.isEmpty())
            openProject(m_inputs);
    });
    reload->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::openProject(const QStringList& inputs)
{
    m_inputs = inputs;
    setBusy(true);
    m_summary->setText(tr("Loading %1").arg(inputs.join(QStringLiteral(", "))));
    ParserOptions parser;
    parser.resourceDir = defaultClangResourceDir();
    m_job.start(inputs, LoadOptions{}, parser);
}

void MainWindow::openFolder()
{
    QSettings settings;
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Open CUDA Project Folder"), settings.value(QStringLiteral("paths/lastFolder")).toString());
    if (dir.isEmpty())
        return;
    settings.setValue(QStringLiteral("paths/lastFolder"), dir);
    openProject({dir});
}

void MainWindow::openFiles()
{
    QSettings settings;
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Open CUDA Files"),
        settings.value(QStringLiteral("paths/lastFolder")).toString(),
        tr("CUDA sources (*.cu *.cuh *.h *.hpp *.cpp *.cc);;All files (*)"));
    if (!files.isEmpty())
        openProject(files);
}

void MainWindow::openCompileDatabase()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Open Compile Database"), QString(), tr("Compile database (compile_commands.json);;JSON (*.json)"));
    if (!file.isEmpty())
        openProject({file});
}

void MainWindow::showResults(const ProjectIndex& index)
{
    setBusy(false);
    m_kernels->setIndex(index);
    const Diagnostics diagnostics = index.allDiagnostics();
    m_diagnostics->setDiagnostics(diagnostics);
    // Fit every column but the last, which stretches over the remaining width.
    for (QTableView* view : {m_kernelView, m_diagnosticsView}) {
        for (int column = 0; column + 1 < view->model()->columnCount(); ++column)
            view->resizeColumnToContents(column);
    }
    m_summary->setText(tr("%1 kernels, %2 device functions in %3 files; %4 errors")
                           .arg(index.kernels.size())
                           .arg(index.deviceFunctions.size())
                           .arg(index.units.size())
                           .arg(errorCount(diagnostics)));
}

void MainWindow::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_cancelButton->setVisible(busy);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_job.cancel();
    QSettings().setValue(QStringLiteral("window/geometry"), saveGeometry());
    event->accept();
}

} // namespace slicewatt
