// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "estimate/ProblemSizes.h"
#include "estimate/PtxWorkspace.h"

#include "BaselineActions.h"
#include "ColumnFitter.h"
#include "EditorLauncher.h"
#include "FileRowOpener.h"
#include "HelpWindow.h"
#include "RecentProjects.h"
#include "Theme.h"
#include "accuracy/ModelAccuracyWindow.h"
#include "analysis/IncrementalIndexer.h"
#include "calibration/CalibrationWindow.h"
#include "calibration/LocalGpu.h"
#include "code/CodePanel.h"
#include "code/CodeView.h"
#include "compare/ReportChanges.h"
#include "export/ModelAccuracyText.h"
#include "export/OutputFormatting.h"
#include "export/ReportDocument.h"
#include "frontend/ParserOptions.h"
#include "models/DiagnosticsModel.h"
#include "models/HotspotModel.h"
#include "models/KernelTreeModel.h"
#include "models/ModelRoles.h"
#include "panels/WhyPanel.h"
#include "plots/PlotsPanel.h"
#include "report/ReportPdfWriter.h"
#include "session/ProjectSession.h"
#include "session/ProjectWatcher.h"
#include "session/WhatIfHistory.h"
#include "whatif/WhatIfPanel.h"

#include <algorithm>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QUrl>

