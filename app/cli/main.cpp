// SPDX-License-Identifier: GPL-3.0-or-later
// slicewatt-cli: the SliceWatt engine for terminals and CI. Thin by design: parse the
// subcommand, hand over to core/.
#include "AnalyzeCommand.h"
#include "CliOptions.h"
#include "FitCommand.h"
#include "KernelsCommand.h"
#include "ReportCommand.h"
#include "SlicesCommand.h"
#include "TrainWnnCommand.h"

#include <QApplication>
#include <QCoreApplication>

#include <cstdio>
#include <cstring>
#include <memory>

namespace {

const char* const kUsage = "Usage: slicewatt-cli COMMAND [OPTIONS] PATH...\n"
                           "\n"
                           "Static GPU power analysis of CUDA programs by memory-space slicing.\n"
                           "PATH is a folder (searched recursively), .cu/.cuh files, or a compile_commands.json.\n"
                           "No CUDA installation is needed.\n"
                           "\n"
                           "Commands:\n"
                           "  kernels    list every kernel: file, line, launch sites with grid/block values\n"
                           "             where they are compile-time constants, diagnostics per file\n"
                           "  slices     each kernel's memory-space slices (global, shared, constant,\n"
                           "             texture): length, arithmetic and memory operations weighted by\n"
                           "             loop trip counts, intensity, branch class, assumptions\n"
                           "  analyze    slice and program power (W) per kernel with a published model:\n"
                           "             BSPM for branch-sparse, BDPM for branch-dense kernels, hot lines\n"
                           "  report     the PDF report (as the desktop app's File > Export Report): summary,\n"
                           "             hottest lines, per kernel the heat-coloured source, slices, plots and\n"
                           "             assumptions, the method: report PATH... -o FILE.pdf [--title TEXT]\n"
                           "             [the analyze options --gpu ... --counting]\n"
                           "  fit        fit a model form to measured power (CSV with saturation,\n"
                           "             intensity, watts) and write a model file: fit CSV --gpu ID\n"
                           "             --id MODEL [--form jos13|jos13-idle|linear-intensity] -o FILE\n"
                           "  train-wnn  train the wavelet network on measurements (CSV with intensity,\n"
                           "             saturation, lines, gpu, watts), or with --surfaces on the published\n"
                           "             surfaces (reproduces models/wnn-default.json): -o FILE [--seed N]\n"
                           "\n"
                           "Options:\n"
                           "  -f, --format FORMAT   table (default) or json\n"
                           "  -o, --output FILE     write there (atomically) instead of stdout; report needs it\n"
                           "  -I DIR                add an include folder to every file\n"
                           "  -D NAME[=VALUE]       define a macro for every file\n"
                           "  --std STD             C++ standard when the build does not say (default c++17)\n"
                           "  --max-file-mb N       skip files larger than N MiB with a diagnostic (default 16)\n"
                           "  --gpu NAME            analyze: gtx260, gtx280 (default), c870, gtx480, gt200-6sm\n"
                           "  --model NAME          analyze: jos13 (default, JoS13 regression), jsw12, or wnn\n"
                           "                        (wavelet network trained on the published surfaces)\n"
                           "  --sa X                analyze: SM saturation in [0, 1] instead of the launch's\n"
                           "  --grid N, --block N   analyze: what-if launch (blocks, threads per block)\n"
                           "  --time SECONDS        analyze: execution time, for energy (J)\n"
                           "  --delta D             analyze: BDPM drops sub-slices with probability <= D (0.01)\n"
                           "  --models-dir DIR      analyze: extra model and GPU files (JSON)\n"
                           "  --trips L=N[,…]       analyze: the loop on line L runs N times\n"
                           "  --branch L=P/Q[,…]    analyze: arm probabilities of the branch on line L\n"
                           "  --counting MODE       analyze: ast (real loads/stores, default) or lexical\n"
                           "                        (one memory operation per `=`, as the papers' prototype)\n"
                           "                        (report takes every analyze option from --gpu to here)\n"
                           "  --title TEXT          report: the title on the first page\n"
                           "  -f, --format FORMAT   analyze also accepts csv and sarif (SARIF 2.1.0)\n"
                           "  -h, --help            show this help\n"
                           "  --version             show the version\n"
                           "\n"
                           "Exit status: 0 ok, 1 the analysis found errors (diagnostics on stderr), 2 usage error.\n";

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
        fputs(kUsage, stderr);
        return slicewatt::cli::ExitUsage;
    }
    const QString command = args.takeFirst();
    if (command == QLatin1String("-h") || command == QLatin1String("--help") || command == QLatin1String("help")) {
        fputs(kUsage, stdout);
        return slicewatt::cli::ExitOk;
    }
    if (command == QLatin1String("--version")) {
        printf("slicewatt-cli %s\n", SLICEWATT_VERSION);
        return slicewatt::cli::ExitOk;
    }
    if (args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h"))) {
        fputs(kUsage, stdout);
        return slicewatt::cli::ExitOk;
    }
    if (command == QLatin1String("kernels"))
        return slicewatt::cli::runKernelsCommand(args);
    if (command == QLatin1String("analyze") || command == QLatin1String("analyse"))
        return slicewatt::cli::runAnalyzeCommand(args);
    if (command == QLatin1String("train-wnn"))
        return slicewatt::cli::runTrainWnnCommand(args);
    if (command == QLatin1String("fit"))
        return slicewatt::cli::runFitCommand(args);
    if (command == QLatin1String("slices"))
        return slicewatt::cli::runSlicesCommand(args);
    if (command == QLatin1String("report"))
        return slicewatt::cli::runReportCommand(args);
    fprintf(stderr, "slicewatt-cli: unknown command '%s'\n\n%s", qPrintable(command), kUsage);
    return slicewatt::cli::ExitUsage;
}
