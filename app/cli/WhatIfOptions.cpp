// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatIfOptions.h"

#include "common/FileIo.h"
#include "model/GpuSpecFile.h"

#include "calibration/LocalGpu.h"

#include "analysis/LaunchChoice.h"
#include "estimate/LaunchLimits.h"

#include "estimate/ProblemSizes.h"
#include "estimate/PtxWorkspace.h"
#include "project/ProjectLoader.h"

#include <QFileInfo>

#include <cstdio>

#include <unistd.h>

namespace slicewatt::cli {
namespace {

bool readNumber(const CommonOptions& options, const QString& name, double low, double high,
    std::optional<double>& value, QString& error)
{
    if (!options.values.contains(name))
        return true;
    bool ok = false;
    const double number = options.values.value(name).toDouble(&ok);
    if (!ok || number < low || number > high) {
        error = QStringLiteral("--%1 needs a number in [%2, %3], got '%4'")
                    .arg(name)
                    .arg(low)
                    .arg(high)
                    .arg(options.values.value(name));
        return false;
    }
    value = number;
    return true;
}

// `--grid 1x1000`, `--block 16x16` or a plain count (y = z = 1).
bool readExtent(const CommonOptions& options, const QString& name, std::optional<LaunchExtent>& value, QString& error)
{
    if (!options.values.contains(name))
        return true;
    QString why;
    value = parseLaunchExtent(options.values.value(name), &why);
    if (!value)
        error = QStringLiteral("--%1 %2").arg(name, why);
    return bool(value);
}

// "41=8,77=100" → {41: "8", 77: "100"}; false with `error` when malformed.
bool parseLineValues(const QString& text, const QString& option, QHash<int, QString>& values, QString& error)
{
    for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int line = item.section(QLatin1Char('='), 0, 0).toInt(&ok);
        if (!ok || !item.contains(QLatin1Char('=')) || line <= 0) {
            error = QStringLiteral("--%1 expects LINE=VALUE[,LINE=VALUE…], got '%2'").arg(option, item);
            return false;
        }
        values.insert(line, item.section(QLatin1Char('='), 1));
    }
    return true;
}

// What-if overrides by source line: trip counts of loops and arm probabilities of branches
// (e.g. measured by profiling), turned into the statement indices the analysis uses.
bool applyLineOverrides(const CommonOptions& options, const KernelIR& ir, KernelWhatIf& whatIf, QString& error)
{
    QHash<int, QString> trips;
    QHash<int, QString> branches;
    if (!parseLineValues(options.values.value(QStringLiteral("trips")), QStringLiteral("trips"), trips, error)
        || !parseLineValues(options.values.value(QStringLiteral("branch")), QStringLiteral("branch"), branches, error))
        return false;
    for (int i = 0; i < ir.statements.size(); ++i) {
        const Statement& statement = ir.statements[i];
        const int line = statement.location.line;
        if (statement.kind == StatementKind::Loop && trips.contains(line)) {
            bool ok = false;
            const qint64 count = trips.value(line).toLongLong(&ok);
            if (!ok || count < 0) {
                error = QStringLiteral("--trips %1=%2: not a trip count").arg(line).arg(trips.value(line));
                return false;
            }
            whatIf.tripCounts.insert(i, count);
        }
        const bool branch = statement.kind == StatementKind::If || statement.kind == StatementKind::Switch;
        if (branch && branches.contains(line)) {
            QVector<double> arms;
            double sum = 0;
            for (const QString& part : branches.value(line).split(QLatin1Char('/'))) {
                bool ok = false;
                arms << part.toDouble(&ok);
                sum += arms.last();
                if (!ok || arms.last() < 0 || arms.last() > 1) {
                    error = QStringLiteral("--branch %1=%2: probabilities are numbers in [0, 1] separated by /")
                                .arg(line)
                                .arg(branches.value(line));
                    return false;
                }
            }
            if (arms.size() != qMax(statement.armCount, 2) || qAbs(sum - 1.0) > 1e-6) {
                error = QStringLiteral("--branch %1: give one probability per arm (%2), summing to 1")
                            .arg(line)
                            .arg(qMax(statement.armCount, 2));
                return false;
            }
            whatIf.branchArms.insert(i, arms);
        }
    }
    return true;
}

} // namespace

