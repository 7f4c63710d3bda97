// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// The Calibration view (issue 8 in the app) on a synthetic calibration folder whose truth is
// known: 20 points from a jos13-idle surface with noise, each with a lagged sensor trace.
// Opening it lists the points, the fit gets the surface back, a point's trace is drawn raw
// and corrected, malformed input is reported in words, and "Use this model" writes the
// model and its GPU to the user's folder, after which the project is estimated with it —
// while the opened folder stays exactly as it was.
#include "SimulatedMeasurementClock.h"
#include "TestNoise.h"
#include "TestSimulatedGpu.h"
#include "TestSupport.h"
#include "accuracy/AccuracyScatterPlot.h"
#include "accuracy/ModelAccuracyWindow.h"
#include "calibration/CalibratedModelInstall.h"
#include "calibration/CalibrationPointModel.h"
#include "calibration/CalibrationWindow.h"
#include "calibration/FitCurvesPlot.h"
#include "calibration/ResidualPlot.h"
#include "calibration/TracePlot.h"
#include "export/AccuracyBreakdown.h"
#include "export/DisplayNumbers.h"
#include "gpus/DescribeGpuDialog.h"
#include "measure/SensorCorrection.h"
#include "measure/TraceImport.h"
#include "measure/TraceMeasurement.h"
#include "model/GpuSpecFile.h"
#include "models/ModelRoles.h"
#include "session/ProjectSession.h"
#include "session/WhatIfHistory.h"
#include "window/MainWindow.h"
#include "window/Preferences.h"

#include <QAbstractItemModelTester>
#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

#include <cmath>

using namespace slicewatt;

namespace {

// The GPU's true slice power, jos13-idle: P = idle + β0·Sa + β1·Ã^β2.
constexpr double kIdleW = 71.3;
constexpr double kBeta0 = 62.0;
constexpr double kBeta1 = 38.0;
constexpr double kBeta2 = 0.22;
constexpr double kPointNoiseW = 0.3;
const QVector<double> kSaturations = {0.1, 0.4, 0.7, 1.0};
const QVector<double> kIntensities = {0.5, 2, 7, 25, 90};

// Each point's trace: idle, a run of known power from kRunStartS to kRunEndS, idle again,
// read every kIntervalS by a sensor that answers after kDelayS and approaches the new level
// with time constant kTauS.
constexpr double kRunStartS = 0.5;
constexpr double kRunEndS = 1.5;
constexpr double kTraceEndS = 2.5;
constexpr double kIntervalS = 0.02;
constexpr double kDelayS = 0.05;
constexpr double kTauS = 0.08;
constexpr double kTraceNoiseW = 0.4;
constexpr int kTraceSamples = 126; // 0 … 2.5 s every 20 ms

double truePowerW(double sa, double intensity)
{
    return kIdleW + kBeta0 * sa + kBeta1 * std::pow(intensity, kBeta2);
}

// The sensor's reading at t for a run at `runW` (closed form of the delayed first-order lag).
double readingW(double t, double runW, double runEndS)
{
    const double start = kRunStartS + kDelayS;
    const double end = runEndS + kDelayS;
    if (t <= start)
        return kIdleW;
    if (t <= end)
        return kIdleW + (runW - kIdleW) * (1 - std::exp(-(t - start) / kTauS));
    const double atEnd = kIdleW + (runW - kIdleW) * (1 - std::exp(-(end - start) / kTauS));
    return kIdleW + (atEnd - kIdleW) * std::exp(-(t - end) / kTauS);
}

// The t_p this sensor has for a step to `runW`: the delay, then the approach into 3 %.
double trueLagS(double runW)
{
    return kDelayS + kTauS * std::log((runW - kIdleW) / (kSensorSettleFraction * runW));
}

QByteArray traceCsv(double runW, quint64 seed, bool withRun, double runEndS = kRunEndS)
{
    test::Noise noise(seed);
    QByteArray csv = "# gpu: Synthetic GPU 80SM\n";
    if (withRun)
        csv += "# run: 0.500 " + QByteArray::number(runEndS, 'f', 3) + '\n';
    csv += "time_s,power_w,energy_j\n";
    for (int k = 0; k < kTraceSamples; ++k) {
        const double t = k * kIntervalS;
        const double w = withRun ? readingW(t, runW, runEndS) : kIdleW;
        // The board's counter integrates the true power.
        const double overlap = withRun ? std::clamp(t, kRunStartS, runEndS) - kRunStartS : 0;
        const double energy = kIdleW * t + (runW - kIdleW) * overlap;
        csv += QByteArray::number(t, 'f', 3) + ',' + QByteArray::number(w + kTraceNoiseW * noise.gaussian(), 'f', 3)
            + ',' + QByteArray::number(energy, 'f', 3) + '\n';
    }
    return csv;
}

// What slicewatt-calibrate writes: calibration.csv (metadata, then one row per point) and
// traces/point-NN.csv, traces/idle.csv.
void writeCalibrationFolder(const QTemporaryDir& dir)
{
    test::Noise noise(42);
    QByteArray csv = "# slicewatt_calibration: 1\n"
                     "# gpu_id: synthetic-gpu\n"
                     "# gpu_name: Synthetic GPU 80SM\n"
                     "# sm_count: 80\n"
                     "# driver: 580.65.06\n"
                     "# sm_clock_mhz: 1980\n"
                     "# idle_w: 71.3\n"
                     "# date: 2026-11-21T14:00:00Z\n"
                     "# power_source: instant\n"
                     "point,gpu,saturation,intensity,lines,watts,seconds,blocks,threads,trace,run_start_s,run_end_s\n";
    int point = 0;
    for (double sa : kSaturations) {
        for (double intensity : kIntensities) {
            ++point;
            const double watts = truePowerW(sa, intensity) + kPointNoiseW * noise.gaussian();
            const QByteArray trace = QStringLiteral("traces/point-%1.csv").arg(point, 2, 10, QLatin1Char('0')).toUtf8();
            csv += QByteArray::number(point) + ",synthetic-gpu," + QByteArray::number(sa) + ','
                + QByteArray::number(intensity) + ",9," + QByteArray::number(watts, 'f', 2) + ",1.000,"
                + QByteArray::number(int(std::round(sa * 80))) + ",1024," + trace + ",0.500,1.500\n";
            test::writeFile(dir, QString::fromUtf8(trace), traceCsv(watts, quint64(100 + point), true));
        }
    }
    test::writeFile(dir, QStringLiteral("calibration.csv"), csv);
    test::writeFile(dir, QStringLiteral("traces/idle.csv"), traceCsv(kIdleW, 7, false));
}

// Every file under `folder` with its bytes: what "unchanged" means.
QMap<QString, QByteArray> snapshot(const QString& folder)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(folder, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            files.insert(QDir(folder).relativeFilePath(path), file.readAll());
    }
    return files;
}

