// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxExecution.h"

#include <QFileInfo>
#include <QHash>

#include <algorithm>

namespace slicewatt {

namespace {

// "file name:line" → the trip counts of the source loops around a statement there, outermost
// first (the statement with most loops around it when several share the line).
QHash<QString, QVector<double>> loopTripsByLine(const KernelIR& ir, const KernelSlices& slices)
{
    QHash<int, double> tripsOfLoop;
    for (const LoopResolution& loop : slices.loops)
        tripsOfLoop.insert(loop.statement, loop.trips);
    QHash<QString, QVector<double>> byLine;
    for (const Statement& s : ir.statements) {
        QVector<double> trips;
        // A loop header lists itself last: the compare and step on its line run once per
        // iteration inside the PTX loop (a block before the loop has depth 0 and runs once).
        for (int loop : s.loops)
            trips << tripsOfLoop.value(loop, 1.0);
        const QString key = QFileInfo(s.location.file).fileName() + QLatin1Char(':') + QString::number(s.location.line);
        QVector<double>& known = byLine[key];
        if (trips.size() > known.size())
            known = trips;
    }
    return byLine;
}

} // namespace

QString ptxRunsPerLoopRule(double loopIterations)
{
    return QStringLiteral("%1 iterations per loop (--loop-iterations)").arg(loopIterations);
}

PtxExecution ptxExecutionPerLoop(const PtxFunction& function, double loopIterations)
{
    PtxExecution e;
    e.blockRuns = ptxLoopRuns(function, loopIterations);
    e.rule = ptxRunsPerLoopRule(loopIterations);
    return e;
}

PtxExecution ptxExecutionFromAnalysis(const PtxFunction& function, const PtxModule& module, const KernelIR& ir,
    const KernelSlices& slices, int defaultTripCount)
{
    PtxExecution e;
    e.rule = kPtxRunsByAnalysis;
    const QHash<QString, QVector<double>> byLine = loopTripsByLine(ir, slices);
    // Per block, the trips around the source line in it with most loops around it.
    QVector<QVector<double>> tripsOfBlock;
    for (const PtxBlock& block : function.blocks) {
        QVector<double> trips;
        for (const PtxInstruction& i : block.instructions) {
            if (i.line <= 0)
                continue;
            const QString key
                = QFileInfo(module.files.value(i.file)).fileName() + QLatin1Char(':') + QString::number(i.line);
            const QVector<double> around = byLine.value(key);
            if (around.size() > trips.size())
                trips = around;
        }
        tripsOfBlock << trips;
    }
    int unmatchedLoops = 0;
    for (int b = 0; b < function.blocks.size(); ++b) {
        const int depth = function.blocks[b].loopDepth;
        QVector<double> trips = tripsOfBlock[b];
        // A block of compiler-made code (line 0, or lines of the CUDA headers only) inside a
        // loop runs as the nearest block of the same depth whose lines are known.
        for (int distance = 1; trips.size() < depth && distance < function.blocks.size(); ++distance) {
            for (int other : {b - distance, b + distance}) {
                if (other >= 0 && other < function.blocks.size() && function.blocks[other].loopDepth == depth
                    && tripsOfBlock[other].size() >= depth) {
                    trips = tripsOfBlock[other];
                    break;
                }
            }
        }
        double runs = 1;
        for (int level = 0; level < depth; ++level) {
            if (level < trips.size()) {
                runs *= trips[level];
            } else {
                runs *= defaultTripCount;
                ++unmatchedLoops;
            }
        }
        e.blockRuns << runs;
    }
    if (unmatchedLoops > 0)
        e.assumptions << QStringLiteral("%1 PTX loop level(s) match no source loop (the compiler's own loops, or "
                                        "lines the analysis did not read): %2 iterations each")
                             .arg(unmatchedLoops)
                             .arg(defaultTripCount);
    return e;
}

PtxSettings ptxForKernel(const PtxSettings& settings, const QString& qualifiedName, const QString& file)
{
    PtxSettings kernel = settings;
    kernel.function = settings.project ? settings.project->kernel(qualifiedName, file, &kernel.file) : nullptr;
    return kernel;
}

QString ptxMissingFor(const PtxSettings& settings, const QString& kernelName)
{
    if (!settings.project)
        return settings.missing.isEmpty() ? QStringLiteral("no PTX was compiled") : settings.missing;
    if (settings.function && settings.file)
        return {};
    QStringList failed;
    for (const FilePtx& file : settings.project->files) {
        if (!file.compilation.ok())
            failed << file.compilation.error.section(QLatin1Char('\n'), 0, 0).left(300); // names the file
    }
    return QStringLiteral("%1 produced no PTX for kernel %2%3")
        .arg(settings.project->producer, kernelName,
            failed.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(failed.join(QStringLiteral("; "))));
}

PtxExecution ptxExecutionFor(
    const PtxSettings& settings, const KernelIR& ir, const KernelSlices& slices, int defaultTripCount)
{
    PtxExecution e = settings.loopIterations
        ? ptxExecutionPerLoop(*settings.function, *settings.loopIterations)
        : ptxExecutionFromAnalysis(*settings.function, settings.file->module, ir, slices, defaultTripCount);
    e.source = QStringLiteral("%1 PTX of %2 (%3), each block run by %4")
                   .arg(settings.project->producer, QFileInfo(settings.file->file).fileName(),
                       settings.file->compilation.arch, e.rule);
    return e;
}

void attachPtxFeatures(LaunchActivity& activity, const KernelIR& ir, const KernelSlices& slices, const GpuSpec& gpu,
    const PtxSettings& settings, int defaultTripCount)
{
    activity.ptxProblem = ptxMissingFor(settings, ir.kernelName);
    if (!activity.ptxProblem.isEmpty())
        return;
    const std::optional<PtxArchitecture> arch = ptxArchitectureFor(gpu, &activity.ptxProblem);
    if (!arch)
        return;
    const PtxExecution execution = ptxExecutionFor(settings, ir, slices, defaultTripCount);
    activity.ptxFeatures = ptxLaunchFeatures(
        ptxThreadCounts(*settings.function, execution.blockRuns), activity.gridBlocks, activity.blockThreads, *arch);
    activity.ptxFeatures.insert(QStringLiteral("occupancy"), activity.occupancy);
    activity.ptxSource = execution.source;
    activity.assumptions << QStringLiteral("PTX features from %1").arg(activity.ptxSource);
    activity.assumptions += execution.assumptions;
    if (!settings.note.isEmpty())
        activity.assumptions << settings.note;
}

std::optional<PtxArchitecture> ptxArchitectureFor(const GpuSpec& gpu, QString* why)
{
    if (!gpu.ptxPipeline) {
        *why = QStringLiteral("the GPU catalogue has no PTX pipeline figures (schedulers, dispatch and load-store "
                              "units, L2, latencies) for %1")
                   .arg(gpu.name);
        return std::nullopt;
    }
    const PtxPipeline& p = *gpu.ptxPipeline;
    PtxArchitecture a;
    a.sms = gpu.sms;
    a.maxThreadsPerSm = gpu.maxThreadsPerSm;
    a.warpSchedulers = p.warpSchedulers;
    a.dispatchUnits = p.dispatchUnits;
    a.loadStoreUnits = p.loadStoreUnits;
    a.l2Bytes = p.l2Bytes;
    a.globalLatencyCycles = p.globalLatencyCycles;
    a.sharedThroughput = p.sharedThroughputBytesPerCycle;
    if (p.globalThroughputBytesPerCycle) {
        a.globalThroughput = *p.globalThroughputBytesPerCycle;
    } else if (gpu.memoryBandwidthGBs && gpu.boostClockMhz && gpu.sms > 0) {
        a.globalThroughput = *gpu.memoryBandwidthGBs * 1e9 / (gpu.sms * *gpu.boostClockMhz * 1e6);
    } else {
        *why = QStringLiteral("%1 has no global-memory throughput, nor a memory bandwidth and boost clock to "
                              "derive it from")
                   .arg(gpu.name);
        return std::nullopt;
    }
    return a;
}

} // namespace slicewatt
