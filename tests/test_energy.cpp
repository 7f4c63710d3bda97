// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// The instruction-class energy model (METHOD §9, rule book §7) against hand computation:
// executed classes per thread, dynamic energy per launch and per line, threads, static and
// total power, the copy term; heat that follows the work (lines sum to the kernel, a
// thread-index line is cold, the loop bodies are hot); the model file's errors; the CLI.
#include "Near.h"
#include "ShippedFiles.h"
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/ExecutedPtxLines.h"
#include "estimate/KernelEstimate.h"
#include "estimate/PtxWorkspace.h"
#include "estimate/WhatIf.h"
#include "export/EstimateWriter.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"
#include "ptx/ProjectPtx.h"
#include "ptx/PtxReader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace slicewatt;

namespace {

const ModelLibrary& library()
{
    static QStringList errors;
    static const ModelLibrary instance = ModelLibrary::load({}, errors);
    return instance;
}

const EnergyModel& thesisTable()
{
    return *library().energyModel(ModelLibrary::defaultEnergyModelId());
}

// The rule book's worked example (§7).
const QByteArray kMixed = R"(__global__ void mixed(const float* in, float* out, const double* din, double* dout, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < 8; ++k) {
        acc += in[i] * 2.0f;
    }
    int q = i / 3;
    double d = din[i] / 7.0;
    float s = sqrtf(acc);
    out[i] = s + q;
    dout[i] = d;
}

void run(float* in, float* out, double* din, double* dout)
{
    mixed<<<4, 64>>>(in, out, din, dout, 256);
}
)";

struct Analysed {
    ProjectIndex index;
    QVector<KernelSliceReport> reports;
};

std::unique_ptr<Analysed> analyse(const QString& path)
{
    auto analysed = std::make_unique<Analysed>();
    analysed->index = indexProject(loadProject({path}), test::parserOptions());
    analysed->reports = sliceProject(analysed->index);
    return analysed;
}

KernelEstimate estimate(const KernelSliceReport& report, EstimateSettings settings = {},
    const EnergyModel* model = &thesisTable(), const QString& gpu = QStringLiteral("gtx280"))
{
    settings.energy.model = model;
    return estimateKernel(
        *report.ir, report.slices, report.launch, *library().model("jos13"), *library().gpus().find(gpu), settings);
}

const LineEnergy* lineEnergy(const KernelEnergy& energy, int line)
{
    for (const LineEnergy& l : energy.lines) {
        if (l.line == line)
            return &l;
    }
    return nullptr;
}

double lineHeat(const KernelEstimate& e, int line)
{
    for (const LineHeat& l : e.lines) {
        if (l.line == line)
            return l.watts;
    }
    return 0;
}

int lineOf(const QString& path, const QString& text)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].contains(text))
            return i + 1;
    }
    return 0;
}

using test::near;

} // namespace

class EnergyTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shippedTableIsTheThesisTable()
    {
        QStringList errors;
        const ModelLibrary lib = ModelLibrary::load({}, errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        const EnergyModel* model = lib.energyModel("aalto2013");
        QVERIFY(model);
        // Table 6.1, total / main / supplementary nJ.
        QCOMPARE(model->energy(computeClassIndex(ValueType::Double, OperationClass::Division)).totalNj, 12.94);
        QCOMPARE(model->energy(computeClassIndex(ValueType::Double, OperationClass::Division)).mainNj, 3.59);
        QCOMPARE(model->energy(computeClassIndex(ValueType::Float, OperationClass::Arithmetic)).totalNj, 0.08);
        QCOMPARE(model->energy(kGlobalMemoryClass).totalNj, 17.95);
        QCOMPARE(model->energy(kGlobalMemoryClass).supplementaryNj, 13.40);
        QCOMPARE(model->energy(kLocalMemoryClass).totalNj, 0.20);
        QCOMPARE(model->transferPowerW().value_or(0), 40.0);
        QVERIFY(!model->staticW()); // not in the sources: unknown, never invented
        QVERIFY(!model->provenance().value("source").toString().isEmpty());
    }

    // Rule book §7's table, line by line: 256 threads.
    void workedExampleByHand()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "mixed.cu", kMixed);
        const auto analysed = analyse(path);
        QCOMPARE(analysed->reports.size(), 1);
        const KernelEstimate e = estimate(analysed->reports.first());
        QVERIFY(e.energy);
        const KernelEnergy& energy = *e.energy;
        QCOMPARE(energy.threads, 256.0);
        QVERIFY(!energy.threadsAssumed);
        const auto perThread
            = [&](ValueType type, OperationClass op) { return energy.perThread[computeClassIndex(type, op)]; };
        QCOMPARE(perThread(ValueType::Integer, OperationClass::Arithmetic), 10.0); // 2 + 8 (++k)
        QCOMPARE(perThread(ValueType::Integer, OperationClass::Other), 8.0); // k < 8
        QCOMPARE(perThread(ValueType::Integer, OperationClass::Division), 1.0);
        QCOMPARE(perThread(ValueType::Float, OperationClass::Arithmetic), 17.0); // 16 in the loop + s + q
        QCOMPARE(perThread(ValueType::Float, OperationClass::Sfu), 1.0);
        QCOMPARE(perThread(ValueType::Double, OperationClass::Division), 1.0);
        QCOMPARE(energy.perThread[kGlobalMemoryClass], 11.0);
        QCOMPARE(energy.perThread[kLocalMemoryClass], 0.0);
        // 10 × 0.11 + 8 × 0.62 + 2.08 + 17 × 0.08 + 1.72 + 12.94 + 11 × 17.95 = 221.61 nJ per thread.
        QVERIFY(near(energy.dynamicJ, 256 * 221.61e-9));
        QVERIFY(near(lineEnergy(energy, 3)->joules, 256 * 0.22e-9));
        QVERIFY(near(lineEnergy(energy, 5)->joules, 256 * 5.84e-9));
        QVERIFY(near(lineEnergy(energy, 6)->joules, 256 * 144.88e-9));
        QVERIFY(near(lineEnergy(energy, 9)->joules, 256 * 30.89e-9));
        QVERIFY(!lineEnergy(energy, 4)); // float acc = 0.0f executes nothing
        double lines = 0;
        for (const LineEnergy& l : energy.lines)
            lines += l.joules;
        QVERIFY(near(lines, energy.dynamicJ));
        QCOMPARE(energy.lines.first().line, 6); // hottest first
    }

    // Issue 17: the energy model on the PTX's instructions. tests/ptx/saxpy_reduce.clang-sm70.ptx
    // is clang's PTX of saxpyLoop (loops rolled); with the loop at 8 trips and the if taken by
    // 3 threads in 4, each line's executed instructions by hand from its blocks:
    //   3  mad.lo.s32                                   1 int arithmetic
    //   4  setp.ge.s32                                  1 int other
    //   5  (line 0) mul.wide.s32, add.s64; ld.global    0.75 × (2 int arithmetic, 1 global)
    //   6  setp.lt.s32 before the loop; in it add.s32, add.s64, setp.eq.s32
    //                                                   0.75 × 1 + 6 × 1 int other, 6 × 2 int arithmetic
    //   7  in the loop ld.global, fma.rn.f32            6 × (1 global, 1 float arithmetic)
    //   8  st.global                                    0.75 global
    void ptxCountsByHand()
    {
        const QString source = test::sourceDir() + "/tests/ptx/saxpy_reduce.cu";
        QFile text(test::sourceDir() + "/tests/ptx/saxpy_reduce.clang-sm70.ptx");
        QVERIFY(text.open(QIODevice::ReadOnly));
        ProjectPtx ptx;
        ptx.producer = "clang 14.0.6";
        FilePtx file;
        file.file = source;
        file.compilation.arch = "sm_70";
        file.module = readPtx(text.readAll(), "saxpy_reduce.clang-sm70.ptx");
        QVERIFY2(file.module.problems.isEmpty(), qPrintable(file.module.problems.join('\n')));
        ptx.files << file;

        const auto analysed = analyse(source);
        const auto report = std::find_if(analysed->reports.begin(), analysed->reports.end(),
            [](const KernelSliceReport& r) { return r.ir->kernelName == QLatin1String("saxpyLoop"); });
        QVERIFY(report != analysed->reports.end());
        const KernelIR& ir = *report->ir;
        AnalysisOptions options;
        for (int i = 0; i < ir.statements.size(); ++i) {
            if (ir.statements[i].kind == StatementKind::Loop)
                options.tripCountOverrides.insert(i, 8);
            if (ir.statements[i].kind == StatementKind::If)
                options.branchProbabilities.insert(i, {0.75, 0.25});
        }
        LaunchShape launch = report->launch;
        for (int axis = 0; axis < 3; ++axis) {
            launch.gridDim[axis] = axis == 0 ? 64 : 1;
            launch.blockDim[axis] = axis == 0 ? 256 : 1;
        }
        const KernelSlices slices = analyseKernel(ir, launch, options);
        PtxSettings settings;
        settings.project = &ptx;
        settings = ptxForKernel(settings, "saxpyLoop", source);
        QVERIFY(settings.function);

        const std::optional<ExecutedPtxLines> lines = executedPtxLines(settings, ir, slices, 10);
        QVERIFY(lines);
        QVERIFY(lines->source.startsWith("clang 14.0.6 PTX of saxpy_reduce.cu (sm_70)"));
        QVERIFY2(lines->assumptions.join('\n').contains("2 of the 12 priced PTX instructions"),
            qPrintable(lines->assumptions.join('\n')));
        const int intArith = computeClassIndex(ValueType::Integer, OperationClass::Arithmetic);
        const int intOther = computeClassIndex(ValueType::Integer, OperationClass::Other);
        const int floatArith = computeClassIndex(ValueType::Float, OperationClass::Arithmetic);
        QHash<int, InstructionCounts> expected;
        expected[3][intArith] = 1;
        expected[4][intOther] = 1;
        expected[5][intArith] = 1.5;
        expected[5][kGlobalMemoryClass] = 0.75;
        expected[6][intOther] = 6.75;
        expected[6][intArith] = 12;
        expected[7][kGlobalMemoryClass] = 6;
        expected[7][floatArith] = 6;
        expected[8][kGlobalMemoryClass] = 0.75;
        QCOMPARE(lines->lines.size(), expected.size());
        for (const ExecutedPtxLine& line : lines->lines) {
            QCOMPARE(line.file, source);
            QVERIFY2(expected.contains(line.line), qPrintable(QString::number(line.line)));
            for (int c = 0; c < kEnergyClassCount; ++c)
                QVERIFY2(near(line.perThread[c], expected[line.line][c]),
                    qPrintable(QStringLiteral("line %1 class %2: %3").arg(line.line).arg(c).arg(line.perThread[c])));
        }

        // The energy model prices them: E_dyn = threads × Σ n_c·e_c, per line and in all; the
        // statements carry all of it, so the heat follows the PTX.
        EstimateSettings estimateSettings;
        estimateSettings.energy.model = &thesisTable();
        estimateSettings.energy.counts = EnergyCounts::Ptx;
        estimateSettings.ptx = settings;
        const GpuSpec& v100 = *library().gpus().find("V100");
        const KernelEstimate e = estimateKernel(ir, slices, launch, *library().model("jos13"), v100, estimateSettings);
        QVERIFY(e.energy && e.energy->countsFromPtx);
        QCOMPARE(e.energy->countsSource, lines->source);
        // 16384 threads × (13.5 × 0.11 + 7.75 × 0.62 + 6 × 0.08 + 7.5 × 17.95) nJ
        QVERIFY(near(e.energy->dynamicJ, 16384 * (14.5 * 0.11 + 7.75 * 0.62 + 6 * 0.08 + 7.5 * 17.95) * 1e-9));
        QVERIFY(near(lineEnergy(*e.energy, 7)->joules, 16384 * (6 * 17.95 + 6 * 0.08) * 1e-9));
        QCOMPARE(lineEnergy(*e.energy, 7)->inPtx->total(), 2.0);
        double statements = 0;
        for (double j : e.energy->statementJoules)
            statements += j;
        QVERIFY(near(statements, e.energy->dynamicJ));
        QCOMPARE(e.energy->lines.first().line, 7);

        // Auto without PTX, and PTX asked for where there is none: the source's operators, saying so.
        estimateSettings.energy.counts = EnergyCounts::Auto;
        estimateSettings.ptx = PtxSettings{};
        const KernelEstimate automatic
            = estimateKernel(ir, slices, launch, *library().model("jos13"), v100, estimateSettings);
        QCOMPARE(automatic.energy->countsSource, kEnergyCountsFromSource);
        QVERIFY(!automatic.energy->countsFromPtx);
        estimateSettings.energy.counts = EnergyCounts::Ptx;
        estimateSettings.ptx.missing = "no PTX producer is installed";
        const KernelEstimate missing
            = estimateKernel(ir, slices, launch, *library().model("jos13"), v100, estimateSettings);
        QVERIFY(!missing.energy->countsFromPtx);
        QVERIFY(missing.energy->assumptions.join('\n').contains(
            "instruction counts from the source's operators: no PTX producer is installed"));
        QCOMPARE(missing.energy->dynamicJ, automatic.energy->dynamicJ);
    }

    // clang's PTX prices atomics and math (the prelude's bodies): a shared-memory histogram's
    // atomic is on-chip memory, sqrtf a float SFU instruction, on the lines that call them.
    void ptxCountsPriceAtomicsAndMath()
    {
        const QVector<PtxProducer> clang = ptxProducersNamed("clang");
        if (clang.isEmpty())
            QFAIL("clang is not installed: scripts/install-deps.sh installs it");
        QTemporaryDir dir;
        const QString path
            = test::writeFile(dir, "hist.cu", R"(__global__ void hist(const float* in, unsigned int* bins, float* out)
{
    __shared__ unsigned int local[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&local[int(in[i]) & 63], 1u);
    out[i] = sqrtf(in[i]);
    __syncthreads();
    if (threadIdx.x < 64)
        atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
void run(const float* in, unsigned int* bins, float* out) { hist<<<32, 256>>>(in, bins, out); }
)");
        const auto analysed = analyse(path);
        QCOMPARE(analysed->reports.size(), 1);
        const GpuSpec& v100 = *library().gpus().find("V100");
        const ProjectPtx ptx = compileSourcesPtx(loadProject({path}), v100, clang);
        PtxSettings settings;
        settings.project = &ptx;
        const KernelSliceReport& report = analysed->reports.first();
        settings = ptxForKernel(settings, "hist", path);
        QVERIFY2(settings.function, qPrintable(ptx.files.value(0).compilation.error));
        const std::optional<ExecutedPtxLines> lines = executedPtxLines(settings, *report.ir, report.slices, 10);
        QVERIFY(lines);
        auto at = [&](int line) {
            const auto found = std::find_if(
                lines->lines.begin(), lines->lines.end(), [&](const ExecutedPtxLine& l) { return l.line == line; });
            return found == lines->lines.end() ? InstructionCounts() : found->inPtx;
        };
        QCOMPARE(at(5)[kLocalMemoryClass], 1.0); // atom.shared.add
        QCOMPARE(at(6)[computeClassIndex(ValueType::Float, OperationClass::Sfu)], 1.0); // sqrt.rn.f32
        QCOMPARE(at(9)[kGlobalMemoryClass], 1.0); // atom.global.add
        QCOMPARE(at(9)[kLocalMemoryClass], 1.0); // ld.shared
    }

    // A time gives dynamic power; a static power (the model's, or given) gives the total.
    void timeAndStaticPowerGiveTotals()
    {
        QTemporaryDir dir;
        const auto analysed = analyse(test::writeFile(dir, "mixed.cu", kMixed));
        EstimateSettings settings;
        settings.seconds = 0.001;
        KernelEstimate e = estimate(analysed->reports.first(), settings);
        QVERIFY(near(*e.energy->dynamicW, e.energy->dynamicJ / 0.001));
        QVERIFY(!e.energy->totalW); // the thesis's static power is unknown
        QVERIFY(!e.energy->totalJ);
        settings.energy.staticW = 50;
        e = estimate(analysed->reports.first(), settings);
        QVERIFY(near(*e.energy->totalW, 50 + e.energy->dynamicJ / 0.001));
        QVERIFY(near(*e.energy->totalJ, 50 * 0.001 + e.energy->dynamicJ));
        QVERIFY(e.outOfDomain.filter("instruction-class energy").isEmpty()); // 50.06 W: a board can draw that

        // 56.7 µJ in 100 ns would be 567 W: more than the GTX 280's 236 W, and flagged.
        settings.seconds = 1e-7;
        e = estimate(analysed->reports.first(), settings);
        const QStringList flags = e.outOfDomain.filter("instruction-class energy");
        QCOMPARE(flags.size(), 1);
        QVERIFY2(
            flags.first().contains("above the board power of the GeForce GTX 280 (236 W)"), qPrintable(flags.first()));
    }

    // No launch: the GPU full, said as an assumption; --threads replaces it.
    void threadsWithoutALaunch()
    {
        QTemporaryDir dir;
        QByteArray code = kMixed;
        code.truncate(code.indexOf("void run"));
        const auto analysed = analyse(test::writeFile(dir, "nolaunch.cu", code));
        KernelEstimate e = estimate(analysed->reports.first());
        QVERIFY(e.energy->threadsAssumed);
        QCOMPARE(e.energy->threads, 1024.0 * 30); // GTX 280: 1024 resident threads × 30 SMs
        QVERIFY(e.energy->assumptions.join(' ').contains("assumed"));
        EstimateSettings settings;
        settings.energy.threads = 1000;
        e = estimate(analysed->reports.first(), settings);
        QVERIFY(!e.energy->threadsAssumed);
        QCOMPARE(e.energy->threads, 1000.0);
        QVERIFY(near(e.energy->dynamicJ, 1000 * 221.61e-9));
    }

    // A template parameter the launch binds types its operations; without a launch the
    // operations are counted as float and the notes say so.
    void templateTypesComeFromTheLaunch()
    {
        QTemporaryDir dir;
        const QByteArray code = R"(template <typename T> __global__ void axpy(const T* x, T* y, T a)
{
    int i = threadIdx.x;
    y[i] = a * x[i] + y[i];
}
template <typename T> __global__ void unlaunched(const T* x, T* y) { y[threadIdx.x] = x[threadIdx.x] * x[threadIdx.x]; }
void run(double* x, double* y) { axpy<double><<<1, 32>>>(x, y, 2.0); }
)";
        const auto analysed = analyse(test::writeFile(dir, "axpy.cu", code));
        QCOMPARE(analysed->reports.size(), 2);
        for (const KernelSliceReport& report : analysed->reports) {
            const KernelEstimate e = estimate(report);
            if (report.kernel->info.name == "axpy") {
                QCOMPARE(e.energy->perThread[computeClassIndex(ValueType::Double, OperationClass::Arithmetic)], 2.0);
                QVERIFY(report.ir->notes.filter("counted as float").isEmpty());
            } else {
                QCOMPARE(e.energy->perThread[computeClassIndex(ValueType::Float, OperationClass::Arithmetic)], 1.0);
                QVERIFY(!report.ir->notes.filter("counted as float").isEmpty());
            }
        }
    }

    // A device function template takes its types at each call: spelt (`square<double>(v)`),
    // deduced from what is passed (`const T&`, `T*`), or through the calling kernel's own
    // template types; the kernel's FP64 and FP32 work is counted as such.
    void calleeTemplateTypesComeFromTheCall()
    {
        QTemporaryDir dir;
        const QByteArray code = R"(template <typename Real> __device__ Real square(Real v) { return v * v; }
template <typename T> __device__ T addTo(const T& a, T* b) { return a + *b; }
__global__ void spelt(double* out, float s) { out[threadIdx.x] = square<double>(s); }
__global__ void deduced(double* out, const double* in) { out[threadIdx.x] = addTo(in[threadIdx.x], out); }
template <typename T> __global__ void through(T* out) { out[threadIdx.x] = square<T>(out[threadIdx.x]); }
__global__ void floats(float* out) { out[threadIdx.x] = square(out[threadIdx.x]); }
void run(double* d, const double* c, float* f)
{
    spelt<<<1, 32>>>(d, 2.0f);
    deduced<<<1, 32>>>(d, c);
    through<double><<<1, 32>>>(d);
    floats<<<1, 32>>>(f);
}
)";
        const auto analysed = analyse(test::writeFile(dir, "calls.cu", code));
        QCOMPARE(analysed->reports.size(), 4);
        const int doubles = computeClassIndex(ValueType::Double, OperationClass::Arithmetic);
        const int floats = computeClassIndex(ValueType::Float, OperationClass::Arithmetic);
        for (const KernelSliceReport& report : analysed->reports) {
            const KernelEstimate e = estimate(report);
            const QString name = report.kernel->info.name;
            QVERIFY2(report.ir->notes.filter("counted as float").isEmpty(), qPrintable(name));
            QCOMPARE(e.energy->perThread[name == "floats" ? doubles : floats], 0.0);
            QVERIFY2(e.energy->perThread[name == "floats" ? floats : doubles] >= 1.0, qPrintable(name));
        }
    }

    // The tiled matrix multiply: lines sum to the kernel in both units, the thread-index
    // lines are cold, the tile loop's global loads are the hottest lines, the inner product
    // is hot in proportion to its 512 executions. Spread evenly (no energy model), the index
    // lines were as hot as the loads.
    void heatFollowsTheWorkOfTheTiledMatrixMultiply()
    {
        const QString path = test::corpusDir() + "/energy/matmul_energy.cu";
        const auto analysed = analyse(path);
        QCOMPARE(analysed->reports.size(), 1);
        const KernelSliceReport& report = analysed->reports.first();
        const KernelEstimate e = estimate(report);
        QVERIFY(e.hasEstimate());
        const KernelEnergy& energy = *e.energy;
        QCOMPARE(energy.threads, 32.0 * 32 * 256);
        QCOMPARE(energy.perThread[kGlobalMemoryClass], 32.0 * 2 + 1);
        QCOMPARE(energy.perThread[kLocalMemoryClass], 32.0 * 2 + 512 * 2);
        QCOMPARE(energy.perThread[computeClassIndex(ValueType::Float, OperationClass::Arithmetic)], 1024.0);

        const int bx = lineOf(path, "int bx = blockIdx.x;");
        const int loadA = lineOf(path, "As[ty][tx] = A[");
        const int loadB = lineOf(path, "Bs[ty][tx] = B[");
        const int inner = lineOf(path, "sum += As[ty][k] * Bs[k][tx];");
        const int row = lineOf(path, "int row = by * TILE + ty;");
        // 512 executions × (2 float arithmetic × 0.08 + 2 shared × 0.20 nJ) per thread.
        QVERIFY(near(lineEnergy(energy, inner)->joules, energy.threads * 512 * 0.56e-9));
        // 32 executions × (4 integer arithmetic × 0.11 + global 17.95 + shared 0.20 nJ).
        QVERIFY(near(lineEnergy(energy, loadA)->joules, energy.threads * 32 * 18.59e-9));
        QVERIFY(!lineEnergy(energy, bx));

        double heat = 0;
        for (const LineHeat& line : e.lines)
            heat += line.watts;
        QVERIFY(near(heat, e.watts)); // the kernel total is unchanged
        QCOMPARE(lineHeat(e, bx), 0.0);
        QVERIFY(e.lines.first().line == loadA || e.lines.first().line == loadB);
        QVERIFY(lineHeat(e, inner) > 100 * lineHeat(e, row));

        const KernelEstimate even = estimate(report, {}, nullptr);
        QVERIFY(near(even.watts, e.watts)); // where heat goes never changes the kernel's power
        QVERIFY(lineHeat(even, bx) > 0);
        QVERIFY(!even.energy);
    }

    // Copies: t = latency + bytes / bandwidth, E = 40 W × t; a device-to-device copy crosses
    // no PCIe link.
    void copyTermByHand()
    {
        const QString path = test::corpusDir() + "/energy/matmul_energy.cu";
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        QCOMPARE(index.copies.size(), 4);
        WhatIfSettings settings;
        const ModelChoice choice = chooseModel(library(), settings);
        QVERIFY2(choice.error.isEmpty(), qPrintable(choice.error));
        const EstimateRun run = estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings);
        QCOMPARE(run.copies.size(), 4);
        const double seconds = 10e-6 + 1048576 / 8e9; // GTX 280: PCIe 2.0 x16
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(run.copies[i].site.bytes.value_or(-1), qint64(1048576));
            QVERIFY(near(*run.copies[i].seconds, seconds));
            QVERIFY(near(*run.copies[i].joules, 40 * seconds));
        }
        QCOMPARE(run.copies[0].site.direction, QStringLiteral("HostToDevice"));
        QCOMPARE(run.copies[2].site.direction, QStringLiteral("DeviceToHost"));
        QVERIFY(!run.copies[3].joules);
        QVERIFY(run.copies[3].note.contains("no PCI Express"));
        QVERIFY(near(knownCopyJoules(run.copies), 3 * 40 * seconds));

        const QJsonObject json = QJsonDocument::fromJson(estimateJson(run)).object();
        QCOMPARE(json.value("copies").toArray().size(), 4);
        QVERIFY(near(json.value("copies_energy_j").toDouble(), 3 * 40 * seconds));
    }

    // Copies in host functions: main's, a helper main calls, a helper only a method calls and
    // the method's own are the program's; a helper nothing calls is not (named in the JSON).
    void copiesOfUncalledHostFunctionsAreLeftOut()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "copies.cu", R"(#include <cuda_runtime.h>
