// SPDX-License-Identifier: GPL-3.0-or-later
#include "CalibrationRunner.h"

#include "SimulatedSlice.h"
#include "common/FileIo.h"
#include "measure/PlainTraceWriter.h"
#include "measure/TraceEnergy.h"
#include "measure/TraceMeasurement.h"
#include "measure/TraceStatistics.h"

#include <QDateTime>
#include <QDir>
#include <QRegularExpression>

namespace slicewatt {
namespace {

using Clock = PowerSampler::Clock;

QString traceFileName(int point)
{
    return QStringLiteral("traces/point-%1.csv").arg(point, 2, 10, QLatin1Char('0'));
}

QString optionalNumber(const std::optional<int>& value)
{
    return value ? QString::number(*value) : QStringLiteral("unknown");
}

QVector<QPair<QString, QString>> metadataFor(
    const CalibrationGpuInfo& gpu, const CalibrationRunOptions& options, const CalibrationRunResult& result)
{
    const NvmlDeviceInfo& nvml = gpu.nvml;
    QVector<QPair<QString, QString>> m = {
        {QStringLiteral("slicewatt_calibration"), QStringLiteral("1")},
        {QStringLiteral("tool"), options.tool},
        {QStringLiteral("date"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
        {QStringLiteral("gpu_id"), gpu.id},
        {QStringLiteral("gpu_name"), gpu.name},
        {QStringLiteral("sm_count"), QString::number(gpu.sms)},
        {QStringLiteral("compute_capability"), gpu.computeCapability},
        {QStringLiteral("max_threads_per_sm"), QString::number(gpu.maxThreadsPerSm)},
        {QStringLiteral("max_blocks_per_sm"), QString::number(gpu.maxBlocksPerSm)},
        {QStringLiteral("registers_per_sm"), QString::number(gpu.registersPerSm)},
        {QStringLiteral("shared_memory_per_sm_bytes"), QString::number(gpu.sharedMemoryPerSmBytes)},
        {QStringLiteral("pci_bus_id"), gpu.pciBusId},
        {QStringLiteral("driver"), nvml.driverVersion},
        {QStringLiteral("cuda_runtime"), gpu.cudaRuntime},
        {QStringLiteral("sm_clock_mhz"), optionalNumber(nvml.smClockMhz)},
        {QStringLiteral("max_sm_clock_mhz"), optionalNumber(nvml.maxSmClockMhz)},
        {QStringLiteral("memory_clock_mhz"), optionalNumber(nvml.memoryClockMhz)},
        {QStringLiteral("power_limit_w"),
            nvml.powerLimitW ? QString::number(*nvml.powerLimitW, 'f', 1) : QStringLiteral("unknown")},
        // On Ampere and newer (except GA100) nvmlDeviceGetPowerUsage is a 1 s average that
        // no lag correction undoes; say which reading the traces hold.
        {QStringLiteral("power_source"),
            nvml.hasInstantPower ? QStringLiteral("instant") : QStringLiteral("nvmlDeviceGetPowerUsage")},
        {QStringLiteral("energy_counter"), nvml.hasEnergyCounter ? QStringLiteral("yes") : QStringLiteral("no")},
        {QStringLiteral("idle_w"), result.idleW ? QString::number(*result.idleW, 'f', 3) : QStringLiteral("unknown")},
        {QStringLiteral("idle_subtracted"), QStringLiteral("no")},
        {QStringLiteral("lag_s"), result.lagS ? QString::number(*result.lagS, 'f', 3) : QStringLiteral("unknown")},
        {QStringLiteral("run_seconds"), QString::number(options.plan.runSeconds)},
        {QStringLiteral("sample_interval_ms"), QString::number(options.sampleIntervalS * 1000)},
        {QStringLiteral("points"), QString::number(result.records.size())},
    };
    return m;
}

} // namespace

bool measureRunPower(const PowerTrace& trace, const RunWindow& run, const std::optional<double>& idleW,
    const std::optional<double>& knownLagS, RunPower* power, QString* error)
{
    TraceMeasurementOptions options;
    options.runs = {run};
    options.idleW = idleW;
    const TraceMeasurement measured = measureTraceWithLagFallback(trace, options, knownLagS);
    if (!measured.ok() || measured.runs.isEmpty()) {
        *error = measured.ok() ? QStringLiteral("the run lies outside the trace") : measured.error;
        return false;
    }
    if (measured.lagSource == QLatin1String("learnt"))
        power->learntLagS = measured.lagS;
    const RunMeasurement& r = measured.runs.first();
    power->rawMeanW = r.rawMeanW;
    power->correctedMeanW = r.correctedMeanW;
    if (r.counterEnergyJ && run.durationS() > 0)
        power->counterMeanW = *r.counterEnergyJ / run.durationS();
    // JoS13 averages the sampled power of a run of at least 0.5 s: the operating point's
    // steady power. Without a counter, the corrected samples after the sensor has settled
    // (t_p into the run) give it; the ramp before is the sensor's lag, which the error-
    // direction rule does not undo (METHOD §6), so averaging over it would read low.
    power->settledMeanW = power->correctedMeanW;
    if (measured.lagS && run.durationS() > *measured.lagS) {
        const double from = run.startS + *measured.lagS;
        power->settledMeanW = traceEnergyJ(measured.corrected.samples, from, run.endS) / (run.endS - from);
    }
    power->watts = power->counterMeanW ? *power->counterMeanW : power->settledMeanW;
    power->wattsSource = power->counterMeanW ? QStringLiteral("energy-counter") : QStringLiteral("settled-trace");
    return true;
}

QString calibrationGpuId(const QString& gpuName)
{
    static const QRegularExpression other(QStringLiteral("[^a-z0-9]+"));
    QString id = gpuName.toLower().replace(other, QStringLiteral("-"));
    while (id.startsWith(QLatin1Char('-')))
        id.remove(0, 1);
    while (id.endsWith(QLatin1Char('-')))
        id.chop(1);
    return id.isEmpty() ? QStringLiteral("gpu") : id;
}

CalibrationRunResult runCalibration(SliceRunner& runner, const PowerSampler::ReadFunction& read,
    const CalibrationGpuInfo& gpu, const CalibrationRunOptions& options,
    const std::function<void(const QString&)>& progress, const std::atomic<bool>* cancel)
{
    CalibrationRunResult result;
    QString error;
    const QVector<CalibrationPlanPoint> plan = calibrationPlan(options.plan, gpu.sms, gpu.maxThreadsPerBlock, &error);
    if (plan.isEmpty()) {
        result.error = error;
        return result;
    }
    const auto cancelled = [&] { return cancel && cancel->load(); };
    MeasurementClock& clock = options.clock ? *options.clock : steadyMeasurementClock();
    PowerSampler sampler(read, options.sampleIntervalS, clock);

    progress(QStringLiteral("idle: %1 s with no kernel running").arg(options.idleSeconds));
    Clock::time_point origin = clock.now();
    sampler.start(origin);
    clock.sleepFor(options.idleSeconds);
    result.idleTrace = sampler.stop();
    result.idleTrace.file = QStringLiteral("traces/idle.csv");
    result.idleTrace.gpuName = gpu.name;
    if (!result.idleTrace.ok()) {
        result.error = result.idleTrace.errors.join(QLatin1Char(' '));
        return result;
    }
    // The second half: the sensor may still be settling from whatever ran before.
    result.idleW = medianPowerW(result.idleTrace.samples, options.idleSeconds / 2, options.idleSeconds);
    progress(QStringLiteral("idle power %1 W (recorded, not subtracted)")
                 .arg(result.idleW ? QString::number(*result.idleW, 'f', 1) : QStringLiteral("unknown")));

    if (options.warmupSeconds > 0) {
        CalibrationPlanPoint warmup = plan.last();
        warmup.blocks = gpu.sms;
        progress(QStringLiteral("warm-up: %1 s at full saturation").arg(options.warmupSeconds));
        if (!runner.run(warmup, options.warmupSeconds, &error)) {
            result.error = error;
            return result;
        }
        clock.sleepFor(options.tailSeconds);
    }

    std::optional<double> knownLagS;
    for (const CalibrationPlanPoint& point : plan) {
        if (cancelled()) {
            result.cancelled = true;
            break;
        }
        origin = clock.now();
        sampler.start(origin);
        clock.sleepFor(options.leadSeconds);
        const Clock::time_point start = clock.now();
        const bool ran = runner.run(point, options.plan.runSeconds, &error);
        const Clock::time_point end = clock.now();
        if (ran)
            clock.sleepFor(options.tailSeconds);
        PowerTrace trace = sampler.stop();
        if (!ran || !trace.ok()) {
            result.error = QStringLiteral("point %1: %2")
                               .arg(point.index)
                               .arg(ran ? trace.errors.join(QLatin1Char(' ')) : error);
            break;
        }
        const RunWindow run{sampler.secondsSince(origin, start), sampler.secondsSince(origin, end), 0};
        trace.runs = {run};
        trace.gpuName = gpu.name;
        trace.file = traceFileName(point.index);
        trace.powerField
            = gpu.nvml.hasInstantPower ? QStringLiteral("power.draw.instant") : QStringLiteral("power.draw");

        CalibrationRecord record;
        record.point = point.index;
        record.gpu = gpu.id;
        record.saturation = point.saturation;
        record.intensity = point.intensity;
        record.lines = simulatedSliceLines();
        record.seconds = run.durationS();
        record.blocks = point.blocks;
        record.threadsPerBlock = point.threadsPerBlock;
        record.arithPerAccess = point.arithPerAccess;
        record.trace = trace.file;
        record.runStartS = run.startS;
        record.runEndS = run.endS;
        RunPower power;
        if (!measureRunPower(trace, run, result.idleW, knownLagS, &power, &error)) {
            result.error = QStringLiteral("point %1: %2").arg(point.index).arg(error);
            break;
        }
        if (power.learntLagS)
            knownLagS = knownLagS ? (*knownLagS + *power.learntLagS) / 2 : *power.learntLagS;
        record.rawMeanW = power.rawMeanW;
        record.correctedMeanW = power.correctedMeanW;
        record.settledMeanW = power.settledMeanW;
        record.counterMeanW = power.counterMeanW;
        record.watts = power.watts;
        record.wattsSource = power.wattsSource;
        result.records.append(record);
        result.traces.append(trace);
        progress(QStringLiteral("point %1/%2: intensity %3, Sa %4 (%5 blocks): %6 W over %7 s (%8)")
                     .arg(point.index)
                     .arg(plan.size())
                     .arg(point.intensity, 0, 'f', 1)
                     .arg(point.saturation, 0, 'f', 3)
                     .arg(point.blocks)
                     .arg(record.watts, 0, 'f', 1)
                     .arg(record.seconds, 0, 'f', 2)
                     .arg(record.wattsSource));
    }
    result.lagS = knownLagS;
    result.metadata = metadataFor(gpu, options, result);
    return result;
}

bool writeCalibrationFolder(const CalibrationRunResult& result, const QString& folder, QString* error)
{
    const QDir dir(folder);
    if (!dir.mkpath(QStringLiteral("traces"))) {
        *error = QStringLiteral("cannot create %1").arg(dir.filePath(QStringLiteral("traces")));
        return false;
    }
    const auto write = [&](const QString& name, const QByteArray& bytes) {
        return writeFileAtomically(dir.filePath(name), bytes, error);
    };
    for (const PowerTrace& trace : result.traces) {
        if (!write(trace.file, plainTraceCsv(trace)))
            return false;
    }
    if (!write(result.idleTrace.file, plainTraceCsv(result.idleTrace)))
        return false;
    return write(QStringLiteral("calibration.csv"), calibrationCsv(result.metadata, result.records));
}

} // namespace slicewatt
