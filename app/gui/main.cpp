// SPDX-License-Identifier: GPL-3.0-or-later
// slicewatt: the desktop app. Paths on the command line are opened at start.
#include "window/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>

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
    parser.process(app);

    slicewatt::MainWindow window;
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openProject(parser.positionalArguments());
    return app.exec();
}
