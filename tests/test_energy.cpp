// SPDX-License-Identifier: GPL-3.0-or-later
// The instruction-class energy model (METHOD §9, rule book §7) against hand computation:
// executed classes per thread, dynamic energy per launch and per line, threads, static and
// total power, the copy term; heat that follows the work (lines sum to the kernel, a
// thread-index line is cold, the loop bodies are hot); the model file's errors; the CLI.
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/KernelEstimate.h"
#include "estimate/WhatIf.h"
#include "export/EstimateWriter.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

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

bool near(double a, double b)
{
    return qAbs(a - b) <= 1e-9 * qMax(1.0, qAbs(b));
}

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
        QByteArray good;
        {
            QFile shipped(test::sourceDir() + "/models/energy-aalto2013-fermi.json");
            QVERIFY(shipped.open(QIODevice::ReadOnly));
            good = shipped.readAll();
        }
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
        cli.start(SLICEWATT_CLI_PATH, {"analyze", path, "--format", "json", "--time", "0.001", "--static-w", "20"});
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
