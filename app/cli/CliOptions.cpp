// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliOptions.h"
#include "common/FileIo.h"

#include "analysis/ProjectIndexer.h"
#include "frontend/UnitCache.h"
#include "project/ProjectLoader.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace slicewatt::cli {

bool parseCommonOptions(const QStringList& args, const QStringList& allowedFormats, CommonOptions& options,
    QString& error, const QStringList& valueOptions, bool inputsOptional)
{
    options.parser.resourceDir = defaultClangResourceDir();
    for (int i = 0; i < args.size(); ++i) {
        const QString arg = args.at(i);
        auto value = [&](QString& out) {
            const int eq = arg.indexOf(QLatin1Char('='));
            if (arg.startsWith(QLatin1String("--")) && eq > 0) {
                out = arg.mid(eq + 1);
                return true;
            }
            if (i + 1 >= args.size()) {
                error = QStringLiteral("option %1 needs a value").arg(arg);
                return false;
            }
            out = args.at(++i);
            return true;
        };
        const QString name = arg.section(QLatin1Char('='), 0, 0);
        QString v;
        if (name == QLatin1String("--format") || name == QLatin1String("-f")) {
            if (!value(v))
                return false;
            if (!allowedFormats.contains(v)) {
                error
                    = QStringLiteral("unknown format '%1' (expected %2)").arg(v, allowedFormats.join(QLatin1Char('|')));
                return false;
            }
            options.format = v;
        } else if (name == QLatin1String("--output") || name == QLatin1String("-o")) {
            if (!value(options.outputFile))
                return false;
        } else if (arg == QLatin1String("-I") || arg == QLatin1String("--include")) {
            if (!value(v))
                return false;
            options.load.extraIncludeDirs << v;
        } else if (arg.startsWith(QLatin1String("-I"))) {
            options.load.extraIncludeDirs << arg.mid(2);
        } else if (arg == QLatin1String("-D") || arg == QLatin1String("--define")) {
            if (!value(v))
                return false;
            options.load.extraDefines << v;
        } else if (arg.startsWith(QLatin1String("-D"))) {
            options.load.extraDefines << arg.mid(2);
        } else if (name == QLatin1String("--std")) {
            if (!value(options.load.defaultStandard))
                return false;
        } else if (name == QLatin1String("--max-file-mb")) {
            if (!value(v))
                return false;
            bool ok = false;
            const double mb = v.toDouble(&ok);
            if (!ok || mb <= 0) {
                error = QStringLiteral("--max-file-mb needs a positive number, got '%1'").arg(v);
                return false;
            }
            options.parser.maxFileBytes = qint64(mb * 1024 * 1024);
        } else if (name == QLatin1String("--file-time-budget")) {
            if (!value(v))
                return false;
            bool ok = false;
            const double seconds = v.toDouble(&ok);
            if (!ok || !(seconds >= 0) || seconds > 1e6) {
                error = QStringLiteral("--file-time-budget needs seconds (0: no limit), got '%1'").arg(v);
                return false;
            }
            options.parser.fileTimeBudgetSeconds = seconds;
        } else if (name == QLatin1String("--jobs") || name == QLatin1String("-j")) {
            if (!value(v))
                return false;
            bool ok = false;
            const int jobs = v.toInt(&ok);
            if (!ok || jobs < 1 || jobs > 256) {
                error = QStringLiteral("--jobs needs a number of files from 1 to 256, got '%1'").arg(v);
                return false;
            }
            options.parser.parallelFiles = jobs;
        } else if (name == QLatin1String("--arch")) {
            if (!value(v))
                return false;
            const std::optional<CudaArch> arch = CudaArch::fromText(v);
            if (!arch) {
                error = QStringLiteral("unknown architecture '%1' (expected one of %2)")
                            .arg(v, CudaArch::knownNames().join(QStringLiteral(", ")));
                return false;
            }
            options.parser.deviceArch = *arch;
            options.archGiven = true;
        } else if (arg == QLatin1String("--fail-on-errors")) {
            options.failOnErrors = true;
        } else if (arg == QLatin1String("--cache")) {
            options.cacheFolder = UnitCache::defaultDiskFolder();
        } else if (name == QLatin1String("--cache-dir")) {
            if (!value(v))
                return false;
            if (v.isEmpty()) {
                error = QStringLiteral("--cache-dir needs a folder");
                return false;
            }
            options.cacheFolder = QFileInfo(v).absoluteFilePath();
        } else if (valueOptions.contains(name)) {
            if (!value(v))
                return false;
            // --arg may be given many times: the assignments add up.
            const QString key = name.mid(2);
            if (key == QLatin1String("arg") && options.values.contains(key))
                v = options.values.value(key) + QLatin1Char(',') + v;
            options.values.insert(key, v);
        } else if (arg.startsWith(QLatin1Char('-')) && arg != QLatin1String("-")) {
            error = QStringLiteral("unknown option '%1'").arg(arg);
            return false;
        } else {
            options.inputs << arg;
        }
    }
    if (options.inputs.isEmpty() && !inputsOptional) {
        error = QStringLiteral("no input: give folders, .cu files or a compile_commands.json");
        return false;
    }
    return true;
}

ProjectIndex indexInputs(const CommonOptions& options)
{
    const ProjectSources sources = loadProject(options.inputs, options.load);
    if (options.cacheFolder.isEmpty())
        return indexProject(sources, options.parser);
    UnitCache cache(options.cacheFolder);
    ProjectIndex index = indexProject(sources, options.parser, {}, nullptr, &cache);
    // Bounded, so a CI machine's cache folder does not grow with every branch it sees.
    constexpr qint64 kCacheBudgetBytes = 512LL * 1024 * 1024;
    cache.trimDisk(kCacheBudgetBytes);
    return index;
}

std::unique_ptr<PtxCache> ptxCacheOf(const CommonOptions& options)
{
    if (options.cacheFolder.isEmpty())
        return nullptr;
    return std::make_unique<PtxCache>(PtxCache::folderBeside(options.cacheFolder));
}

int reportDiagnostics(const Diagnostics& diagnostics, bool failOnErrors)
{
    for (const Diagnostic& d : diagnostics) {
        if (d.severity != Diagnostic::Severity::Note || d.origin == Diagnostic::Origin::Loader)
            fprintf(stderr, "%s\n", qPrintable(d.toString()));
    }
    return failOnErrors && errorCount(diagnostics) > 0 ? ExitAnalysisErrors : ExitOk;
}

bool writeOutput(const QString& outputFile, const QByteArray& data, QString& error)
{
    if (outputFile.isEmpty() || outputFile == QLatin1String("-")) {
        fwrite(data.constData(), 1, size_t(data.size()), stdout);
        fflush(stdout);
        return true;
    }
    return writeFileAtomically(outputFile, data, &error);
}

} // namespace slicewatt::cli