QStringList whatIfValueOptions()
{
    return {QStringLiteral("--gpu"), QStringLiteral("--model"), QStringLiteral("--sa"), QStringLiteral("--grid"),
        QStringLiteral("--block"), QStringLiteral("--time"), QStringLiteral("--delta"), QStringLiteral("--models-dir"),
        QStringLiteral("--trips"), QStringLiteral("--branch"), QStringLiteral("--counting"),
        QStringLiteral("--energy-model"), QStringLiteral("--threads"), QStringLiteral("--static-w"),
        QStringLiteral("--compiler"), QStringLiteral("--loop-iterations"), QStringLiteral("--energy-counts"),
        QStringLiteral("--arg"), QStringLiteral("--sizes"), QStringLiteral("--gpu-spec"), QStringLiteral("--launch")};
}

bool readWhatIfOptions(CommonOptions& options, WhatIfOptions& whatIf, QString& error)
{
    std::optional<double> saturation, seconds, delta, threads, staticW;
    std::optional<LaunchExtent> grid, block;
    if (!readNumber(options, QStringLiteral("sa"), 0, 1, saturation, error)
        || !readNumber(options, QStringLiteral("threads"), 1, 1e15, threads, error)
        || !readNumber(options, QStringLiteral("static-w"), 0, 1e5, staticW, error)
        || !readExtent(options, QStringLiteral("grid"), grid, error)
        || !readExtent(options, QStringLiteral("block"), block, error)
        || !readNumber(options, QStringLiteral("time"), 0, 1e9, seconds, error)
        || !readNumber(options, QStringLiteral("delta"), 0, 1, delta, error))
        return false;
    if (saturation && (grid || block)) {
        error = QStringLiteral("give either --sa or --grid/--block, not both");
        return false;
    }

    QStringList modelErrors;
    QStringList folders;
    if (options.values.contains(QStringLiteral("models-dir")))
        folders << options.values.value(QStringLiteral("models-dir"));
    whatIf.library = ModelLibrary::load(folders, modelErrors);
    for (const QString& message : modelErrors)
        fprintf(stderr, "%s\n", qPrintable(message));
    // This machine's GPU when the catalogue lacks it, from NVML (issue 46): `--gpu` names it by
    // its NVML name or id, and without --gpu it is the GPU predicted for.
    addNvmlDescribedGpu(whatIf.library);
    WhatIfSettings& settings = whatIf.settings;
    if (options.values.contains(QStringLiteral("gpu-spec"))) {
        // A GPU outside the catalogue, from its data sheet (GpuSpecFile.h): it is the GPU
        // predicted for; a malformed spec stops here and nothing else changes.
        if (options.values.contains(QStringLiteral("gpu"))) {
            error = QStringLiteral("give either --gpu or --gpu-spec, not both");
            return false;
        }
        const QString path = options.values.value(QStringLiteral("gpu-spec"));
        QByteArray text;
        QString readError;
        if (!readTextFile(path, &text, &readError)) {
            error = QStringLiteral("--gpu-spec: %1").arg(readError);
            return false;
        }
        QStringList specErrors;
        const std::optional<GpuSpec> spec = parseGpuSpecFile(text, path, whatIf.library.gpus(), specErrors);
        if (!spec) {
            error = specErrors.join(QLatin1Char('\n'));
            return false;
        }
        const QString why = whatIf.library.addGpu(*spec);
        if (!why.isEmpty())
            fprintf(stderr, "slicewatt-cli: %s: no physical model from its data sheet: %s\n", qPrintable(spec->name),
                qPrintable(why));
        settings.gpuId = spec->id;
    } else if (options.values.contains(QStringLiteral("gpu"))) {
        settings.gpuId = options.values.value(QStringLiteral("gpu"));
    } else {
        // Without --gpu, as the app's first run (issue 34): the GPU NVML sees here, else a
        // current data-centre GPU; said on stderr, so a review in CI names its GPU.
        QString why;
        settings.gpuId = firstRunGpuId(whatIf.library.gpus(), &why);
        const GpuSpec* gpu = whatIf.library.gpus().find(settings.gpuId);
        fprintf(stderr, "slicewatt-cli: no --gpu: predicting for the %s (%s; --gpu chooses)\n",
            qPrintable(gpu ? gpu->name : settings.gpuId), qPrintable(why));
    }
    // Without --model, the GPU's default: the model its measured validation chose, if any.
    const PowerModel* defaultModel = whatIf.library.defaultModelFor(settings.gpuId);
    settings.modelId = options.values.value(
        QStringLiteral("model"), defaultModel ? defaultModel->id() : ModelLibrary::defaultModelId());
    settings.energyModelId = options.values.value(QStringLiteral("energy-model"), settings.energyModelId);
    const ModelChoice choice = chooseModel(whatIf.library, settings);
    if (!choice.error.isEmpty()) {
        QStringList known;
        if (!choice.gpu) {
            for (const GpuSpec& g : whatIf.library.gpus().gpus())
                known << g.id;
        } else if (!choice.model) {
            for (const PowerModel& m : whatIf.library.models())
                known << QStringLiteral("%1 (%2)").arg(m.id(), m.gpuIds().join(QLatin1Char(' ')));
        } else if (!choice.energy) {
            for (const EnergyModel& m : whatIf.library.energyModels())
                known << m.id();
        }
        error = choice.error;
        if (!known.isEmpty())
            error += QStringLiteral(" (known: %1)").arg(known.join(QStringLiteral(", ")));
        return false;
    }
    whatIf.model = choice.model;
    whatIf.gpu = choice.gpu;
    // Device code as the chosen GPU compiles it (issue 47: a V100 reads __CUDA_ARCH__ = 700),
    // unless --arch says otherwise; the outputs name the architecture read.
    if (!options.archGiven) {
        QString note;
        if (const auto arch = CudaArch::fromComputeCapability(choice.gpu->computeCapability, &note)) {
            options.parser.deviceArch = *arch;
            if (!note.isEmpty())
                fprintf(
                    stderr, "slicewatt-cli: %s: %s (--arch chooses)\n", qPrintable(choice.gpu->name), qPrintable(note));
        }
    }
    whatIf.energy = choice.energy;
    // The GPU's own limits: a launch it cannot run is refused, not clamped.
    const QString limit = launchLimitProblem(*choice.gpu, grid, block);
    if (!limit.isEmpty()) {
        error = QStringLiteral("--grid/--block: %1").arg(limit);
        return false;
    }
    if (threads)
        settings.threads = qint64(*threads);
    settings.staticW = staticW;
    const QString counting = options.values.value(QStringLiteral("counting"), QStringLiteral("ast"));
    if (counting != QLatin1String("ast") && counting != QLatin1String("lexical")) {
        error = QStringLiteral("--counting is ast or lexical, not '%1'").arg(counting);
        return false;
    }
    if (counting == QLatin1String("lexical"))
        settings.counting = AnalysisOptions::Counting::Lexical;
    const QString energyCounts = options.values.value(QStringLiteral("energy-counts"), QStringLiteral("auto"));
    const std::optional<EnergyCounts> counts = energyCountsNamed(energyCounts);
    if (!counts) {
        error = QStringLiteral("--energy-counts is auto, ptx or source, not '%1'").arg(energyCounts);
        return false;
    }
    settings.energyCounts = *counts;
    settings.allKernels.saturation = saturation;
    settings.allKernels.grid = grid;
    settings.allKernels.block = block;
    settings.seconds = seconds;
    if (delta)
        settings.delta = *delta;
    return true;
}

