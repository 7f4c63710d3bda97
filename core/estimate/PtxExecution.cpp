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
        for (int loop : s.loops) {
            // A loop header lists itself last: its own line runs with the loops around it.
            if (s.kind == StatementKind::Loop && loop == s.loops.last())
                continue;
            trips << tripsOfLoop.value(loop, 1.0);
        }
        const QString key = QFileInfo(s.location.file).fileName() + QLatin1Char(':') + QString::number(s.location.line);
        QVector<double>& known = byLine[key];
        if (trips.size() > known.size())
            known = trips;
    }
    return byLine;
}

} // namespace

PtxExecution ptxExecutionPerLoop(const PtxFunction& function, double loopIterations)
{
    PtxExecution e;
    e.blockRuns = ptxLoopRuns(function, loopIterations);
    e.rule = QStringLiteral("%1 iterations per loop (--loop-iterations)").arg(loopIterations);
    return e;
}

PtxExecution ptxExecutionFromAnalysis(const PtxFunction& function, const PtxModule& module, const KernelIR& ir,
    const KernelSlices& slices, int defaultTripCount)
{
    PtxExecution e;
    e.rule = QStringLiteral("the analysis's loop trip counts");
    const QHash<QString, QVector<double>> byLine = loopTripsByLine(ir, slices);
    int unmatchedLoops = 0;
    for (const PtxBlock& block : function.blocks) {
        if (block.loopDepth == 0) {
            e.blockRuns << 1.0;
            continue;
        }
        QVector<double> trips; // of the source line in the block with most loops around it
        for (const PtxInstruction& i : block.instructions) {
            if (i.line <= 0)
                continue;
            const QString key = QFileInfo(module.files.value(i.file)).fileName() + QLatin1Char(':')
                + QString::number(i.line);
            const QVector<double> around = byLine.value(key);
            if (around.size() > trips.size())
                trips = around;
        }
        double runs = 1;
        for (int level = 0; level < block.loopDepth; ++level) {
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
