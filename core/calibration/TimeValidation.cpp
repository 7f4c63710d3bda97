// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimeValidation.h"

#include "PtxFeatureComparison.h"
#include "analysis/KernelSlices.h"
#include "analysis/LaunchChoice.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/KernelEnergy.h"
#include "estimate/LaunchTime.h"
#include "estimate/PtxWorkspace.h"
#include "project/ProjectLoader.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace slicewatt {
namespace {

bool sameLaunch(const LaunchSite& site, const MeasuredTimeCase& c)
{
    const std::optional<qint64> grid[3] = {site.grid.x, site.grid.y, site.grid.z};
    const std::optional<qint64> block[3] = {site.block.x, site.block.y, site.block.z};
    for (int axis = 0; axis < 3; ++axis) {
        if (grid[axis] != c.grid[size_t(axis)] || block[axis] != c.block[size_t(axis)])
            return false;
    }
    return true;
}

bool within2x(double predicted, double measured)
{
    return predicted > 0 && measured > 0 && predicted <= 2 * measured && measured <= 2 * predicted;
}

} // namespace

QVector<int> TimeValidation::worst(int count) const
{
    QVector<int> order(rows.size());
    for (int i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [this](int a, int b) {
        return std::fabs(std::log(rows[a].timeRatio())) > std::fabs(std::log(rows[b].timeRatio()));
    });
    return order.mid(0, count);
}