bool compileWhatIfPtx(const CommonOptions& options, WhatIfOptions& whatIf, QString& error)
{
    std::optional<double> iterations;
    if (!readNumber(options, QStringLiteral("loop-iterations"), 1, 1e12, iterations, error))
        return false;
    if (!needsProjectPtx(*whatIf.model, whatIf.settings.energyCounts))
        return true;
    const QString wanted = options.values.value(QStringLiteral("compiler"));
    if (!wanted.isEmpty() && wanted != QLatin1String("nvcc") && wanted != QLatin1String("clang")) {
        error = QStringLiteral("--compiler is nvcc or clang, not '%1'").arg(wanted);
        return false;
    }
    const QVector<PtxProducer> producers = ptxProducersFor(*whatIf.model, *whatIf.gpu, wanted);
    const bool terminal = isatty(fileno(stderr));
    const std::unique_ptr<PtxCache> cache = ptxCacheOf(options);
    whatIf.ptx = compileSourcesPtx(
        loadProject(options.inputs, options.load), *whatIf.gpu, producers,
        [terminal](int done, int total) {
            if (terminal)
                fprintf(stderr, "\rslicewatt-cli: PTX of %d of %d files%s", done, total, done == total ? "\n" : "");
            return true;
        },
        cache.get());
    if (cache)
        cache->trimDisk();
    whatIf.settings.ptx = ptxSettingsFor(*whatIf.model, *whatIf.gpu, whatIf.ptx);
    whatIf.settings.ptx.loopIterations = iterations;
    if (!wanted.isEmpty() && producers.isEmpty())
        whatIf.settings.ptx.missing = QStringLiteral("--compiler %1 is not installed").arg(wanted);
    return true;
}