__global__ void k(float* p) { p[threadIdx.x] = 1.0f; }
void upload(float* d, const float* h) { cudaMemcpy(d, h, 4096, cudaMemcpyHostToDevice); }
void viaMethod(float* d, const float* h) { cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice); }
void neverCalled(float* h, const float* d) { cudaMemcpy(h, d, 8192, cudaMemcpyDeviceToHost); }
struct Buffer {
    float* d;
    void fill(const float* h) { viaMethod(d, h); cudaMemcpy(d, h, 512, cudaMemcpyHostToDevice); }
};
int main() {
    float* d = nullptr;
    float h[1024] = {};
    upload(d, h);
    Buffer b{d};
    b.fill(h);
    k<<<4, 256>>>(d);
    cudaMemcpy(h, d, 4096, cudaMemcpyDeviceToHost);
    return 0;
}
)");
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        QStringList callers;
        for (const MemoryCopySite& copy : index.copies)
            callers << copy.callerName;
        QCOMPARE(callers, (QStringList{"upload", "viaMethod", "fill", "main"}));
        QCOMPARE(index.uncalledCopies.size(), 1);
        QCOMPARE(index.uncalledCopies.first().callerName, QStringLiteral("neverCalled"));
        WhatIfSettings settings;
        const ModelChoice choice = chooseModel(library(), settings);
        const EstimateRun run = estimateProjectWhatIf(index, *choice.model, *choice.gpu, choice.energy, settings);
        QCOMPARE(run.copies.size(), 4);
        const QJsonArray notCalled
            = QJsonDocument::fromJson(estimateJson(run)).object().value("copies_not_called").toArray();
        QCOMPARE(notCalled.size(), 1);
        QCOMPARE(notCalled.first().toObject().value("caller").toString(), QStringLiteral("neverCalled"));
    }

    void copiesOfRunTimeSizeHaveNoEnergy()
    {
        QTemporaryDir dir;
        const QByteArray code = R"(#include <cuda_runtime.h>
#define CUDA_CHECK(call) do { if ((call) != cudaSuccess) return; } while (0)
__global__ void k(float* p) { p[threadIdx.x] = 1.0f; }
void run(float* d, const float* h, float* back, size_t n, int w, int rows)
{
    CUDA_CHECK(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));
    cudaMemcpy2D(d, 64, h, 64, 64, 8, cudaMemcpyHostToDevice);
    k<<<1, 32>>>(d);
    const cudaMemcpyKind toHost = cudaMemcpyDeviceToHost;
    CUDA_CHECK(cudaMemcpy(back, d, 32 * sizeof(float), toHost));
}
)";
        const ProjectIndex index
            = indexProject(loadProject({test::writeFile(dir, "sizes.cu", code)}), test::parserOptions());
        QCOMPARE(index.copies.size(), 3);
        const QVector<CopyEnergy> copies
            = estimateCopies(index.copies, thesisTable(), *library().gpus().find("gtx280"));
        QVERIFY(!copies[0].joules);
        // Inside CUDA_CHECK(…) the size is the argument as written, not the macro's name.
        QVERIFY2(copies[0].note.contains("run time (n * sizeof(float))"), qPrintable(copies[0].note));
        QCOMPARE(copies[0].site.direction, QStringLiteral("HostToDevice"));
        QCOMPARE(copies[1].site.bytes.value_or(-1), qint64(64 * 8)); // width × height
        QVERIFY(copies[1].joules);
        QCOMPARE(copies[2].site.bytes.value_or(-1), qint64(128));
        QCOMPARE(copies[2].site.direction, QStringLiteral("DeviceToHost")); // the constant's value
    }

    void malformedEnergyModelFiles_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("problem");
        const QByteArray good = test::shippedModelBytes(QStringLiteral("energy-aalto2013-fermi.json"));
        QTest::newRow("not json") << QByteArray("{ \"format\": ") << QString("not valid JSON");
        QTest::newRow("missing class") << QByteArray(good).replace("\"local_memory\"", "\"local_memry\"")
                                       << QString("\"local_memory\"");
        QTest::newRow("negative") << QByteArray(good).replace("\"total_nj\": 0.11", "\"total_nj\": -0.11")
                                  << QString("integer_arithmetic");
        QTest::newRow("no provenance") << QByteArray(good).replace("\"source\":", "\"sauce\":")
                                       << QString("provenance");
        QTest::newRow("static text") << QByteArray(good).replace("\"static_w\": null", "\"static_w\": \"idle\"")
                                     << QString("static_w");
    }

    void malformedEnergyModelFiles()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, problem);
        QStringList errors;
        QVERIFY(!EnergyModel::parse(json, "energy-bad.json", errors));
        QVERIFY(!errors.isEmpty());
        QVERIFY2(errors.join('\n').contains(problem), qPrintable(errors.join('\n')));
        QVERIFY2(errors.first().startsWith("energy-bad.json:"), qPrintable(errors.first()));
    }

    // The CLI: the JSON names tools read, --threads, --energy-model with a bad name.
    void commandLine()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "mixed.cu", kMixed);
        QProcess cli;
        // The GTX 280's published model: the table's own energy (on a GPU the physical model
        // predicts, the table only spreads that model's energy: test_physical_model).
        cli.start(SLICEWATT_CLI_PATH,
            {"analyze", path, "--gpu", "gtx280", "--format", "json", "--time", "0.001", "--static-w", "20"});
        QVERIFY(cli.waitForFinished(120000));
        QCOMPARE(cli.exitCode(), 0);
        const QJsonObject root = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
        QCOMPARE(root.value("energy_model").toString(), QStringLiteral("aalto2013"));
        const QJsonObject kernel = root.value("kernels").toArray().first().toObject();
        const QJsonObject energy = kernel.value("energy_model").toObject();
        for (const char* key : {"model", "threads", "per_thread", "dynamic_j", "static_w", "total_j"})
            QVERIFY2(energy.contains(key), key);
        const QJsonObject perThread = energy.value("per_thread").toObject();
        QCOMPARE(perThread.size(), 14);
        for (const char* key : {"integer_arithmetic", "integer_division", "integer_sfu", "integer_other",
                 "float_arithmetic", "float_division", "float_sfu", "float_other", "double_arithmetic",
                 "double_division", "double_sfu", "double_other", "global_memory", "local_memory"})
            QVERIFY2(perThread.contains(key), key);
        QVERIFY(near(energy.value("dynamic_j").toDouble(), 256 * 221.61e-9));
        QVERIFY(near(energy.value("total_j").toDouble(), 20 * 0.001 + 256 * 221.61e-9));
        const QJsonArray lines = kernel.value("line_energy").toArray();
        QCOMPARE(lines.first().toObject().value("line").toInt(), 6);
        QVERIFY(lines.first().toObject().contains("energy_j"));

        cli.start(SLICEWATT_CLI_PATH, {"analyze", path, "--energy-model", "nope"});
        QVERIFY(cli.waitForFinished(120000));
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY(QString::fromUtf8(cli.readAllStandardError()).contains("known: aalto2013"));

        QByteArray noLaunch = kMixed;
        noLaunch.truncate(noLaunch.indexOf("void run"));
        const QString bare = test::writeFile(dir, "bare.cu", noLaunch);
        cli.start(SLICEWATT_CLI_PATH, {"analyze", bare, "--format", "json", "--threads", "512"});
        QVERIFY(cli.waitForFinished(120000));
        QCOMPARE(cli.exitCode(), 0);
        const QJsonObject bareKernel = QJsonDocument::fromJson(cli.readAllStandardOutput())
                                           .object()
                                           .value("kernels")
                                           .toArray()
                                           .first()
                                           .toObject();
        QCOMPARE(bareKernel.value("energy_model").toObject().value("threads").toDouble(), 512.0);
    }
};

QTEST_GUILESS_MAIN(EnergyTest)
#include "test_energy.moc"
