// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// The window headless: analysis in the background, what-if controls move every view, a
// saved file is re-analysed alone, cancel works.
#include "PdfText.h"
#include "TestSupport.h"
#include "calibration/LocalGpu.h"
#include "code/CodePanel.h"
#include "code/CodeView.h"
#include "code/HeatLegend.h"
#include "frontend/UnitCache.h"
#include "models/DiagnosticsModel.h"
#include "models/HotspotModel.h"
#include "models/KernelTreeModel.h"
#include "models/ModelRoles.h"
#include "panels/WhyPanel.h"
#include "ptx/PtxCompiler.h"
#include "session/ProjectSession.h"
#include "session/ProjectWatcher.h"
#include "session/WhatIfHistory.h"
#include "whatif/LaunchExtentEdit.h"
#include "whatif/WhatIfPanel.h"
#include "window/BaselineActions.h"
#include "window/HelpWindow.h"
#include "window/MainWindow.h"
#include "window/Preferences.h"
#include "window/ProjectLoader.h"
#include "window/StatusLine.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QScreen>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTreeView>
#include <QtTest>

using namespace slicewatt;

namespace {

const char* const kTwoKernelA = "__global__ void scaleA(float* p, float s) {\n"
                                "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                                "  p[i] = p[i] * s;\n"
                                "}\n"
                                "void runA(float* p) { scaleA<<<8, 128>>>(p, 2.0f); }\n";
const char* const kTwoKernelB = "__global__ void sumB(const float* in, float* out) {\n"
                                "  float acc = 0;\n"
                                "  for (int k = 0; k < 64; ++k) acc += in[k] * in[k] + 1.0f;\n"
                                "  out[threadIdx.x] = acc;\n"
                                "}\n"
                                "void runB(const float* in, float* out) { sumB<<<120, 256>>>(in, out); }\n";

bool waitForAnalysis(MainWindow& window)
{
    QSignalSpy finished(&window.analysisJob(), &AnalysisJob::finished);
    return finished.wait(120000);
}

} // namespace

class MainWindowTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName("SliceWattTest");
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        // Windows share the disk cache (test mode keeps it out of the user's); start empty.
        QDir(UnitCache::defaultDiskFolder()).removeRecursively();
    }

    // The loader and the status line work without a main window: a project read into a
    // session, its diagnostics listed, its files watched, and the status line saying so.
    void loaderReadsAProjectIntoASessionAlone()
    {
        ProjectSession session;
        DiagnosticsModel diagnostics;
        ProjectLoader loader(session, diagnostics);
        Preferences preferences;
        preferences.watchFiles = true;
        preferences.diskCache = false;
        loader.setPreferences(preferences);
        QStatusBar bar;
        StatusLine status(&bar);
        connect(&loader, &ProjectLoader::said, &status, &StatusLine::say);
        QSignalSpy busy(&loader, &ProjectLoader::busyChanged);
        QSignalSpy analysed(&loader, &ProjectLoader::analysed);
        loader.open({test::exampleDir()});
        QCOMPARE(loader.inputs(), QStringList{test::exampleDir()});
        QVERIFY(status.summaryLabel().text().startsWith(QLatin1String("Loading ")));
        QVERIFY(analysed.wait(120000));
        QCOMPARE(busy.first().first().toBool(), true);
        QCOMPARE(busy.last().first().toBool(), false);
        QCOMPARE(analysed.first().at(1).toBool(), false); // a full analysis, not a save
        QVERIFY(!session.index().kernels.isEmpty());
        QVERIFY(session.hasEstimates());
        QCOMPARE(diagnostics.rowCount(), int(session.index().allDiagnostics().size()));
        QVERIFY(loader.watcher().watchedFiles().size() >= session.index().units.size());

        // The status line shows the session's numbers: the hottest kernel's power, as the
        // estimate formats it, with the GPU's name.
        status.showEstimates(session);
        const KernelEstimateReport* hottest = session.hottestKernel();
        QVERIFY(hottest);
        QVERIFY2(status.powerLabel().text().contains(QString::number(hottest->estimate.watts, 'f', 1)),
            qPrintable(status.powerLabel().text()));
    }

    void analysesTheExampleInTheBackground()
    {
        MainWindow window;
        QAbstractItemModelTester treeTester(
            &window.kernelModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester hotTester(
            &window.hotspotModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester diagnosticsTester(
            &window.diagnosticsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy progress(&window.analysisJob(), &AnalysisJob::progress);
        window.openProject({test::exampleDir()});
        // The call returns at once: the work happens on worker threads.
        QVERIFY(window.analysisJob().isRunning());
        QVERIFY(waitForAnalysis(window));
        QVERIFY(progress.count() > 0);
        QVERIFY(window.kernelModel().rowCount() > 0);
        QVERIFY(window.hotspotModel().rowCount() > 0);
        // The hottest kernel is selected and its file is in the code view.
        const QString selected = window.session().selectedKernel();
        QVERIFY(!selected.isEmpty());
        const KernelEstimateReport* report = window.session().kernelReport(selected);
        QVERIFY(report);
        for (const KernelEstimateReport& other : window.session().run().kernels)
            QVERIFY(other.estimate.watts <= report->estimate.watts);
        QCOMPARE(window.codePanel().view().path(), report->analysis.kernel->info.location.file);
        QVERIFY(window.powerLabel().text().contains(QString::number(report->estimate.watts, 'f', 1)));
    }

    // Issue 34: a first run predicts for this machine's GPU (NVML), else a current data-centre
    // GPU, with the model its measurements chose; a later run keeps the GPU chosen last.
    void firstRunFitsToday()
    {
        QSettings().clear();
        QString why;
        {
            MainWindow window;
            const QString expected = firstRunGpuId(window.session().library().gpus(), &why);
            QCOMPARE(window.session().settings().gpuId, expected);
            if (expected == kCurrentDataCentreGpu) {
                QCOMPARE(window.session().settings().modelId, QStringLiteral("physical"));
                QVERIFY(window.session().model() && window.session().model()->accuracy(expected));
            }
            WhatIfSettings chosen = window.session().settings();
            chosen.gpuId = QStringLiteral("gtx280");
            chosen.modelId = QStringLiteral("jsw12");
            window.session().setSettings(chosen);
            window.close();
        }
        MainWindow again;
        QCOMPARE(again.session().settings().gpuId, QStringLiteral("gtx280"));
        QCOMPARE(again.session().settings().modelId, QStringLiteral("jsw12"));
        QSettings().clear();
    }

    void whatIfSliderMovesEveryView()
    {
        MainWindow window;
        window.openProject({test::exampleDir()});
        QVERIFY(waitForAnalysis(window));
        // A first run predicts for today's GPUs with the launch-level physical model, which reads
        // the launch itself: the saturation slider moves the papers' slice models, JoS13 here.
        WhatIfSettings slices = window.session().settings();
        slices.gpuId = QStringLiteral("gtx280");
        slices.modelId = QStringLiteral("jos13");
        window.session().setSettings(slices);
        const QString key = window.session().selectedKernel();
        const double before = window.session().kernelReport(key)->estimate.watts;
        QSignalSpy changed(&window.session(), &ProjectSession::estimatesChanged);
        QSignalSpy treeChanged(&window.kernelModel(), &QAbstractItemModel::dataChanged);
        QSignalSpy treeReset(&window.kernelModel(), &QAbstractItemModel::modelReset);

        window.whatIfPanel().saturationSlider()->setValue(100); // Sa = 0.1
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().first().toString(), key); // one kernel re-estimated, not all
        const KernelEstimateReport* report = window.session().kernelReport(key);
        QCOMPARE(report->estimate.saturation, 0.1);
        QVERIFY(report->estimate.watts < before); // β0·Sa falls with Sa
        QVERIFY(treeChanged.count() > 0);
        QCOMPARE(treeReset.count(), 0);
        const QModelIndex powerCell = window.kernelModel().kernelIndex(key, KernelTreeModel::PowerColumn);
        QCOMPARE(powerCell.data(ModelRoles::SortRole).toDouble(), report->estimate.watts);
        QVERIFY(window.powerLabel().text().contains(QString::number(report->estimate.watts, 'f', 1)));

        // Undo brings the code's launch back; redo the what-if.
        window.history().stack().undo();
        QCOMPARE(window.session().kernelReport(key)->estimate.watts, before);
        window.history().stack().redo();
        QCOMPARE(window.session().kernelReport(key)->estimate.saturation, 0.1);

        // Another GPU re-estimates every kernel.
        QComboBox* gpu = window.whatIfPanel().gpuBox();
        gpu->setCurrentIndex(gpu->findData(QStringLiteral("gtx480")));
        Q_EMIT gpu->activated(gpu->currentIndex());
        QCOMPARE(window.session().settings().gpuId, QStringLiteral("gtx480"));
        QCOMPARE(window.session().gpu()->id, QStringLiteral("gtx480"));

        // A launch the GPU cannot run is refused with the limit named and the box put back;
        // one it can is applied (and undoable).
        WhatIfPanel& panel = window.whatIfPanel();
        QSpinBox* block = panel.blockEdit()->axisSpin(0);
        const int steps = window.history().stack().count();
        block->setValue(4096);
        QVERIFY2(panel.launchRefusal().contains("4096 threads per block: GeForce GTX 480 (compute capability 2.0) "
                                                "runs at most 1024 per block"),
            qPrintable(panel.launchRefusal()));
        QCOMPARE(block->value(), 0); // the code's launch, as before
        QVERIFY(!window.session().kernelWhatIf(key).block);
        QCOMPARE(window.history().stack().count(), steps);
        block->setValue(512);
        QVERIFY(panel.launchRefusal().isEmpty());
        QCOMPARE(window.session().kernelWhatIf(key).block, std::optional<LaunchExtent>(LaunchExtent{512, 1, 1}));
        QCOMPARE(window.history().stack().count(), steps + 1);
        QVERIFY(!block->keyboardTracking()); // 4096 is not tried as 4, 40, 409 while typed
        // In two dimensions (issue 47): 16 x 16 threads is applied as such, and one step; 64 in
        // z is the limit of every GPU's block.
        block->setValue(16);
        panel.blockEdit()->axisSpin(1)->setValue(16);
        QCOMPARE(window.session().kernelWhatIf(key).block, std::optional<LaunchExtent>(LaunchExtent{16, 16, 1}));
        QCOMPARE(window.session().kernelReport(key)->analysis.launch.blockDim[1], std::optional<qint64>(16));
        QCOMPARE(panel.blockEdit()->axisSpin(1)->value(), 16);
        // Edits of one control in a row are one step (WhatIfHistory merges them by tag): undo
        // brings the code's block back, from before the 512.
        window.history().stack().undo();
        QVERIFY(!window.session().kernelWhatIf(key).block);
        QCOMPARE(panel.blockEdit()->axisSpin(1)->value(), 1);
        QCOMPARE(block->value(), 0);
        block->setValue(2);
        panel.blockEdit()->axisSpin(2)->setValue(65); // 130 threads, but 65 in z
        QVERIFY2(panel.launchRefusal().contains("64 in z"), qPrintable(panel.launchRefusal()));
        QCOMPARE(panel.blockEdit()->axisSpin(2)->value(), 1);
        QCOMPARE(window.session().kernelWhatIf(key).block, std::optional<LaunchExtent>(LaunchExtent{2, 1, 1}));
    }

    // Help › Analysis Rules: the whole rule book, in a window that fits the screen and scrolls.
    void analysisRulesFitTheScreenAndScroll()
    {
        MainWindow window;
        HelpWindow& rules = window.rulesWindow();
        rules.show();
        QVERIFY(QTest::qWaitForWindowExposed(&rules));
        const QRect screen = rules.screen()->availableGeometry();
        QVERIFY(rules.width() <= screen.width() && rules.height() <= screen.height());
        QVERIFY(rules.browser()->toPlainText().size() > 1000);
        QVERIFY(rules.browser()->verticalScrollBar()->maximum() > 0); // longer than the window: it scrolls
        QVERIFY(!rules.isModal());
        QCOMPARE(&window.rulesWindow(), &rules); // one window, shown again
    }

    void exportedReportIsTheCliReport()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        qputenv("SOURCE_DATE_EPOCH", "1780000000"); // both sides print the same date
        QTemporaryDir out;
        MainWindow window;
        window.openProject({test::exampleDir()});
        QVERIFY(waitForAnalysis(window));
        WhatIfSettings settings = window.session().settings();
        settings.gpuId = QStringLiteral("gtx480");
        settings.modelId = QStringLiteral("jos13");
        settings.allKernels.saturation = 0.5;
        settings.seconds = 0.25;
        // The GTX 480's device code is read for sm_50, as the CLI reads it (issue 47): wait for it.
        QSignalSpy reread(&window.analysisJob(), &AnalysisJob::finished);
        window.session().setSettings(settings);
        QVERIFY(reread.wait(120000));
        QCOMPARE(window.session().index().deviceArch.name(), QStringLiteral("sm_50"));
        const QString fromGui = out.filePath(QStringLiteral("gui.pdf"));
        QString error;
        QVERIFY2(window.exportReportTo(fromGui, &error), qPrintable(error));

        const QString fromCli = out.filePath(QStringLiteral("cli.pdf"));
        QProcess cli;
        cli.start(QStringLiteral(SLICEWATT_CLI_PATH),
            {QStringLiteral("report"), test::exampleDir(), QStringLiteral("--gpu"), QStringLiteral("gtx480"),
                QStringLiteral("--sa"), QStringLiteral("0.5"), QStringLiteral("--time"), QStringLiteral("0.25"),
                QStringLiteral("-o"), fromCli});
        QVERIFY(cli.waitForFinished(240000));
        QCOMPARE(cli.exitCode(), 0);
        qunsetenv("SOURCE_DATE_EPOCH");

        const auto text = [](const QString& pdf) { return test::pdfText(pdf, test::PdfLayout::Physical); };
        const QString guiText = text(fromGui);
        QVERIFY(guiText.contains(QStringLiteral("GTX 480")));
        QVERIFY(guiText.count(QStringLiteral("Page ")) >= 5);
        // One document, whichever front end asked for it.
        QCOMPARE(guiText, text(fromCli));
    }

    void savedFileIsReanalysedAlone()
    {
        QTemporaryDir dir;
        const QString a = test::writeFile(dir, "a.cu", kTwoKernelA);
        const QString b = test::writeFile(dir, "b.cu", kTwoKernelB);
        MainWindow window;
        window.watcher().setQuietPeriodMs(50);
        window.openProject({dir.path()});
        QVERIFY(waitForAnalysis(window));
        QCOMPARE(window.session().run().kernels.size(), 2);
        QVERIFY(window.watcher().watchedFiles().contains(a));

        QSignalSpy reanalysed(&window, &MainWindow::reanalysed);
        QSignalSpy indexed(&window.analysisJob(), &AnalysisJob::started);
        // Save b.cu with a longer loop: only b.cu is parsed again.
        QFile file(b);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(QByteArray(kTwoKernelB).replace("k < 64", "k < 640"));
        file.close();
        QVERIFY(reanalysed.wait(30000));
        QCOMPARE(reanalysed.first().first().toStringList(), QStringList{b});
        QCOMPARE(indexed.first().first().toInt(), 1);
        // The new trip count is in the estimate; the other kernel is still there.
        QCOMPARE(window.session().run().kernels.size(), 2);
        bool sawNewLoop = false;
        for (const KernelEstimateReport& report : window.session().run().kernels) {
            for (const LoopResolution& loop : report.analysis.slices.loops)
                sawNewLoop = sawNewLoop || loop.trips == 640;
        }
        QVERIFY(sawNewLoop);
    }

    // Re-opening a project (F5) parses only the files that changed; a new window (the next
    // start) is served from the disk cache; File → Clear Analysis Cache empties it.
    void reopeningParsesOnlyChangedFiles()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "a.cu", kTwoKernelA);
        const QString b = test::writeFile(dir, "b.cu", kTwoKernelB);
        const auto fromCache = [](MainWindow& window) {
            QStringList files;
            for (const UnitIndex& unit : window.session().index().units) {
                if (unit.fromCache)
                    files << QFileInfo(unit.path).fileName();
            }
            return files;
        };
        {
            MainWindow window;
            window.openProject({dir.path()});
            QVERIFY(waitForAnalysis(window));
            QVERIFY(fromCache(window).isEmpty());
            QVERIFY(window.analysisJob().cache());
            QCOMPARE(window.analysisJob().cache()->diskFolder(), UnitCache::defaultDiskFolder());

            QFile file(b);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(QByteArray(kTwoKernelB).replace("k < 64", "k < 640"));
            file.close();
            window.openProject({dir.path()});
            QVERIFY(waitForAnalysis(window));
            QCOMPARE(fromCache(window), QStringList{QStringLiteral("a.cu")});
            QVERIFY2(window.summaryLabel().text().contains(QLatin1String("2 files (1 cached)")),
                qPrintable(window.summaryLabel().text()));
        }
        MainWindow next;
        next.openProject({dir.path()});
        QVERIFY(waitForAnalysis(next));
        QCOMPARE(fromCache(next).size(), 2);
        QCOMPARE(next.analysisJob().cache()->stats().diskHits, 2);

        QAction* clear = nullptr;
        for (QAction* action : next.findChildren<QAction*>()) {
            if (action->text().remove(QLatin1Char('&')) == QLatin1String("Clear Analysis Cache"))
                clear = action;
        }
        QVERIFY(clear);
        clear->trigger();
        next.openProject({dir.path()});
        QVERIFY(waitForAnalysis(next));
        QVERIFY(fromCache(next).isEmpty());
    }

    // Another device architecture in the preferences reads the project again: the file whose
    // code tests __CUDA_ARCH__ is parsed anew, the other comes from the cache, and the
    // status bar says which architecture device code is read for.
    void changingTheArchitectureRereadsOnlyArchDependentFiles()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "a.cu", kTwoKernelA);
        test::writeFile(dir, "tc.cu",
            "__global__ void tc(float* out, const float* in) {\n"
            "#if __CUDA_ARCH__ >= 800\n"
            "    out[threadIdx.x] = in[threadIdx.x] * in[threadIdx.x + 1];\n"
            "#endif\n"
            "}\n"
            "void runTc(float* o, const float* i) { tc<<<4, 64>>>(o, i); }\n");
        MainWindow window;
        window.openProject({dir.path()});
        QVERIFY(waitForAnalysis(window));
        auto statusSays = [&](const QString& text) {
            const QList<QLabel*> labels = window.findChildren<QLabel*>();
            return std::any_of(labels.begin(), labels.end(), [&](QLabel* l) { return l->text() == text; });
        };
        QCOMPARE(window.session().index().deviceArch.name(), QStringLiteral("sm_90"));
        QVERIFY(statusSays(QStringLiteral("device code sm_90")));

        // Device code follows the GPU by default (issue 47): a V100 reads it for sm_70.
        QVERIFY(Preferences::load().archFromGpu);
        QSignalSpy finished(&window.analysisJob(), &AnalysisJob::finished);
        QComboBox* gpu = window.whatIfPanel().gpuBox();
        gpu->setCurrentIndex(gpu->findData(QStringLiteral("v100")));
        Q_EMIT gpu->activated(gpu->currentIndex());
        QVERIFY(finished.wait(120000));
        QCOMPARE(window.session().index().deviceArch.name(), QStringLiteral("sm_70"));
        QVERIFY(statusSays(QStringLiteral("device code sm_70")));

        Preferences preferences = Preferences::load();
        preferences.archFromGpu = false;
        preferences.deviceArch = *CudaArch::fromText(QStringLiteral("sm_75"));
        window.applyPreferences(preferences);
        QVERIFY(finished.wait(120000));
        QCOMPARE(window.session().index().deviceArch.name(), QStringLiteral("sm_75"));
        QVERIFY(statusSays(QStringLiteral("device code sm_75")));
        QStringList cached;
        for (const UnitIndex& unit : window.session().index().units) {
            if (unit.fromCache)
                cached << QFileInfo(unit.path).fileName();
        }
        QCOMPARE(cached, QStringList{QStringLiteral("a.cu")});
        QCOMPARE(Preferences::load().deviceArch.name(), QStringLiteral("sm_75")); // remembered
        QVERIFY(!Preferences::load().archFromGpu);
        preferences.deviceArch = CudaArch();
        preferences.archFromGpu = true;
        preferences.save();
    }

    void resultsFillInWhileParsing()
    {
        QTemporaryDir dir;
        for (int i = 0; i < 12; ++i)
            test::writeFile(dir, QStringLiteral("k%1.cu").arg(i),
                QStringLiteral("#include <vector>\n__global__ void k%1(float* p) { p[%1] = 1; }\n").arg(i).toUtf8());
        MainWindow window;
        QSignalSpy unit(&window.analysisJob(), &AnalysisJob::unitIndexed);
        QSignalSpy finished(&window.analysisJob(), &AnalysisJob::finished);
        window.openProject({dir.path()});
        QVERIFY(unit.wait(60000));
        // The spy returns at the first file, before the rest of the queue is delivered.
        QCOMPARE(finished.count(), 0);
        window.showPartialResults();
        const int shown = int(window.session().index().kernels.size());
        QVERIFY(shown >= 1);
        QVERIFY(shown < 12);
        QCOMPARE(window.kernelModel().rowCount(), shown); // one file row per parsed file
        QVERIFY(finished.wait(120000));
        QCOMPARE(window.session().index().kernels.size(), 12);
    }

    void cancelStopsTheWorker()
    {
        QTemporaryDir dir;
        for (int i = 0; i < 16; ++i)
            test::writeFile(dir, QStringLiteral("k%1.cu").arg(i),
                "#include <vector>\n#include <algorithm>\n__global__ void k(float* p) { p[0] = 1; }\n");
        AnalysisJob job;
        QSignalSpy cancelled(&job, &AnalysisJob::cancelled);
        QSignalSpy finished(&job, &AnalysisJob::finished);
        QSignalSpy progress(&job, &AnalysisJob::progress);
        job.start({dir.path()}, LoadOptions{}, test::parserOptions());
        job.cancel();
        QVERIFY(cancelled.wait(60000));
        QCOMPARE(finished.count(), 0);
        QVERIFY(progress.count() < 16);
    }

    void newerRequestSupersedesOlder()
    {
        QTemporaryDir first;
        QTemporaryDir second;
        test::writeFile(first, "a.cu", "__global__ void fromFirst(float* p) { p[0] = 1; }\n");
        test::writeFile(second, "b.cu", "__global__ void fromSecond(float* p) { p[0] = 1; }\n");
        AnalysisJob job;
        QSignalSpy finished(&job, &AnalysisJob::finished);
        job.start({first.path()}, LoadOptions{}, test::parserOptions());
        job.start({second.path()}, LoadOptions{}, test::parserOptions());
        QVERIFY(finished.wait(60000));
        QTest::qWait(200); // a stale result would arrive now
        QCOMPARE(finished.count(), 1);
        const auto index = finished.first().first().value<ProjectIndex>();
        QCOMPARE(index.kernels.size(), 1);
        QCOMPARE(index.kernels[0].info.name, QStringLiteral("fromSecond"));
    }

    // Issue 18 in the app: Save Analysis writes what analyze writes; Compare With › Saved
    // Analysis shows each kernel's change in the tree (an added kernel says so) and the
    // summary in the status bar; Compare With › Git Revision analyses the revision on a worker;
    // Clear hides it all again.
    void comparesWithASavedAnalysisAndAGitRevision()
    {
        QTemporaryDir dir;
        QDir().mkpath(dir.filePath("base"));
        QDir().mkpath(dir.filePath("project"));
        QVERIFY(QFile::copy(test::sourceDir() + "/tests/compare/base/kernels.cu", dir.filePath("base/kernels.cu")));
        QVERIFY(QFile::copy(test::sourceDir() + "/tests/compare/new/kernels.cu", dir.filePath("project/kernels.cu")));
        const QString baseJson = dir.filePath("base.json");
        QCOMPARE(test::runCli({"analyze", dir.filePath("base"), "--gpu", "gtx480", "--model", "jos13", "-f", "json",
                                  "-o", baseJson})
                     .exitCode,
            0);

        MainWindow window;
        window.session().setGpu(QStringLiteral("gtx480"));
        window.session().setModel(QStringLiteral("jos13"));
        window.openProject({dir.filePath("project")});
        QVERIFY(waitForAnalysis(window));
        QVERIFY(window.kernelView().isColumnHidden(KernelTreeModel::ChangeColumn));
        QString error;
        const QString saved = dir.filePath("saved.json");
        QVERIFY2(window.baselineActions().saveAnalysisTo(saved, &error), qPrintable(error));
        const test::CliResult cli
            = test::runCli({"analyze", dir.filePath("project"), "--gpu", "gtx480", "--model", "jos13", "-f", "json"});
        QFile savedFile(saved);
        QVERIFY(savedFile.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(savedFile.readAll()).object().value("kernels"),
            QJsonDocument::fromJson(cli.out).object().value("kernels"));

        QVERIFY(!window.baselineActions().compareWithSavedAnalysis(dir.filePath("missing.json"), &error));
        QVERIFY2(window.baselineActions().compareWithSavedAnalysis(baseJson, &error), qPrintable(error));
        QVERIFY(!window.kernelView().isColumnHidden(KernelTreeModel::ChangeColumn));
        QString blurKey, histogramKey;
        for (const CatalogFunction& k : window.session().index().kernels) {
            if (k.info.name == "blur")
                blurKey = k.info.key;
            if (k.info.name == "histogram")
                histogramKey = k.info.key;
        }
        const QModelIndex blur = window.kernelModel().kernelIndex(blurKey, KernelTreeModel::ChangeColumn);
        QVERIFY2(blur.data().toString().startsWith("-"), qPrintable(blur.data().toString())); // shared tile: cooler
        QVERIFY(blur.data(ModelRoles::SortRole).toDouble() < 0);
        QVERIFY(blur.data(Qt::ToolTipRole).toString().contains("Energy per launch"));
        QCOMPARE(window.kernelModel().kernelIndex(histogramKey, KernelTreeModel::ChangeColumn).data().toString(),
            QStringLiteral("added"));
        QVERIFY2(window.session().baseline().summary().contains("1 added, 1 removed; baseline: base.json"),
            qPrintable(window.session().baseline().summary()));
        QString smoothKey;
        for (const CatalogFunction& k : window.session().index().kernels) {
            if (k.info.name == "smooth")
                smoothKey = k.info.key;
        }
        // The code view paints each line's change on the diverging scale (on by itself once a
        // baseline is set): smooth's loop body (line 7), run 8x as often, takes more of the
        // kernel's power (warmer); the store after the loop (line 8) less (cooler).
        CodePanel& code = window.codePanel();
        QVERIFY(code.showsChange() && code.changeAction()->isEnabled());
        window.session().select(smoothKey);
        QVERIFY(code.view().isDiverging());
        QVERIFY2(code.view().heatFraction(7) > 0.5, qPrintable(QString::number(code.view().heatFraction(7))));
        QVERIFY(code.view().heatFraction(8) < 0);
        QVERIFY(code.view().heatTint(8).blue() > code.view().heatTint(8).red());
        QVERIFY(code.view().heatTint(7).red() > code.view().heatTint(7).blue());
        QVERIFY(code.view().lineInfo().value(7).tooltipHtml.contains("Change since base.json"));
        QVERIFY(code.legend().isDiverging() && code.legend().ticks().first() < 0);
        QCOMPARE(code.legend().ticks().first(), -code.legend().ticks().last());
        QVERIFY2(code.legend().caption().contains("vs base.json, W"), qPrintable(code.legend().caption()));
        // Why? explains the change term by term before how the number is made.
        window.whyPanel().refresh();
        const QString why = window.whyPanel().currentHtml();
        QVERIFY2(why.indexOf("Change since base.json") >= 0
                && why.indexOf("Change since base.json") < why.indexOf("Slice power: the formula"),
            qPrintable(why));
        QVERIFY(why.contains(QStringLiteral("ΔP̂ = ")) && why.contains(QStringLiteral("Ē′ / Ē = (P̂′ / P̂)·(τ′ / τ)")));
        // The report gains its section, read back by pdftotext.
        const QString pdf = dir.filePath("report.pdf");
        QVERIFY2(window.exportReportTo(pdf, &error), qPrintable(error));
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        const QString pages = test::pdfText(pdf);
        QVERIFY2(pages.contains("Changes since the baseline") && pages.contains("Baseline: base.json"),
            qPrintable(pages.left(3000)));
        QVERIFY(pages.contains("legacyCopy") && pages.contains("removed") && pages.contains("acc +="));
        // Off: the plain heat again, the smooth kernel's hottest line at the top of its scale.
        code.changeAction()->setChecked(false);
        QVERIFY(!code.view().isDiverging() && !code.legend().isDiverging());
        QVERIFY(code.view().heatFraction(8) >= 0);
        code.changeAction()->setChecked(true);
        // Heat as energy: the change is the energy per launch's; the loop 8x longer shows there.
        const QModelIndex smoothPower = window.kernelModel().kernelIndex(smoothKey, KernelTreeModel::ChangeColumn);
        QVERIFY(smoothPower.data(ModelRoles::SortRole).toDouble() < 0.05); // power: under 5 %
        window.session().setHeatUnit(ProjectSession::HeatUnit::Energy);
        const QModelIndex smoothEnergy = window.kernelModel().kernelIndex(smoothKey, KernelTreeModel::ChangeColumn);
        QVERIFY2(smoothEnergy.data().toString().startsWith("+") && smoothEnergy.data().toString().endsWith("J"),
            qPrintable(smoothEnergy.data().toString()));
        QVERIFY(smoothEnergy.data(ModelRoles::SortRole).toDouble() > 4); // energy: several times
        QVERIFY(code.view().heatFraction(7) > 0); // every launch of the loop body costs more
        QVERIFY(code.legend().unit().endsWith("J"));
        window.session().setHeatUnit(ProjectSession::HeatUnit::Power);
        // A what-if moves the change with it.
        const double before = blur.data(ModelRoles::SortRole).toDouble();
        window.session().select(blurKey);
        window.whatIfPanel().saturationSlider()->setValue(100);
        const QModelIndex blurAfter = window.kernelModel().kernelIndex(blurKey, KernelTreeModel::ChangeColumn);
        QVERIFY(blurAfter.data(ModelRoles::SortRole).toDouble() != before);
        window.history().stack().undo();

        window.session().baseline().clear();
        QVERIFY(window.kernelView().isColumnHidden(KernelTreeModel::ChangeColumn));
        QVERIFY(!code.showsChange() && !code.changeAction()->isEnabled() && !code.view().isDiverging());
        QVERIFY(window.kernelModel().kernelIndex(blurKey, KernelTreeModel::ChangeColumn).data().isNull());

        // The project's own history: the base committed, the change on top.
        if (QStandardPaths::findExecutable("git").isEmpty())
            return;
        const auto git = [&](const QStringList& arguments) {
            QProcess p;
            p.setWorkingDirectory(dir.filePath("project"));
            p.start("git", arguments);
            return p.waitForFinished(60000) && p.exitCode() == 0;
        };
        QVERIFY(QFile::rename(dir.filePath("project/kernels.cu"), dir.filePath("new.cu")));
        QVERIFY(QFile::copy(dir.filePath("base/kernels.cu"), dir.filePath("project/kernels.cu")));
        QVERIFY(git({"init", "-q"}) && git({"-c", "user.email=t@t", "-c", "user.name=t", "add", "kernels.cu"}));
        QVERIFY(git({"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "-m", "base"}));
        QVERIFY(QFile::remove(dir.filePath("project/kernels.cu")));
        QVERIFY(QFile::rename(dir.filePath("new.cu"), dir.filePath("project/kernels.cu")));
        QSignalSpy arrived(&window.baselineActions().gitJob(), &BaselineJob::finished);
        window.baselineActions().compareWithGitRevision("HEAD");
        QVERIFY(arrived.wait(120000));
        QCOMPARE(window.session().baseline().label(), QStringLiteral("git HEAD"));
        QVERIFY(window.kernelModel()
                    .kernelIndex(blurKey, KernelTreeModel::ChangeColumn)
                    .data(ModelRoles::SortRole)
                    .toDouble()
            < 0);
        QVERIFY(window.session().baseline().summary().contains("1 added, 1 removed"));
    }

    // Choosing the PTX model compiles the project's PTX on a worker thread; the next window
    // (the app's next start) takes it from the disk cache beside the parsed files, and says so.
    void ptxComesFromTheCacheInTheNextWindow()
    {
        if (findPtxProducers().isEmpty())
            QFAIL("neither nvcc nor clang is installed: scripts/install-deps.sh installs clang");
        for (const bool again : {false, true}) {
            MainWindow window;
            window.openProject({test::sourceDir() + QStringLiteral("/tests/ptx")});
            QVERIFY(waitForAnalysis(window));
            // The V100 reads device code for sm_70 (issue 47): the project is read again first.
            QSignalSpy reread(&window.analysisJob(), &AnalysisJob::finished);
            window.session().setGpu(QStringLiteral("v100"));
            QVERIFY(reread.wait(120000));
            QSignalSpy compiled(&window.ptxJob(), &PtxCompileJob::finished);
            window.session().setModel(QStringLiteral("alavani-xgb"));
            QVERIFY(compiled.wait(120000));
            const QString summary = window.summaryLabel().text();
            QVERIFY2(summary.startsWith(QStringLiteral("PTX of 1 file")), qPrintable(summary));
            QCOMPARE(summary.contains(QStringLiteral("(1 unchanged, from the cache)")), again);
            QVERIFY(window.ptxJob().cache() && !window.ptxJob().cache()->diskFolder().isEmpty());
        }
    }
};

QTEST_MAIN(MainWindowTest)
#include "test_main_window.moc"
