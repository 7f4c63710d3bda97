// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "BaselineActions.h"
#include "DockLayout.h"
#include "EditorLauncher.h"
#include "ExportActions.h"
#include "RecentProjects.h"
#include "RememberedWhatIf.h"
#include "StatusLine.h"
#include "Theme.h"
#include "ToolWindows.h"
#include "code/CodePanel.h"
#include "code/CodeView.h"
#include "export/OutputFormatting.h"
#include "models/DiagnosticsModel.h"
#include "models/HotspotModel.h"
#include "models/KernelTreeModel.h"
#include "models/ModelRoles.h"
#include "panels/WhyPanel.h"
#include "plots/PlotsPanel.h"
#include "session/ProjectSession.h"
#include "session/WhatIfHistory.h"
#include "whatif/WhatIfPanel.h"

#include <algorithm>

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTreeView>
#include <QUrl>

namespace slicewatt {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_session(new ProjectSession(this))
    , m_history(new WhatIfHistory(*m_session, this))
    , m_diagnostics(new DiagnosticsModel(this))
    , m_loader(*m_session, *m_diagnostics, this)
    , m_preferences(Preferences::load())
{
    setWindowTitle(tr("SliceWatt"));
    setAcceptDrops(true);
    if (!m_preferences.modelFolders.isEmpty())
        m_session->setModelFolders(m_preferences.modelFolders);
    restoreRememberedWhatIf(*m_session);

    m_code = new CodePanel(this);
    setCentralWidget(m_code);
    m_kernelModel = new KernelTreeModel(*m_session, this);
    m_hotspotModel = new HotspotModel(*m_session, 100, this);
    m_whatIf = new WhatIfPanel(*m_session, *m_history, this);
    m_why = new WhyPanel(*m_session, this);
    m_plots = new PlotsPanel(*m_session, this);
    m_tools = new ToolWindows(this, *m_session);
    createDocks();

    m_status = new StatusLine(statusBar());
    connect(&m_status->cancelButton(), &QPushButton::clicked, &m_loader, &ProjectLoader::cancel);
    connect(&m_loader, &ProjectLoader::busyChanged, m_status, &StatusLine::setBusy);
    connect(&m_loader, &ProjectLoader::progress, m_status, &StatusLine::setProgress);
    connect(&m_loader, &ProjectLoader::said, m_status, &StatusLine::say);
    connect(&m_loader, &ProjectLoader::problem, this,
        [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(&m_loader, &ProjectLoader::analysed, this, &MainWindow::onAnalysed);
    connect(&m_loader.ptxJob(), &PtxCompileJob::finished, this, &MainWindow::updateStatus);

    connect(m_session, &ProjectSession::estimatesChanged, this, [this](const QString& kernelKey) {
        m_code->refreshHeat(*m_session);
        updateStatus();
        // Another GPU re-estimates the whole project; its architecture may read other device code.
        if (kernelKey.isEmpty())
            followGpuArch();
    });
    connect(m_session, &ProjectSession::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(m_session, &ProjectSession::selectionChanged, this, &MainWindow::updateStatus);
    connect(&m_code->view(), &CodeView::lineActivated, this, &MainWindow::openCurrentInEditor);
    connect(m_code, &CodePanel::heatUnitRequested, m_session, &ProjectSession::setHeatUnit);
    // The Why? panel explains the line the reader is on.
    connect(&m_code->view(), &QPlainTextEdit::cursorPositionChanged, this,
        [this] { m_why->setFocusLine(m_code->view().path(), m_code->view().textCursor().blockNumber() + 1); });
    connect(m_tools, &ToolWindows::modelInstalled, this, &MainWindow::useCalibratedModel);

    createActions();
    restoreWindowLayout(*this);
    applyPreferences(m_preferences);
    updateStatus();
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks()
{
    m_kernelView = makeKernelTree(m_kernelModel, this);
    connect(m_kernelView->selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this](const QModelIndex& current) { onKernelActivated(current); });
    // A reset (new project, changed slice structure) leaves no current row; keep the
    // session's selection visible.
    connect(m_kernelModel, &QAbstractItemModel::modelReset, this, &MainWindow::onSelectionChanged);

    QTableView* hotspotView = makeHotspotTable(m_hotspotModel, this);
    connect(hotspotView, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        const QString key = index.data(ModelRoles::KernelKeyRole).toString();
        if (!key.isEmpty())
            m_session->select(key);
        showLocation(index.data(ModelRoles::FilePathRole).toString(), index.data(ModelRoles::LineRole).toInt());
    });
    connect(hotspotView, &QAbstractItemView::clicked, hotspotView, &QAbstractItemView::activated);

    m_diagnosticsView = makeDiagnosticsTable(m_diagnostics, this);
    connect(m_diagnosticsView, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        const Diagnostic& d = m_diagnostics->diagnosticAt(index.row());
        if (!d.file.isEmpty())
            showLocation(d.file, d.line);
    });
    connect(m_diagnosticsView, &QAbstractItemView::clicked, m_diagnosticsView, &QAbstractItemView::activated);

    addMainDocks(*this, {m_kernelView, hotspotView, m_whatIf, m_why, m_plots, m_diagnosticsView});
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
        if (!m_loader.inputs().isEmpty())
            openProject(m_loader.inputs());
    });
    reload->setShortcut(QKeySequence::Refresh);
    file->addAction(tr("C&lear Analysis Cache"), this, [this] {
        m_loader.clearCaches();
        statusBar()->showMessage(
            tr("Analysis cache cleared: the next analysis parses every file, and compiles its PTX again"), 5000);
    });
    file->addSeparator();
    m_baselineActions = new BaselineActions(
        this, *m_session, [this] { return m_loader.inputs().isEmpty() ? QString() : commonFolder(m_loader.inputs()); },
        [this] { return m_loader.parserOptions(); }, &m_status->baselineLabel());
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
    m_export = new ExportActions(this, *m_session, *m_plots, [this] { return m_loader.inputs(); });
    connect(m_export, &ExportActions::said, m_status, &StatusLine::say);
    m_export->addTo(file);
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