namespace {

bool applyProblemSizes(
    const CommonOptions& options, const ProjectIndex& index, WhatIfSettings& settings, QString& error)
{
    ProblemSizes sizes;
    // The project's file first, so --arg wins over it; --sizes names another file.
    const QString file = options.values.contains(QStringLiteral("sizes"))
        ? options.values.value(QStringLiteral("sizes"))
        : ProblemSizes::projectFile(options.inputs);
    if (!file.isEmpty()) {
        sizes.addFile(file);
        for (const QString& message : sizes.errors)
            fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(message));
        sizes.errors.clear();
    }
    if (options.values.contains(QStringLiteral("arg"))) {
        sizes.addAssignments(options.values.value(QStringLiteral("arg")), QStringLiteral("--arg"));
        if (!sizes.errors.isEmpty()) {
            error = sizes.errors.join(QStringLiteral("; "));
            return false;
        }
    }
    for (const QString& warning : sizes.applyTo(index, settings))
        fprintf(stderr, "slicewatt-cli: %s\n", qPrintable(warning));
    // --grid and --block are typed for this run: they win over the file's launch shapes, as
    // --arg wins over its arguments.
    for (KernelWhatIf& kernel : settings.kernels) {
        if (settings.allKernels.grid)
            kernel.grid.reset();
        if (settings.allKernels.block)
            kernel.block.reset();
    }
    return true;
}

// --launch FILE:LINE[,FILE:LINE…]: the launch site each named kernel is estimated at (issue
// 47), instead of its heaviest.
bool applyLaunchChoice(
    const CommonOptions& options, const ProjectIndex& index, WhatIfSettings& settings, QString& error)
{
    if (!options.values.contains(QStringLiteral("launch")))
        return true;
    for (const QString& item :
        options.values.value(QStringLiteral("launch")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool found = false;
        for (const CatalogFunction& kernel : index.kernels) {
            if (const LaunchSite* site = launchAt(kernel.launches, item.trimmed())) {
                settings.kernels[kernel.info.key].launchSite = launchSiteKey(*site);
                found = true;
            }
        }
        if (!found) {
            QStringList sites;
            for (const CatalogFunction& kernel : index.kernels) {
                for (const LaunchSite& launch : kernel.launches)
                    sites << QStringLiteral("%1:%2 (%3)")
                                 .arg(QFileInfo(launch.location.file).fileName())
                                 .arg(launch.location.line)
                                 .arg(kernel.info.qualifiedName);
            }
            error
                = QStringLiteral("--launch %1: no kernel is launched there (FILE:LINE of the kernel's name at "
                                 "the launch; launch sites: %2)")
                      .arg(item.trimmed(), sites.isEmpty() ? QStringLiteral("none") : sites.join(QStringLiteral(", ")));
            return false;
        }
    }
    return true;
}

} // namespace

bool applyIndexWhatIfs(
    const CommonOptions& options, const ProjectIndex& index, WhatIfSettings& settings, QString& error)
{
    if (!applyProblemSizes(options, index, settings, error) || !applyLaunchChoice(options, index, settings, error))
        return false;
    if (!options.values.contains(QStringLiteral("trips")) && !options.values.contains(QStringLiteral("branch")))
        return true;
    for (const CatalogFunction& kernel : index.kernels) {
        const KernelIR* ir = index.kernelIR(kernel.info.key);
        if (ir && !applyLineOverrides(options, *ir, settings.kernels[kernel.info.key], error))
            return false;
    }
    return true;
}

} // namespace slicewatt::cli
