// SPDX-License-Identifier: GPL-3.0-or-later
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
namespace {

// slicewatt-calibrate measures total board power, idle included: the idle-aware form is
// the one that fits it without bending β0.
const QString kDefaultForm = QStringLiteral("jos13-idle");
constexpr int kMessageMs = 8000;
// Wide enough for the point table's seven columns without a scroll bar.
constexpr int kTableSideWidth = 540;

} // namespace

CalibrationWindow::CalibrationWindow(const ProjectSession& session, QWidget* parent)
    : QMainWindow(parent, Qt::Window)
    , m_session(session)
    , m_points(new CalibrationPointModel(this))
{
    setObjectName(QStringLiteral("calibrationWindow"));
    setWindowTitle(tr("Calibration — SliceWatt"));
    m_sides = new QSplitter(Qt::Horizontal, this);
    m_sides->addWidget(createLeftSide());
    m_sides->addWidget(createPlots());
    // The table keeps the width its columns need; the plots take what the window gains.
    m_sides->setStretchFactor(0, 0);
    m_sides->setStretchFactor(1, 1);
    setCentralWidget(m_sides);
    createActions();
    statusBar()->showMessage(tr("Open a calibration folder (Ctrl+O) or a calibration CSV or power trace "
                                "(Ctrl+Shift+O)"));

    QSettings settings;
    const QString form = settings.value(settingsKey("form"), kDefaultForm).toString();
    const int formIndex = m_formBox->findData(form);
    m_formBox->setCurrentIndex(formIndex >= 0 ? formIndex : m_formBox->findData(kDefaultForm));
    if (!restoreGeometry(settings.value(settingsKey("geometry")).toByteArray())) {
        const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1366, 768);
        resize(std::min(1400, available.width() * 9 / 10), std::min(900, available.height() * 9 / 10));
    }
    if (!m_sides->restoreState(settings.value(settingsKey("sides")).toByteArray()))
        m_sides->setSizes({kTableSideWidth, std::max(400, width() - kTableSideWidth)});
    m_plotSplit->restoreState(settings.value(settingsKey("plots")).toByteArray());
    // The application's theme is set before any window opens; later changes come through
    // setDarkPalette.
    setDarkPalette(palette().color(QPalette::Window).lightness() < 128);
    showSource();
    showFit();
    updateActions();
}

CalibrationWindow::~CalibrationWindow() = default;

void CalibrationWindow::setDarkPalette(bool dark)
{
    const PlotPalette plotPalette = dark ? PlotPalette::dark() : PlotPalette::light();
    m_tracePlot->setPlotPalette(plotPalette);
    m_curvesPlot->setPlotPalette(plotPalette);
    m_residualPlot->setPlotPalette(plotPalette);
    // Markers and labels take the palette when they are made: draw them again.
    showFit();
    if (m_shownTrace) {
        const ShownTrace shown = *m_shownTrace; // showTrace replaces it
        const bool isPoint = shown.row >= 0 && shown.row < m_input.points.size();
        showTrace(shown.path, shown.title, isPoint ? &m_input.points[shown.row] : nullptr);
    }
}

void CalibrationWindow::openFolderDialog()
{
    QSettings settings;
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Open Calibration Folder"), settings.value(settingsKey("lastPath")).toString());
    if (!folder.isEmpty())
        openPath(folder);
}

void CalibrationWindow::openFileDialog()
{
    QSettings settings;
    const QString file = QFileDialog::getOpenFileName(this, tr("Open Calibration CSV or Power Trace"),
        settings.value(settingsKey("lastPath")).toString(), tr("CSV files (*.csv *.txt);;All files (*)"));
    if (!file.isEmpty())
        openPath(file);
}

