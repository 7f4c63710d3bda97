// SPDX-License-Identifier: GPL-3.0-or-later
// The window headless: analysis runs in the background, models are sound, cancel works.
#include "DiagnosticsModel.h"
#include "KernelTableModel.h"
#include "MainWindow.h"
#include "TestSupport.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace slicewatt;

class MainWindowTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName("SliceWattTest");
        QStandardPaths::setTestModeEnabled(true);
    }

    void analysesTheExampleInTheBackground()
    {
        MainWindow window;
        QAbstractItemModelTester kernelTester(
            &window.kernelModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester diagnosticsTester(
            &window.diagnosticsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&window.analysisJob(), &AnalysisJob::finished);
        QSignalSpy progress(&window.analysisJob(), &AnalysisJob::progress);
        window.openProject({test::exampleDir()});
        // The call returns at once: the work happens on worker threads.
        QVERIFY(window.analysisJob().isRunning() || finished.count() == 0);
        QVERIFY(finished.wait(120000));
        QVERIFY(progress.count() > 0);
        QVERIFY(window.kernelModel().rowCount() > 0);
        const QModelIndex first = window.kernelModel().index(0, KernelTableModel::LocationColumn);
        QVERIFY(first.data().toString().contains(':'));
        QVERIFY(first.data(KernelTableModel::FilePathRole).toString().startsWith(test::exampleDir()));
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
};

QTEST_MAIN(MainWindowTest)
#include "test_main_window.moc"
