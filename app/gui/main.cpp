// SPDX-License-Identifier: GPL-3.0-or-later
// slicewatt: the desktop app. Paths on the command line are opened at start.
#include "window/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>

#include "accuracy/ModelAccuracyWindow.h"
#include "calibration/CalibrationWindow.h"
#include "plots/PlotsPanel.h"
#include "window/BaselineActions.h"

#include <cstdio>
#include <cstring>

namespace {

QCommandLineOption screenshotOption()
{
    return QCommandLineOption(QStringLiteral("screenshot"),
        QStringLiteral("After the analysis, save a picture of the window to FILE (PNG) and quit: for documentation, "
                       "slides and checking the look on a given screen."),
        QStringLiteral("FILE"));
}

QCommandLineOption showDocksOption()
{
    return QCommandLineOption(QStringLiteral("show"),
        QStringLiteral(
            "With --screenshot: docks and plot tabs to bring to the front first, comma-separated "
            "(whyDock, hotspotsDock, diagnosticsDock, plots:N for the N-th plot tab; accuracyWindow: a picture "
            "of Tools > Model Accuracy instead)."),
        QStringLiteral("LIST"));
}

QCommandLineOption calibrationOption()
{
    return QCommandLineOption(QStringLiteral("calibration"),
        QStringLiteral("Open the Calibration window on PATH: a calibration folder (slicewatt-calibrate -o), a "
                       "calibration CSV or a power trace. With --screenshot the picture is of that window."),
        QStringLiteral("PATH"));
}

QCommandLineOption compareOption()
{
    return QCommandLineOption(QStringLiteral("compare"),
        QStringLiteral("Compare the project's estimates with a saved analysis (File > Save Analysis, or "
                       "slicewatt-cli analyze --format json): the change per kernel in the tree."),
        QStringLiteral("ANALYSIS.json"));
}

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("SliceWatt"));
    QCoreApplication::setApplicationName(QStringLiteral("SliceWatt"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SLICEWATT_VERSION));
}

// The command line; packaging/slicewatt.1 documents the same options.
QCommandLineOption describeCommandLine(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        QStringLiteral("Static GPU power analysis of CUDA programs by memory-space slicing"));
    parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("paths"), QStringLiteral("CUDA project folders, .cu files or a compile_commands.json"));
    parser.addOption(screenshotOption());
    parser.addOption(showDocksOption());
    parser.addOption(calibrationOption());
    parser.addOption(compareOption());
    return version;
}

// --help and --version must work where no display is (a terminal over ssh, a package
// build, a test): QApplication would abort without a platform, so they are answered before
// it exists.
bool asksForHelpOrVersion(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0)
            return false;
        for (const char* name : {"-h", "--help", "-?", "--help-all", "-v", "--version"}) {
            if (std::strcmp(argv[i], name) == 0)
                return true;
        }
    }
    return false;
}

int printHelpOrVersion(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    setIdentity();
    QCommandLineParser parser;
    const QCommandLineOption version = describeCommandLine(parser);
    // process() prints --help, --help-all or --version and exits with 0. Qt's own GUI options
    // (-platform, -style, ...) are unknown to a QCoreApplication: then answer directly.
    if (parser.parse(QCoreApplication::arguments()))
        parser.process(app);
    if (parser.isSet(version))
        parser.showVersion();
    parser.showHelp(0);
}

QIcon applicationIcon()
{
    // PNGs, not the SVG: Qt's SVG plugin is an extra package.
    QIcon icon;
    for (int size : {16, 22, 24, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/slicewatt/icons/%1x%1/apps/slicewatt.png").arg(size), QSize(size, size));
    return icon;
}

} // namespace

int main(int argc, char** argv)
{
    if (asksForHelpOrVersion(argc, argv))
        return printHelpOrVersion(argc, argv);

    QApplication app(argc, argv);
    setIdentity();
    QApplication::setWindowIcon(applicationIcon());
    // Wayland compositors and docks find the icon and name through the desktop file.
    QGuiApplication::setDesktopFileName(QStringLiteral("slicewatt"));

    QCommandLineParser parser;
    describeCommandLine(parser);
    parser.process(app);
    const QCommandLineOption screenshot = screenshotOption();
    const QCommandLineOption showDocks = showDocksOption();
    const QCommandLineOption calibration = calibrationOption();
    const QCommandLineOption compare = compareOption();

    slicewatt::MainWindow window;
    window.show();
    if (parser.isSet(compare)) {
        QString error;
        if (!window.baselineActions().compareWithSavedAnalysis(parser.value(compare), &error))
            fprintf(stderr, "slicewatt: --compare: %s\n", qPrintable(error));
    }
    if (parser.isSet(calibration)) {
        slicewatt::CalibrationWindow& calibrationWindow = window.calibrationWindow();
        calibrationWindow.show();
        if (!calibrationWindow.openPath(parser.value(calibration)))
            fprintf(stderr, "slicewatt: %s: see the Calibration window's problem list\n",
                qPrintable(parser.value(calibration)));
        if (parser.isSet(screenshot)) {
            const QString file = parser.value(screenshot);
            QTimer::singleShot(800, &calibrationWindow, [&calibrationWindow, file] {
                const bool saved = calibrationWindow.grab().save(file);
                if (!saved)
                    fprintf(stderr, "slicewatt: could not write %s\n", qPrintable(file));
                QCoreApplication::exit(saved ? 0 : 1);
            });
        }
    }
    if (parser.isSet(screenshot) && !parser.isSet(calibration)) {
        const QString file = parser.value(screenshot);
        const QStringList docks = parser.value(showDocks).split(QLatin1Char(','), Qt::SkipEmptyParts);
        QObject::connect(&window.analysisJob(), &slicewatt::AnalysisJob::finished, &window, [&window, file, docks] {
            // The Model Accuracy window is a picture of its own.
            if (docks.contains(QLatin1String("accuracyWindow"))) {
                slicewatt::ModelAccuracyWindow& accuracy = window.accuracyWindow();
                accuracy.show();
                QTimer::singleShot(800, &accuracy, [&accuracy, file] {
                    const bool saved = accuracy.grab().save(file);
                    if (!saved)
                        fprintf(stderr, "slicewatt: could not write %s\n", qPrintable(file));
                    QCoreApplication::exit(saved ? 0 : 1);
                });
                return;
            }
            for (const QString& dock : docks) {
                if (dock.startsWith(QLatin1String("plots:")))
                    window.plotsPanel().setCurrentIndex(dock.mid(6).toInt());
                else if (!window.raiseDock(dock))
                    fprintf(stderr, "slicewatt: no dock named %s\n", qPrintable(dock));
            }
            // Let the docks lay out and the plots draw before the picture is taken, and a
            // model that reads PTX get it (its compile starts once the analysis is done).
            const auto shoot = [&window, file] {
                const bool saved = window.grab().save(file);
                if (!saved)
                    fprintf(stderr, "slicewatt: could not write %s\n", qPrintable(file));
                QCoreApplication::exit(saved ? 0 : 1);
            };
            QTimer::singleShot(800, &window, [&window, shoot] {
                if (!window.ptxJob().isRunning())
                    return shoot();
                QObject::connect(&window.ptxJob(), &slicewatt::PtxCompileJob::finished, &window,
                    [&window, shoot] { QTimer::singleShot(800, &window, shoot); });
            });
        });
    }
    if (!parser.positionalArguments().isEmpty())
        window.openProject(parser.positionalArguments());
    return app.exec();
}
