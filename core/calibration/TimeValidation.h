// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "frontend/ParserOptions.h"
#include "measure/KernelCounters.h"
#include "measure/MeasuredTimes.h"
#include "model/EnergyModel.h"
#include "model/GpuCatalogue.h"
#include "model/PhysicalPower.h"
#include "ptx/PtxCompiler.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace slicewatt {

// One measured launch beside the prediction for it (issue 33): the kernel analysed at the
// launch site in its driver whose grid and block are the case's, with the values that site
// gives its arguments, through the time model and the instruction-class energy model.
// Nothing here is fitted to the measurements: every kernel is held out.
struct TimeValidationRow {
    QString caseName;
    QString kernel;
    QString file; // the driver, relative to the drivers' folder
    qint64 gridBlocks = 0;
    qint64 blockThreads = 0;
    double measuredSeconds = 0;
    double measuredW = 0;
    double measuredJ = 0; // board energy per launch: avg_w × time
    std::optional<double> measuredDynamicJ; // (avg_w − idle) × time, with an idle figure
    double predictedSeconds = 0;
    QString bound; // "compute", "memory", "latency", "launch"
    QString computePipe;
    double globalBytes = 0; // what the accesses ask for
    double dramBytes = 0; // what is left for DRAM after the caches (LaunchTime::dramBytes)
    double warpInstructions = 0; // the time model's, after division and SFU expansion
    std::optional<double> predictedJ; // P_static·t + E_dyn, with an energy model that has P_static
    std::optional<double> predictedDynamicJ; // E_dyn
    int assumedLoops = 0; // loops whose trip count is still the default
    QString launchFrom; // "file:line" of the launch site used
    bool compiledCounts = false; // the instructions are the compiled code's (else the source's)
    LaunchWork work; // the time model's work over its time: the physical model's inputs
    std::optional<KernelCounterReading> counted; // the hardware's counts for the case, where given
    double timeRatio() const { return predictedSeconds / measuredSeconds; } // predicted / measured
};

struct TimeValidationSummary {
    int launches = 0;
    int timeWithin2x = 0;
    double timeSpearman = 0;
    double timeMedianRatio = 0;
    int energyCompared = 0;
    int energyWithin2x = 0;
    double energySpearman = 0;
    int dynamicCompared = 0;
    int dynamicWithin2x = 0;
    // Against hardware counters (attachKernelCounters): predicted off-chip bytes over DRAM
    // bytes, predicted warp instructions over executed SASS instructions.
    int bytesCompared = 0;
    int bytesWithin2x = 0;
    double bytesMedianRatio = 0;
    int instructionsCompared = 0;
    int instructionsWithin2x = 0;
    double instructionsMedianRatio = 0;
};

struct TimeValidation {
    QString gpuId;
    QString energyModelId; // empty without one
    QString countsFrom; // "the source's operators", or "nvcc 13.0 PTX, each block run by …"
    QVector<TimeValidationRow> rows; // the cases SliceWatt could analyse, file order
    QStringList problems; // cases left out, and why
    TimeValidationSummary summary;
    // The rows whose predicted time is furthest from the measurement (either way), worst first.
    QVector<int> worst(int count) const;
};

// Analyses every driver of `measured` below `folder` once, then each case at its launch.
// With `compiler`, each driver is also compiled to PTX for the GPU and the time model counts
// its instructions (a kernel without PTX keeps the source's counts, named in problems).
TimeValidation validateLaunchTimes(const MeasuredTimes& measured, const QString& folder, const GpuSpec& gpu,
    const EnergyModel* energy, const ParserOptions& parserOptions, const PtxProducer* compiler = nullptr);

// Puts each case's hardware counts beside its prediction and summarises how far the
// analysis's bytes and instructions are from them; cases without counts are named in problems.
void attachKernelCounters(TimeValidation& validation, const KernelCounters& counters);

} // namespace slicewatt