TimeValidation validateLaunchTimes(const MeasuredTimes& measured, const QString& folder, const GpuSpec& gpu,
    const EnergyModel* energy, const ParserOptions& parserOptions, const PtxProducer* compiler)
{
    TimeValidation result;
    result.gpuId = gpu.id;
    result.energyModelId = energy ? energy->id() : QString();
    result.countsFrom = compiler ? QStringLiteral("%1 PTX for %2, each block run by %3")
                                       .arg(compiler->name(), ptxArchOf(gpu), kPtxRunsByAnalysis)
                                 : kTimeCountsFromSource;
    // The prelude and helper stand-ins on disk only when there is PTX to make.
    const std::unique_ptr<const PtxWorkspace> workspace = compiler ? std::make_unique<const PtxWorkspace>() : nullptr;
    QHash<QString, ProjectIndex> indexes; // by driver file: each parsed once
    QHash<QString, ProjectPtx> compiled; // by driver file: each compiled once
    for (const MeasuredTimeCase& c : measured.cases) {
        const QString path = QDir(folder).filePath(c.file);
        if (!QFileInfo(path).isFile()) {
            result.problems << QStringLiteral("%1: driver %2 not found").arg(c.name, path);
            continue;
        }
        auto index = indexes.find(path);
        if (index == indexes.end()) {
            const ProjectSources sources = loadProject({path});
            index = indexes.insert(path, indexProject(sources, parserOptions));
            if (compiler)
                compiled.insert(
                    path, compileProjectPtx(workspace->requestsFor(sources.units, ptxArchOf(gpu)), {}, {*compiler}));
        }
        const CatalogFunction* kernel = nullptr;
        for (const CatalogFunction& candidate : index->kernels) {
            if (candidate.info.name == c.kernel) {
                kernel = &candidate;
                break;
            }
        }
        const KernelIR* ir = kernel ? index->kernelIR(kernel->info.key) : nullptr;
        if (!ir) {
            result.problems << QStringLiteral("%1: kernel %2 not found in %3").arg(c.name, c.kernel, c.file);
            continue;
        }
        const auto site = std::find_if(kernel->launches.begin(), kernel->launches.end(),
            [&](const LaunchSite& launch) { return sameLaunch(launch, c); });
        if (site == kernel->launches.end()) {
            result.problems << QStringLiteral("%1: no launch of %2 with grid %3x%4x%5 and block %6x%7x%8 whose values "
                                              "SliceWatt reads")
                                   .arg(c.name, c.kernel)
                                   .arg(c.grid[0])
                                   .arg(c.grid[1])
                                   .arg(c.grid[2])
                                   .arg(c.block[0])
                                   .arg(c.block[1])
                                   .arg(c.block[2]);
            continue;
        }
        const LaunchShape launch = launchShapeOf(*site);
        ir = &ir->readingFor(site->templateTypes); // the instantiation this launch runs
        const KernelSlices slices = analyseKernel(*ir, launch);
        std::optional<ExecutedPtxLines> ptxLines;
        if (compiler) {
            PtxSettings settings;
            settings.project = &compiled[path];
            settings = ptxForKernel(settings, kernel->info.qualifiedName, kernel->info.location.file);
            QString noPtx;
            ptxLines = executedPtxLines(settings, *ir, slices, AnalysisOptions().defaultTripCount, &noPtx);
            if (!ptxLines)
                result.problems << QStringLiteral("%1: the source's counts, %2").arg(c.name, noPtx.left(400));
        }
        QString why;
        const std::optional<LaunchTime> time
            = predictLaunchTime(*ir, slices, launch, gpu, &why, ptxLines ? &*ptxLines : nullptr);
        if (!time) {
            result.problems << QStringLiteral("%1: %2").arg(c.name, why);
            continue;
        }
        TimeValidationRow row;
        row.caseName = c.name;
        row.kernel = c.kernel;
        row.file = c.file;
        row.gridBlocks = c.grid[0] * c.grid[1] * c.grid[2];
        row.blockThreads = c.block[0] * c.block[1] * c.block[2];
        row.work = time->work;
        row.measuredSeconds = c.seconds;
        row.measuredW = c.watts;
        row.measuredJ = c.watts * c.seconds;
        if (measured.idleW)
            row.measuredDynamicJ = (c.watts - *measured.idleW) * c.seconds;
        row.predictedSeconds = time->seconds;
        row.bound = timeBoundName(time->bound);
        row.computePipe = time->computePipe;
        row.globalBytes = time->globalBytes;
        row.dramBytes = time->dramBytes;
        row.warpInstructions = time->warpInstructions;
        row.compiledCounts = ptxLines.has_value();
        row.launchFrom
            = QStringLiteral("%1:%2").arg(QFileInfo(site->location.file).fileName()).arg(site->location.line);
        for (const LoopResolution& loop : slices.loops)
            row.assumedLoops += loop.assumed ? 1 : 0;
        if (energy) {
            EnergySettings settings;
            settings.model = energy;
            const KernelEnergy e = estimateKernelEnergy(*ir, slices, launch, gpu, settings, time->seconds);
            row.predictedDynamicJ = e.dynamicJ;
            row.predictedJ = e.totalJ;
        }
        result.rows << row;
    }

    TimeValidationSummary& s = result.summary;
    s.launches = int(result.rows.size());
    QVector<double> predicted, actual, predictedJ, actualJ, ratios;
    for (const TimeValidationRow& row : result.rows) {
        s.timeWithin2x += within2x(row.predictedSeconds, row.measuredSeconds) ? 1 : 0;
        predicted << row.predictedSeconds;
        actual << row.measuredSeconds;
        ratios << row.timeRatio();
        if (row.predictedJ) {
            ++s.energyCompared;
            s.energyWithin2x += within2x(*row.predictedJ, row.measuredJ) ? 1 : 0;
            predictedJ << *row.predictedJ;
            actualJ << row.measuredJ;
        }
        if (row.predictedDynamicJ && row.measuredDynamicJ && *row.measuredDynamicJ > 0) {
            ++s.dynamicCompared;
            s.dynamicWithin2x += within2x(*row.predictedDynamicJ, *row.measuredDynamicJ) ? 1 : 0;
        }
    }
    s.timeSpearman = spearmanCorrelation(predicted, actual);
    s.energySpearman = spearmanCorrelation(predictedJ, actualJ);
    s.timeMedianRatio = median(ratios);
    return result;
}

void attachKernelCounters(TimeValidation& validation, const KernelCounters& counters)
{
    TimeValidationSummary& s = validation.summary;
    QVector<double> byteRatios, instructionRatios;
    for (TimeValidationRow& row : validation.rows) {
        const auto found = counters.byCase.constFind(row.caseName);
        if (found == counters.byCase.constEnd()) {
            validation.problems << QStringLiteral("%1: no hardware counts given").arg(row.caseName);
            continue;
        }
        row.counted = *found;
        if (found->dramBytes && *found->dramBytes > 0) {
            ++s.bytesCompared;
            s.bytesWithin2x += within2x(row.dramBytes, *found->dramBytes) ? 1 : 0;
            byteRatios << row.dramBytes / *found->dramBytes;
        }
        if (found->warpInstructions && *found->warpInstructions > 0) {
            ++s.instructionsCompared;
            s.instructionsWithin2x += within2x(row.warpInstructions, *found->warpInstructions) ? 1 : 0;
            instructionRatios << row.warpInstructions / *found->warpInstructions;
        }
    }
    s.bytesMedianRatio = median(byteRatios);
    s.instructionsMedianRatio = median(instructionRatios);
}

} // namespace slicewatt
