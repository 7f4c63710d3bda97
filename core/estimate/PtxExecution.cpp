// SPDX-License-Identifier: GPL-3.0-or-later
#include "PtxExecution.h"

#include "PtxLoopMatch.h"

#include <QFileInfo>
#include <QHash>

#include <algorithm>

namespace slicewatt {

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
    const QVector<PtxLoopMatch> matches = matchPtxLoops(function, module, ir, slices, defaultTripCount);
    for (int b = 0; b < function.blocks.size(); ++b) {
        double runs = 1;
        for (int l = innermostPtxLoop(function, b); l >= 0; l = function.loops[l].parent)
            runs *= matches[l].runsPerEntry;
        e.blockRuns << runs;
    }
    int unmatched = 0;
    QStringList unrolled;
    int remainders = 0;
    for (const PtxLoopMatch& m : matches) {
        unmatched += m.sourceLoop < 0 ? 1 : 0;
        remainders += m.remainder ? 1 : 0;
        if (m.unrollFactor > 1)
            unrolled
                << QStringLiteral("line %1 by %2").arg(ir.statements[m.sourceLoop].location.line).arg(m.unrollFactor);
    }
    if (unmatched > 0)
        e.assumptions << QStringLiteral("%1 PTX loop(s) match no source loop (the compiler's own loops, or lines the "
                                        "analysis did not read): %2 iterations each")
                             .arg(unmatched)
                             .arg(defaultTripCount);
    unrolled.removeDuplicates();
    if (!unrolled.isEmpty())
        e.assumptions << QStringLiteral("loops the compiler unrolled (%1): each PTX trip runs that many source "
                                        "iterations, so it runs trips / copies times%2")
                             .arg(unrolled.join(QStringLiteral(", ")),
                                 remainders > 0 ? QStringLiteral("; %1 remainder loop(s) run (copies − 1) / 2 "
                                                                 "iterations on average")
                                                      .arg(remainders)
                                                : QString());
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
