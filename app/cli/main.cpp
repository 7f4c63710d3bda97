// SPDX-License-Identifier: GPL-3.0-or-later
// slicewatt-cli: the SliceWatt engine for terminals and CI. Thin by design: parse the
// subcommand, hand over to core/.
#include "AnalyzeCommand.h"
#include "CliOptions.h"
#include "CommandHelp.h"
#include "CompareCommand.h"
#include "FitCommand.h"
#include "FitPhysicalCommand.h"
#include "KernelsCommand.h"
#include "PtxCommand.h"
#include "ReportCommand.h"
#include "SlicesCommand.h"
#include "TraceCommand.h"
#include "TrainPtxModelCommand.h"
#include "TrainWnnCommand.h"
#include "ValidateCommand.h"
#include "ValidateMeasuredCommand.h"
#include "ValidateTimeCommand.h"

#include <QApplication>
#include <QByteArray>
#include <QCoreApplication>

#include <cstdio>
#include <cstring>
#include <memory>

namespace {

QtMessageHandler g_defaultHandler = nullptr;

// Headless Qt says on every run that XDG_RUNTIME_DIR is not set (CI, ssh, containers): it
// falls back to a private folder and nothing is wrong, so the report command keeps stderr
// for messages that matter.
void dropRuntimeDirNotice(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    g_defaultHandler(type, context, message);
}

} // namespace

int main(int argc, char** argv)
{
    // `report` paints plots with widgets, which need a QApplication and a platform plugin.
    // It must run in CI and over ssh, so without a display: offscreen unless the user chose
    // a platform. Every other command stays a plain QCoreApplication.
    const bool needsWidgets = argc > 1 && std::strcmp(argv[1], "report") == 0;
    if (needsWidgets && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (needsWidgets)
        g_defaultHandler = qInstallMessageHandler(dropRuntimeDirNotice);
    std::unique_ptr<QCoreApplication> app;
    if (needsWidgets)
        app = std::make_unique<QApplication>(argc, argv);
    else
        app = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("slicewatt-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SLICEWATT_VERSION));
    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty()) {
        fputs(slicewatt::cli::kUsage, stderr);
        return slicewatt::cli::ExitUsage;
    }
    const QString command = args.takeFirst();
    if (command == QLatin1String("-h") || command == QLatin1String("--help") || command == QLatin1String("help")) {
        // `help COMMAND` is `COMMAND --help`.
        const QByteArray help = args.isEmpty() ? QByteArray() : slicewatt::cli::commandHelp(args.first());
        fputs(help.isEmpty() ? slicewatt::cli::kUsage : help.constData(), stdout);
        return slicewatt::cli::ExitOk;
    }
    if (command == QLatin1String("--version")) {
        printf("slicewatt-cli %s\n", SLICEWATT_VERSION);
        return slicewatt::cli::ExitOk;
    }
    if (args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h"))) {
        const QByteArray help = slicewatt::cli::commandHelp(command);
        fputs(help.isEmpty() ? slicewatt::cli::kUsage : help.constData(), stdout);
        return slicewatt::cli::ExitOk;
    }
    if (command == QLatin1String("kernels"))
        return slicewatt::cli::runKernelsCommand(args);
    if (command == QLatin1String("analyze") || command == QLatin1String("analyse"))
        return slicewatt::cli::runAnalyzeCommand(args);
    if (command == QLatin1String("train-wnn"))
        return slicewatt::cli::runTrainWnnCommand(args);
    if (command == QLatin1String("train-ptx-model"))
        return slicewatt::cli::runTrainPtxModelCommand(args);
    if (command == QLatin1String("fit"))
        return slicewatt::cli::runFitCommand(args);
    if (command == QLatin1String("slices"))
        return slicewatt::cli::runSlicesCommand(args);
    if (command == QLatin1String("report"))
        return slicewatt::cli::runReportCommand(args);
    if (command == QLatin1String("trace"))
        return slicewatt::cli::runTraceCommand(args);
    if (command == QLatin1String("validate"))
        return slicewatt::cli::runValidateCommand(args);
    if (command == QLatin1String("compare"))
        return slicewatt::cli::runCompareCommand(args);
    if (command == QLatin1String("validate-measured"))
        return slicewatt::cli::runValidateMeasuredCommand(args);
    if (command == QLatin1String("ptx"))
        return slicewatt::cli::runPtxCommand(args);
    if (command == QLatin1String("validate-time"))
        return slicewatt::cli::runValidateTimeCommand(args);
    if (command == QLatin1String("fit-physical"))
        return slicewatt::cli::runFitPhysicalCommand(args);
    fprintf(stderr, "slicewatt-cli: unknown command '%s'\n\n%s", qPrintable(command), slicewatt::cli::kUsage);
    return slicewatt::cli::ExitUsage;
}
