// SPDX-License-Identifier: GPL-3.0-or-later
// GUI responsiveness while a large project is analysed (issue 19: input answered within
// 100 ms, results shown in batches, and no more than 1.2 times the command line's time for
// the same folder). The whole window is shown (offscreen platform) and opens the generated
// template-heavy backend (TemplateBackend.h); while it analyses, a 10 ms timer stands in for
// the user's input, and how late each tick runs is the event loop's latency. The baseline,
// measured in the same run, is `slicewatt-cli analyze` on the same folder.
//
//   QT_QPA_PLATFORM=offscreen bench_responsiveness [--operators N] [--cli PATH]
#include "BenchSupport.h"
#include "TemplateBackend.h"
#include "session/ProjectSession.h"
#include "window/MainWindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>

using namespace slicewatt;

namespace {

double percentile(QVector<double> values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min<qsizetype>(values.size() - 1, qsizetype(p * double(values.size())))];
}

// Seconds `slicewatt-cli analyze FOLDER` takes, or a negative number when it fails.
double cliSeconds(const QString& cli, const QString& folder)
{
    QProcess process;
    QElapsedTimer timer;
    timer.start();
    process.start(cli, {QStringLiteral("analyze"), folder, QStringLiteral("-f"), QStringLiteral("json")});
    if (!process.waitForFinished(600000) || process.exitStatus() != QProcess::NormalExit)
        return -1;
    process.readAllStandardOutput();
    return double(timer.nsecsElapsed()) / 1e9;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("SliceWattBench"));
    const QStringList args = app.arguments();
    const int operators = int(bench::numberOption(args, QStringLiteral("--operators"), 172));
    QString cli = QCoreApplication::applicationDirPath() + QStringLiteral("/slicewatt-cli");
    const qsizetype cliAt = args.indexOf(QStringLiteral("--cli"));
    if (cliAt > 0 && cliAt + 1 < args.size())
        cli = args[cliAt + 1];

    QTemporaryDir scratch;
    const QString folder = bench::makeTemplateBackend(scratch.path(), operators);

    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QApplication::processEvents();

    // The stand-in for input: a tick every 10 ms, its lateness the latency a key press or a
    // click would see.
    constexpr int kTickMs = 10;
    QVector<double> latenessMs;
    QElapsedTimer sinceTick;
    QTimer ticker;
    ticker.setInterval(kTickMs);
    ticker.setTimerType(Qt::PreciseTimer);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        latenessMs << std::max(0.0, double(sinceTick.nsecsElapsed()) / 1e6 - kTickMs);
        sinceTick.restart();
    });

    QSignalSpy finished(&window.analysisJob(), &AnalysisJob::finished);
    QElapsedTimer analysis;
    analysis.start();
    sinceTick.start();
    ticker.start();
    window.openProject({folder});
    if (!finished.wait(600000)) {
        fprintf(stderr, "bench_responsiveness: the analysis did not finish\n");
        return 1;
    }
    // Until the results are on screen: the finished signal's own work (estimates, views).
    QApplication::processEvents();
    const double guiSeconds = double(analysis.nsecsElapsed()) / 1e9;
    ticker.stop();

    const double cli1 = cliSeconds(cli, folder);
    if (cli1 < 0) {
        fprintf(stderr, "bench_responsiveness: %s failed\n", qPrintable(cli));
        return 1;
    }
    const int kernels = int(window.session().run().kernels.size());
    printf("template-heavy backend: %d operator files, %d kernels\n", operators, kernels);
    printf("event-loop latency while analysing (10 ms ticks, %d): median %.1f ms, 99th percentile %.1f ms, "
           "worst %.1f ms (target: input answered within 100 ms)\n",
        int(latenessMs.size()), percentile(latenessMs, 0.5), percentile(latenessMs, 0.99),
        latenessMs.isEmpty() ? 0.0 : *std::max_element(latenessMs.begin(), latenessMs.end()));
    printf("ticks later than 100 ms: %d\n",
        int(std::count_if(latenessMs.begin(), latenessMs.end(), [](double ms) { return ms > 100; })));
    printf("analysis in the window, until shown: %.2f s; slicewatt-cli analyze on the same folder: %.2f s\n",
        guiSeconds, cli1);
    printf("ratio window / command line: %.2f (target <= 1.2)\n", guiSeconds / cli1);
    return 0;
}
