// SPDX-License-Identifier: GPL-3.0-or-later
#include "MeasuredFeatures.h"

#include "analysis/ProjectIndexer.h"
#include "estimate/KernelEstimate.h"
#include "estimate/LaunchActivityEstimate.h"
#include "estimate/LaunchTime.h"
#include "estimate/PtxExecution.h"
#include "estimate/PtxWorkspace.h"
#include "estimate/WhatIf.h"
#include "project/ProjectLoader.h"
#include "ptx/ProjectPtx.h"

#include <QDir>
#include <QFileInfo>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <memory>

namespace slicewatt {

namespace {

// The program's intensity on both axes: slices with memory operations, weighted by length.
void addIntensity(MeasuredRowFeatures& row, const KernelSlices& slices, const AnalysisOptions& options)
{
    double ratio = 0;
    double fraction = 0;
    int length = 0;
    for (const SliceSummary& summary : slices.slices) {
        const SliceEstimate slice = keptSlice(summary, slices.dense, WhatIfSettings().delta, options.memoryFactors);
        if (slice.length == 0 || !slice.hasMemory())
            continue;
        ratio += slice.length * slice.intensityRatio;
        fraction += slice.length * slice.intensityFraction;
        length += slice.length;
    }
    row.hasIntensity = length > 0 && ratio > 0;
    row.intensityRatio = length > 0 ? ratio / length : 0;
    row.intensityFraction = length > 0 ? fraction / length : 0;
    row.lines = length;
}

// What to compile to PTX for a measured source: every unit of it, and for a single file the
// other units of its folder too, since Rodinia keeps kernels in files another one includes
// (bfs/kernel.cu needs bfs.cu's types); the kernel is then looked up in whichever has it.
QVector<PtxRequest> ptxRequestsFor(
    const QString& path, const ProjectSources& sources, const PtxWorkspace& workspace, const QString& arch)
{
    QVector<SourceFile> units = sources.units;
    if (QFileInfo(path).isFile()) {
        const ProjectSources folder = loadProject({QFileInfo(path).absolutePath()});
        for (const SourceFile& unit : folder.units) {
            if (std::none_of(units.begin(), units.end(), [&](const SourceFile& u) { return u.path == unit.path; }))
                units << unit;
        }
    }
    return workspace.requestsFor(units, arch);
}

} // namespace

MeasuredFeatureSet analyseMeasuredLaunches(const MeasuredLaunchTable& table, const QString& corpusRoot,
    const GpuSpec& gpu, const ParserOptions& parserOptions, const MeasuredPtxOptions& ptx)
{
    MeasuredFeatureSet set;
    set.gpuId = gpu.id;
    QString whyNoArch;
    const std::optional<PtxArchitecture> arch = ptx.producer ? ptxArchitectureFor(gpu, &whyNoArch) : std::nullopt;
    if (ptx.producer && !arch)
        set.problems << QStringLiteral("no PTX features: %1").arg(whyNoArch);
    // The prelude on disk only when there is PTX to make.
    const std::unique_ptr<const PtxWorkspace> workspace = arch ? std::make_unique<const PtxWorkspace>() : nullptr;
    if (arch) {
        set.ptxProducer = ptx.producer->name();
        set.ptxRule = ptx.loopIterations ? ptxRunsPerLoopRule(*ptx.loopIterations) : kPtxRunsByAnalysis;
    }
    QMap<QString, QVector<int>> rowsBySource; // sorted: sources are analysed in a fixed order
    for (int i = 0; i < table.rows.size(); ++i) {
        const MeasuredLaunch& row = table.rows[i];
        if (!row.isMapped())
            set.problems << QStringLiteral("line %1: %2 is not in the kernel map").arg(row.line).arg(row.key());
        else
            rowsBySource[row.source] << i;
    }
    for (auto it = rowsBySource.constBegin(); it != rowsBySource.constEnd(); ++it) {
        const QString path = QDir(corpusRoot).filePath(it.key());
        if (!QFileInfo::exists(path)) {
            set.problems
                << QStringLiteral("%1: not found under %2 (%3 rows)").arg(it.key(), corpusRoot).arg(it->size());
            continue;
        }
        const ProjectSources sources = loadProject({path});
        const ProjectIndex index = indexProject(sources, parserOptions);
        ++set.sourcesAnalysed;
        ProjectPtx sourcePtx;
        if (arch)
            sourcePtx
                = compileProjectPtx(ptxRequestsFor(path, sources, *workspace, ptxArchOf(gpu)), {}, {*ptx.producer});
        QSet<QString> kernelsWithoutPtx; // one message per kernel, not per launch
        for (int tableRow : *it) {
            const MeasuredLaunch& measured = table.rows[tableRow];
            const auto kernel = std::find_if(index.kernels.begin(), index.kernels.end(),
                [&](const CatalogFunction& f) { return f.info.name == measured.kernel; });
            const KernelIR* ir = kernel == index.kernels.end() ? nullptr : index.kernelIR(kernel->info.key);
            if (!ir) {
                set.problems << QStringLiteral("line %1: kernel %2 has no readable body in %3")
                                    .arg(measured.line)
                                    .arg(measured.kernel, it.key());
                continue;
            }
            KernelWhatIf whatIf;
            // The measurement files give totals: a 1-D launch of that many blocks and threads.
            whatIf.grid = LaunchExtent{measured.gridBlocks, 1, 1};
            whatIf.block = LaunchExtent{measured.blockThreads, 1, 1};
            const LaunchShape launch = whatIfLaunch(*kernel, whatIf);
            AnalysisOptions options;
            KernelSlices slices = analyseKernel(*ir, launch, options);
            if (measured.trips) {
                for (const LoopResolution& loop : slices.loops) {
                    if (loop.assumed)
                        options.tripCountOverrides.insert(loop.statement, *measured.trips);
                }
                slices = analyseKernel(*ir, launch, options);
            }
            QString why;
            const std::optional<LaunchActivity> activity = estimateLaunchActivity(*ir, slices, launch, gpu, &why);
            if (!activity) {
                set.problems << QStringLiteral("line %1: %2").arg(measured.line).arg(why);
                continue;
            }
            MeasuredRowFeatures row;
            row.tableRow = tableRow;
            row.group = measured.source + QLatin1Char('|') + measured.kernel;
            row.measuredW = measured.watts;
            row.gridBlocks = measured.gridBlocks;
            row.blockThreads = measured.blockThreads;
            row.activity = *activity;
            QString noTime;
            if (const std::optional<LaunchTime> time = predictLaunchTime(*ir, slices, launch, gpu, &noTime))
                row.work = time->work;
            row.datasetFeatures = measured.features;
            for (const LoopResolution& loop : slices.loops)
                row.assumedLoops += loop.assumed ? 1 : 0;
            addIntensity(row, slices, options);
            if (arch) {
                PtxSettings kernelPtx;
                kernelPtx.project = &sourcePtx;
                kernelPtx.loopIterations = ptx.loopIterations;
                kernelPtx = ptxForKernel(kernelPtx, kernel->info.qualifiedName, kernel->info.location.file);
                attachPtxFeatures(row.activity, *ir, slices, gpu, kernelPtx, options.defaultTripCount);
                row.ptxFeatures = row.activity.ptxFeatures;
                if (row.ptxFeatures.isEmpty() && !kernelsWithoutPtx.contains(measured.kernel)) {
                    kernelsWithoutPtx.insert(measured.kernel);
                    set.problems << QStringLiteral("%1: %2").arg(it.key(), row.activity.ptxProblem.left(400));
                }
            }
            set.rows << row;
        }
    }
    // File order, whatever order the sources were analysed in.
    std::sort(set.rows.begin(), set.rows.end(),
        [](const MeasuredRowFeatures& a, const MeasuredRowFeatures& b) { return a.tableRow < b.tableRow; });
    return set;
}

} // namespace slicewatt
