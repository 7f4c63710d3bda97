// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ParserOptions.h"
#include "ir/Operators.h"
#include "measure/MeasuredLaunches.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QTemporaryDir>

#include <optional>

namespace slicewatt::test {

// The operator a test names by its C spelling ("<", "+="'s "+"); tests only name real ones.
inline BinaryOperator binaryOperator(const QString& spelling)
{
    const auto op = binaryOperatorFromSpelling(spelling);
    Q_ASSERT(op);
    return op.value_or(BinaryOperator::Comma);
}

inline QString sourceDir()
{
    return QStringLiteral(SLICEWATT_SOURCE_DIR);
}

inline QString corpusDir()
{
    return sourceDir() + QStringLiteral("/tests/corpus");
}

// The shared data beside every checkout (../shared): measurements and their kernels' sources.
inline QString sharedDir()
{
    return sourceDir() + QStringLiteral("/../shared");
}

// The measured kernels' upstream sources (NVIDIA cuda-samples, Rodinia), which are never
// committed, laid out as the measurements name them: $SLICEWATT_UPSTREAM_DIR, else ../upstream
// beside the checkout. scripts/export-upstream.sh writes it from fetched mirrors (or from
// ../shared while that still carries them); tests that need it skip with upstreamMissing().
inline QString upstreamDir()
{
    const QString set = qEnvironmentVariable("SLICEWATT_UPSTREAM_DIR");
    return set.isEmpty() ? sourceDir() + QStringLiteral("/../upstream") : set;
}

// Alavani et al.'s measured kernels (../shared/data/alavani/kernels.csv names them below it).
inline QString measuredCorpusDir()
{
    return upstreamDir() + QStringLiteral("/corpus/measured");
}

// ../shared/data/h200 with the samples' sources beside its drivers (`#include "../src/..."`).
inline QString h200MeasuredDir()
{
    return upstreamDir() + QStringLiteral("/data/h200");
}

// Why a test that needs the upstream sources skips.
inline QByteArray upstreamMissing()
{
    return QStringLiteral("the measured kernels' upstream sources are not at %1 (scripts/export-upstream.sh "
                          "exports them; SLICEWATT_UPSTREAM_DIR says where)")
        .arg(upstreamDir())
        .toUtf8();
}

// One GPU's file of the shared measurements (V100, K20, M60), mapped to its kernels' sources
// by kernels.csv; nullopt when ../shared is not beside the checkout.
inline std::optional<MeasuredLaunchTable> mappedAlavaniTable(const QString& gpu)
{
    const QString folder = sharedDir() + QStringLiteral("/data/alavani");
    QFile csv(folder + QLatin1Char('/') + gpu + QStringLiteral(".csv"));
    QFile mapFile(folder + QStringLiteral("/kernels.csv"));
    if (!csv.open(QIODevice::ReadOnly) || !mapFile.open(QIODevice::ReadOnly))
        return std::nullopt;
    MeasuredLaunchTable table = readMeasuredLaunches(csv.readAll(), csv.fileName());
    QStringList problems;
    mapMeasuredLaunches(table, readKernelMap(mapFile.readAll(), mapFile.fileName(), &problems));
    return table;
}

inline QString exampleDir()
{
    return sourceDir() + QStringLiteral("/examples/imagepipe");
}

inline ParserOptions parserOptions()
{
    ParserOptions options;
    options.resourceDir = defaultClangResourceDir();
    return options;
}

// Writes `contents` to dir/name (creating folders) and returns the absolute path.
inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& contents)
{
    const QString path = dir.filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write test file %s", qPrintable(path));
    file.write(contents);
    return QDir::cleanPath(path);
}

#ifdef SLICEWATT_CLI_PATH
struct CliResult {
    int exitCode = -1; // -1: it crashed
    QByteArray out;
    QByteArray err;
};

// Runs the slicewatt-cli this build made; a run that does not end within five minutes fails
// the whole test.
inline CliResult runCli(
    const QStringList& args, const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(SLICEWATT_CLI_PATH), args);
    if (!process.waitForFinished(300000))
        qFatal("slicewatt-cli did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
        process.readAllStandardError()};
}
#endif

} // namespace slicewatt::test
