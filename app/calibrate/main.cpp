// SPDX-License-Identifier: GPL-3.0-or-later
// slicewatt-calibrate: measures a GPU's power on JoS13's simulated slices (chosen computation
// intensity and SM saturation, each run at least 0.5 s) with NVML, writes a calibration
// folder (calibration.csv with the GPU's metadata, one trace per point, the idle trace) and
// fits the models to it. With --energy-classes it measures the GPU's own instruction-class
// energy table instead (METHOD §9) and writes it as a model file into the folder's models/.

#include "ClassBenchmarks.h"
#include "CudaPointRunner.h"
#include "calibration/CalibrationModels.h"
#include "calibration/CalibrationPlan.h"
#include "calibration/CalibrationRunner.h"
#include "calibration/EnergyBenchmarkPlan.h"
#include "calibration/EnergyCalibration.h"
#include "calibration/EnergyCalibrationRunner.h"
#include "calibration/NvmlSession.h"
#include "calibration/ProgramMeasurement.h"
#include "calibration/SimulatedSlice.h"
#include "common/FileIo.h"
#include "measure/PlainTraceWriter.h"
#include "model/CalibrationCsv.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include <atomic>
#include <csignal>
#include <cstdio>

namespace {

using namespace slicewatt;

// The kernels and the core's plan describe the same benchmarks.
static_assert(calibrate::kClassBenchmarkStatements == kEnergyBenchmarkStatements, "statements per iteration");
static_assert(calibrate::kClassBenchmarkCount == kEnergyClassCount, "one benchmark per energy class");
static_assert(calibrate::kBaselineBenchmark == kBaselineEnergyBenchmark, "the baseline's number");

std::atomic<bool> g_cancel{false};

void onInterrupt(int)
{
    g_cancel = true; // the runner stops after the current point and keeps what it measured
}

int fail(const QString& message)
{
    fprintf(stderr, "slicewatt-calibrate: %s\n", qPrintable(message));
    return 1;
}

bool positiveNumber(const QCommandLineParser& parser, const QString& name, double minimum, double* value)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    *value = parser.value(name).toDouble(&ok);
    return ok && *value >= minimum;
}

// The CUDA device and its NVML handle (the same board, matched by PCI bus id); null with
// `error` when either cannot be had.
std::unique_ptr<NvmlSession> openDevice(int deviceIndex, calibrate::CudaDeviceDescription* d, QString* error)
{
    std::string cudaError;
    if (!calibrate::describeCudaDevice(deviceIndex, d, &cudaError)) {
        *error = QString::fromStdString(cudaError);
        return nullptr;
    }
    std::unique_ptr<NvmlSession> nvml = NvmlSession::open(error);
    if (!nvml || !nvml->selectByPciBusId(QString::fromStdString(d->pciBusId), error))
        return nullptr;
    return nvml;
}

