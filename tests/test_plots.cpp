// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// The plots headless: every number they draw is the core's (PowerModel::predict,
// estimateKernelWhatIf), they follow the session, and exports are atomic.
#include "Near.h"
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/SaturationSweep.h"
#include "export/DisplayNumbers.h"
#include "model/ModelGrid.h"
#include "plots/ContributionBars.h"
#include "plots/GpuSurfacesGrid.h"
#include "plots/PlotsPanel.h"
#include "plots/SaturationSweepPlot.h"
#include "plots/SurfacePlot.h"
#include "plots/WnnComparisonPlot.h"
#include "project/ProjectLoader.h"
#include "session/ProjectSession.h"

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace slicewatt;

namespace {

using test::near;

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Every entry of `dir`, hidden ones too (temporary files start with a dot).
QStringList entries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

double predicted(const PowerModel& model, const GpuSpec& gpu, double intensity, double saturation, double lines = 10)
{
    SliceOperatingPoint point;
    (model.usesFractionIntensity() ? point.intensityFraction : point.intensityRatio) = intensity;
    point.saturation = saturation;
    point.activeSms = int(std::lround(saturation * gpu.sms));
    point.lines = lines;
    const auto prediction = model.predict(gpu, point);
    return prediction ? prediction->watts : std::nan("");
}

// Every text element of a plot's layout (its title among them), joined by spaces.
QString layoutTexts(const QCustomPlot& plot)
{
    QStringList texts;
    for (QCPLayoutElement* element : plot.plotLayout()->elements(true)) {
        if (auto* text = qobject_cast<QCPTextElement*>(element))
            texts << text->text();
    }
    return texts.join(QLatin1Char(' '));
}

} // namespace