bool CalibrationWindow::openPath(const QString& path)
{
    QApplication::setOverrideCursor(Qt::WaitCursor);
    m_input = openCalibrationInput(path);
    QSettings().setValue(settingsKey("lastPath"), path);
    m_fit = CalibrationFit{};
    m_selectedRow = -1;
    m_shownTrace.reset();
    m_gpu.reset();
    m_gpuProblem.clear();
    m_points->setPoints(m_input.points);
    setWindowTitle(tr("%1 — Calibration — SliceWatt").arg(QFileInfo(path).fileName()));
    if (m_input.ok() && m_input.hasPoints()) {
        m_gpu = calibrationGpu(m_input.data, m_session.library().gpus(), &m_gpuProblem);
        if (const ModelForm* form = modelFormByName(m_formBox->currentData().toString()))
            m_fit = unfittedCalibration(m_input.data, *form);
    }
    showProblems();
    showSource();
    if (m_input.kind == CalibrationInput::Kind::Trace) {
        showTrace(m_input.tracePath, QFileInfo(m_input.tracePath).fileName(), nullptr);
        m_curvesPlot->showNothing(tr("A power trace alone has no points to fit: open a calibration folder or CSV."));
        m_residualPlot->showNothing(tr("No fit."));
    } else if (!m_input.ok()) {
        m_tracePlot->showNothing(tr("Nothing to show: %1 could not be read (see the problems on the left).")
                                     .arg(QFileInfo(path).fileName()));
        m_traceSummary->clear();
        m_shownTrace.reset();
        m_curvesPlot->showNothing(tr("Nothing to fit until the problems listed on the left are fixed."));
        m_residualPlot->showNothing(tr("No fit."));
    }
    if (m_input.ok() && m_input.hasPoints()) {
        fit();
        selectPoint(0); // its trace, so the window never opens empty
    }
    showFit();
    updateActions();
    QApplication::restoreOverrideCursor();
    if (m_input.ok())
        say(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
    else
        say(tr("%1 has problems: %n listed", nullptr, int(m_input.errors.size())).arg(QFileInfo(path).fileName()));
    return m_input.ok();
}

void CalibrationWindow::showProblems()
{
    m_problems->clear();
    m_problems->addItems(m_input.errors);
    m_problems->addItems(m_input.notes);
    for (int i = 0; i < m_input.errors.size(); ++i)
        m_problems->item(i)->setForeground(QColor(0xc6, 0x28, 0x28));
    const bool any = m_problems->count() > 0;
    m_problemsTitle->setText(m_input.errors.isEmpty()
            ? tr("<b>Notes</b>")
            : tr("<b>Problems</b>: the file cannot be used until these are fixed"));
    m_problemsTitle->setVisible(any);
    m_problems->setVisible(any);
}

void CalibrationWindow::showSource()
{
    if (m_input.kind == CalibrationInput::Kind::None && m_input.path.isEmpty()) {
        m_sourceLabel->setText(tr("Open the folder <b>slicewatt-calibrate</b> wrote (File → Open Calibration Folder, "
                                  "Ctrl+O), a calibration CSV, or a single power trace (Ctrl+Shift+O)."));
        return;
    }
    QStringList parts;
    parts << QStringLiteral("<b>%1</b>").arg(QDir::toNativeSeparators(m_input.path).toHtmlEscaped());
    const QMap<QString, QString>& meta = m_input.data.metadata;
    QStringList facts;
    if (m_gpu)
        facts << tr("GPU %1 (%2 SMs)").arg(m_gpu->name.toHtmlEscaped()).arg(m_gpu->sms);
    else if (m_input.hasPoints() && m_input.ok())
        facts << QStringLiteral("<span style=\"color:#c62828\">%1</span>").arg(m_gpuProblem.toHtmlEscaped());
    if (m_input.hasPoints())
        facts << tr("%n point(s)", nullptr, int(m_input.points.size()));
    // The measurement's conditions: a model holds for the clocks and driver it was measured at.
    const std::pair<const char*, QString> described[] = {{"driver", tr("driver %1")},
        {"sm_clock_mhz", tr("SM clock %1 MHz")}, {"memory_clock_mhz", tr("memory clock %1 MHz")},
        {"power_source", tr("%1 power readings")}, {"date", tr("measured %1")}};
    for (const auto& [key, text] : described) {
        const QString value = meta.value(QLatin1String(key));
        if (!value.isEmpty())
            facts << text.arg(value.toHtmlEscaped());
    }
    if (const auto idle = m_input.idleW())
        facts << tr("idle %1").arg(formatWatts(*idle));
    for (QString& fact : facts) { // a fact wraps as a whole ("SM clock 1980 MHz")
        if (!fact.contains(QLatin1Char('<')))
            fact.replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
    }
    if (!facts.isEmpty())
        parts << facts.join(QStringLiteral(" · "));
    const QString powerSource = meta.value(QStringLiteral("power_source"));
    if (!powerSource.isEmpty() && powerSource != QLatin1String("instant"))
        parts << QStringLiteral("<span style=\"color:#c62828\">%1</span>")
                     .arg(tr("The traces hold %1 readings, on Ampere and newer a 1 s average that the lag "
                             "correction cannot undo.")
                              .arg(powerSource.toHtmlEscaped()));
    m_sourceLabel->setText(parts.join(QStringLiteral("<br>")));
}

void CalibrationWindow::fit()
{
    if (!m_input.ok() || !m_input.hasPoints())
        return;
    const ModelForm* form = modelFormByName(m_formBox->currentData().toString());
    if (!form)
        return;
    m_fit = fitCalibration(m_input.data, *form);
    m_points->setFit(m_fit);
    // The suggested id follows the form until the user types one of their own.
    if (m_gpu) {
        const QString current = m_modelId->text();
        bool suggested = current.isEmpty();
        for (const ModelForm* other : allModelForms())
            suggested = suggested || current == suggestedModelId(m_gpu->id, *other);
        if (suggested)
            m_modelId->setText(suggestedModelId(m_gpu->id, *form));
    }
    showFit();
    updateActions();
    say(m_fit.ok() ? tr("Fitted %1: rms residual %2").arg(form->name(), formatWatts(m_fit.result.rmsResidual, 2))
                   : tr("%1 could not be fitted: %2").arg(form->name(), m_fit.result.error));
}

bool CalibrationWindow::setForm(const QString& name)
{
    const ModelForm* form = modelFormByName(name);
    if (!form)
        return false;
    const int index = m_formBox->findData(form->name());
    if (index == m_formBox->currentIndex())
        fit();
    else
        m_formBox->setCurrentIndex(index); // fits
    return true;
}

void CalibrationWindow::showFit()
{
    m_fitSummary->setText(fitSummaryHtml(m_fit, m_gpu ? m_gpu->boardPowerW : std::nullopt));
    if (!m_input.ok() || !m_input.hasPoints())
        return;
    QVector<int> numbers;
    for (const CalibrationPoint& point : m_input.points)
        numbers << point.number;
    m_curvesPlot->showFit(m_fit, m_selectedRow);
    m_residualPlot->showFit(m_fit, numbers, m_selectedRow);
}

void CalibrationWindow::selectPoint(int row)
{
    if (row < 0 || row >= m_input.points.size())
        return;
    if (m_table->currentIndex().row() != row) {
        m_table->setCurrentIndex(m_points->index(row, 0)); // comes back here through the selection
        return;
    }
    m_selectedRow = row;
    const CalibrationPoint& point = m_input.points[row];
    const QString title
        = tr("Point %1: Sa %2, intensity %3")
              .arg(point.number)
              .arg(formatSaturation(point.sample.saturation), formatIntensity(point.sample.intensity, false));
    if (point.tracePath.isEmpty()) {
        m_tracePlot->showNothing(tr("Point %1 has no trace: the calibration CSV names none (a folder written by "
                                    "slicewatt-calibrate keeps one per point in traces/).")
                                     .arg(point.number));
        m_traceSummary->clear();
        m_shownTrace.reset();
    } else if (point.traceMissing) {
        m_tracePlot->showNothing(tr("The trace of point %1 is missing: %2")
                                     .arg(point.number)
                                     .arg(QDir::toNativeSeparators(point.tracePath)));
        m_traceSummary->clear();
        m_shownTrace.reset();
    } else {
        showTrace(point.tracePath, title, &point);
    }
    showFit();
}

void CalibrationWindow::showIdleTrace()
{
    if (m_input.idleTracePath.isEmpty())
        return;
    {
        const QSignalBlocker blocker(m_table->selectionModel());
        m_table->clearSelection();
        m_table->setCurrentIndex({});
    }
    m_selectedRow = -1;
    showTrace(m_input.idleTracePath, tr("Idle"), nullptr);
    showFit();
}

void CalibrationWindow::showTrace(const QString& path, const QString& title, const CalibrationPoint* point)
{
    m_shownTrace = ShownTrace{path, title, point ? int(point - m_input.points.constData()) : -1};
    const PowerTrace trace = readPowerTrace(path);
    TraceMeasurement measurement;
    if (trace.ok()) {
        TraceMeasurementOptions options;
        if (point && point->run)
            options.runs << *point->run; // the calibrating tool's timer, as the CSV wrote it
        // The idle power slicewatt-calibrate measured before the points: every tail is reset
        // to the same level, so the points stay comparable.
        options.idleW = m_input.idleW();
        // A run too short to learn t_p from takes the lag the measuring run learnt overall,
        // as slicewatt-calibrate itself corrected it.
        measurement = measureTraceWithLagFallback(trace, options, m_input.lagS());
    }
    m_tracePlot->showTrace(trace, measurement, QStringLiteral("%1 — %2").arg(title, QFileInfo(path).fileName()));
    const std::optional<double> listedW = point ? std::optional<double>(point->sample.watts) : std::nullopt;
    m_traceSummary->setText(traceSummaryText(trace, measurement, listedW, point ? point->wattsSource : QString()));
}

void CalibrationWindow::updateActions()
{
    const bool fittable = m_input.ok() && m_input.hasPoints();
    m_fitButton->setEnabled(fittable);
    m_fitAction->setEnabled(fittable);
    m_formBox->setEnabled(fittable);
    const QString idProblem = modelIdProblem(m_modelId->text());
    const bool usable = m_fit.ok() && m_gpu && idProblem.isEmpty();
    m_useButton->setEnabled(usable);
    m_useAction->setEnabled(usable);
    m_modelId->setEnabled(m_fit.ok() && m_gpu);
    m_useButton->setToolTip(usable ? tr("Save the fitted model to your calibrated models and estimate the current "
                                        "project with it (Ctrl+U)")
            : !m_fit.ok()          ? tr("Fit a form first")
            : !m_gpu               ? m_gpuProblem
                                   : idProblem);
    const bool idle = !m_input.idleTracePath.isEmpty();
    m_idleButton->setVisible(idle);
    m_idleAction->setEnabled(idle);
}

bool CalibrationWindow::useThisModel(ExistingFile existing)
{
    if (!m_fit.ok() || !m_gpu)
        return false;
    const QString folder = calibratedModelsFolder();
    const QString modelId = m_modelId->text().trimmed();
    const bool gpuKnown = m_session.library().gpus().find(m_gpu->id) != nullptr;
    const CalibratedModelFiles files = calibratedModelFiles(folder, modelId, m_gpu->id, gpuKnown);
    if (QFileInfo::exists(files.modelFile)) {
        if (existing == ExistingFile::Keep) {
            say(tr("Not written: %1 exists").arg(QDir::toNativeSeparators(files.modelFile)));
            return false;
        }
        if (existing == ExistingFile::Ask
            && QMessageBox::question(this, tr("Replace Model"),
                   tr("A calibrated model with the id \"%1\" exists:\n%2\n\nReplace it with this fit?")
                       .arg(modelId, QDir::toNativeSeparators(files.modelFile)),
                   QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
                != QMessageBox::Yes) {
            say(tr("Kept the existing model %1").arg(modelId));
            return false;
        }
    }
    CalibratedModelRequest request;
    request.folder = folder;
    request.modelId = modelId;
    request.gpu = *m_gpu;
    request.gpuKnown = gpuKnown;
    request.fit = m_fit;
    request.data = m_input.data;
    request.tool = QStringLiteral("slicewatt ") + QApplication::applicationVersion();
    const CalibratedModelResult result = writeCalibratedModel(request);
    if (!result.ok()) {
        say(tr("Model not written: %1").arg(result.error));
        if (existing == ExistingFile::Ask)
            QMessageBox::warning(this, tr("Use This Model"), result.error);
        return false;
    }
    say(result.files.gpuFile.isEmpty() ? tr("Model %1 written to %2; the project now uses it")
                                             .arg(modelId, QDir::toNativeSeparators(result.files.modelFile))
                                       : tr("Model %1 and GPU %2 written to %3; the project now uses them")
                                             .arg(modelId, m_gpu->id, QDir::toNativeSeparators(folder)));
    Q_EMIT modelInstalled(folder, modelId, m_gpu->id);
    return true;
}

QString CalibrationWindow::settingsKey(const char* name)
{
    return QStringLiteral("calibration/") + QLatin1String(name);
}

void CalibrationWindow::say(const QString& message)
{
    m_lastMessage = message;
    statusBar()->showMessage(message, kMessageMs);
}

void CalibrationWindow::saveLayout()
{
    QSettings settings;
    settings.setValue(settingsKey("geometry"), saveGeometry());
    settings.setValue(settingsKey("sides"), m_sides->saveState());
    settings.setValue(settingsKey("plots"), m_plotSplit->saveState());
}

void CalibrationWindow::closeEvent(QCloseEvent* event)
{
    saveLayout();
    QMainWindow::closeEvent(event);
}

} // namespace slicewatt