QString cell(const CalibrationPointModel& model, int row, int column)
{
    return model.index(row, column).data().toString();
}

bool waitForAnalysis(MainWindow& window)
{
    QSignalSpy finished(&window.analysisJob(), &AnalysisJob::finished);
    return finished.wait(120000);
}

} // namespace

class CalibrationViewTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Issue 46: Tools › Describe a GPU… writes a spec file the library reads as the GPU it
    // describes, and refuses a GPU without a name, writing nothing.
    void describeGpuDialogWritesASpec()
    {
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        QTemporaryDir folder;
        DescribeGpuDialog dialog(library.gpus(), folder.path());
        dialog.startFrom(*library.gpus().find("t4"));
        const GpuSpec described = dialog.describedGpu();
        QCOMPARE(described.sms, 40);
        QCOMPARE(described.memoryTechnology, QStringLiteral("GDDR6"));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(QFileInfo::exists(dialog.writtenFile()));
        const ModelLibrary withSpec = ModelLibrary::load({folder.path()}, errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        const GpuSpec* gpu = withSpec.gpus().find(dialog.gpuId());
        QVERIFY(gpu);
        QCOMPARE(*gpu->boostClockMhz, *library.gpus().find("t4")->boostClockMhz);
        QVERIFY(withSpec.model("physical")->isDataSheetOnly(gpu->id));

        QTemporaryDir empty;
        DescribeGpuDialog unnamed(library.gpus(), empty.path());
        unnamed.accept();
        QVERIFY(unnamed.result() != int(QDialog::Accepted));
        QVERIFY(QDir(empty.path()).isEmpty());
    }

    // Issue 16: Tools › Model Accuracy draws the shipped validation: figures, every launch on
    // the scatter, the kernels worst first, a selected kernel drawn over the rest.
    void modelAccuracyWindowShowsTheShippedValidation()
    {
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const ModelAccuracy* accuracy = library.model("launch-activity")->accuracy("v100");
        QVERIFY(accuracy && !accuracy->predictions.isEmpty());
        ModelAccuracyWindow window(library);
        QVERIFY(window.selectGpu("V100"));
        QVERIFY(!window.selectGpu("gtx280")); // no measured power: not listed
        QVERIFY2(window.figuresText().contains(
                     QStringLiteral("%1 kernels, %2 launches").arg(accuracy->kernels).arg(accuracy->rows)),
            qPrintable(window.figuresText()));
        QVERIFY(window.figuresText().contains(QString::number(accuracy->mapePct, 'f', 1)));
        QCOMPARE(window.plot().pointCount(), accuracy->predictions.size());
        const QVector<KernelError> kernels = kernelErrors(*accuracy);
        QTableWidget& table = window.kernelTable();
        QCOMPARE(table.rowCount(), kernels.size());
        QCOMPARE(table.item(0, 0)->data(Qt::UserRole).toString(), kernels.first().kernel); // worst first
        QVERIFY(
            table.item(0, 2)->data(Qt::DisplayRole).toDouble() >= table.item(1, 2)->data(Qt::DisplayRole).toDouble());
        table.selectRow(0);
        QCOMPARE(window.plot().graph(1)->dataCount(), kernels.first().launches);
        QCOMPARE(window.plot().pointCount(), accuracy->predictions.size());
    }

    // The per-kernel errors and the CSV by hand on three launches of two kernels.
    void accuracyBreakdownByHand()
    {
        ModelAccuracy a;
        a.split = QStringLiteral("leave-one-kernel-out");
        a.mapePct = 12.5;
        a.predictions = {{"s|a", 1, 32, 100, 110}, {"s|a", 2, 32, 100, 70}, {"s|b", 4, 64, 50, 51}};
        const QVector<KernelError> errors = kernelErrors(a);
        QCOMPARE(errors.size(), 2);
        QCOMPARE(errors[0].kernel, QStringLiteral("s|a"));
        QCOMPARE(errors[0].launches, 2);
        QCOMPARE(errors[0].mapePct, 20.0); // (10 % + 30 %) / 2
        QCOMPARE(errors[0].meanPredictedW, 90.0);
        QCOMPARE(errors[1].mapePct, 2.0);
        const QStringList csv = QString::fromUtf8(accuracyCsv(a, "m", "v100")).split('\n', Qt::SkipEmptyParts);
        QVERIFY(csv.contains("# mape_pct: 12.50"));
        QVERIFY(csv.contains("kernel,grid,block,measured_w,predicted_w,ape_pct"));
        QCOMPARE(csv.last(), QStringLiteral("s|b,4,64,50,51,2.00"));
    }

    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("SliceWattTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_calibration_view"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QDir(calibratedModelsFolder()).removeRecursively();
        QVERIFY(m_folder.isValid());
        writeCalibrationFolder(m_folder);
        m_before = snapshot(m_folder.path());
        QCOMPARE(m_before.size(), 22); // the CSV, 20 point traces, the idle trace
    }

    void opensTheFolderAndListsItsPoints()
    {
        ProjectSession session;
        CalibrationWindow window(session);
        QAbstractItemModelTester tester(&window.pointModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(window.openPath(m_folder.path()));
        QCOMPARE(window.input().kind, CalibrationInput::Kind::Folder);
        QCOMPARE(window.pointModel().rowCount(), 20);
        QCOMPARE(window.problemList().count(), 0);
        // Point numbers, Sa and the measured watts as the CSV wrote them.
        const CalibrationPointModel& points = window.pointModel();
        QCOMPARE(cell(points, 0, CalibrationPointModel::PointColumn), QStringLiteral("1"));
        QCOMPARE(cell(points, 19, CalibrationPointModel::PointColumn), QStringLiteral("20"));
        QCOMPARE(cell(points, 5, CalibrationPointModel::SaturationColumn), QStringLiteral("0.40"));
        QCOMPARE(cell(points, 3, CalibrationPointModel::IntensityColumn), QStringLiteral("25"));
        QCOMPARE(
            cell(points, 7, CalibrationPointModel::MeasuredColumn), formatWatts(window.input().points[7].sample.watts));
        // Every point found its trace and run window in the extra columns.
        for (const CalibrationPoint& point : window.input().points) {
            QVERIFY(point.tracePath.endsWith(
                QStringLiteral("/traces/point-%1.csv").arg(point.number, 2, 10, QLatin1Char('0'))));
            QVERIFY(!point.traceMissing);
            QVERIFY(point.run);
            QCOMPARE(point.run->startS, kRunStartS);
        }
        QVERIFY(window.input().idleTracePath.endsWith(QStringLiteral("traces/idle.csv")));
        QCOMPARE(*window.input().idleW(), kIdleW);
        // The GPU is named by the metadata even though the catalogue lacks it.
        QVERIFY(!session.library().gpus().find(QStringLiteral("synthetic-gpu")));
        QCOMPARE(window.modelIdEdit().text(), QStringLiteral("synthetic-gpu-jos13-idle"));
        QVERIFY(window.useButton().isEnabled());
    }

    void fitRecoversTheSurface()
    {
        ProjectSession session;
        CalibrationWindow window(session);
        QVERIFY(window.openPath(m_folder.path()));
        QVERIFY(window.setForm(QStringLiteral("jos13-idle")));
        const CalibrationFit fit = window.currentFit(); // a copy: the next fit replaces the window's
        QVERIFY2(fit.ok(), qPrintable(fit.result.error));
        const double truth[] = {kIdleW, kBeta0, kBeta1, kBeta2};
        for (int i = 0; i < 4; ++i) {
            const double estimate = fit.result.parameters[i];
            const double se = fit.result.standardErrors[i];
            qInfo("%s = %.4f ± %.4f (true %.4f)", qPrintable(fit.form->parameterNames()[i]), estimate, se, truth[i]);
            // The truth within four standard errors, and the errors small: 0.3 W of noise on
            // 20 points pins the surface down.
            QVERIFY(std::abs(estimate - truth[i]) <= 4 * se + 1e-9);
            QVERIFY(se < 0.05 * std::abs(truth[i]));
        }
        QVERIFY(fit.result.rmsResidual < 2 * kPointNoiseW);
        QVERIFY(fit.result.maxRelativeError < 0.01);

        // The table's prediction and residual columns are the fit's.
        const CalibrationPointModel& points = window.pointModel();
        for (int row = 0; row < points.rowCount(); ++row) {
            const double measured
                = points.index(row, CalibrationPointModel::MeasuredColumn).data(ModelRoles::SortRole).toDouble();
            const double predicted
                = points.index(row, CalibrationPointModel::PredictedColumn).data(ModelRoles::SortRole).toDouble();
            const double residual
                = points.index(row, CalibrationPointModel::ResidualColumn).data(ModelRoles::SortRole).toDouble();
            QVERIFY(std::abs(measured - predicted - residual) < 1e-9);
            QVERIFY(std::abs(predicted - truePowerW(kSaturations[row / 5], kIntensities[row % 5])) < 1.5);
            QVERIFY(!cell(points, row, CalibrationPointModel::ResidualPercentColumn).isEmpty());
        }
        // Parameters with standard errors in words.
        const QString summary = window.fitSummary().text();
        QVERIFY(summary.contains(QStringLiteral("P_idle")));
        QVERIFY(summary.contains(QStringLiteral("± ")));
        QVERIFY(summary.contains(formatWatts(fit.result.rmsResidual, 2)));

        // One curve per measured Sa with its points, one stem per residual.
        QCOMPARE(window.curvesPlot().curveCount(), 4);
        QCOMPARE(window.curvesPlot().pointCount(), 20);
        QCOMPARE(window.curvesPlot().xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(window.residualPlot().residualCount(), 20);
        for (const QCPGraph* curve : window.curvesPlot().curves())
            QVERIFY(curve->dataCount() > 50);

        // A form without Sa: one curve; the published JoS13 has no idle term and fits worse.
        QVERIFY(window.setForm(QStringLiteral("linear-intensity")));
        QVERIFY(window.currentFit().ok());
        QCOMPARE(window.curvesPlot().curveCount(), 1);
        QCOMPARE(window.curvesPlot().xAxis->scaleType(), QCPAxis::stLinear);
        QCOMPARE(window.modelIdEdit().text(), QStringLiteral("synthetic-gpu-linear-intensity"));
        QVERIFY(window.setForm(QStringLiteral("jos13")));
        QVERIFY(window.currentFit().ok());
        qInfo("rms: jos13 %.4f W, jos13-idle %.4f W", window.currentFit().result.rmsResidual, fit.result.rmsResidual);
        QVERIFY(window.currentFit().result.rmsResidual > fit.result.rmsResidual);
        QVERIFY(!window.setForm(QStringLiteral("no-such-form")));
    }

    void degenerateDataIsExplainedInWords()
    {
        // Every point at one Sa: the saturation term cannot be told apart.
        QTemporaryDir dir;
        QByteArray csv = "# gpu_id: synthetic-gpu\n# sm_count: 80\nsaturation,intensity,watts\n";
        for (double intensity : kIntensities)
            csv += "0.5," + QByteArray::number(intensity) + ',' + QByteArray::number(truePowerW(0.5, intensity)) + '\n';
        const QString path = test::writeFile(dir, QStringLiteral("one-sa.csv"), csv);
        ProjectSession session;
        CalibrationWindow window(session);
        QVERIFY(window.openPath(path));
        QVERIFY(window.setForm(QStringLiteral("jos13-idle")));
        QVERIFY(!window.currentFit().ok());
        QVERIFY(!window.currentFit().result.error.isEmpty());
        QVERIFY(window.fitSummary().text().contains(QStringLiteral("Cannot fit")));
        QVERIFY(!window.useButton().isEnabled());
        QCOMPARE(window.residualPlot().residualCount(), 0);
        QCOMPARE(window.curvesPlot().pointCount(), 5); // the points are still shown
        QCOMPARE(window.curvesPlot().curveCount(), 0);
        QVERIFY(window.lastMessage().contains(QStringLiteral("could not be fitted")));
    }

    void pointTraceIsDrawnRawAndCorrected()
    {
        ProjectSession session;
        CalibrationWindow window(session);
        QVERIFY(window.openPath(m_folder.path()));
        // The first point is shown at once.
        QVERIFY(window.tracePlot().rawGraph());

        const int row = 12; // Sa 0.7, Ã 7
        window.selectPoint(row);
        QCOMPARE(window.pointTable().currentIndex().row(), row);
        const TracePlot& plot = window.tracePlot();
        QVERIFY(plot.rawGraph());
        QVERIFY(plot.correctedGraph());
        QCOMPARE(plot.rawGraph()->dataCount(), kTraceSamples);
        QCOMPARE(plot.correctedGraph()->dataCount(), kTraceSamples);
        QCOMPARE(plot.shadedRuns(), 1);
        QCOMPARE(*plot.idleLineW(), kIdleW); // the calibration's idle, not the trace's guess

        // The view's numbers are measureTrace's for the same options, and t_p is the sensor's.
        const CalibrationPoint& point = window.input().points[row];
        TraceMeasurementOptions options;
        options.runs << *point.run;
        options.idleW = kIdleW;
        const TraceMeasurement expected = measureTrace(readPowerTrace(point.tracePath), options);
        QVERIFY2(expected.ok(), qPrintable(expected.error));
        QCOMPARE(expected.lagSource, QStringLiteral("learnt"));
        QVERIFY(std::abs(*expected.lagS - trueLagS(point.sample.watts)) < 2 * kIntervalS);
        const QString text = window.traceSummary().text();
        QVERIFY2(text.contains(QStringLiteral("t_p %1 (learnt)").arg(formatSeconds(*expected.lagS))), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("idle %1 (given)").arg(formatWatts(kIdleW))));
        const RunMeasurement& run = expected.runs.first();
        QVERIFY(
            text.contains(QStringLiteral("raw %1, %2").arg(formatWatts(run.rawMeanW), formatJoules(run.rawEnergyJ))));
        QVERIFY(text.contains(QStringLiteral("corrected %1, %2")
                                  .arg(formatWatts(run.correctedMeanW), formatJoules(run.correctedEnergyJ))));
        QVERIFY(text.contains(formatWatts(point.sample.watts))); // the CSV's number beside them
        // The plot draws what the correction gave: after the run, while the lagging reading
        // still falls, the corrected trace is back at idle (the tail is not the run's).
        int tailSamples = 0;
        for (int i = 0; i < expected.corrected.samples.size(); ++i) {
            if (expected.corrected.rules[i] != CorrectionRule::IdleTail)
                continue;
            ++tailSamples;
            const double t = expected.corrected.samples[i].timeS;
            QCOMPARE(plot.correctedGraph()->data()->findBegin(t, false)->value, kIdleW);
            if (tailSamples == 1)
                QVERIFY(plot.rawGraph()->data()->findBegin(t, false)->value > kIdleW + 10);
        }
        QVERIFY(tailSamples >= 3);

        // The idle trace: no run, no selection.
        window.showIdleTrace();
        QCOMPARE(plot.rawGraph()->dataCount(), kTraceSamples);
        QCOMPARE(plot.shadedRuns(), 0);
        QVERIFY(!window.pointTable().currentIndex().isValid());

        if (const QByteArray shot = qgetenv("SLICEWATT_CALIBRATION_SCREENSHOT"); !shot.isEmpty()) {
            // For looking at the view: `SLICEWATT_CALIBRATION_SCREENSHOT=/tmp/x.png`.
            window.resize(1400, 900);
            window.show();
            window.selectPoint(row);
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QTest::qWait(200);
            const QString file = QString::fromLocal8Bit(shot);
            QVERIFY(window.grab().save(file));
            window.setDarkPalette(true);
            QTest::qWait(200); // the plots replot on the next turn of the event loop
            QVERIFY(window.grab().save(QString(file).replace(QStringLiteral(".png"), QStringLiteral("-dark.png"))));
        }

        // A theme change reaches the plots and redraws the trace in it.
        window.selectPoint(row);
        window.setDarkPalette(true);
        QCOMPARE(plot.plotPalette().background, PlotPalette::dark().background);
        QCOMPARE(window.curvesPlot().plotPalette().background, PlotPalette::dark().background);
        QCOMPARE(plot.correctedGraph()->pen().color(), PlotPalette::dark().accent);
        QCOMPARE(plot.rawGraph()->dataCount(), kTraceSamples);
    }

    void csvAloneAndLoneTraceOpen()
    {
        // The CSV copied away from its traces: points and fit, and a word where the trace was.
        QTemporaryDir dir;
        QFile::copy(m_folder.filePath(QStringLiteral("calibration.csv")), dir.filePath(QStringLiteral("mine.csv")));
        ProjectSession session;
        CalibrationWindow window(session);
        QVERIFY(window.openPath(dir.filePath(QStringLiteral("mine.csv"))));
        QCOMPARE(window.input().kind, CalibrationInput::Kind::Csv);
        QCOMPARE(window.pointModel().rowCount(), 20);
        QVERIFY(window.currentFit().ok());
        QCOMPARE(window.problemList().count(), 20); // a note per missing trace
        QVERIFY(
            window.problemList().item(0)->text().contains(QStringLiteral("mine.csv:11: trace traces/point-01.csv")));
        window.selectPoint(3);
        QVERIFY(!window.tracePlot().rawGraph());
        QVERIFY(window.tracePlot().message().contains(QStringLiteral("missing")));
        QVERIFY(!window.tracePlot().legend->visible()); // no trace: no empty legend box either

        // A CSV without trace columns at all.
        const QString plain = test::writeFile(dir, QStringLiteral("plain.csv"),
            "saturation,intensity,watts\n0.2,1,120\n0.5,3,150\n0.9,10,190\n1,30,210\n0.3,50,180\n");
        QVERIFY(window.openPath(plain));
        QCOMPARE(window.pointModel().rowCount(), 5);
        QCOMPARE(window.problemList().count(), 0);
        QVERIFY(window.tracePlot().message().contains(QStringLiteral("no trace")));
        // No GPU named: fitted, but not usable for the project, and the button says what it needs.
        QVERIFY(window.currentFit().ok());
        QVERIFY(!window.useButton().isEnabled());
        QVERIFY2(window.useButton().toolTip().contains(QStringLiteral("# gpu_id:"))
                && window.useButton().toolTip().contains(QStringLiteral("sm_count")),
            qPrintable(window.useButton().toolTip()));

        // One trace file on its own.
        QVERIFY(window.openPath(m_folder.filePath(QStringLiteral("traces/point-04.csv"))));
        QCOMPARE(window.input().kind, CalibrationInput::Kind::Trace);
        QCOMPARE(window.pointModel().rowCount(), 0);
        QCOMPARE(window.tracePlot().rawGraph()->dataCount(), kTraceSamples);
        QVERIFY(window.tracePlot().correctedGraph());
        QCOMPARE(window.tracePlot().shadedRuns(), 1); // from its `# run:` line
        QVERIFY(window.tracePlot().legend->visible() && window.tracePlot().legend->itemCount() >= 2);
        for (int i = 0; i < window.tracePlot().legend->itemCount(); ++i) {
            auto* item = qobject_cast<QCPPlottableLegendItem*>(window.tracePlot().legend->item(i));
            QVERIFY(!item || !item->plottable()->name().isEmpty()); // every entry named
        }
        QVERIFY(window.traceSummary().text().contains(QStringLiteral("learnt")));
        QVERIFY(!window.useButton().isEnabled());
        QVERIFY(!window.curvesPlot().message().isEmpty());
    }

    void shortRunUsesTheCalibrationsLag()
    {
        // A run of 0.12 s never lets the sensor settle: t_p cannot be learnt from it, so the
        // view corrects it with the lag the measuring run learnt overall (`# lag_s:`).
        QTemporaryDir dir;
        const double runW = 150;
        const QByteArray row = "1,0.5,7," + QByteArray::number(runW) + ",settled-trace,traces/short.csv,0.5,0.62\n";
        const QByteArray header = "point,saturation,intensity,watts,watts_source,trace,run_start_s,run_end_s\n";
        test::writeFile(dir, QStringLiteral("traces/short.csv"), traceCsv(runW, 9, true, 0.62));
        const QString withLag
            = test::writeFile(dir, QStringLiteral("with-lag.csv"), "# idle_w: 71.3\n# lag_s: 0.295\n" + header + row);
        const QString withoutLag
            = test::writeFile(dir, QStringLiteral("without-lag.csv"), "# idle_w: 71.3\n" + header + row);
        ProjectSession session;
        CalibrationWindow window(session);

        QVERIFY(window.openPath(withoutLag));
        const TracePlot& plot = window.tracePlot();
        QCOMPARE(plot.rawGraph()->dataCount(), kTraceSamples);
        QVERIFY(!plot.correctedGraph()); // nothing to correct it with, said in words
        QVERIFY(plot.message().contains(QStringLiteral("t_p")));
        QVERIFY(window.traceSummary().text().contains(QStringLiteral("Not corrected")));

        QVERIFY(window.openPath(withLag));
        QVERIFY(plot.correctedGraph());
        QCOMPARE(plot.correctedGraph()->dataCount(), kTraceSamples);
        const QString text = window.traceSummary().text();
        QVERIFY2(text.contains(QStringLiteral("t_p 0.295 s (given)")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("shorter than t_p")));
        QVERIFY(text.contains(QStringLiteral("lists 150.0 W for this point (settled trace)")));
    }

    void malformedInputIsListedNotFatal()
    {
        QTemporaryDir dir;
        const QString bad = test::writeFile(dir, QStringLiteral("bad/calibration.csv"),
            "# gpu_id: synthetic-gpu\n# sm_count: 80\n"
            "point,saturation,intensity,watts,trace\n"
            "1,0.5,2,abc,traces/p1.csv\n"
            "2,1.5,2,150,traces/p2.csv\n"
            "3,0.5,2\n"
            "4,0.5,7,160,traces/p4.csv\n");
        ProjectSession session;
        CalibrationWindow window(session);
        QVERIFY(!window.openPath(QFileInfo(bad).absolutePath()));
        QStringList shown;
        for (int i = 0; i < window.problemList().count(); ++i)
            shown << window.problemList().item(i)->text();
        qInfo("%s", qPrintable(shown.join(QLatin1Char('\n'))));
        QVERIFY(shown.size() >= 3);
        QVERIFY(shown.filter(QStringLiteral("calibration.csv:4: 'abc' is not a number in column watts")).size() == 1);
        QVERIFY(shown.filter(QStringLiteral("calibration.csv:5: saturation 1.5 is outside [0, 1]")).size() == 1);
        QVERIFY(shown.filter(QStringLiteral("calibration.csv:6: expected 5 columns, got 3")).size() == 1);
        QVERIFY(!window.problemList().isHidden());
        QVERIFY(!window.useButton().isEnabled());
        QVERIFY(!window.currentFit().ok());
        QVERIFY(!window.curvesPlot().message().isEmpty());
        QCOMPARE(window.residualPlot().residualCount(), 0);

        // A folder without calibration.csv, a path that is not there, a binary file, a
        // malformed trace: each says what is wrong.
        QVERIFY(!window.openPath(dir.path()));
        QVERIFY(window.problemList().item(0)->text().contains(QStringLiteral("no calibration.csv")));
        QVERIFY(!window.openPath(dir.filePath(QStringLiteral("nothing-here"))));
        QVERIFY(window.problemList().item(0)->text().contains(QStringLiteral("no such file")));
        const QString binary
            = test::writeFile(dir, QStringLiteral("blob.csv"), QByteArray("\x00\x01\x02saturation", 13));
        QVERIFY(!window.openPath(binary));
        QVERIFY(window.problemList().count() > 0);
        const QString trace
            = test::writeFile(dir, QStringLiteral("trace.csv"), "time_s,power_w\n0,80\n0.1,oops\n0.2,81\n");
        window.openPath(trace);
        QCOMPARE(window.input().kind, CalibrationInput::Kind::Trace);
        QVERIFY(!window.tracePlot().rawGraph());
        QVERIFY(window.tracePlot().message().contains(QStringLiteral("trace.csv:3:")));
        QVERIFY(window.traceSummary().text().contains(QStringLiteral("trace.csv:3:")));
    }

    void useThisModelEstimatesTheProjectWithIt()
    {
        QTemporaryDir project;
        test::writeFile(project, QStringLiteral("scale.cu"),
            "__global__ void scale(float* p, float s) {\n"
            "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "  float v = p[i];\n"
            "  for (int k = 0; k < 32; ++k) v = v * s + 1.0f;\n"
            "  p[i] = v;\n"
            "}\n"
            "void run(float* p) { scale<<<40, 256>>>(p, 2.0f); }\n");
        MainWindow main;
        main.openProject({project.path()});
        QVERIFY(waitForAnalysis(main));
        ProjectSession& session = main.session();
        QVERIFY(session.hasEstimates());
        const QString previousModel = session.settings().modelId;
        const QString kernel = session.run().kernels.first().analysis.kernel->info.key;
        const double before = session.kernelReport(kernel)->estimate.watts;

        // Tools → Calibration… opens the window; it is one window, kept.
        QAction* open = nullptr;
        for (QAction* action : main.findChildren<QAction*>()) {
            if (action->text() == QStringLiteral("&Calibration…"))
                open = action;
        }
        QVERIFY(open);
        QCOMPARE(open->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+C")));
        open->trigger();
        CalibrationWindow& window = main.calibrationWindow();
        QVERIFY(window.isVisible());
        QCOMPARE(&window, &main.calibrationWindow());
        QVERIFY(window.openPath(m_folder.path()));
        QVERIFY(window.setForm(QStringLiteral("jos13-idle")));
        QSignalSpy installed(&window, &CalibrationWindow::modelInstalled);
        QVERIFY(window.useThisModel(CalibrationWindow::ExistingFile::Replace));
        QCOMPARE(installed.count(), 1);

        // The model and its GPU are in the user's folder, which the preferences now list.
        const QString folder = calibratedModelsFolder();
        QVERIFY(folder.startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
        const QString modelFile = QDir(folder).filePath(QStringLiteral("synthetic-gpu-jos13-idle.json"));
        QVERIFY(QFileInfo::exists(modelFile));
        QVERIFY(QFileInfo::exists(QDir(folder).filePath(QStringLiteral("gpus-synthetic-gpu.json"))));
        QVERIFY(Preferences::load().modelFolders.contains(folder));
        QFile written(modelFile);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(written.readAll()).object();
        QCOMPARE(root.value(QStringLiteral("form")).toString(), QStringLiteral("jos13-idle"));
        const QJsonObject measurement
            = root.value(QStringLiteral("provenance")).toObject().value(QStringLiteral("measurement")).toObject();
        QCOMPARE(measurement.value(QStringLiteral("gpu_name")).toString(), QStringLiteral("Synthetic GPU 80SM"));
        QCOMPARE(measurement.value(QStringLiteral("idle_w")).toDouble(), kIdleW);

        // The project is estimated with it: the new GPU's SM count, the fitted surface.
        QCOMPARE(session.model()->id(), QStringLiteral("synthetic-gpu-jos13-idle"));
        QCOMPARE(session.gpu()->id, QStringLiteral("synthetic-gpu"));
        QCOMPARE(session.gpu()->sms, 80);
        QVERIFY(session.hasEstimates());
        const KernelEstimate& after = session.kernelReport(kernel)->estimate;
        QVERIFY(after.watts != before);
        QCOMPARE(after.saturation, 0.5); // 40 blocks on 80 SMs
        QVERIFY(after.watts > kIdleW + kBeta0 * 0.5 * 0.9);
        QVERIFY(window.lastMessage().contains(QStringLiteral("synthetic-gpu-jos13-idle")));

        // One undoable step back to the previous model.
        main.history().stack().undo();
        QCOMPARE(session.settings().modelId, previousModel);
        QCOMPARE(session.kernelReport(kernel)->estimate.watts, before);
        main.history().stack().redo();
        QCOMPARE(session.model()->id(), QStringLiteral("synthetic-gpu-jos13-idle"));

        // A second time the file exists: kept unless replacing is confirmed. The GPU is in
        // the library now, so no second GPU file is needed.
        const QByteArray first = snapshot(folder).value(QStringLiteral("synthetic-gpu-jos13-idle.json"));
        QVERIFY(!window.useThisModel(CalibrationWindow::ExistingFile::Keep));
        QVERIFY(window.lastMessage().contains(QStringLiteral("exists")));
        QCOMPARE(snapshot(folder).value(QStringLiteral("synthetic-gpu-jos13-idle.json")), first);
        QVERIFY(window.setForm(QStringLiteral("jos13")));
        QVERIFY(window.useThisModel(CalibrationWindow::ExistingFile::Keep)); // a new id: written
        QCOMPARE(session.model()->id(), QStringLiteral("synthetic-gpu-jos13"));
        QCOMPARE(Preferences::load().modelFolders.count(folder), 1);

        // The opened folder was only read.
        QCOMPARE(snapshot(m_folder.path()), m_before);
    }

    void windowRemembersItsPlace()
    {
        ProjectSession session;
        {
            CalibrationWindow window(session);
            window.resize(1000, 700);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.setForm(QStringLiteral("linear-intensity")));
            window.openPath(m_folder.path());
            window.close();
        }
        QSettings settings;
        QVERIFY(!settings.value(QStringLiteral("calibration/geometry")).toByteArray().isEmpty());
        QCOMPARE(settings.value(QStringLiteral("calibration/lastPath")).toString(), m_folder.path());
        CalibrationWindow again(session);
        QCOMPARE(again.size(), QSize(1000, 700));
        QCOMPARE(again.formBox().currentData().toString(), QStringLiteral("linear-intensity"));
    }

    // What slicewatt-calibrate itself writes (its runner on a simulated GPU, the same
    // writer): every point listed with its trace and run, and the fit close to the truth.
    void opensWhatTheCalibrationToolWrites()
    {
        const test::SurfaceTruth truth;
        test::SimulatedMeasurementClock clock;
        test::SimulatedGpu gpu(truth, 0.08, true, clock);
        CalibrationRunOptions options = test::quickOptions(clock);
        options.plan.intensities = {7, 60, 550, 8200};
        const CalibrationRunResult result = runCalibration(
            gpu, [&](QString* e) { return gpu.read(e); }, test::simulatedGpuInfo(), options, [](const QString&) {});
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QTemporaryDir dir;
        QString error;
        QVERIFY2(slicewatt::writeCalibrationFolder(result, dir.path(), &error), qPrintable(error));

        ProjectSession session;
        CalibrationWindow window(session);
        QVERIFY(window.openPath(dir.path()));
        QCOMPARE(window.problemList().count(), 0);
        QCOMPARE(window.pointModel().rowCount(), int(result.records.size()));
        for (int i = 0; i < result.records.size(); ++i) {
            const CalibrationPoint& point = window.input().points[i];
            QCOMPARE(point.number, result.records[i].point);
            QVERIFY(!point.traceMissing);
            QVERIFY(point.run);
            QCOMPARE(point.wattsSource, QStringLiteral("energy-counter"));
        }
        QVERIFY(window.input().idleW());
        QVERIFY(window.setForm(QStringLiteral("jos13-idle")));
        QVERIFY(window.currentFit().ok());
        QVERIFY2(std::abs(window.currentFit().result.parameters[1] - truth.beta0) < 0.05 * truth.beta0,
            qPrintable(QString::number(window.currentFit().result.parameters[1])));
        window.selectPoint(2);
        QVERIFY(window.tracePlot().rawGraph());
        QCOMPARE(window.tracePlot().shadedRuns(), 1);
    }

private:
    QTemporaryDir m_folder;
    QMap<QString, QByteArray> m_before;
};

QTEST_MAIN(CalibrationViewTest)
#include "test_calibration_view.moc"