class PlotsTest : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<ProjectSession> m_session;
    QString m_kernelKey; // a kernel with several slices and a positive intensity

    ProjectSession& session() { return *m_session; }
    const KernelEstimateReport& report() { return *session().kernelReport(m_kernelKey); }
    const GpuSpec& gpu(const QString& id) { return *session().library().gpus().find(id); }
    const PowerModel& model(const QString& id) { return *session().library().model(id); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_session = std::make_unique<ProjectSession>();
        m_session->setIndex(indexProject(loadProject({test::exampleDir()}, LoadOptions{}), test::parserOptions()));
        QVERIFY(m_session->hasEstimates());
        int mostSlices = 0;
        for (const KernelEstimateReport& r : m_session->run().kernels) {
            if (r.estimate.averageIntensity > 0 && r.estimate.slices.size() > mostSlices) {
                mostSlices = int(r.estimate.slices.size());
                m_kernelKey = r.analysis.kernel->info.key;
            }
        }
        QVERIFY2(mostSlices >= 2, "the example needs a kernel with two slices or more");
    }

    void init()
    {
        session().setSettings(WhatIfSettings{});
        session().select(m_kernelKey);
    }

    void modelGridValuesArePredictionsAtCellCentres_data()
    {
        QTest::addColumn<QString>("modelId");
        QTest::addColumn<QString>("gpuId");
        QTest::newRow("jos13 gtx280") << "jos13"
                                      << "gtx280";
        QTest::newRow("jos13 gtx480") << "jos13"
                                      << "gtx480";
        QTest::newRow("jsw12 gtx280") << "jsw12"
                                      << "gtx280";
        QTest::newRow("wnn c870") << "wnn"
                                  << "c870";
    }

    void modelGridValuesArePredictionsAtCellCentres()
    {
        QFETCH(QString, modelId);
        QFETCH(QString, gpuId);
        const PowerModel& m = model(modelId);
        const GpuSpec& g = gpu(gpuId);
        ModelGridOptions options;
        options.intensitySteps = 31;
        options.saturationSteps = 19;
        options.lines = 12;
        const ModelGrid grid = ModelGrid::sample(m, g, options);
        QVERIFY(grid.hasValues());
        const GridAxis& x = grid.intensity();
        const GridAxis& sa = grid.saturation();
        QCOMPARE(x.count, 31);
        if (m.usesFractionIntensity()) {
            QCOMPARE(x.first, 0.0);
            QCOMPARE(x.last, 1.0);
        } else {
            QCOMPARE(x.first, m.intensityMin());
            QCOMPARE(x.last, m.intensityMax());
            QVERIFY(x.logarithmic);
        }
        if (modelId == QLatin1String("jsw12")) {
            // Whole SM counts from 0.1·SMs up: JSW12 depends on the number of active SMs.
            QCOMPARE(sa.count, g.sms - int(std::ceil(0.1 * g.sms)) + 1);
            for (int j = 0; j < sa.count; ++j)
                QVERIFY(near(sa.at(j) * g.sms, std::round(sa.at(j) * g.sms)));
        } else {
            QCOMPARE(sa.count, 19);
            QCOMPARE(sa.first, 0.1);
            QCOMPARE(sa.last, 1.0);
        }
        for (int i : {0, 7, 30}) {
            for (int j : {0, sa.count / 2, sa.count - 1}) {
                // The cell centre computed here, independently of GridAxis::at.
                const double t = double(i) / 30;
                const double intensity = x.logarithmic
                    ? std::pow(10.0, std::log10(x.first) + t * (std::log10(x.last) - std::log10(x.first)))
                    : x.first + t * (x.last - x.first);
                const double saturation = sa.first + (sa.last - sa.first) * j / (sa.count - 1);
                const double expected = predicted(m, g, intensity, saturation, 12);
                QVERIFY2(near(grid.watts(i, j), expected),
                    qPrintable(
                        QStringLiteral("cell %1,%2: %3 vs %4").arg(i).arg(j).arg(grid.watts(i, j)).arg(expected)));
            }
        }
        // A curve at fixed Sa is the grid's row.
        const QVector<double> row = sampleModelCurve(m, g, sa.at(3), x, 12);
        for (int i = 0; i < x.count; ++i)
            QVERIFY(near(row[i], grid.watts(i, 3)));
    }

    void modelGridIsEmptyForAnUncoveredGpu()
    {
        const ModelGrid grid = ModelGrid::sample(model(QStringLiteral("jsw12")), gpu(QStringLiteral("gtx480")));
        QVERIFY(!grid.hasValues());
        QVERIFY(std::isnan(grid.watts(0, 0)));
    }

    void surfaceColourMapIsTheModel()
    {
        SurfacePlot plot;
        plot.refresh(makePlotContext(session()));
        QVERIFY(plot.message().isEmpty());
        QCOMPARE(plot.colorScale()->axis()->label(), QStringLiteral("Power, W"));
        QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLogarithmic);
        const PowerModel& m = *session().model();
        const GpuSpec& g = *session().gpu();
        QCPColorMapData* data = plot.colorMap()->data();
        QVERIFY(data->keySize() > 50 && data->valueSize() > 50);
        for (int i : {0, 40, data->keySize() - 1}) {
            for (int j : {0, 33, data->valueSize() - 1}) {
                // Where the map draws the cell, read back through the plot's own axes.
                double key = 0;
                double value = 0;
                data->cellToCoord(i, j, &key, &value);
                const double expected = predicted(m, g, plot.intensityAtMapKey(key), value);
                QVERIFY2(near(data->cell(i, j), expected, 1e-9),
                    qPrintable(
                        QStringLiteral("cell %1,%2: %3 vs %4").arg(i).arg(j).arg(data->cell(i, j)).arg(expected)));
            }
        }
        // The visible log axis and the map's hidden log10 axis show the same range.
        QVERIFY(near(std::log10(plot.xAxis->range().lower), plot.xAxis2->range().lower));
        QVERIFY(near(std::log10(plot.xAxis->range().upper), plot.xAxis2->range().upper));
    }

    // Issue 19: the wheel zooms at the cursor, Shift+drag zooms to the band, a drag pans, a
    // double-click goes home; the map's hidden axis follows; the reader's view outlives a
    // refresh; hovering reads the model's power where the cursor is.
    void surfacesZoomPanResetAndReadOut()
    {
        SurfacePlot plot;
        plot.resize(640, 420);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.refresh(makePlotContext(session()));
        plot.replot();
        const QCPRange home = plot.xAxis->range();
        const QCPRange homeSa = plot.yAxis->range();
        // A kernel at Sa = 1 (most are) has its whole 14 px diamond inside the plot.
        QVERIFY(plot.yAxis->coordToPixel(1.0) - plot.axisRect()->rect().top() >= 7.5);
        const QPoint centre = plot.axisRect()->rect().center();
        const auto mapFollows = [&] {
            return near(std::log10(plot.xAxis->range().lower), plot.xAxis2->range().lower)
                && near(std::log10(plot.xAxis->range().upper), plot.xAxis2->range().upper);
        };

        // The read-out: the axes' values there and the map's power, which is the model's.
        const QString readout = plot.readoutAt(centre);
        const double intensity = plot.xAxis->pixelToCoord(centre.x());
        const double saturation = plot.yAxis->pixelToCoord(centre.y());
        QVERIFY2(readout.contains(QStringLiteral("Intensity Ã = ") + formatNumber(intensity, 4)), qPrintable(readout));
        QVERIFY2(
            readout.contains(QStringLiteral("SM saturation Sa = ") + formatNumber(saturation, 4)), qPrintable(readout));
        const QRegularExpressionMatch power = QRegularExpression(QStringLiteral("Power = ([0-9.]+) W")).match(readout);
        QVERIFY2(power.hasMatch(), qPrintable(readout));
        const double expected = plot.colorMap()->data()->data(
            plot.xAxis2->pixelToCoord(centre.x()), plot.yAxis->pixelToCoord(centre.y()));
        QVERIFY(near(power.captured(1).toDouble(), expected, 1e-3));
        QVERIFY(plot.readoutAt(QPointF(2, 2)).isEmpty()); // outside the axes

        QWheelEvent wheel(centre, plot.mapToGlobal(centre), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier,
            Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(&plot, &wheel);
        QVERIFY(plot.xAxis->range().size() < home.size());
        QVERIFY(plot.yAxis->range().size() < homeSa.size());
        QVERIFY(plot.isViewChanged());
        QVERIFY(mapFollows());
        const QCPRange zoomed = plot.xAxis->range();
        // A what-if step redraws under the reader's view.
        plot.refresh(makePlotContext(session()));
        QVERIFY(near(plot.xAxis->range().lower, zoomed.lower) && near(plot.xAxis->range().upper, zoomed.upper));
        QVERIFY(mapFollows());

        // A drag pans: the range moves, its size stays.
        QTest::mousePress(&plot, Qt::LeftButton, Qt::NoModifier, centre);
        QTest::mouseMove(&plot, centre + QPoint(60, 0));
        QTest::mouseRelease(&plot, Qt::LeftButton, Qt::NoModifier, centre + QPoint(60, 0));
        QVERIFY(plot.xAxis->range().lower < zoomed.lower);
        QVERIFY(near(std::log10(plot.xAxis->range().upper / plot.xAxis->range().lower),
            std::log10(zoomed.upper / zoomed.lower), 1e-6));

        // Home again.
        QTest::mouseDClick(&plot, Qt::LeftButton, Qt::NoModifier, centre);
        QVERIFY(!plot.isViewChanged());
        QVERIFY(near(plot.xAxis->range().lower, home.lower) && near(plot.xAxis->range().upper, home.upper));
        QVERIFY(mapFollows());

        // Shift+drag: the rubber band's corners become the ranges (to the pixel: QRect's
        // right and bottom edges lie one pixel inside the release point).
        const QPoint from = centre - QPoint(80, 50);
        const QPoint to = centre + QPoint(40, 30);
        const double left = plot.xAxis->pixelToCoord(from.x());
        const double right = plot.xAxis->pixelToCoord(to.x());
        const double rightBeyond = plot.xAxis->pixelToCoord(to.x() + 1);
        const double top = plot.yAxis->pixelToCoord(from.y());
        const double bottom = plot.yAxis->pixelToCoord(to.y());
        const double bottomBeyond = plot.yAxis->pixelToCoord(to.y() + 1);
        QTest::mousePress(&plot, Qt::LeftButton, Qt::ShiftModifier, from);
        QTest::mouseMove(&plot, to);
        QTest::mouseRelease(&plot, Qt::LeftButton, Qt::ShiftModifier, to);
        QVERIFY(near(plot.xAxis->range().lower, left, 1e-6));
        QVERIFY2(
            std::abs(std::log10(plot.xAxis->range().upper / right)) <= std::abs(std::log10(rightBeyond / right)) * 1.01,
            qPrintable(QStringLiteral("%1 vs %2").arg(plot.xAxis->range().upper).arg(right)));
        QVERIFY(near(plot.yAxis->range().upper, top, 1e-6));
        QVERIFY(std::abs(plot.yAxis->range().lower - bottom) <= std::abs(bottomBeyond - bottom) * 1.01);
        QVERIFY(mapFollows());
        QTest::keyClick(&plot, Qt::Key_Home);
        QVERIFY(!plot.isViewChanged());

        // On a curve: the nearest point of the sweep, named.
        SaturationSweepPlot sweep;
        sweep.resize(640, 420);
        sweep.show();
        QVERIFY(QTest::qWaitForWindowExposed(&sweep));
        sweep.refresh(makePlotContext(session()));
        sweep.replot();
        const QCPGraphData last = *(sweep.sweepGraph()->data()->constEnd() - 1);
        const QPointF at(sweep.xAxis->coordToPixel(last.key), sweep.yAxis->coordToPixel(last.value));
        const QString onCurve = sweep.readoutAt(at + QPointF(2, 1));
        QVERIFY2(onCurve.contains(QStringLiteral("sweep: SM saturation Sa = 1, Kernel power P̂ = ")
                     + formatNumber(last.value, 4) + QStringLiteral(" W")),
            qPrintable(onCurve));
        // The Active SMs axis follows a zoom of the Sa axis.
        QWheelEvent sweepWheel(at.toPoint(), sweep.mapToGlobal(at.toPoint()), QPoint(), QPoint(0, 120), Qt::NoButton,
            Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(&sweep, &sweepWheel);
        QVERIFY(near(sweep.xAxis2->range().upper, sweep.xAxis->range().upper * session().gpu()->sms, 1e-9));
    }

    void surfaceShowsTheKernelAndItsSlices()
    {
        SurfacePlot plot;
        plot.refresh(makePlotContext(session()));
        const KernelEstimate& estimate = report().estimate;
        QCOMPARE(int(plot.kernelGraph()->data()->size()), 1);
        QCOMPARE(plot.kernelGraph()->data()->at(0)->key, estimate.averageIntensity);
        QCOMPARE(plot.kernelGraph()->data()->at(0)->value, estimate.saturation);
        QCOMPARE(int(plot.sliceGraph()->data()->size()), int(estimate.slices.size()));
        QVector<double> expected; // a graph keeps its points sorted by key
        for (const SliceEstimate& slice : estimate.slices)
            expected << slice.intensityRatio;
        std::sort(expected.begin(), expected.end());
        for (int i = 0; i < expected.size(); ++i) {
            QCOMPARE(plot.sliceGraph()->data()->at(i)->key, expected[i]);
            QCOMPARE(plot.sliceGraph()->data()->at(i)->value, estimate.saturation);
        }
        // The labels name the kernel and each slice's space with its watts.
        QStringList labels;
        for (int i = 0; i < plot.itemCount(); ++i) {
            if (auto* text = qobject_cast<QCPItemText*>(plot.item(i)))
                labels << text->text();
        }
        const QString kernelName = report().analysis.kernel->info.name;
        QVERIFY2(labels.contains(QStringLiteral("%1: %2").arg(kernelName, formatWatts(estimate.watts))),
            qPrintable(labels.join(QLatin1Char('|'))));
        const SliceEstimate& first = estimate.slices.first();
        QVERIFY(labels.contains(QStringLiteral("%1 %2").arg(memorySpaceName(first.space), formatWatts(first.watts))));
    }

    void whatIfMovesThePointsOnTheVisibleTabAndTheOthersWhenShown()
    {
        PlotsPanel panel(session());
        panel.resize(450, 350);
        panel.show();
        QCOMPARE(panel.currentWidget(), panel.surfacePlot());
        QVERIFY(panel.saturationSweepPlot()->markerGraph() == nullptr); // never shown: never drawn
        const double before = panel.surfacePlot()->kernelGraph()->data()->at(0)->value;
        QVERIFY(before != 0.5);

        KernelWhatIf whatIf;
        whatIf.saturation = 0.5;
        session().setKernelWhatIf(m_kernelKey, whatIf);
        QCOMPARE(panel.surfacePlot()->kernelGraph()->data()->at(0)->value, 0.5);
        QCOMPARE(panel.surfacePlot()->sliceGraph()->data()->at(0)->value, 0.5);
        QVERIFY(panel.saturationSweepPlot()->markerGraph() == nullptr); // still lazy

        panel.setCurrentWidget(panel.saturationSweepPlot());
        QCPGraph* marker = panel.saturationSweepPlot()->markerGraph();
        QVERIFY(marker);
        QCOMPARE(marker->data()->at(0)->key, 0.5);
        QCOMPARE(marker->data()->at(0)->value, report().estimate.watts);

        // A change of another kernel leaves the shown one's plots alone.
        QString other;
        for (const KernelEstimateReport& r : session().run().kernels) {
            if (r.analysis.kernel->info.key != m_kernelKey)
                other = r.analysis.kernel->info.key;
        }
        session().setKernelWhatIf(other, whatIf);
        QCOMPARE(panel.saturationSweepPlot()->markerGraph(), marker);
    }

    void whatIfStepsDoNotResampleTheSurface()
    {
        // A slider sends a what-if per step: a moved point must not resample the surface (the
        // expensive part of a redraw). How long a step takes is bench_whatif's to measure, with
        // its baseline in the same run; a timed assertion here failed on a loaded machine.
        PlotsPanel panel(session());
        panel.resize(450, 350);
        panel.show();
        for (int tab = 0; tab < panel.count(); ++tab) {
            panel.setCurrentIndex(tab);
            const int samplings = panel.surfacePlot()->gridSamplings();
            constexpr int steps = 20;
            for (int k = 1; k <= steps; ++k) {
                KernelWhatIf whatIf;
                whatIf.saturation = double(k) / steps;
                session().setKernelWhatIf(m_kernelKey, whatIf);
            }
            QCOMPARE(panel.surfacePlot()->gridSamplings(), samplings);
        }
        // A reloaded model library may hold different models under the same ids: resample.
        panel.setCurrentWidget(panel.surfacePlot());
        const int samplings = panel.surfacePlot()->gridSamplings();
        session().setModelFolders({});
        QCOMPARE(panel.surfacePlot()->gridSamplings(), samplings + 1);
    }

    void withoutKernelsTheSurfacesHaveNoPoints()
    {
        ProjectSession empty;
        SurfacePlot surface;
        surface.refresh(makePlotContext(empty));
        QVERIFY(surface.message().isEmpty());
        QVERIFY(surface.kernelGraph() == nullptr);
        QVERIFY(surface.colorMap()->data()->keySize() > 0);
        SaturationSweepPlot sweep;
        sweep.refresh(makePlotContext(empty));
        QVERIFY(!sweep.message().isEmpty());
        QVERIFY(sweep.sweepGraph() == nullptr);
    }

    void withoutSelectionThePlotsShowTheHottestKernel()
    {
        session().select(QString());
        const PlotContext context = makePlotContext(session());
        QVERIFY(context.kernel);
        QVERIFY(!context.kernelIsSelected);
        for (const KernelEstimateReport& r : session().run().kernels)
            QVERIFY(r.estimate.watts <= context.kernel->estimate.watts);
    }

    void sweepRisesWithSaturationAndMeetsTheEstimate()
    {
        const GpuSpec& g = *session().gpu();
        const KernelEstimateReport& r = report();
        const QVector<SweepPoint> sweep
            = saturationSweep(*r.analysis.kernel, *r.analysis.ir, *session().model(), g, session().settings());
        QCOMPARE(int(sweep.size()), g.sms);
        QVERIFY(model(QStringLiteral("jos13")).parameters(g.id).value(QStringLiteral("beta0")) > 0);
        for (int k = 0; k < sweep.size(); ++k) {
            QCOMPARE(sweep[k].activeSms, k + 1);
            QVERIFY(near(sweep[k].saturation, double(k + 1) / g.sms));
            if (k > 0)
                QVERIFY(sweep[k].watts > sweep[k - 1].watts);
        }
        const KernelEstimate& estimate = r.estimate;
        QVERIFY(estimate.activeSms >= 1 && estimate.activeSms <= g.sms);
        QVERIFY(near(sweep[estimate.activeSms - 1].watts, estimate.watts, 1e-12));

        SaturationSweepPlot plot;
        plot.refresh(makePlotContext(session()));
        QCOMPARE(int(plot.sweepGraph()->data()->size()), int(sweep.size()));
        QCOMPARE(plot.sweepGraph()->data()->at(g.sms - 1)->value, sweep.last().watts);
        QCOMPARE(plot.markerGraph()->data()->at(0)->key, estimate.saturation);
        QCOMPARE(plot.markerGraph()->data()->at(0)->value, estimate.watts);
    }

    void contributionBarsSumToTheKernelPower()
    {
        ContributionBars plot;
        plot.refresh(makePlotContext(session()));
        const KernelEstimate& estimate = report().estimate;
        QCOMPARE(int(plot.bars().size()), int(estimate.slices.size()));
        double sum = 0;
        for (int i = 0; i < plot.bars().size(); ++i) {
            QCPBars* bar = plot.bars()[i];
            QCOMPARE(bar->name(), memorySpaceName(estimate.slices[i].space));
            QCOMPARE(int(bar->data()->size()), 1);
            sum += bar->data()->at(0)->value;
        }
        QVERIFY2(near(sum, estimate.watts, 1e-12), qPrintable(QStringLiteral("%1 vs %2").arg(sum).arg(estimate.watts)));
        QCOMPARE(plot.total(), estimate.watts);
    }

    void networkComparisonResidualIsNetworkMinusRegression()
    {
        WnnComparisonPlot plot;
        plot.refresh(makePlotContext(session()));
        QVERIFY(plot.message().isEmpty());
        const GpuSpec& g = *session().gpu();
        for (int k = 0; k < int(WnnComparisonPlot::kSaturations.size()); ++k) {
            const double sa = WnnComparisonPlot::kSaturations[size_t(k)];
            for (int i : {0, 20, 96}) {
                const double x = plot.regressionGraph(k)->data()->at(i)->key;
                const double regression = plot.regressionGraph(k)->data()->at(i)->value;
                const double network = plot.networkGraph(k)->data()->at(i)->value;
                QVERIFY(near(regression, predicted(model(QStringLiteral("jos13")), g, x, sa)));
                QVERIFY(near(network, predicted(model(QStringLiteral("wnn")), g, x, sa, plot.networkLines())));
                QCOMPARE(plot.residualGraph(k)->data()->at(i)->key, x);
                QVERIFY(near(plot.residualGraph(k)->data()->at(i)->value, network - regression));
            }
        }
    }

    // Any GPU both models cover can be shown, the session's by default; a session GPU they do
    // not cover shows the first they do, and the title says so. The kernel's operating point is
    // each model's estimate on the GPU shown; the legend is outside the curves.
    void networkComparisonOffersEveryCoveredGpuAndTheKernel()
    {
        WnnComparisonPlot plot;
        plot.refresh(makePlotContext(session()));
        QCOMPARE(plot.shownGpu(), session().gpu()->id);
        QVERIFY(plot.gpuBox()->count() >= 2);
        for (int i = 0; i < plot.gpuBox()->count(); ++i) {
            const QString id = plot.gpuBox()->itemData(i).toString();
            QVERIFY(model(QStringLiteral("jos13")).supports(id) && model(QStringLiteral("wnn")).supports(id));
        }
        QCPGraph* kernel = plot.kernelGraph();
        QVERIFY(kernel);
        QCOMPARE(int(kernel->data()->size()), 2); // regression and network, at one intensity
        WhatIfSettings settings = session().settings();
        settings.modelId = QStringLiteral("jos13");
        const KernelEstimate regression = estimateKernelWhatIf(*report().analysis.kernel, *report().analysis.ir,
            model(QStringLiteral("jos13")), *session().gpu(), nullptr, settings)
                                              .estimate;
        bool found = false;
        for (auto it = kernel->data()->constBegin(); it != kernel->data()->constEnd(); ++it)
            found = found || near(it->value, regression.watts);
        QVERIFY(found);
        QVERIFY(plot.legend->layout() == plot.plotLayout()); // not an inset over the curves

        // Another GPU from the box.
        QSignalSpy asked(&plot, &PlotBase::refreshRequested);
        const int other = plot.gpuBox()->currentIndex() == 0 ? 1 : 0;
        plot.gpuBox()->setCurrentIndex(other);
        Q_EMIT plot.gpuBox()->activated(other);
        QCOMPARE(asked.count(), 1);
        plot.refresh(makePlotContext(session()));
        QCOMPARE(plot.shownGpu(), plot.gpuBox()->itemData(other).toString());
        QVERIFY(near(plot.regressionGraph(3)->data()->at(0)->value,
            predicted(model(QStringLiteral("jos13")), gpu(plot.shownGpu()), plot.regressionGraph(3)->data()->at(0)->key,
                1.0)));

        session().setGpu(QStringLiteral("gt200-6sm")); // JSW12's card: neither JoS13 model has it
        WnnComparisonPlot fresh;
        fresh.refresh(makePlotContext(session()));
        QVERIFY(fresh.message().isEmpty());
        QCOMPARE(fresh.shownGpu(), fresh.gpuBox()->itemData(0).toString());
        const QString texts = layoutTexts(fresh);
        QVERIFY2(texts.contains(QStringLiteral("is not covered by both")), qPrintable(texts));
    }

    void plotsShowTheModelErrorWithoutEstimates()
    {
        session().setGpu(QStringLiteral("gtx480"));
        session().setModel(QStringLiteral("jsw12"));
        QVERIFY(!session().hasEstimates());
        SurfacePlot surface;
        surface.refresh(makePlotContext(session()));
        QCOMPARE(surface.message(), session().modelError());
        ContributionBars bars;
        bars.refresh(makePlotContext(session()));
        QCOMPARE(bars.message(), session().modelError());
        // The selected model's surfaces still make sense without estimates: no points on them.
        GpuSurfacesGrid grid;
        grid.refresh(makePlotContext(session()));
        QCOMPARE(grid.modelId(), QStringLiteral("jsw12"));
        QVERIFY(!grid.panels().isEmpty());
        for (const GpuSurfacesGrid::Panel& panel : grid.panels()) {
            QVERIFY(model(QStringLiteral("jsw12")).supports(panel.gpuId));
            QVERIFY(panel.kernelGraph == nullptr);
        }
    }

    // "All GPUs" shows the selected model (the wavelet network too); a launch-level model has
    // no surface and the regression stands in, said in the title. Panels keep a readable size:
    // as many columns as the width holds, a minimum height per row.
    void gpuSurfacesFollowTheSelectedModelAndTheWidth()
    {
        session().setModel(QStringLiteral("wnn"));
        GpuSurfacesGrid plot;
        plot.resize(1300, 260);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.refresh(makePlotContext(session()));
        QCOMPARE(plot.modelId(), QStringLiteral("wnn"));
        QVERIFY(plot.panels().size() >= 2);
        const PowerModel& network = model(QStringLiteral("wnn"));
        for (const GpuSurfacesGrid::Panel& panel : plot.panels()) {
            QVERIFY(network.supports(panel.gpuId));
            // The cells are the network's predictions on that GPU.
            const ModelGrid& grid = panel.grid;
            const int i = grid.intensity().count / 2;
            const int j = grid.saturation().count - 1;
            QVERIFY(std::isfinite(grid.watts(i, j)));
            QVERIFY(panel.kernelGraph);
        }
        QCOMPARE(plot.columns(), std::min(4, int(plot.panels().size())));
        plot.resize(560, 260);
        QCoreApplication::sendPostedEvents();
        QCOMPARE(plot.columns(), 2);
        const int rows = (int(plot.panels().size()) + 1) / 2;
        QVERIFY(plot.minimumHeight() >= rows * GpuSurfacesGrid::kMinPanelHeightPx);
        // Axis labels on the outer panels only: the first column's Sa, the bottom row's intensity.
        QCOMPARE(plot.panels()[0].rect->axis(QCPAxis::atLeft)->label(), QStringLiteral("Sa"));
        QVERIFY(plot.panels()[1].rect->axis(QCPAxis::atLeft)->label().isEmpty());
        QVERIFY(plot.panels()[0].rect->axis(QCPAxis::atBottom)->label().isEmpty() || plot.panels().size() <= 2);
        QVERIFY(!plot.panels().last().rect->axis(QCPAxis::atBottom)->label().isEmpty());

        session().setGpu(QStringLiteral("v100"));
        session().setModel(QStringLiteral("launch-activity"));
        plot.refresh(makePlotContext(session()));
        QCOMPARE(plot.modelId(), QStringLiteral("jos13"));
        const QString texts = layoutTexts(plot);
        QVERIFY2(texts.contains(QStringLiteral("the regression stands in")), qPrintable(texts));
    }

    void gpuSurfacesShareOneColourRange()
    {
        GpuSurfacesGrid plot;
        plot.refresh(makePlotContext(session()));
        QCOMPARE(int(plot.panels().size()), 4);
        double low = HUGE_VAL;
        double high = -HUGE_VAL;
        for (const GpuSurfacesGrid::Panel& panel : plot.panels()) {
            low = std::min(low, panel.grid.minWatts());
            high = std::max(high, panel.grid.maxWatts());
        }
        for (const GpuSurfacesGrid::Panel& panel : plot.panels()) {
            QCOMPARE(panel.map->dataRange().lower, low);
            QCOMPARE(panel.map->dataRange().upper, high);
            // The kernel estimated on that GPU with JoS13.
            WhatIfSettings settings = session().settings();
            settings.gpuId = panel.gpuId;
            settings.modelId = QStringLiteral("jos13");
            const KernelEstimate estimate = estimateKernelWhatIf(*report().analysis.kernel, *report().analysis.ir,
                model(QStringLiteral("jos13")), gpu(panel.gpuId), nullptr, settings)
                                                .estimate;
            QVERIFY(panel.kernelGraph);
            QCOMPARE(panel.kernelGraph->data()->at(0)->key, estimate.averageIntensity);
            QCOMPARE(panel.kernelGraph->data()->at(0)->value, estimate.saturation);
        }
    }

    void darkPaletteReachesEveryPlot()
    {
        PlotsPanel panel(session());
        panel.setDarkPalette(true);
        for (int i = 0; i < panel.count(); ++i) {
            panel.setCurrentIndex(i);
            QString error;
            QTemporaryDir dir;
            QVERIFY(panel.exportCurrent(dir.filePath(QStringLiteral("p.png")), &error)); // draws it
            QCustomPlot* plot = panel.currentPlot(); // the All GPUs tab is a scroll area around its plot
            QCOMPARE(plot->axisRect()->axis(QCPAxis::atLeft)->tickLabelColor(), PlotPalette::dark().foreground);
        }
    }

    void exportsPngAndPdf()
    {
        PlotsPanel panel(session());
        QTemporaryDir dir;
        QString error;
        const QString png = dir.filePath(QStringLiteral("surface.png"));
        QVERIFY2(panel.exportCurrent(png, &error), qPrintable(error));
        QVERIFY(readAll(png).startsWith(QByteArray("\x89PNG\r\n\x1a\n", 8)));
        panel.setCurrentWidget(panel.contributionBars());
        const QString pdf = dir.filePath(QStringLiteral("bars.PDF"));
        QVERIFY2(panel.exportCurrent(pdf, &error), qPrintable(error));
        QVERIFY(readAll(pdf).startsWith("%PDF"));
        // Replacing an existing file works too, and leaves nothing else behind.
        const QByteArray firstPng = readAll(png);
        panel.setCurrentWidget(panel.saturationSweepPlot());
        QVERIFY2(panel.exportCurrent(png, &error), qPrintable(error));
        QVERIFY(readAll(png).startsWith(QByteArray("\x89PNG\r\n\x1a\n", 8)));
        QVERIFY(readAll(png) != firstPng);
        QCOMPARE(entries(dir.path()), QStringList({QStringLiteral("bars.PDF"), QStringLiteral("surface.png")}));
    }

    void failedExportLeavesTheTargetAlone()
    {
        PlotsPanel panel(session());
        QTemporaryDir dir;
        QString error;
        QVERIFY(!panel.exportCurrent(dir.filePath(QStringLiteral("missing/plot.png")), &error));
        QVERIFY(error.contains(QStringLiteral("does not exist")));
        error.clear();
        QVERIFY(!panel.exportCurrent(dir.filePath(QStringLiteral("plot.svg")), &error));
        QVERIFY(error.contains(QStringLiteral(".png")));

        // An existing file in a folder nobody may write to.
        const QString target = test::writeFile(dir, QStringLiteral("locked/plot.png"), "old plot");
        const QString locked = QFileInfo(target).absolutePath();
        QFile::setPermissions(locked, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup);
        const auto writable = [&] {
            QFile probe(locked + QStringLiteral("/probe"));
            const bool ok = probe.open(QIODevice::WriteOnly);
            probe.remove();
            return ok;
        };
        bool immutable = false;
        if (writable()) { // root ignores permissions; an immutable folder stops even root
            immutable = QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("+i"), locked}) == 0;
        }
        const bool canLock = !writable();
        error.clear();
        const bool exported = canLock && panel.exportCurrent(target, &error);
        if (immutable)
            QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("-i"), locked});
        QFile::setPermissions(locked, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        if (!canLock)
            QSKIP("cannot make a folder unwritable here");
        QVERIFY(!exported);
        QVERIFY(!error.isEmpty());
        QCOMPARE(readAll(target), QByteArray("old plot"));
        QCOMPARE(entries(locked), QStringList({QStringLiteral("plot.png")}));
    }
};

QTEST_MAIN(PlotsTest)
#include "test_plots.moc"
