// SPDX-License-Identifier: GPL-3.0-or-later
// slicewatt: the desktop app. Paths on the command line are opened at start.
#include "window/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include "plots/PlotsPanel.h"

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("SliceWatt"));
    QApplication::setApplicationName(QStringLiteral("SliceWatt"));
    QApplication::setApplicationVersion(QStringLiteral(SLICEWATT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Static GPU power analysis of CUDA programs by memory-space slicing"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("paths"), QStringLiteral("CUDA project folders, .cu files or a compile_commands.json"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QStringLiteral("After the analysis, save a picture of the window to FILE (PNG) and quit: for documentation, "
                       "slides and checking the look on a given screen."),
        QStringLiteral("FILE"));
    const QCommandLineOption showDocks(QStringLiteral("show"),
        QStringLiteral("With --screenshot: docks and plot tabs to bring to the front first, comma-separated "
                       "(whyDock, hotspotsDock, diagnosticsDock, plots:N for the N-th plot tab)."),
        QStringLiteral("LIST"));
    parser.addOption(screenshot);
    parser.addOption(showDocks);
    parser.process(app);

    slicewatt::MainWindow window;
    window.show();
    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        const QStringList docks = parser.value(showDocks).split(QLatin1Char(','), Qt::SkipEmptyParts);
        QObject::connect(&window.analysisJob(), &slicewatt::AnalysisJob::finished, &window, [&window, file, docks] {
            for (const QString& dock : docks) {
                if (dock.startsWith(QLatin1String("plots:")))
                    window.plotsPanel().setCurrentIndex(dock.mid(6).toInt());
                else if (!window.raiseDock(dock))
                    fprintf(stderr, "slicewatt: no dock named %s\n", qPrintable(dock));
            }
            // Let the docks lay out and the plots draw before the picture is taken.
            QTimer::singleShot(800, &window, [&window, file] {
                const bool saved = window.grab().save(file);
                if (!saved)
                    fprintf(stderr, "slicewatt: could not write %s\n", qPrintable(file));
                QCoreApplication::exit(saved ? 0 : 1);
            });
        });
    }
    if (!parser.positionalArguments().isEmpty())
        window.openProject(parser.positionalArguments());
    return app.exec();
}
