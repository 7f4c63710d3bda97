// SPDX-License-Identifier: GPL-3.0-or-later
#include "KernelEstimate.h"

#include "LaunchLimits.h"

#include "LaunchActivityEstimate.h"
#include "analysis/LaunchChoice.h"

#include <algorithm>
#include <limits>
#include <map>

namespace slicewatt {
namespace {

struct Saturation {
    double value = 1;
    int activeSms = 0;
    QString assumption;
};

// Sa = active SMs / SMs with active SMs = min(blocks in the grid, SMs) [ours].
Saturation saturationFor(const LaunchShape& launch, const GpuSpec& gpu, const EstimateSettings& settings)
{
    Saturation s;
    if (settings.saturation) {
        s.value = std::clamp(*settings.saturation, 0.0, 1.0);
        s.activeSms = int(std::lround(s.value * gpu.sms));
        return s;
    }
    std::optional<qint64> blocks = settings.gridBlocks;
    if (!blocks && launch.gridDim[0] && launch.gridDim[1] && launch.gridDim[2]) {
        // The code's values can be anything; a grid too large for 64 bits fills every SM.
        qint64 xy = 0;
        qint64 xyz = 0;
        if (__builtin_mul_overflow(*launch.gridDim[0], *launch.gridDim[1], &xy)
            || __builtin_mul_overflow(xy, *launch.gridDim[2], &xyz))
            xyz = std::numeric_limits<qint64>::max();
        blocks = xyz;
    }
    if (!blocks || *blocks <= 0 || gpu.sms <= 0) {
        s.activeSms = gpu.sms;
        s.assumption
            = QStringLiteral("grid size not known at compile time: SM saturation assumed 1 (set --sa or --grid)%1")
                  .arg(hostValuesOpenNote(launch));
        return s;
    }
    s.activeSms = int(std::min<qint64>(*blocks, gpu.sms));
    s.value = double(s.activeSms) / gpu.sms;
    return s;
}

// A power the board cannot draw: the model extrapolates past what it was fitted on.
std::optional<QString> aboveBoardPower(double watts, const GpuSpec& gpu)
{
    if (!gpu.boardPowerW || watts <= *gpu.boardPowerW)
        return std::nullopt;
    return QStringLiteral("%1 W is above the board power of the %2 (%3 W)")
        .arg(watts, 0, 'f', 1)
        .arg(gpu.name)
        .arg(*gpu.boardPowerW, 0, 'g', 4);
}

// The slice model needs memory operations to put arithmetic against (METHOD §3); a kernel
// without any, or whose body the analysis did not see, has nothing to estimate.
QString noEstimateReason(const KernelIR& ir, const KernelEstimate& estimate, const QString& launchProblem)
{
    if (!launchProblem.isEmpty())
        return launchProblem;
    if (ir.statements.isEmpty())
        return QStringLiteral("the kernel body has no statement as read (empty, or device code the analysis did not "
                              "see)");
    double accesses = 0;
    for (const Statement& statement : ir.statements)
        accesses += statement.accesses.total();
    if (accesses <= 0)
        return QStringLiteral("no global, shared, constant or texture memory access: the kernel has no slice to "
                              "estimate");
    if (estimate.slices.isEmpty() && estimate.slicesWithoutMemory > 0)
        return QStringLiteral("no slice has a memory operation to put its arithmetic against: the model's intensity "
                              "#A / N_mem does not exist for this kernel");
    if (estimate.slices.isEmpty())
        return QStringLiteral("the model predicts none of the kernel's slices");
    return QString();
}

// A slice's contribution to the kernel power over its statements, in proportion to the
// dynamic energy each executes (a loop body run 512 times weighs 512 times a line run
// once; a thread-index declaration that executes nothing is cold). Without an energy
// model, or when the slice executes nothing the model prices, evenly. The shares sum to
// one, so the kernel total is unchanged.
void spreadOverStatements(
    const SliceEstimate& slice, double contribution, const KernelEnergy* energy, std::map<int, double>& heat)
{
    const QVector<double> shares = memberHeatShares(slice, energy);
    for (int i = 0; i < slice.members.size(); ++i)
        heat[slice.members[i]] += contribution * shares[i];
}

} // namespace

KernelEstimate estimateKernel(const KernelIR& ir, const KernelSlices& slices, const LaunchShape& launch,
    const PowerModel& model, const GpuSpec& gpu, const EstimateSettings& settings)
{
    KernelEstimate estimate;
    estimate.dense = slices.dense;
    // The PTX's instruction mix when asked for, or when a model had the PTX compiled anyway:
    // the time model and the energy model count the same instructions.
    const bool fromPtx = settings.energy.counts == EnergyCounts::Ptx
        || (settings.energy.counts == EnergyCounts::Auto && settings.ptx.project);
    QString noPtx;
    const std::optional<ExecutedPtxLines> ptxLines = fromPtx
        ? executedPtxLines(settings.ptx, ir, slices, AnalysisOptions().defaultTripCount, &noPtx)
        : std::nullopt;
    // Time first: energy is counted over it when the user gives none (--time wins).
    estimate.time = predictLaunchTime(ir, slices, launch, gpu, &estimate.noTime, ptxLines ? &*ptxLines : nullptr);
    if (estimate.time && fromPtx && !ptxLines) {
        estimate.time->countsSource += QStringLiteral(" (no PTX: %1)").arg(noPtx);
        estimate.time->assumptions << QStringLiteral("instruction counts from the source's operators: %1").arg(noPtx);
    }
    if (settings.seconds) {
        estimate.seconds = settings.seconds;
        estimate.secondsSource = QStringLiteral("--time");
    } else if (estimate.time) {
        estimate.seconds = estimate.time->seconds;
        estimate.secondsSource = QStringLiteral("predicted (%1-bound)").arg(timeBoundName(estimate.time->bound));
    }
    if (settings.energy.model) {
        estimate.energy = estimateKernelEnergy(
            ir, slices, launch, gpu, settings.energy, estimate.seconds, ptxLines ? &*ptxLines : nullptr);
        if (fromPtx && !ptxLines) {
            estimate.energy->countsSource += QStringLiteral(" (no PTX: %1)").arg(noPtx);
            estimate.energy->assumptions
                << QStringLiteral("instruction counts from the source's operators: %1").arg(noPtx);
        }
    }
    // A kernel whose shared memory the GPU cannot give a block would never launch there: the
    // estimate is for a kernel that cannot run, and says so.
    const QString sharedProblem = sharedMemoryProblem(gpu, ir.sharedMemory, launch.dynamicSharedBytes);
    if (!sharedProblem.isEmpty())
        estimate.outOfDomain << QStringLiteral("cannot launch: %1").arg(sharedProblem);
    const Saturation saturation = saturationFor(launch, gpu, settings);
    estimate.saturation = saturation.value;
    estimate.activeSms = saturation.activeSms;
    if (!saturation.assumption.isEmpty())
        estimate.assumptions << saturation.assumption;

    // A launch-level model predicts the kernel once, from the launch's activity; the slices
    // then only say which lines carry that power.
    std::optional<PowerPrediction> launchPrediction;
    QString launchProblem;
    if (model.isLaunchLevel()) {
        estimate.activity = estimateLaunchActivity(ir, slices, launch, gpu, &launchProblem);
        if (estimate.activity && estimate.time)
            estimate.activity->work = estimate.time->work;
        if (estimate.activity && model.needsPtx())
            attachPtxFeatures(*estimate.activity, ir, slices, gpu, settings.ptx, AnalysisOptions().defaultTripCount);
        if (estimate.activity) {
            estimate.assumptions += estimate.activity->assumptions;
            // The physical model reads the time model's bytes (a float4 is 16), not these.
            if (!(model.isPhysical() && estimate.activity->work))
                estimate.assumptions << estimate.activity->trafficAssumption;
            if (settings.saturation)
                estimate.assumptions << QStringLiteral(
                    "the SM saturation given is not used: the launch-activity model reads the launch itself");
            launchPrediction = model.predictLaunch(gpu, *estimate.activity);
            if (!launchPrediction) {
                launchProblem = model.launchProblem(gpu, *estimate.activity);
            } else {
                estimate.outOfDomain += launchPrediction->outOfDomain;
                estimate.physical = launchPrediction->physical;
                // Held down by the board's power limit: the launch runs at the lower clock, so
                // its time (not one given with --time) is the time at that clock.
                if (estimate.physical && estimate.physical->throttled && estimate.time && !settings.seconds) {
                    estimate.seconds = estimate.physical->seconds;
                    estimate.secondsSource = QStringLiteral("predicted (%1-bound), at %2 % of the boost clock under "
                                                            "the board's power limit")
                                                 .arg(timeBoundName(estimate.time->bound))
                                                 .arg(estimate.physical->clockShare * 100, 0, 'f', 0);
                }
            }
        } else {
            launchProblem = QStringLiteral("model %1 predicts from the launch, but %2").arg(model.id(), launchProblem);
        }
    }

    for (const SliceSummary& slice : slices.slices) {
        SliceEstimate s = keptSlice(slice, estimate.dense, settings.delta, model.memoryFactors());
        if (s.length == 0)
            continue;
        if (model.isLaunchLevel()) {
            if (launchPrediction) {
                s.watts = launchPrediction->watts;
                estimate.slices << s;
            }
            continue;
        }
        // Without a memory operation there is no ratio #A / N_mem: the slice is left out of a
        // ratio model's estimate, with a note, never clamped to the end of its domain. (The
        // fraction #A / (#A + N_mem) is 1 then, a value JSW12's axis has.)
        if (!s.hasMemory() && !model.usesFractionIntensity()) {
            estimate.assumptions << QStringLiteral("%1 slice: no memory operation, so no intensity #A / N_mem; left "
                                                   "out of the estimate (its %2 statements carry no heat)")
                                        .arg(memorySpaceName(s.space))
                                        .arg(s.length);
            ++estimate.slicesWithoutMemory;
            continue;
        }
        SliceOperatingPoint point;
        point.intensityRatio = s.intensityRatio;
        point.intensityFraction = s.intensityFraction;
        point.saturation = saturation.value;
        point.activeSms = saturation.activeSms;
        point.lines = s.length;
        const auto prediction = model.predict(gpu, point);
        if (!prediction)
            continue;
        s.watts = prediction->watts;
        for (const QString& problem : prediction->outOfDomain)
            s.outOfDomain << QStringLiteral("%1 slice: %2").arg(memorySpaceName(s.space), problem);
        if (const std::optional<QString> above = aboveBoardPower(s.watts, gpu))
            s.outOfDomain << QStringLiteral("%1 slice: %2").arg(memorySpaceName(s.space), *above);
        estimate.outOfDomain += s.outOfDomain;
        estimate.slices << s;
    }

    int totalLength = 0; // L (BSPM) or L̂ (BDPM): weights then sum to 1
    for (const SliceEstimate& s : estimate.slices)
        totalLength += s.length;
    // Ordered by statement: lines add their statements' heat in one fixed order, so the
    // last digits do not depend on a hash seed.
    std::map<int, double> statementHeat;
    for (SliceEstimate& s : estimate.slices) {
        s.weight = totalLength > 0 ? double(s.length) / totalLength : 0;
        estimate.watts += s.watts * s.weight;
        estimate.averageIntensity += s.weight * modelIntensity(model, s);
        spreadOverStatements(s, s.watts * s.weight, estimate.energy ? &*estimate.energy : nullptr, statementHeat);
    }
    if (estimate.seconds && estimate.hasEstimate())
        estimate.joules = estimate.watts * *estimate.seconds;
    // The physical model gives the kernel's dynamic energy itself, (P - P_idle)·t; the
    // instruction-class table then only spreads it over the lines (the shares above).
    if (estimate.energy && estimate.physical && estimate.seconds && estimate.hasEstimate()) {
        scaleToPowerModel(*estimate.energy, (estimate.watts - estimate.physical->idleW) * *estimate.seconds,
            estimate.physical->idleW, *estimate.seconds, model.id());
        if (settings.energy.staticW)
            estimate.energy->assumptions << QStringLiteral(
                "the static power given is not used: the %1 model's idle power (%2 W) is the static power")
                                                .arg(model.id())
                                                .arg(estimate.physical->idleW, 0, 'f', 1);
    }

    if (const std::optional<QString> above = aboveBoardPower(estimate.watts, gpu))
        estimate.outOfDomain << QStringLiteral("kernel: %1").arg(*above);
    // The energy per launch over the time given implies a power too; more than the board
    // can draw means the time is too short for that work, or the table does not fit the GPU.
    if (estimate.energy) {
        const KernelEnergy& energy = *estimate.energy;
        const std::optional<double> implied = energy.totalW ? energy.totalW : energy.dynamicW;
        if (implied) {
            if (const std::optional<QString> above = aboveBoardPower(*implied, gpu))
                estimate.outOfDomain << QStringLiteral("instruction-class energy over %1 s: %2")
                                            .arg(*energy.seconds, 0, 'g', 4)
                                            .arg(*above);
        }
    }

    // PSM (JSW12): A = Σ_i Σ_{j: p_ij > δ} (p_ij / Σ_j p_ij)·a_ij with a_ij the sub-slices'
    // fraction intensities [ours: each slice's term weighted by |C_i| / L so A stays a
    // fraction in [0, 1]], then GPU_P = P(A, n).
    if (model.usesFractionIntensity() && totalLength > 0) {
        double programIntensity = 0;
        for (const SliceSummary& slice : slices.slices) {
            double keptProbability = 0;
            double weighted = 0;
            int keptLength = 0;
            for (const SubSlice& sub : slice.subSlices) {
                if (sub.probability <= settings.delta)
                    continue;
                double memory = 0;
                for (MemorySpace space : kAllMemorySpaces)
                    memory += model.memoryFactors()[size_t(space)] * sub.accesses[space];
                const double fraction = sub.arithmetic + memory > 0 ? sub.arithmetic / (sub.arithmetic + memory) : 1.0;
                keptProbability += sub.probability;
                weighted += sub.probability * fraction;
                keptLength += sub.length;
            }
            if (keptProbability > 0)
                programIntensity += (double(keptLength) / totalLength) * (weighted / keptProbability);
        }
        SliceOperatingPoint point;
        point.intensityFraction = programIntensity;
        point.saturation = saturation.value;
        point.activeSms = saturation.activeSms;
        if (const auto prediction = model.predict(gpu, point)) {
            estimate.psmIntensity = programIntensity;
            estimate.psmWatts = prediction->watts;
        }
    }

    for (const auto& [statement, watts] : statementHeat) {
        const SourceLocation& where = ir.statements[statement].location;
        auto line = std::find_if(estimate.lines.begin(), estimate.lines.end(),
            [&](const LineHeat& l) { return l.line == where.line && l.file == where.file; });
        if (line == estimate.lines.end()) {
            estimate.lines << LineHeat{where.file, where.line, 0, 0};
            line = estimate.lines.end() - 1;
        }
        line->watts += watts;
    }
    if (estimate.energy) {
        std::map<std::pair<QString, int>, double> joulesByLine;
        for (const LineEnergy& energy : estimate.energy->lines)
            joulesByLine[{energy.file, energy.line}] = energy.joules;
        for (LineHeat& line : estimate.lines) {
            const auto found = joulesByLine.find({line.file, line.line});
            if (found != joulesByLine.end())
                line.joules = found->second;
        }
    }
    std::sort(estimate.lines.begin(), estimate.lines.end(), [](const LineHeat& a, const LineHeat& b) {
        return a.watts != b.watts ? a.watts > b.watts : std::tie(a.file, a.line) < std::tie(b.file, b.line);
    });
    estimate.outOfDomain.removeDuplicates();
    estimate.noEstimate = noEstimateReason(ir, estimate, launchProblem);
    if (!estimate.hasEstimate()) {
        estimate.watts = 0;
        estimate.joules.reset();
        estimate.lines.clear();
    } else {
        // Outside what the model was fitted on (its inputs' ranges, the board's limit) or on
        // guessed sizes: the measured error does not hold as it is, so the band doubles.
        QStringList outside = launchPrediction ? launchPrediction->outOfDomain : QStringList();
        for (const SliceEstimate& s : estimate.slices)
            outside += s.outOfDomain;
        estimate.band = powerBandFor(model, gpu, estimate.watts, bandWideningReasons(outside, slices.loops, launch));
    }
    return estimate;
}

SliceEstimate keptSlice(
    const SliceSummary& slice, bool dense, double delta, const std::array<double, kMemorySpaceCount>& memoryFactors)
{
    SliceEstimate s;
    s.space = slice.space;
    // BDPM keeps only the sub-slices likely enough to matter (p > δ); BSPM keeps all.
    for (const SubSlice& sub : slice.subSlices) {
        if (dense && sub.probability <= delta)
            continue;
        s.members += sub.members;
        s.length += sub.length;
        s.arithmetic += sub.arithmetic;
        s.accesses += sub.accesses;
    }
    double normalisedMemory = 0;
    for (MemorySpace space : kAllMemorySpaces)
        normalisedMemory += memoryFactors[size_t(space)] * s.accesses[space];
    s.intensityRatio = normalisedMemory > 0 ? s.arithmetic / normalisedMemory : 0;
    s.intensityFraction = normalisedMemory > 0 ? s.arithmetic / (s.arithmetic + normalisedMemory) : 1.0;
    return s;
}

QVector<double> memberHeatShares(const SliceEstimate& slice, const KernelEnergy* energy)
{
    double total = 0;
    if (energy) {
        for (int member : slice.members)
            total += energy->statementJoules.value(member);
    }
    QVector<double> shares;
    shares.reserve(slice.members.size());
    for (int member : slice.members)
        shares << (total > 0 ? energy->statementJoules.value(member) / total : 1.0 / double(slice.members.size()));
    return shares;
}

double modelIntensity(const PowerModel& model, const SliceEstimate& slice)
{
    return model.usesFractionIntensity() ? slice.intensityFraction : slice.intensityRatio;
}

} // namespace slicewatt