// --measure-program: one validation program, measured and added to the validation CSV.
int runValidationMeasurement(const QCommandLineParser& parser, int deviceIndex, double intervalS, const QString& source,
    const QString& kernelName, const QString& csvPath, const QString& lagText)
{
    const QStringList command = parser.positionalArguments();
    if (command.isEmpty() || csvPath.isEmpty())
        return fail(QStringLiteral("--measure-program needs --validation CSV and the executable after --"));
    calibrate::CudaDeviceDescription d;
    QString error;
    const std::unique_ptr<NvmlSession> nvml = openDevice(deviceIndex, &d, &error);
    if (!nvml)
        return fail(error);
    ProgramMeasurementOptions options;
    options.sampleIntervalS = intervalS;
    if (!lagText.isEmpty()) {
        bool ok = false;
        options.lagS = lagText.toDouble(&ok);
        if (!ok || !(*options.lagS > 0))
            return fail(QStringLiteral("--lag needs a positive number of seconds"));
    }
    const NvmlSession* session = nvml.get();
    const ProgramMeasurement measured = measureProgram(
        command.first(), command.mid(1), [session](QString* message) { return session->read(message); }, options);
    if (!measured.error.isEmpty())
        return fail(measured.error);

    // Paths in the CSV are relative to it, so the set can be committed and re-run anywhere.
    const QDir csvFolder = QFileInfo(csvPath).absoluteDir();
    const QString traceName = QStringLiteral("traces/%1%2.csv")
                                  .arg(QFileInfo(source).completeBaseName(),
                                      kernelName.isEmpty() ? QString() : QLatin1Char('-') + kernelName);
    if (!csvFolder.mkpath(QStringLiteral("traces")))
        return fail(QStringLiteral("cannot create %1").arg(csvFolder.filePath(QStringLiteral("traces"))));
    PowerTrace trace = measured.trace;
    trace.gpuName = QString::fromStdString(d.name);
    if (!writeFileAtomically(csvFolder.filePath(traceName), plainTraceCsv(trace), &error))
        return fail(error);

    const NvmlDeviceInfo info = nvml->deviceInfo();
    const QVector<QPair<QString, QString>> metadata = {
        {QStringLiteral("slicewatt_validation"), QStringLiteral("1")},
        {QStringLiteral("tool"), QStringLiteral("slicewatt-calibrate " SLICEWATT_VERSION)},
        {QStringLiteral("date"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
        {QStringLiteral("gpu_id"), calibrationGpuId(QString::fromStdString(d.name))},
        {QStringLiteral("gpu_name"), QString::fromStdString(d.name)},
        {QStringLiteral("driver"), info.driverVersion},
        {QStringLiteral("power_source"),
            info.hasInstantPower ? QStringLiteral("instant") : QStringLiteral("nvmlDeviceGetPowerUsage")},
        {QStringLiteral("measured_w"),
            QStringLiteral("average board power over the program's loop, idle not subtracted")},
    };
    ValidationMeasurement row;
    row.program = csvFolder.relativeFilePath(QFileInfo(source).absoluteFilePath());
    row.kernel = kernelName;
    row.measuredW = measured.power.watts;
    row.seconds = measured.run.durationS();
    row.wattsSource = measured.power.wattsSource;
    row.iterations = measured.iterations;
    row.trace = traceName;
    if (measured.kernelTime) {
        row.kernelSeconds = measured.kernelTime->busyS;
        row.kernelLaunches = measured.kernelTime->launches;
    }
    row.contextIdleW = measured.contextIdleW;
    if (!appendValidationRow(csvPath, metadata, row, &error))
        return fail(error);
    printf("%s: %.1f W over %.2f s (%s%s), idle %.1f W\n", qPrintable(row.program), row.measuredW, row.seconds,
        qPrintable(row.wattsSource),
        measured.fromMarker ? qPrintable(QStringLiteral(", %1 loop iterations").arg(row.iterations))
                            : ", the process's lifetime: no slicewatt-loop marker",
        measured.idleW.value_or(0));
    if (row.kernelSeconds)
        printf("  kernels busy %.3f s of %.2f s (%.1f %%, %d launches)\n", *row.kernelSeconds, row.seconds,
            100 * *row.kernelSeconds / row.seconds, row.kernelLaunches.value_or(0));
    else
        printf("  no kernel timeline (ProgramLoop.cu built without CUPTI)\n");
    if (row.contextIdleW)
        printf("  between kernels (context open, nothing running) %.1f W\n", *row.contextIdleW);
    return 0;
}

CalibrationGpuInfo gpuInfo(const calibrate::CudaDeviceDescription& d, const NvmlSession& nvml)
{
    CalibrationGpuInfo gpu;
    gpu.name = QString::fromStdString(d.name);
    gpu.id = calibrationGpuId(gpu.name);
    gpu.sms = d.sms;
    gpu.maxThreadsPerBlock = d.maxThreadsPerBlock;
    gpu.computeCapability = QString::fromStdString(d.computeCapability);
    gpu.maxThreadsPerSm = d.maxThreadsPerSm;
    gpu.maxBlocksPerSm = d.maxBlocksPerSm;
    gpu.registersPerSm = d.registersPerSm;
    gpu.sharedMemoryPerSmBytes = d.sharedMemoryPerSmBytes;
    gpu.pciBusId = QString::fromStdString(d.pciBusId);
    gpu.cudaRuntime = QString::fromStdString(d.runtimeVersion);
    gpu.nvml = nvml.deviceInfo();
    return gpu;
}

void printGpu(const CalibrationGpuInfo& gpu)
{
    printf("%s (%s, %d SMs, compute capability %s), driver %s; power: %s, energy counter: %s\n", qPrintable(gpu.name),
        qPrintable(gpu.pciBusId), gpu.sms, qPrintable(gpu.computeCapability), qPrintable(gpu.nvml.driverVersion),
        gpu.nvml.hasInstantPower ? "instant field" : "nvmlDeviceGetPowerUsage (may be a 1 s average)",
        gpu.nvml.hasEnergyCounter ? "yes" : "no");
}

// The energy-class runner's view of the CUDA benchmarks.
class CudaEnergyDriver final : public EnergyBenchmarkDriver {
public:
    CudaEnergyDriver(calibrate::ClassBenchmarkRunner& cuda, double launchSeconds)
        : m_cuda(cuda)
        , m_launchSeconds(launchSeconds)
    {
    }
    bool prepare(const EnergyBenchmark& benchmark, QString* error) override
    {
        std::string message;
        if (m_cuda.prepare(
                benchmark.energyClass, benchmark.blocks, benchmark.threadsPerBlock, m_launchSeconds, &message))
            return true;
        *error = QString::fromStdString(message);
        return false;
    }
    bool run(const EnergyBenchmark& benchmark, double seconds, double* threadStatements, QString* error) override
    {
        calibrate::ClassBenchmarkRun run;
        std::string message;
        if (!m_cuda.run(benchmark.energyClass, benchmark.blocks, benchmark.threadsPerBlock, seconds, &run, &message)) {
            *error = QString::fromStdString(message);
            return false;
        }
        *threadStatements = run.threadStatements;
        return true;
    }

private:
    calibrate::ClassBenchmarkRunner& m_cuda;
    double m_launchSeconds;
};

void printPlan(const EnergyBenchmarkPlan& plan)
{
    printf("every benchmark: %d blocks x %d threads, %d statements per loop iteration\n", plan.baseline.blocks,
        plan.baseline.threadsPerBlock, kEnergyBenchmarkStatements);
    for (const EnergyBenchmark& b : plan.classes)
        printf("  %-20s %-8s %-34s %s\n", qPrintable(b.name), qPrintable(b.valueType),
            qPrintable(b.statements.join(QLatin1Char(' '))), qPrintable(b.note));
    printf("  %-20s %s\n", qPrintable(plan.baseline.name), qPrintable(plan.baseline.note));
}

void printEnergyTable(const EnergyTable& table)
{
    printf("%-20s %10s %10s %12s %12s\n", "class", "power W", "dynamic W", "instr/s", "nJ/instr");
    for (const EnergyClassResult& r : table.classes) {
        if (!r.measured) {
            printf("%-20s %10s\n", qPrintable(energyClassName(r.energyClass)), "-");
            continue;
        }
        printf("%-20s %10.2f %10.2f %12.4g %12.4g%s\n", qPrintable(energyClassName(r.energyClass)),
            r.measurement.powerW, r.dynamicW, r.instructionsPerSecond, r.totalNj, r.usable ? "" : "  (not usable)");
    }
    printf("baseline (subtracted, and the model's static power): %.2f W\n", table.baselineW);
}

// --energy-classes: the GPU's own instruction-class energy table, as a model file.
int runEnergyClasses(int deviceIndex, const QString& folder, const EnergyCalibrationOptions& options, bool dryRun)
{
    calibrate::CudaDeviceDescription d;
    QString error;
    const std::unique_ptr<NvmlSession> nvml = openDevice(deviceIndex, &d, &error);
    if (!nvml)
        return fail(error);
    const CalibrationGpuInfo gpu = gpuInfo(d, *nvml);
    printGpu(gpu);
    const EnergyBenchmarkPlan plan
        = energyBenchmarkPlan(options.plan, gpu.sms, gpu.maxThreadsPerSm, gpu.maxThreadsPerBlock, &error);
    if (plan.classes.isEmpty())
        return fail(error);
    if (dryRun) {
        printPlan(plan);
        printf("about %.0f s\n",
            options.plan.warmupSeconds
                + (plan.classes.size() + 2) * (options.plan.runSeconds + options.leadSeconds + options.tailSeconds));
        return 0;
    }
    std::string cudaError;
    const std::unique_ptr<calibrate::ClassBenchmarkRunner> cuda
        = calibrate::ClassBenchmarkRunner::open(deviceIndex, &cudaError);
    if (!cuda)
        return fail(QString::fromStdString(cudaError));

    std::signal(SIGINT, onInterrupt);
    CudaEnergyDriver driver(*cuda, options.plan.launchSeconds);
    const NvmlSession* session = nvml.get();
    const EnergyCalibrationRun run = runEnergyCalibration(
        driver, [session](QString* message) { return session->read(message); }, gpu, options,
        [](const QString& line) {
            printf("%s\n", qPrintable(line));
            fflush(stdout);
        },
        &g_cancel);
    if (run.cancelled)
        return 130;
    if (!run.error.isEmpty())
        return fail(run.error);
    const EnergyTable table = energyTable(run.measurements, run.baselineW().value_or(0));
    printEnergyTable(table);
    for (const QString& line : table.problems())
        printf("%s\n", qPrintable(line));
    const QDir models(QDir(folder).filePath(QStringLiteral("models")));
    if (!models.mkpath(QStringLiteral(".")))
        return fail(QStringLiteral("cannot create %1").arg(models.path()));
    const QString path = models.filePath(calibratedEnergyModelFileName(gpu.id));
    if (!writeEnergyModelFile(path, table, energyCalibrationSource(run, gpu, options), &error))
        return fail(error);
    printf("energy model written to %s\nuse it: slicewatt-cli analyze PROJECT --models-dir %s --energy-model %s\n",
        qPrintable(path), qPrintable(models.path()), qPrintable(calibratedEnergyModelId(gpu.id)));
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("slicewatt-calibrate"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SLICEWATT_VERSION));
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures a GPU's power on simulated slices of chosen computation intensity and SM saturation\n"
                       "(NVML: instant power where the driver has it, and the energy counter), writes a calibration\n"
                       "folder and fits the JoS13 model, the idle-aware variant and the wavelet network to it.\n"
                       "Idle power is measured first and recorded, never subtracted. Ctrl+C stops after the current\n"
                       "point and keeps what was measured."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
        QStringLiteral("The calibration folder to write (created when missing)."), QStringLiteral("DIR"));
    const QCommandLineOption device(QStringLiteral("device"), QStringLiteral("CUDA device index (default 0)."),
        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption seconds(QStringLiteral("seconds"),
        QStringLiteral("Run time per point, s (default 1, at least 0.5)."), QStringLiteral("S"));
    const QCommandLineOption intensities(QStringLiteral("intensities"),
        QStringLiteral("Target intensities (ratio), comma separated (default 7,20,60,180,550,1650,4000,8200)."),
        QStringLiteral("LIST"));
    const QCommandLineOption saturations(QStringLiteral("saturations"),
        QStringLiteral("Target SM saturations in (0, 1], comma separated (default 0.1,0.25,0.5,0.75,1)."),
        QStringLiteral("LIST"));
    const QCommandLineOption idleSeconds(QStringLiteral("idle-seconds"),
        QStringLiteral("Idle trace before any kernel, s (default 3)."), QStringLiteral("S"));
    const QCommandLineOption interval(
        QStringLiteral("interval-ms"), QStringLiteral("Sampling interval, ms (default 10)."), QStringLiteral("MS"));
    const QCommandLineOption epochs(QStringLiteral("epochs"),
        QStringLiteral("Wavelet network training epochs (default 20000)."), QStringLiteral("N"));
    const QCommandLineOption noFit(QStringLiteral("no-fit"), QStringLiteral("Measure only; fit nothing."));
    const QCommandLineOption dryRun(QStringLiteral("dry-run"),
        QStringLiteral("Print the points that would run and exit (with --sms, needs no GPU)."));
    const QCommandLineOption sms(
        QStringLiteral("sms"), QStringLiteral("SM count for --dry-run without a GPU."), QStringLiteral("N"));
    const QCommandLineOption measureProgramOption(QStringLiteral("measure-program"),
        QStringLiteral("Validation: run the executable given after -- while measuring power, and add a row for\n"
                       "SOURCE (the .cu it was built from) to the --validation CSV."),
        QStringLiteral("SOURCE"));
    const QCommandLineOption kernel(QStringLiteral("kernel"),
        QStringLiteral("Validation: the kernel to compare with (default: the mean over the program's kernels)."),
        QStringLiteral("NAME"));
    const QCommandLineOption validation(QStringLiteral("validation"),
        QStringLiteral("Validation: the CSV to add the measured program to (created when missing)."),
        QStringLiteral("CSV"));
    const QCommandLineOption lag(QStringLiteral("lag"),
        QStringLiteral("Validation and energy classes: the sensor lag t_p from the calibration, s."),
        QStringLiteral("S"));
    const QCommandLineOption energyClasses(QStringLiteral("energy-classes"),
        QStringLiteral("Measure the GPU's own instruction-class energy table (METHOD 9): per class a kernel of 500\n"
                       "same-class statements per loop iteration on every SM, and a sleeping kernel of the same grid\n"
                       "as the baseline; nJ = (P_class - P_baseline) * t / instructions. Writes\n"
                       "DIR/models/energy-GPU.json (id calibrated-GPU, static_w = the baseline power)."));
    const QCommandLineOption classSeconds(QStringLiteral("class-seconds"),
        QStringLiteral("Energy classes: run time per class and baseline, s (default 10, at least 1)."),
        QStringLiteral("S"));
    const QCommandLineOption warmupSeconds(QStringLiteral("warmup-seconds"),
        QStringLiteral("Energy classes: unmeasured warm-up before the baseline, s (default 30)."), QStringLiteral("S"));
    parser.addOptions({output, device, seconds, intensities, saturations, idleSeconds, interval, epochs, noFit, dryRun,
        sms, measureProgramOption, kernel, validation, lag, energyClasses, classSeconds, warmupSeconds});
    parser.addPositionalArgument(QStringLiteral("-- EXECUTABLE [ARGS]"),
        QStringLiteral("With --measure-program: the program to run (built with ProgramLoop.cu)."));
    parser.process(app);

    CalibrationRunOptions options;
    options.tool = QStringLiteral("slicewatt-calibrate " SLICEWATT_VERSION);
    QString error;
    if (parser.isSet(intensities) && !parseNumberList(parser.value(intensities), &options.plan.intensities, &error))
        return fail(QStringLiteral("--intensities: ") + error);
    if (parser.isSet(saturations) && !parseNumberList(parser.value(saturations), &options.plan.saturations, &error))
        return fail(QStringLiteral("--saturations: ") + error);
    double intervalMs = options.sampleIntervalS * 1000;
    if (!positiveNumber(parser, seconds.names().first(), 0.5, &options.plan.runSeconds)
        || !positiveNumber(parser, idleSeconds.names().first(), 0.5, &options.idleSeconds)
        || !positiveNumber(parser, interval.names().first(), 1, &intervalMs))
        return fail(QStringLiteral("--seconds and --idle-seconds need at least 0.5, --interval-ms at least 1"));
    options.sampleIntervalS = intervalMs / 1000;
    WnnTrainingOptions training;
    if (parser.isSet(epochs)) {
        training.maxEpochs = parser.value(epochs).toInt();
        if (training.maxEpochs <= 0)
            return fail(QStringLiteral("--epochs needs a positive integer"));
    }

    if (parser.isSet(energyClasses)) {
        EnergyCalibrationOptions energy;
        energy.tool = options.tool;
        energy.sampleIntervalS = options.sampleIntervalS;
        energy.leadSeconds = options.leadSeconds;
        energy.tailSeconds = options.tailSeconds;
        if (parser.isSet(lag)) {
            bool ok = false;
            energy.knownLagS = parser.value(lag).toDouble(&ok);
            if (!ok || !(*energy.knownLagS > 0))
                return fail(QStringLiteral("--lag needs a positive number of seconds"));
        }
        if (!positiveNumber(parser, classSeconds.names().first(), 1, &energy.plan.runSeconds)
            || !positiveNumber(parser, warmupSeconds.names().first(), 0, &energy.plan.warmupSeconds))
            return fail(QStringLiteral("--class-seconds needs at least 1, --warmup-seconds a number of seconds"));
        if (parser.isSet(dryRun) && parser.isSet(sms)) {
            // No GPU: SMs of 2048 threads (Volta, A100, Hopper; Turing has 1024, later desktop GPUs 1536).
            QString planError;
            const EnergyBenchmarkPlan plan
                = energyBenchmarkPlan(energy.plan, parser.value(sms).toInt(), 2048, 1024, &planError);
            if (plan.classes.isEmpty())
                return fail(planError);
            printPlan(plan);
            return 0;
        }
        if (!parser.isSet(output) && !parser.isSet(dryRun))
            return fail(QStringLiteral("--energy-classes needs -o DIR, the calibration folder to write into"));
        return runEnergyClasses(parser.value(device).toInt(), parser.value(output), energy, parser.isSet(dryRun));
    }
    if (parser.isSet(dryRun) && parser.isSet(sms)) {
        const QVector<CalibrationPlanPoint> plan
            = calibrationPlan(options.plan, parser.value(sms).toInt(), 1024, &error);
        if (plan.isEmpty())
            return fail(error);
        for (const CalibrationPlanPoint& p : plan)
            printf("point %2d: intensity %8.2f  Sa %.3f  %4d blocks x %d threads  kernel %s\n", p.index, p.intensity,
                p.saturation, p.blocks, p.threadsPerBlock, qPrintable(simulatedSliceKernelName(p.arithPerAccess)));
        return 0;
    }
    if (parser.isSet(measureProgramOption))
        return runValidationMeasurement(parser, parser.value(device).toInt(), options.sampleIntervalS,
            parser.value(measureProgramOption), parser.value(kernel), parser.value(validation), parser.value(lag));
    if (!parser.isSet(output) && !parser.isSet(dryRun))
        return fail(QStringLiteral("give -o DIR, the calibration folder to write (--help for the options)"));

    std::string cudaError;
    const std::unique_ptr<calibrate::CudaSliceRunner> cuda
        = calibrate::CudaSliceRunner::open(parser.value(device).toInt(), &cudaError);
    if (!cuda)
        return fail(QString::fromStdString(cudaError));
    const calibrate::CudaDeviceDescription& d = cuda->device();
    const std::unique_ptr<NvmlSession> nvml = NvmlSession::open(&error);
    if (!nvml)
        return fail(error);
    if (!nvml->selectByPciBusId(QString::fromStdString(d.pciBusId), &error))
        return fail(error);

    const CalibrationGpuInfo gpu = gpuInfo(d, *nvml);
    printGpu(gpu);
    if (parser.isSet(dryRun)) {
        const QVector<CalibrationPlanPoint> plan
            = calibrationPlan(options.plan, gpu.sms, gpu.maxThreadsPerBlock, &error);
        printf("%d points, about %.0f s\n", int(plan.size()),
            plan.size() * (options.plan.runSeconds + options.leadSeconds + options.tailSeconds) + options.idleSeconds);
        return plan.isEmpty() ? fail(error) : 0;
    }

    std::signal(SIGINT, onInterrupt);
    calibrate::CudaPointRunner runner(*cuda);
    const NvmlSession* session = nvml.get();
    const CalibrationRunResult result = runCalibration(
        runner, [session](QString* message) { return session->read(message); }, gpu, options,
        [](const QString& line) {
            printf("%s\n", qPrintable(line));
            fflush(stdout);
        },
        &g_cancel);
    const QString folder = parser.value(output);
    if (!result.records.isEmpty() && !writeCalibrationFolder(result, folder, &error))
        return fail(error);
    if (!result.error.isEmpty())
        return fail(result.error
            + (result.records.isEmpty() ? QString() : QStringLiteral(" (the points measured before were written)")));
    printf("calibration written to %s\n", qPrintable(QDir(folder).filePath(QStringLiteral("calibration.csv"))));
    if (result.cancelled || parser.isSet(noFit))
        return result.cancelled ? 130 : 0;

    QStringList lines;
    const CalibrationData data = readCalibrationCsv(QDir(folder).filePath(QStringLiteral("calibration.csv")));
    const bool fitted
        = writeCalibrationModels(data, QDir(folder).filePath(QStringLiteral("models")), options.tool, training, &lines);
    for (const QString& line : lines)
        printf("%s\n", qPrintable(line));
    if (fitted)
        printf("use them: slicewatt-cli analyze PROJECT --models-dir %s --gpu %s --model %s-jos13-idle\n",
            qPrintable(QDir(folder).filePath(QStringLiteral("models"))), qPrintable(gpu.id), qPrintable(gpu.id));
    return fitted ? 0 : 1;
}