namespace slicewatt {

namespace {

// A header's context menu that shows and hides its columns (all but the first).
void offerColumnChoice(QHeaderView* header)
{
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(header, &QWidget::customContextMenuRequested, header, [header](const QPoint& at) {
        QMenu menu;
        const QAbstractItemModel* model = header->model();
        for (int column = 1; column < model->columnCount(); ++column) {
            QAction* action = menu.addAction(model->headerData(column, Qt::Horizontal).toString());
            action->setCheckable(true);
            action->setChecked(!header->isSectionHidden(column));
            QObject::connect(action, &QAction::toggled, header,
                [header, column](bool shown) { header->setSectionHidden(column, !shown); });
        }
        menu.exec(header->mapToGlobal(at));
    });
}

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->hide();
    // Compact rows; columns fitted to their contents whenever the rows change (ColumnFitter,
    // attached once the caller has chosen which columns stretch).
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setWordWrap(false);
    return view;
}

QDockWidget* makeDock(const QString& title, const QString& objectName, QWidget* content, QMainWindow* window)
{
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(objectName); // saveState() needs it to remember the layout
    dock->setWidget(content);
    return dock;
}

ParserOptions parserOptions(const Preferences& preferences)
{
    ParserOptions parser;
    parser.resourceDir = defaultClangResourceDir();
    parser.deviceArch = preferences.deviceArch;
    return parser;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_session(new ProjectSession(this))
    , m_history(new WhatIfHistory(*m_session, this))
    , m_watcher(new ProjectWatcher(this))
    , m_preferences(Preferences::load())
{
    setWindowTitle(tr("SliceWatt"));
    setAcceptDrops(true);
    if (!m_preferences.modelFolders.isEmpty())
        m_session->setModelFolders(m_preferences.modelFolders);
    {
        // The GPU and model of the last session; on a first run this machine's GPU (NVML), else
        // a current data-centre GPU, with the model its measurements chose.
        QSettings settings;
        WhatIfSettings whatIf = m_session->settings();
        whatIf.gpuId = settings.value(QStringLiteral("whatif/gpu")).toString();
        whatIf.modelId = settings.value(QStringLiteral("whatif/model")).toString();
        if (whatIf.gpuId.isEmpty() || !chooseModel(m_session->library(), whatIf).error.isEmpty()) {
            whatIf.gpuId = firstRunGpuId(m_session->library().gpus());
            if (const PowerModel* model = m_session->library().defaultModelFor(whatIf.gpuId))
                whatIf.modelId = model->id();
        }
        whatIf.delta = settings.value(QStringLiteral("whatif/delta"), whatIf.delta).toDouble();
        whatIf.energyModelId = settings.value(QStringLiteral("whatif/energyModel"), whatIf.energyModelId).toString();
        whatIf.energyCounts = energyCountsNamed(settings.value(QStringLiteral("whatif/energyCounts")).toString())
                                  .value_or(EnergyCounts::Auto);
        if (chooseModel(m_session->library(), whatIf).error.isEmpty())
            m_session->setSettings(whatIf);
        if (settings.value(QStringLiteral("view/heatUnit")).toString() == QLatin1String("energy"))
            m_session->setHeatUnit(ProjectSession::HeatUnit::Energy);
    }

    m_code = new CodePanel(this);
    setCentralWidget(m_code);
    m_kernelModel = new KernelTreeModel(*m_session, this);
    m_hotspotModel = new HotspotModel(*m_session, 100, this);
    m_diagnostics = new DiagnosticsModel(this);
    m_whatIf = new WhatIfPanel(*m_session, *m_history, this);
    m_why = new WhyPanel(*m_session, this);
    m_plots = new PlotsPanel(*m_session, this);
    createDocks();

    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(220);
    m_progress->setFormat(tr("%v / %m files"));
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setToolTip(tr("Stop the analysis (Esc)"));
    m_cancelButton->setShortcut(Qt::Key_Escape);
    m_summary = new QLabel(tr("Open a CUDA project: File → Open Folder (Ctrl+O), or drop a folder here"), this);
    m_gpuLabel = new QLabel(this);
    m_modelLabel = new QLabel(this);
    m_powerLabel = new QLabel(this);
    m_archLabel = new QLabel(this);
    m_archLabel->setToolTip(tr("The GPU architecture device code is read for (__CUDA_ARCH__), in files whose code "
                               "tests it; Edit → Preferences changes it"));
    statusBar()->addWidget(m_summary, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    statusBar()->addPermanentWidget(m_gpuLabel);
    statusBar()->addPermanentWidget(m_modelLabel);
    statusBar()->addPermanentWidget(m_archLabel);
    statusBar()->addPermanentWidget(m_powerLabel);
    setBusy(false);
    connect(m_cancelButton, &QPushButton::clicked, &m_job, &AnalysisJob::cancel);
    connect(m_cancelButton, &QPushButton::clicked, &m_ptxJob, [this] {
        if (m_ptxJob.isRunning()) {
            m_ptxJob.cancel();
            m_session->forgetPtxRequest();
            setBusy(false);
            m_summary->setText(tr("PTX compilation cancelled: %1 has no estimates until it runs (choose the model "
                                  "again)")
                                   .arg(m_session->model() ? m_session->model()->id() : QString()));
        }
    });
    connect(m_session, &ProjectSession::ptxNeeded, this, &MainWindow::compilePtx);
    connect(&m_ptxJob, &PtxCompileJob::progress, this, [this](int done, int total) {
        m_progress->setRange(0, qMax(total, 1));
        m_progress->setValue(done);
        m_summary->setText(tr("Compiling the project's PTX: %1 of %2 files").arg(done).arg(total));
    });
    connect(
        &m_ptxJob, &PtxCompileJob::finished, this, [this](std::shared_ptr<const ProjectPtx> ptx, const QString& key) {
            setBusy(m_job.isRunning());
            int failed = 0;
            for (const FilePtx& file : ptx->files)
                failed += file.compilation.ok() ? 0 : 1;
            QString files = ptx->files.size() == 1 ? tr("1 file") : tr("%1 files").arg(ptx->files.size());
            if (ptx->fromCache > 0)
                files += tr(" (%1 unchanged, from the cache)").arg(ptx->fromCache);
            m_summary->setText(failed == 0 ? tr("PTX of %1 by %2").arg(files, ptx->producer)
                                           : tr("PTX of %1 by %2; %3 did not compile (their kernels have no PTX "
                                                "numbers: Why? says why)")
                                                 .arg(files, ptx->producer)
                                                 .arg(failed));
            m_session->setPtx(std::move(ptx), key);
            updateStatus();
        });

    connect(&m_job, &AnalysisJob::sourcesLoaded, this, [this](const ProjectSources& sources) { m_sources = sources; });
    connect(&m_job, &AnalysisJob::started, this, [this](int total) {
        m_progress->setRange(0, qMax(total, 1));
        m_progress->setValue(0);
    });
    connect(&m_job, &AnalysisJob::progress, this, [this](int done, int total, const QString& file) {
        m_progress->setRange(0, qMax(total, 1));
        m_progress->setValue(done);
        if (!file.isEmpty())
            m_summary->setText(tr("Parsed %1").arg(QFileInfo(file).fileName()));
    });
    connect(&m_job, &AnalysisJob::finished, this, &MainWindow::onAnalysisFinished);
    m_partialTimer = new QTimer(this);
    m_partialTimer->setInterval(kPartialUpdateMs);
    connect(m_partialTimer, &QTimer::timeout, this, &MainWindow::showPartialResults);
    connect(&m_job, &AnalysisJob::unitIndexed, this, [this](const UnitIndex& unit) {
        if (m_incremental)
            return;
        m_arrivedUnits << unit;
        m_arrivedSinceShown = true;
    });
    connect(&m_job, &AnalysisJob::cancelled, this, [this] {
        setBusy(false);
        m_partialTimer->stop();
        // Every file that arrived before the cancel is shown, as the message says.
        showPartialResults();
        m_incremental = false;
        m_summary->setText(m_arrivedUnits.isEmpty()
                ? tr("Analysis cancelled")
                : tr("Analysis cancelled: showing the %n file(s) parsed before", nullptr, int(m_arrivedUnits.size())));
    });
    connect(m_watcher, &ProjectWatcher::filesChanged, this, &MainWindow::onFilesChanged);

    connect(m_session, &ProjectSession::estimatesChanged, this, [this] {
        m_code->refreshHeat(*m_session);
        updateStatus();
    });
    connect(m_session, &ProjectSession::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(m_session, &ProjectSession::selectionChanged, this, &MainWindow::updateStatus);
    connect(&m_code->view(), &CodeView::lineActivated, this, &MainWindow::openCurrentInEditor);
    connect(m_code, &CodePanel::heatUnitRequested, m_session, &ProjectSession::setHeatUnit);
    // The Why? panel explains the line the reader is on.
    connect(&m_code->view(), &QPlainTextEdit::cursorPositionChanged, this,
        [this] { m_why->setFocusLine(m_code->view().path(), m_code->view().textCursor().blockNumber() + 1); });

    createActions();
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
        // First start: most of the screen, never more (a 1366×768 laptop or projector).
        const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1366, 768);
        resize(std::min(1600, available.width() * 19 / 20), std::min(1000, available.height() * 9 / 10));
    }
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray())) {
        // First start: the code gets the most room; docks take their share once the window
        // has its real size.
        QTimer::singleShot(0, this, [this] {
            const auto docks = findChildren<QDockWidget*>();
            QList<QDockWidget*> sides;
            QList<QDockWidget*> bottom;
            for (QDockWidget* dock : docks) {
                if (dockWidgetArea(dock) == Qt::BottomDockWidgetArea)
                    bottom << dock;
                else
                    sides << dock;
            }
            resizeDocks(sides, QList<int>(sides.size(), width() * 27 / 100), Qt::Horizontal);
            resizeDocks(bottom, QList<int>(bottom.size(), height() * 32 / 100), Qt::Vertical);
            for (QDockWidget* dock : docks) {
                if (dock->objectName() == QLatin1String("kernelsDock")
                    || dock->objectName() == QLatin1String("whatIfDock")
                    || dock->objectName() == QLatin1String("plotsDock"))
                    dock->raise();
            }
        });
    }
    applyPreferences(m_preferences);
    updateStatus();
}