    m_tools->addToolsTo(menuBar()->addMenu(tr("&Tools")));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* energyHeat = view->addAction(tr("Heat as &Energy per Launch"));
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
    view->addAction(changeHeat);
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());

    m_tools->addHelpTo(menuBar()->addMenu(tr("&Help")));
}

void MainWindow::openProject(const QStringList& inputs)
{
    if (inputs.isEmpty())
        return;
    m_recent->add(inputs);
    // Paths in the code header are shown relative to the project.
    const QFileInfo first(inputs.first());
    m_code->setBaseDir(first.isDir() ? first.absoluteFilePath() : first.absolutePath());
    setWindowTitle(tr("%1 — SliceWatt").arg(QFileInfo(inputs.first()).fileName()));
    m_loader.open(inputs);
}

void MainWindow::showPartialResults()
{
    m_loader.showPartialResults();
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

void MainWindow::onAnalysed(const ProjectIndex& index, bool incremental, const QStringList& reparsed)
{
    for (int column = 0; column + 1 < m_diagnostics->columnCount(); ++column)
        m_diagnosticsView->resizeColumnToContents(column);

    // Start where the energy is: the hottest kernel.
    if (m_session->selectedKernel().isEmpty()) {
        if (const KernelEstimateReport* hottest = m_session->hottestKernel())
            m_session->select(hottest->analysis.kernel->info.key);
    }
    const int errors = errorCount(index.allDiagnostics());
    if (incremental)
        m_status->say(tr("Re-analysed %n file(s) after a save", nullptr, int(reparsed.size())));
    else {
        const auto cached = std::count_if(
            index.units.cbegin(), index.units.cend(), [](const UnitIndex& unit) { return unit.fromCache; });
        const QString fileCount = cached > 0 ? tr("%1 files (%2 cached)").arg(index.units.size()).arg(cached)
                                             : tr("%1 files").arg(index.units.size());
        m_status->say(tr("%1 kernels in %2; %n error(s)", nullptr, errors).arg(index.kernels.size()).arg(fileCount));
        m_status->summaryLabel().setToolTip(cached > 0
                ? tr("%1 files were unchanged since they were last parsed and came from the "
                     "analysis cache (File → Clear Analysis Cache)")
                      .arg(cached)
                : QString());
    }
    if (incremental)
        Q_EMIT reanalysed(reparsed);
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
    m_history->change(settings, tr("Use model %1 on %2").arg(modelId, gpuId), QStringLiteral("calibrated-model"));
    m_status->say(m_session->hasEstimates()
            ? tr("Estimating with the model %1 on %2").arg(modelId, gpuId)
            : tr("The model %1 cannot be used on %2: %3").arg(modelId, gpuId, m_session->modelError()));
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
        m_status->say(error);
    else
        m_status->say(tr("Opened %1:%2 in the editor").arg(QFileInfo(file).fileName()).arg(line));
}

CudaArch MainWindow::readArch() const
{
    if (m_preferences.archFromGpu && m_session->gpu()) {
        if (const auto arch = CudaArch::fromComputeCapability(m_session->gpu()->computeCapability))
            return *arch;
    }
    return m_preferences.archFromGpu ? CudaArch() : m_preferences.deviceArch;
}

Preferences MainWindow::loaderPreferences() const
{
    Preferences preferences = m_preferences;
    preferences.deviceArch = readArch();
    return preferences;
}

void MainWindow::followGpuArch()
{
    if (readArch() == m_loaderArch)
        return;
    m_loaderArch = readArch();
    m_loader.setPreferences(loaderPreferences());
    m_status->showDeviceArch(m_loaderArch.name());
    // Other device code is another program: read it again (the unit cache keeps every file
    // whose code does not test __CUDA_ARCH__, so only those are parsed).
    if (!m_loader.inputs().isEmpty())
        openProject(m_loader.inputs());
}

void MainWindow::applyPreferences(const Preferences& preferences)
{
    const bool foldersChanged = preferences.modelFolders != m_preferences.modelFolders;
    m_preferences = preferences;
    m_preferences.save();
    const bool archChanged = readArch() != m_loaderArch;
    m_loaderArch = readArch();
    // Before the model folders: their warning box runs an event loop, in which an analysis
    // may finish and must see the new preferences.
    m_loader.setPreferences(loaderPreferences());
    if (foldersChanged) {
        m_session->setModelFolders(preferences.modelFolders);
        if (!m_session->libraryErrors().isEmpty())
            QMessageBox::warning(this, tr("Model Files"),
                tr("Some model files were skipped:\n%1").arg(m_session->libraryErrors().join(QLatin1Char('\n'))));
    }
    const bool dark = applyTheme(preferences.theme);
    m_code->setDarkPalette(dark);
    m_plots->setDarkPalette(dark);
    m_why->setDarkPalette(dark);
    m_tools->setDarkPalette(dark);
    m_status->showDeviceArch(m_loaderArch.name());
    // Other device code is another program: read it again (the unit cache keeps every
    // file whose code does not test __CUDA_ARCH__, so only those are parsed).
    if (archChanged && !m_loader.inputs().isEmpty())
        openProject(m_loader.inputs());
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

CalibrationWindow& MainWindow::calibrationWindow()
{
    return m_tools->calibrationWindow();
}

ModelAccuracyWindow& MainWindow::accuracyWindow()
{
    return m_tools->accuracyWindow();
}

HelpWindow& MainWindow::rulesWindow()
{
    return m_tools->rulesWindow();
}

bool MainWindow::exportReportTo(const QString& fileName, QString* error)
{
    return m_export->exportReportTo(fileName, error);
}

QLabel& MainWindow::summaryLabel()
{
    return m_status->summaryLabel();
}

QLabel& MainWindow::powerLabel()
{
    return m_status->powerLabel();
}

void MainWindow::updateStatus()
{
    m_status->showEstimates(*m_session);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_loader.analysisJob().cancel();
    saveWindowLayout(*this);
    rememberWhatIf(*m_session);
    event->accept();
}

} // namespace slicewatt
