// SPDX-License-Identifier: GPL-3.0-or-later
#include "MeasuredInput.h"

#include "common/FileIo.h"
#include "estimate/PtxWorkspace.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace slicewatt::cli {

namespace {

// The shared data's layout: data/alavani/V100.csv beside data/alavani/kernels.csv, sources in
// corpus/measured two folders up.
QString besideOrEmpty(const QString& csv, const QString& relative)
{
    const QString path = QFileInfo(csv).dir().filePath(relative);
    return QFileInfo::exists(path) ? QDir::cleanPath(path) : QString();
}

} // namespace

ModelLibrary loadModelLibrary(const CommonOptions& options)
{
    QStringList errors;
    const QStringList userFolders = options.values.contains(QStringLiteral("models-dir"))
        ? QStringList{options.values.value(QStringLiteral("models-dir"))}
        : QStringList();
    ModelLibrary library = ModelLibrary::load(userFolders, errors);
    for (const QString& message : errors)
        fprintf(stderr, "%s\n", qPrintable(message));
    return library;
}

bool parsePtxOptions(const CommonOptions& options, MeasuredPtxOptions* ptx, QString* error)
{
    const QString wanted = options.values.value(QStringLiteral("compiler"), QStringLiteral("clang"));
    if (wanted != QLatin1String("none")) {
        const QVector<PtxProducer> producers = ptxProducersNamed(wanted);
        if (producers.isEmpty()) {
            *error = QStringLiteral("--compiler %1: not installed (nvcc, clang, or none)").arg(wanted);
            return false;
        }
        ptx->producer = producers.first();
    }
    if (options.values.contains(QStringLiteral("loop-iterations"))) {
        bool ok = false;
        const double n = options.values.value(QStringLiteral("loop-iterations")).toDouble(&ok);
        if (!ok || !(n >= 1)) {
            *error = QStringLiteral("--loop-iterations needs a number of at least 1");
            return false;
        }
        ptx->loopIterations = n;
    }
    return true;
}

std::optional<MeasuredInput> readMeasuredInput(const QString& command, const QString& csv, const CommonOptions& options,
    const GpuCatalogue& gpus, const MeasuredPtxOptions& ptx, int* exitCode)
{
    const QByteArray name = command.toUtf8();
    MeasuredInput input;
    const QString gpuName = options.values.value(QStringLiteral("gpu"), QFileInfo(csv).completeBaseName());
    input.gpu = gpus.find(gpuName);
    const QString mapFile
        = options.values.value(QStringLiteral("map"), besideOrEmpty(csv, QStringLiteral("kernels.csv")));
    // The sources: --corpus, else beside the CSV as ../shared lays them out, else where
    // scripts/export-upstream.sh put them (upstream code is never shipped or committed).
    QString corpus
        = options.values.value(QStringLiteral("corpus"), besideOrEmpty(csv, QStringLiteral("../../corpus/measured")));
    const QString upstream = qEnvironmentVariable("SLICEWATT_UPSTREAM_DIR");
    if (corpus.isEmpty() && !upstream.isEmpty() && QFileInfo::exists(upstream + QStringLiteral("/corpus/measured")))
        corpus = upstream + QStringLiteral("/corpus/measured");
    if (!input.gpu) {
        fprintf(stderr, "slicewatt-cli %s: %s: no GPU '%s' (give --gpu ID)\n", name.constData(), qPrintable(csv),
            qPrintable(gpuName));
        *exitCode = ExitUsage;
        return std::nullopt;
    }
    QByteArray text;
    QString error;
    if (!readTextFile(csv, &text, &error)) {
        fprintf(stderr, "slicewatt-cli %s: %s\n", name.constData(), qPrintable(error));
        *exitCode = ExitAnalysisErrors;
        return std::nullopt;
    }
    input.launches = readMeasuredLaunches(text, csv);
    // The first few rows left out, then how many more: the Alavani K20 file alone has
    // nearly two hundred empty lines.
    constexpr int kShownProblems = 5;
    for (int i = 0; i < input.launches.problems.size() && i < kShownProblems; ++i)
        fprintf(stderr, "%s\n", qPrintable(input.launches.problems[i]));
    if (input.launches.problems.size() > kShownProblems)
        fprintf(stderr, "%s: and %lld more rows left out\n", qPrintable(csv),
            static_cast<long long>(input.launches.problems.size() - kShownProblems));
    if (!mapFile.isEmpty()) {
        QByteArray mapText;
        QStringList problems;
        const bool read = readTextFile(mapFile, &mapText, &error);
        const QVector<KernelMapEntry> map
            = read ? readKernelMap(mapText, mapFile, &problems) : QVector<KernelMapEntry>();
        if (!read)
            problems << error;
        for (const QString& problem : problems)
            fprintf(stderr, "%s\n", qPrintable(problem));
        mapMeasuredLaunches(input.launches, map);
    }
    if (corpus.isEmpty()) {
        fprintf(stderr,
            "slicewatt-cli %s: %s: where are the measured kernels' sources? (--corpus, or scripts/export-upstream.sh "
            "and SLICEWATT_UPSTREAM_DIR)\n",
            name.constData(), qPrintable(csv));
        *exitCode = ExitUsage;
        return std::nullopt;
    }
    input.features = analyseMeasuredLaunches(input.launches, corpus, *input.gpu, options.parser, ptx);
    if (input.features.rows.isEmpty()) {
        fprintf(stderr, "slicewatt-cli %s: %s: no row could be analysed\n", name.constData(), qPrintable(csv));
        *exitCode = ExitAnalysisErrors;
        return std::nullopt;
    }
    return input;
}

} // namespace slicewatt::cli