MainWindow::~MainWindow()
{
    // The disk cache is bounded; trimming when the window goes keeps it off the analysis path.
    constexpr qint64 kDiskCacheBudgetBytes = 512LL * 1024 * 1024;
    if (m_job.cache())
        m_job.cache()->trimDisk(kDiskCacheBudgetBytes);
    if (m_ptxJob.cache())
        m_ptxJob.cache()->trimDisk();
}

void MainWindow::createDocks()
{
    m_kernelView = new QTreeView(this);
    m_kernelView->setModel(m_kernelModel);
    m_kernelView->setUniformRowHeights(true);
    m_kernelView->setAlternatingRowColors(true);
    m_kernelView->header()->setStretchLastSection(false);
    m_kernelView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_kernelView->header()->setSectionResizeMode(KernelTreeModel::NameColumn, QHeaderView::Stretch);
    m_kernelView->header()->setMinimumSectionSize(40);
    // Class and Sa are in the status bar and the what-if panel, intensity in the plots and Why?:
    // the tree starts narrow enough for a laptop screen to show the kernels' names (and the
    // change column, with a baseline), and the header's context menu shows them again.
    m_kernelView->header()->setSectionHidden(KernelTreeModel::ClassColumn, true);
    m_kernelView->header()->setSectionHidden(KernelTreeModel::SaturationColumn, true);
    m_kernelView->header()->setSectionHidden(KernelTreeModel::IntensityColumn, true);
    offerColumnChoice(m_kernelView->header());
    ColumnFitter::attach(m_kernelView, m_kernelView->header());
    connect(m_kernelView->selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this](const QModelIndex& current) { onKernelActivated(current); });
    // Rows rebuilt in place (a new index) keep what the reader opened and closed; files that
    // arrive are opened like the first ones.
    FileRowOpener::attach(m_kernelView);
    // A reset (new project, changed slice structure) leaves no current row; keep the
    // session's selection visible.
    connect(m_kernelModel, &QAbstractItemModel::modelReset, this, &MainWindow::onSelectionChanged);

    m_hotspotView = makeTable(m_hotspotModel, this);
    // Where and what first; the code takes what the numbers leave and is cut at its end. The
    // share and the kernel (in every row's tooltip) wait in the header's menu on a laptop.
    QHeaderView* hotspotHeader = m_hotspotView->horizontalHeader();
    hotspotHeader->setStretchLastSection(false);
    hotspotHeader->setSectionResizeMode(HotspotModel::CodeColumn, QHeaderView::Stretch);
    hotspotHeader->setSectionHidden(HotspotModel::ShareColumn, true);
    hotspotHeader->setSectionHidden(HotspotModel::KernelColumn, true);
    offerColumnChoice(hotspotHeader);
    ColumnFitter::attach(m_hotspotView, hotspotHeader);
    connect(m_hotspotView, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        const QString key = index.data(ModelRoles::KernelKeyRole).toString();
        if (!key.isEmpty())
            m_session->select(key);
        showLocation(index.data(ModelRoles::FilePathRole).toString(), index.data(ModelRoles::LineRole).toInt());
    });
    connect(m_hotspotView, &QAbstractItemView::clicked, m_hotspotView, &QAbstractItemView::activated);

    m_diagnosticsView = makeTable(m_diagnostics, this);
    ColumnFitter::attach(m_diagnosticsView, m_diagnosticsView->horizontalHeader());
    connect(m_diagnosticsView, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        const Diagnostic& d = m_diagnostics->diagnosticAt(index.row());
        if (!d.file.isEmpty())
            showLocation(d.file, d.line);
    });
    connect(m_diagnosticsView, &QAbstractItemView::clicked, m_diagnosticsView, &QAbstractItemView::activated);

    auto* whatIfScroll = new QScrollArea(this);
    whatIfScroll->setWidget(m_whatIf);
    whatIfScroll->setWidgetResizable(true);
    whatIfScroll->setFrameShape(QFrame::NoFrame);

    QDockWidget* kernels = makeDock(tr("Kernels and Slices"), QStringLiteral("kernelsDock"), m_kernelView, this);
    QDockWidget* hotspots = makeDock(tr("Hot Spots"), QStringLiteral("hotspotsDock"), m_hotspotView, this);
    QDockWidget* whatIf = makeDock(tr("What If"), QStringLiteral("whatIfDock"), whatIfScroll, this);
    QDockWidget* why = makeDock(tr("Why?"), QStringLiteral("whyDock"), m_why, this);
    QDockWidget* plots = makeDock(tr("Plots"), QStringLiteral("plotsDock"), m_plots, this);
    QDockWidget* diagnostics = makeDock(tr("Diagnostics"), QStringLiteral("diagnosticsDock"), m_diagnosticsView, this);
    addDockWidget(Qt::LeftDockWidgetArea, kernels);
    addDockWidget(Qt::LeftDockWidgetArea, hotspots);
    tabifyDockWidget(kernels, hotspots);
    kernels->raise();
    addDockWidget(Qt::RightDockWidgetArea, whatIf);
    addDockWidget(Qt::RightDockWidgetArea, why);
    tabifyDockWidget(whatIf, why);
    whatIf->raise();
    addDockWidget(Qt::BottomDockWidgetArea, plots);
    addDockWidget(Qt::BottomDockWidgetArea, diagnostics);
    tabifyDockWidget(plots, diagnostics);
    plots->raise();
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* openFolderAction = file->addAction(tr("Open &Folder…"), this, &MainWindow::openFolder);
    openFolderAction->setShortcut(QKeySequence::Open);
    file->addAction(tr("Open F&iles…"), QKeySequence(tr("Ctrl+Shift+O")), this, &MainWindow::openFiles);
    file->addAction(tr("Open &Compile Database…"), this, &MainWindow::openCompileDatabase);
    m_recent = new RecentProjects(file->addMenu(tr("&Recent Projects")), this);
    connect(m_recent, &RecentProjects::openRequested, this, &MainWindow::openProject);
    QAction* reload = file->addAction(tr("Re&analyse"), this, [this] {
        if (!m_inputs.isEmpty())
            openProject(m_inputs);
    });
    reload->setShortcut(QKeySequence::Refresh);
    file->addAction(tr("C&lear Analysis Cache"), this, [this] {
        if (m_job.cache())
            m_job.cache()->clear();
        if (m_ptxJob.cache())
            m_ptxJob.cache()->clear();
        statusBar()->showMessage(
            tr("Analysis cache cleared: the next analysis parses every file, and compiles its PTX again"), 5000);
    });
    file->addSeparator();
    m_baselineLabel = new QLabel(this);
    statusBar()->addPermanentWidget(m_baselineLabel);
    m_baselineActions = new BaselineActions(
        this, *m_session, [this] { return m_inputs.isEmpty() ? QString() : commonFolder(m_inputs); },
        [this] { return parserOptions(m_preferences); }, m_baselineLabel);
    m_baselineActions->addTo(file);
    // The change column belongs to a comparison: shown while there is a baseline.
    const auto showChangeColumn
        = [this] { m_kernelView->setColumnHidden(KernelTreeModel::ChangeColumn, !m_session->baseline().isSet()); };
    connect(&m_session->baseline(), &BaselineComparison::changed, this, showChangeColumn);
    showChangeColumn();
    connect(&m_session->baseline(), &BaselineComparison::changed, this, [this] {
        m_code->setBaselineAvailable(m_session->baseline().isSet());
        m_code->refreshHeat(*m_session);
    });
    connect(m_code, &CodePanel::changeViewToggled, this, [this] { m_code->refreshHeat(*m_session); });
    file->addSeparator();
    file->addAction(tr("Export &Report…"), QKeySequence::Print, this, &MainWindow::exportReport);
    file->addAction(tr("Export &Plot…"), QKeySequence(tr("Ctrl+Shift+E")), this, &MainWindow::exportPlot);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_history->stack().createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_history->stack().createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("Reset All &What-ifs"), QKeySequence(tr("Ctrl+R")), this, [this] {
        WhatIfSettings next = m_session->settings();
        next.kernels.clear();
        next.allKernels = KernelWhatIf{};
        m_history->change(next, tr("Reset all what-ifs"), QStringLiteral("reset-all"));
    });
    edit->addSeparator();
    QAction* preferences = edit->addAction(tr("&Preferences…"), this, [this] {
        PreferencesDialog dialog(m_preferences, this);
        if (dialog.exec() == QDialog::Accepted)
            applyPreferences(dialog.preferences());
    });
    preferences->setShortcut(QKeySequence::Preferences);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    go->addAction(tr("Open in &Editor"), QKeySequence(tr("Ctrl+E")), this,
        [this] { openCurrentInEditor(m_code->view().textCursor().blockNumber() + 1); });
    go->addAction(tr("&Hottest Line"), QKeySequence(tr("F8")), this, [this] {
        const auto lines = m_session->hottestLines(1);
        if (lines.isEmpty())
            return;
        m_session->select(lines.first().kernelKey);
        showLocation(lines.first().file, lines.first().line);
    });
    go->addAction(tr("&Kernels"), QKeySequence(tr("Ctrl+1")), this, [this] { m_kernelView->setFocus(); });
    go->addAction(tr("&Code"), QKeySequence(tr("Ctrl+2")), this, [this] { m_code->view().setFocus(); });
    go->addAction(tr("&What If"), QKeySequence(tr("Ctrl+3")), this, [this] { m_whatIf->gpuBox()->setFocus(); });

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    QAction* calibration = tools->addAction(tr("&Calibration…"), this, [this] {
        CalibrationWindow& window = calibrationWindow();
        window.show();
        window.raise();
        window.activateWindow();
    });
    calibration->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    calibration->setToolTip(tr("Open a measured calibration, fit a power model and use it for this project"));
    QAction* accuracy = tools->addAction(tr("Model &Accuracy…"), this, [this] {
        ModelAccuracyWindow& window = accuracyWindow();
        window.show();
        window.raise();
        window.activateWindow();
    });
    accuracy->setShortcut(QKeySequence(tr("Ctrl+Shift+A")));
    accuracy->setToolTip(tr("How far each validated model was off on measured GPUs, with whole kernels held out"));

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QAction* energyHeat = m_viewMenu->addAction(tr("Heat as &Energy per Launch"));
    energyHeat->setCheckable(true);
    energyHeat->setShortcut(QKeySequence(tr("Ctrl+J")));
    energyHeat->setToolTip(tr("Paint lines by the dynamic energy their instructions take per launch (J) instead of "
                              "their share of the kernel's power (W)"));
    energyHeat->setChecked(m_session->heatUnit() == ProjectSession::HeatUnit::Energy);
    connect(energyHeat, &QAction::toggled, m_session, [this](bool on) {
        m_session->setHeatUnit(on ? ProjectSession::HeatUnit::Energy : ProjectSession::HeatUnit::Power);
    });
    connect(m_session, &ProjectSession::estimatesChanged, energyHeat, [this, energyHeat] {
        const QSignalBlocker blocker(energyHeat);
        energyHeat->setChecked(m_session->heatUnit() == ProjectSession::HeatUnit::Energy);
    });
    // The code view's change heat: the action lives with the code panel, its button too.
    QAction* changeHeat = m_code->changeAction();
    changeHeat->setText(tr("Heat as &Change since the Baseline"));
    m_viewMenu->addAction(changeHeat);
    m_viewMenu->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        m_viewMenu->addAction(dock->toggleViewAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Analysis Rules"), this, [this] {
        HelpWindow& window = rulesWindow();
        window.show();
        window.raise();
        window.activateWindow();
    });
    help->addAction(tr("&About SliceWatt"), this, [this] {
        QMessageBox::about(this, tr("About SliceWatt"),
            tr("<h3>SliceWatt %1</h3><p>Static GPU power analysis of CUDA programs by memory-space slicing.</p>"
               "<p>Models: Jiao, Lin, Balaji, Feng (JoS13 regression and wavelet network); JSW12 (program slicing "
               "power model). GPL-3.0-or-later.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::openProject(const QStringList& inputs)
{
    if (inputs.isEmpty())
        return;
    m_inputs = inputs;
    m_incremental = false;
    m_recent->add(inputs);
    // Paths in the code header are shown relative to the project.
    const QFileInfo first(inputs.first());
    m_code->setBaseDir(first.isDir() ? first.absoluteFilePath() : first.absolutePath());
    setWindowTitle(tr("%1 — SliceWatt").arg(QFileInfo(inputs.first()).fileName()));
    setBusy(true);
    m_summary->setText(tr("Loading %1").arg(inputs.join(QStringLiteral(", "))));
    m_arrivedUnits.clear();
    m_arrivedSinceShown = false;
    m_partialTimer->start(kPartialUpdateMs);
    // The project's problem sizes, read (never written) beside it; a malformed file is said
    // in the status bar and the rest goes on.
    ProblemSizes sizes;
    if (const QString file = ProblemSizes::projectFile(inputs); !file.isEmpty()) {
        sizes.addFile(file);
        if (!sizes.errors.isEmpty())
            statusBar()->showMessage(sizes.errors.join(QStringLiteral("; ")), 10000);
    }
    m_session->setProblemSizes(sizes);
    m_job.start(inputs, LoadOptions{}, parserOptions(m_preferences));
}

void MainWindow::showPartialResults()
{
    if (!m_arrivedSinceShown || m_incremental)
        return;
    m_arrivedSinceShown = false;
    QElapsedTimer cost;
    cost.start();
    ProjectIndex partial = mergeUnits(m_arrivedUnits, m_preferences.deviceArch);
    partial.loaderDiagnostics = m_sources.diagnostics;
    partial.refreshDiagnostics();
    m_session->setIndex(std::move(partial));
    m_diagnostics->setDiagnostics(m_session->index().allDiagnostics());
    // A batch costs more as the project grows (every kernel so far is merged and estimated
    // again): the next waits ten times as long as this one took, so showing batches never
    // takes more than a tenth of the GUI thread from the reader.
    m_partialTimer->setInterval(std::max(kPartialUpdateMs, int(10 * cost.elapsed())));
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

void MainWindow::onAnalysisFinished(const ProjectIndex& index)
{
    setBusy(false);
    m_partialTimer->stop();
    m_arrivedSinceShown = false;
    const bool incremental = m_incremental;
    const QStringList reparsed = m_pendingReanalysis;
    m_incremental = false;
    m_pendingReanalysis.clear();
    m_session->setIndex(index);
    m_diagnostics->setDiagnostics(index.allDiagnostics());
    for (int column = 0; column + 1 < m_diagnostics->columnCount(); ++column)
        m_diagnosticsView->resizeColumnToContents(column);

    // Watch every project file the analysis read, headers included.
    QSet<QString> files;
    for (const UnitIndex& unit : index.units) {
        files.insert(unit.path);
        for (const QString& included : unit.includedFiles)
            files.insert(included);
    }
    if (m_preferences.watchFiles)
        m_watcher->watch(QStringList(files.cbegin(), files.cend()));

    // Start where the energy is: the hottest kernel.
    if (m_session->selectedKernel().isEmpty()) {
        if (const KernelEstimateReport* hottest = m_session->hottestKernel())
            m_session->select(hottest->analysis.kernel->info.key);
    }
    const int errors = errorCount(index.allDiagnostics());
    if (incremental)
        m_summary->setText(tr("Re-analysed %n file(s) after a save", nullptr, int(reparsed.size())));
    else {
        const auto cached = std::count_if(
            index.units.cbegin(), index.units.cend(), [](const UnitIndex& unit) { return unit.fromCache; });
        const QString fileCount = cached > 0 ? tr("%1 files (%2 cached)").arg(index.units.size()).arg(cached)
                                             : tr("%1 files").arg(index.units.size());
        m_summary->setText(
            tr("%1 kernels in %2; %n error(s)", nullptr, errors).arg(index.kernels.size()).arg(fileCount));
        m_summary->setToolTip(cached > 0 ? tr("%1 files were unchanged since they were last parsed and came from the "
                                              "analysis cache (File → Clear Analysis Cache)")
                                               .arg(cached)
                                         : QString());
    }
    if (incremental)
        Q_EMIT reanalysed(reparsed);
}

void MainWindow::onFilesChanged(const QStringList& files)
{
    if (m_job.isRunning() && !m_incremental)
        return; // a full analysis is reading the files right now
    // Edits already being re-analysed are redone together with the new ones.
    QStringList changed = files;
    const QVector<SourceFile> affected = filesAffectedBy(m_session->index(), m_sources, changed);
    if (affected.isEmpty())
        return;
    m_pendingReanalysis.clear();
    for (const SourceFile& file : affected)
        m_pendingReanalysis << file.path;
    m_incremental = true;
    setBusy(true);
    m_summary->setText(tr("Re-analysing %1").arg(QFileInfo(files.first()).fileName()));
    m_job.startIncremental(m_session->index(), m_sources, affected, parserOptions(m_preferences));
}

void MainWindow::onKernelActivated(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    const QString key = index.data(ModelRoles::KernelKeyRole).toString();
    if (key.isEmpty()) {
        // A file row: show the file with every kernel's heat.
        m_session->select({});
        showLocation(index.data(ModelRoles::FilePathRole).toString(), 1);
        return;
    }
    const int space = index.data(ModelRoles::MemorySpaceRole).toInt();
    m_session->select(key, space >= 0 ? std::optional<MemorySpace>(MemorySpace(space)) : std::nullopt);
}

void MainWindow::onSelectionChanged()
{
    const KernelEstimateReport* report = m_session->kernelReport(m_session->selectedKernel());
    if (!report) {
        m_code->refreshHeat(*m_session);
        return;
    }
    const FunctionInfo& info = report->analysis.kernel->info;
    int line = info.location.line;
    if (const auto space = m_session->selectedSlice()) {
        const QVector<int>& lines = report->analysis.slices.slices[size_t(*space)].lines;
        if (!lines.isEmpty())
            line = lines.first();
    }
    showLocation(info.location.file, line);
    // Keep the tree's current row on the selection when it came from elsewhere.
    const QModelIndex row = m_kernelModel->kernelIndex(info.key);
    if (row.isValid() && !m_session->selectedSlice()
        && m_kernelView->currentIndex().data(ModelRoles::KernelKeyRole).toString() != info.key) {
        const QSignalBlocker blocker(m_kernelView->selectionModel());
        m_kernelView->setCurrentIndex(row);
    }
}

void MainWindow::showLocation(const QString& file, int line)
{
    if (file.isEmpty())
        return;
    if (m_code->view().path() != file)
        m_code->showFile(file);
    m_code->refreshHeat(*m_session);
    m_code->view().goToLine(qMax(line, 1));
}

HelpWindow& MainWindow::rulesWindow()
{
    if (!m_rules) {
        // The rule book is compiled in; read-only, in a window of its own that fits the screen.
        QFile rules(QStringLiteral(":/slicewatt/help/analysis-rules.md"));
        QString text = tr("The analysis rules ship in resources/help/analysis-rules.md.");
        if (rules.open(QIODevice::ReadOnly))
            text = QString::fromUtf8(rules.readAll());
        m_rules = new HelpWindow(tr("Analysis Rules"), text, this);
    }
    return *m_rules;
}

ModelAccuracyWindow& MainWindow::accuracyWindow()
{
    if (!m_accuracy) {
        m_accuracy = new ModelAccuracyWindow(m_session->library(), this);
        m_accuracy->setDarkPalette(isDarkPalette());
    } else
        m_accuracy->reload(); // model folders may have changed since
    m_accuracy->selectGpu(m_session->settings().gpuId);
    return *m_accuracy;
}

CalibrationWindow& MainWindow::calibrationWindow()
{
    if (!m_calibration) {
        m_calibration = new CalibrationWindow(*m_session, this);
        connect(m_calibration, &CalibrationWindow::modelInstalled, this, &MainWindow::useCalibratedModel);
    }
    return *m_calibration;
}

void MainWindow::useCalibratedModel(const QString& folder, const QString& modelId, const QString& gpuId)
{
    Preferences next = m_preferences;
    const QString cleaned = QDir::cleanPath(folder);
    const bool known = std::any_of(next.modelFolders.cbegin(), next.modelFolders.cend(),
        [&](const QString& f) { return QDir::cleanPath(f) == cleaned; });
    if (known) {
        // The folder is read already, but not the file just written into it.
        m_session->setModelFolders(m_preferences.modelFolders);
    } else {
        next.modelFolders << cleaned;
        applyPreferences(next); // saves the folder and reloads the library
    }
    WhatIfSettings settings = m_session->settings();
    settings.modelId = modelId;
    settings.gpuId = gpuId;
    m_history->change(settings, tr("Use calibrated model %1").arg(modelId), QStringLiteral("calibrated-model"));
    m_summary->setText(m_session->hasEstimates()
            ? tr("Estimating with the calibrated model %1 on %2").arg(modelId, gpuId)
            : tr("The calibrated model %1 cannot be used: %2").arg(modelId, m_session->modelError()));
}

bool MainWindow::raiseDock(const QString& objectName)
{
    auto* dock = findChild<QDockWidget*>(objectName);
    if (!dock)
        return false;
    dock->show();
    dock->raise();
    return true;
}

void MainWindow::openCurrentInEditor(int line)
{
    const QString file = m_code->view().path();
    if (file.isEmpty())
        return;
    QString error;
    if (!openInEditor(m_preferences.editorCommand, file, line, &error))
        m_summary->setText(error);
    else
        m_summary->setText(tr("Opened %1:%2 in the editor").arg(QFileInfo(file).fileName()).arg(line));
}

void MainWindow::updateStatus()
{
    const GpuSpec* gpu = m_session->gpu();
    const PowerModel* model = m_session->model();
    m_gpuLabel->setText(gpu ? gpu->name : m_session->settings().gpuId);
    m_modelLabel->setText(model ? model->name() : m_session->settings().modelId);
    if (!m_session->hasEstimates()) {
        m_powerLabel->setText(tr("<b>no estimate</b>"));
        m_powerLabel->setToolTip(m_session->modelError());
        return;
    }
    m_powerLabel->setToolTip(accuracyText(*model, *gpu));
    const KernelEstimateReport* report = m_session->kernelReport(m_session->selectedKernel());
    if (report) {
        const KernelEstimate& e = report->estimate;
        QString text = tr("<b>%1: %2</b> (%3)")
                           .arg(report->analysis.kernel->info.name.toHtmlEscaped())
                           .arg(powerWithBand(e, *model, *gpu).toHtmlEscaped())
                           .arg(e.dense ? QStringLiteral("BDPM") : QStringLiteral("BSPM"));
        if (e.joules)
            text += tr(", %1 J").arg(*e.joules, 0, 'g', 4);
        m_powerLabel->setText(text);
        return;
    }
    const KernelEstimateReport* hottest = m_session->hottestKernel();
    m_powerLabel->setText(hottest
            ? tr("hottest kernel <b>%1</b>").arg(powerWithBand(hottest->estimate, *model, *gpu).toHtmlEscaped())
            : QString());
}

void MainWindow::applyPreferences(const Preferences& preferences)
{
    const bool foldersChanged = preferences.modelFolders != m_preferences.modelFolders;
    const bool archChanged = preferences.deviceArch != m_preferences.deviceArch;
    m_preferences = preferences;
    m_preferences.save();
    if (foldersChanged) {
        m_session->setModelFolders(preferences.modelFolders);
        if (!m_session->libraryErrors().isEmpty())
            QMessageBox::warning(this, tr("Model Files"),
                tr("Some model files were skipped:\n%1").arg(m_session->libraryErrors().join(QLatin1Char('\n'))));
    }
    if (!preferences.watchFiles)
        m_watcher->watch({});
    const QString cacheFolder = preferences.diskCache ? UnitCache::defaultDiskFolder() : QString();
    if (!m_job.cache() || m_job.cache()->diskFolder() != cacheFolder)
        m_job.setCache(std::make_shared<UnitCache>(cacheFolder));
    const QString ptxFolder = PtxCache::folderBeside(cacheFolder);
    if (!m_ptxJob.cache() || m_ptxJob.cache()->diskFolder() != ptxFolder)
        m_ptxJob.setCache(std::make_shared<PtxCache>(ptxFolder));
    const bool dark = applyTheme(preferences.theme);
    m_code->setDarkPalette(dark);
    m_plots->setDarkPalette(dark);
    m_why->setDarkPalette(dark);
    if (m_calibration)
        m_calibration->setDarkPalette(dark);
    if (m_accuracy)
        m_accuracy->setDarkPalette(dark);
    m_archLabel->setText(tr("device code %1").arg(preferences.deviceArch.name()));
    // Other device code is another program: read it again (the unit cache keeps every
    // file whose code does not test __CUDA_ARCH__, so only those are parsed).
    if (archChanged && !m_inputs.isEmpty())
        openProject(m_inputs);
}

// The chosen model reads PTX: compile the project's units off the GUI thread, once the
// analysis is done (a partial index during loading would only restart it).
void MainWindow::compilePtx(const QString& key)
{
    if (m_job.isRunning() || m_sources.units.isEmpty() || !m_session->model() || !m_session->gpu())
        return;
    m_ptxJob.start(m_sources, *m_session->gpu(), ptxProducersFor(*m_session->model(), *m_session->gpu(), {}), key);
    setBusy(true);
    m_summary->setText(tr("Compiling the project's PTX with %1 …").arg(key.section(QLatin1Char('|'), 1)));
}

void MainWindow::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_cancelButton->setVisible(busy);
}

void MainWindow::exportPlot()
{
    const QString file = QFileDialog::getSaveFileName(
        this, tr("Export Plot"), QString(), tr("PDF (vector) (*.pdf);;PNG image (*.png)"));
    if (file.isEmpty())
        return;
    QString error;
    m_plots->exportCurrent(file, &error);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Export Plot"), error);
}

bool MainWindow::exportReportTo(const QString& fileName, QString* error)
{
    if (!m_session->hasEstimates()) {
        if (error)
            *error = tr("No estimate to report: %1").arg(m_session->modelError());
        return false;
    }
    ReportOptions options;
    options.project = m_inputs.join(QStringLiteral(", "));
    options.projectFolder = commonFolder(m_inputs);
    options.toolVersion = QStringLiteral(SLICEWATT_VERSION);
    options.created = reportCreationTime();
    // The same document `slicewatt-cli report` writes for the same what-ifs (and --baseline).
    ReportDocument document = buildReport(m_session->run(), m_session->settings(), options);
    if (const AnalysisComparison* comparison = m_session->baseline().comparison())
        document.changes = reportChangesOf(*comparison, m_session->baseline().label(), options.projectFolder);
    return writeReportPdf(document, fileName, error);
}

void MainWindow::exportReport()
{
    QSettings settings;
    // In the folder the last report went to, named for this project, GPU and day.
    const QString lastReport = settings.value(QStringLiteral("paths/lastReport")).toString();
    const QString folder = lastReport.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
                                                : QFileInfo(lastReport).absolutePath();
    const QString suggested
        = QDir(folder).filePath(suggestedReportFileName(m_inputs.isEmpty() ? QString() : commonFolder(m_inputs),
            m_session->settings().gpuId, reportCreationTime().date()));
    const QString file = QFileDialog::getSaveFileName(this, tr("Export Report"), suggested, tr("PDF (*.pdf)"));
    if (file.isEmpty())
        return;
    settings.setValue(QStringLiteral("paths/lastReport"), file);
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool written = exportReportTo(file, &error);
    QApplication::restoreOverrideCursor();
    if (!written) {
        QMessageBox::warning(this, tr("Export Report"), error);
        return;
    }
    m_summary->setText(tr("Report written to %1").arg(QDir::toNativeSeparators(file)));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList inputs;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            inputs << url.toLocalFile();
    }
    if (!inputs.isEmpty()) {
        event->acceptProposedAction();
        openProject(inputs);
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_job.cancel();
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("whatif/gpu"), m_session->settings().gpuId);
    settings.setValue(QStringLiteral("whatif/model"), m_session->settings().modelId);
    settings.setValue(QStringLiteral("whatif/delta"), m_session->settings().delta);
    settings.setValue(QStringLiteral("whatif/energyModel"), m_session->settings().energyModelId);
    settings.setValue(QStringLiteral("whatif/energyCounts"), energyCountsName(m_session->settings().energyCounts));
    settings.setValue(QStringLiteral("view/heatUnit"),
        m_session->heatUnit() == ProjectSession::HeatUnit::Energy ? QStringLiteral("energy") : QStringLiteral("power"));
    event->accept();
}

} // namespace slicewatt
