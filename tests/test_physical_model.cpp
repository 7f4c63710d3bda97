// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// Issue 34: the physical power model (resources/help/physical-model.md) computed by hand on a
// streaming, a compute-bound and a one-block kernel over the time model's time, its cap at the
// board's limit, its fit and grouped validation, its model file, and its error on the launches
// measured on an H200 (shared/data/h200) with whole kernels held out.
#include "Near.h"
#include "PdfText.h"
#include "ShippedFiles.h"
#include "TestSupport.h"
#include "TimeModelSupport.h"
#include "calibration/NonNegativeLeastSquares.h"
#include "calibration/PhysicalModelFile.h"
#include "calibration/PhysicalModelFit.h"
#include "calibration/TimeValidation.h"
#include "model/ModelLibrary.h"
#include "model/PowerModel.h"

#include <QStandardPaths>
#include <QtTest>

#include <cmath>

using namespace slicewatt;
using test::testGpu;
using test::timeOf;
using test::Work;

namespace {

constexpr int kFloatArithmetic = computeClassIndex(ValueType::Float, OperationClass::Arithmetic);

using test::near;

// Round constants: 100 W idle, 50 W for busy SMs, 10 pJ an FP32 and 20 pJ a load/store
// instruction, 5 pJ a byte through L2 and 500 pJ a byte from DRAM.
QHash<QString, double> handParameters()
{
    return {{QStringLiteral("idle_w"), 100}, {QStringLiteral("active_w"), 50}, {QStringLiteral("pj_fp32"), 10},
        {QStringLiteral("pj_load_store"), 20}, {QStringLiteral("pj_l2_byte"), 5},
        {QStringLiteral("pj_dram_byte"), 500}};
}

double termWatts(const PhysicalPower& p, const QString& key)
{
    for (const PhysicalTerm& term : p.terms)
        if (term.key == key)
            return term.watts;
    return -1;
}

QByteArray modelFileFor(const QString& gpuId, const QHash<QString, double>& parameters, bool withValidation)
{
    QJsonObject gpu;
    for (const QString& name : physicalParameterNames())
        gpu.insert(name, parameters.value(name));
    if (withValidation)
        gpu.insert(QStringLiteral("validation"),
            QJsonObject{{QStringLiteral("split"), QStringLiteral("leave-one-kernel-out")},
                {QStringLiteral("grouped"),
                    QJsonObject{{QStringLiteral("mape_pct"), 10.0}, {QStringLiteral("rows"), 20},
                        {QStringLiteral("kernels"), 8}}}});
    const QJsonObject root{{QStringLiteral("format"), QStringLiteral("slicewatt-model/1")},
        {QStringLiteral("id"), QStringLiteral("physical-test")}, {QStringLiteral("form"), QStringLiteral("physical")},
        {QStringLiteral("provenance"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("test")}}},
        {QStringLiteral("gpus"), QJsonObject{{gpuId, gpu}}}};
    return QJsonDocument(root).toJson();
}

// Rows whose power follows known constants exactly: ten kernels at three sizes, each input at
// a rate that varies from row to row (a fixed pseudo-random pattern), some launches' bytes all
// served by L2.
QVector<PhysicalFitRow> syntheticRows(const QHash<QString, double>& truth)
{
    QVector<PhysicalFitRow> rows;
    for (int k = 0; k < 10; ++k) {
        for (int size = 1; size <= 3; ++size) {
            const auto v = [&](int j) { return 0.1 + ((k * 7 + size * 3 + j * 5 + k * j) % 11) / 10.0; };
            PhysicalFitRow row;
            row.kernel = QStringLiteral("k%1").arg(k);
            row.caseName = QStringLiteral("k%1_%2").arg(k).arg(size);
            row.work.seconds = 1e-3;
            row.work.activeSmShare = std::min(1.0, v(0));
            row.work.fp32 = 1e9 * v(1);
            row.work.fp64 = 3e8 * v(2);
            row.work.int32 = 5e8 * v(3);
            row.work.sfu = 3e8 * v(4);
            row.work.loadStore = 2e8 * v(5);
            row.work.l2Bytes = 1e9 * v(6);
            row.work.dramBytes = k % 3 == 0 ? 0 : row.work.l2Bytes * v(7) / 1.2;
            row.measuredW = physicalPower(truth, row.work, 1e6)->watts;
            rows << row;
        }
    }
    return rows;
}

} // namespace

// A 2^26-element saxpy launched with its size at the launch site: a streaming kernel.
bool writeSaxpyProject(const QTemporaryDir& folder)
{
    return QFileInfo::exists(test::writeFile(folder, QStringLiteral("saxpy.cu"),
        "__global__ void saxpy(float a, const float* x, float* y, int n) {\n"
        "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  if (i < n) y[i] = a * x[i] + y[i];\n"
        "}\n"
        "void run(const float* x, float* y) {\n"
        "  const int n = 1 << 26;\n"
        "  saxpy<<<n / 256, 256>>>(2.0f, x, y, n);\n"
        "}\n"));
}

class PhysicalModelTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // c[i] = a[i] + b[i] over 2.56 M threads (test_time_model's streaming case): 384 µs of
    // memory + 5 µs of launch = 389 µs.
    void streamingKernelByHand()
    {
        Work w;
        w.instructions[kFloatArithmetic] = 1;
        w.accesses[MemorySpace::Global] = 3;
        w.bytes[MemorySpace::Global] = 12;
        w.stores[MemorySpace::Global] = 4;
        const LaunchTime t = timeOf({w}, 10000, 256);
        QVERIFY(near(t.work.seconds, 389e-6));
        QVERIFY(near(t.work.fp32, 2.56e6));
        QVERIFY(near(t.work.loadStore, 7.68e6));
        QVERIFY(near(t.work.l2Bytes, 30.72e6));
        QVERIFY(near(t.work.dramBytes, 30.72e6)); // 30.72 MB does not fit in half of the 1 MB L2
        QVERIFY(near(t.work.activeSmShare, 1.0));
        const PhysicalPower p = *physicalPower(handParameters(), t.work, 1000);
        // FP32: 10 pJ · 2.56e6 / 389 µs = 0.0658 W; load/store: 20 pJ · 7.68e6 / 389 µs = 0.395 W;
        // L2: 5 pJ · 30.72e6 / 389 µs = 0.395 W; DRAM: 500 pJ · 30.72e6 / 389 µs = 39.49 W.
        QVERIFY(near(termWatts(p, QStringLiteral("pj_fp32")), 10e-12 * 2.56e6 / 389e-6));
        QVERIFY(near(termWatts(p, QStringLiteral("pj_dram_byte")), 500e-12 * 30.72e6 / 389e-6));
        // Busy SMs: 50 W · 384 / 389 (the 5 µs of launch overhead leave them idle) = 49.36 W.
        QVERIFY(near(termWatts(p, QStringLiteral("active_w")), 50 * 384.0 / 389));
        const double expected
            = 100 + 50 * 384.0 / 389 + (10 * 2.56e6 + 20 * 7.68e6 + 5 * 30.72e6 + 500 * 30.72e6) * 1e-12 / 389e-6;
        QVERIFY(near(p.watts, expected));
        QVERIFY(std::abs(p.watts - 189.70) < 0.01);
        QVERIFY(!p.capped);
    }

    // A tile's inner loop, 8000 FP32 operations and 1000 shared loads a thread over 100 blocks
    // of 256: 180 µs of issue + 5 µs = 185 µs, no off-chip bytes.
    void computeBoundKernelByHand()
    {
        Work w;
        w.instructions[kFloatArithmetic] = 8;
        w.accesses[MemorySpace::Shared] = 1;
        w.weight = 1000;
        const LaunchTime t = timeOf({w}, 100, 256);
        QVERIFY(near(t.work.fp32, 25600 * 8000.0));
        QVERIFY(near(t.work.loadStore, 25600 * 1000.0));
        QCOMPARE(t.work.l2Bytes, 0.0);
        const PhysicalPower p = *physicalPower(handParameters(), t.work, 1000);
        // FP32: 10 pJ · 2.048e8 / 185 µs = 11.07 W; load/store: 20 pJ · 2.56e7 / 185 µs = 2.77 W.
        // Busy SMs: 50 W · 180 / 185 = 48.65 W.
        QVERIFY(near(p.watts, 100 + 50 * 180.0 / 185 + (10 * 2.048e8 + 20 * 2.56e7) * 1e-12 / 185e-6));
        QVERIFY(std::abs(p.watts - 162.49) < 0.01);
    }

    // One warp on one of the 10 SMs walking 10000 floats: 5 ms of latency-bound loads. Only a
    // tenth of the SMs is busy, and the work is spread thin over the time: close to idle.
    void oneBlockKernelByHand()
    {
        Work w;
        w.instructions[kFloatArithmetic] = 1;
        w.accesses[MemorySpace::Global] = 1;
        w.bytes[MemorySpace::Global] = 4;
        w.weight = 10000;
        const LaunchTime t = timeOf({w}, 1, 32);
        QVERIFY(near(t.work.activeSmShare, 0.1));
        QVERIFY(near(t.work.seconds, 5e-3 + 5e-6));
        const PhysicalPower p = *physicalPower(handParameters(), t.work, 1000);
        // 100 + 0.1 · 50 · 5 / 5.005 + (10 · 3.2e5 + 20 · 3.2e5 + 505 · 1.28e6) pJ / 5.005 ms = 105.126 W.
        QVERIFY(near(p.watts, 100 + 5 * 5.0 / 5.005 + (10 * 3.2e5 + 20 * 3.2e5 + 505 * 1.28e6) * 1e-12 / 5.005e-3));
        QVERIFY(std::abs(p.watts - 105.126) < 0.001);
    }

    // More work over the time than the board may draw: shown at the limit, and said so.
    void capsAtTheBoardLimit()
    {
        LaunchWork work;
        work.seconds = 1e-3;
        work.activeSmShare = 1;
        work.dramBytes = 1e9; // 500 pJ · 10^9 / 1 ms = 500 W
        const PhysicalPower p = *physicalPower(handParameters(), work, 400);
        QVERIFY(p.capped);
        QCOMPARE(p.watts, 400.0);
        QVERIFY(near(p.uncappedW, 650));
        QVERIFY(!physicalPower(handParameters(), LaunchWork{}, 400)); // no time: no power

        QStringList errors;
        GpuSpec gpu = testGpu();
        gpu.boardPowerW = 400;
        const std::optional<PowerModel> model
            = PowerModel::parse(modelFileFor(gpu.id, handParameters(), true), QStringLiteral("p.json"), errors);
        QVERIFY2(model, qPrintable(errors.join('\n')));
        QVERIFY(model->isPhysical() && model->isLaunchLevel() && !model->needsPtx());
        LaunchActivity activity;
        QVERIFY(!model->predictLaunch(gpu, activity)); // no time model: nothing
        QVERIFY(model->launchProblem(gpu, activity).contains(QStringLiteral("time model")));
        activity.work = work;
        const std::optional<PowerPrediction> prediction = model->predictLaunch(gpu, activity);
        QVERIFY(prediction && prediction->physical);
        QCOMPARE(prediction->watts, 400.0);
        QVERIFY(prediction->outOfDomain.join(' ').contains(QStringLiteral("650 W")));
    }

    // A measured GPU's parameters without their measured error are refused; with it, read.
    void measuredGpuNeedsValidation()
    {
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const GpuSpec* h200 = library.gpus().find(QStringLiteral("H200"));
        QVERIFY(h200 && !h200->measuredPower.isEmpty());
        QTemporaryDir folder;
        QFile file(folder.filePath(QStringLiteral("physical-test.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(modelFileFor(h200->id, handParameters(), false));
        file.close();
        errors.clear();
        const ModelLibrary refused = ModelLibrary::load({folder.path()}, errors);
        QVERIFY(!refused.model(QStringLiteral("physical-test")));
        QVERIFY(errors.join('\n').contains(QStringLiteral("validation")));

        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(modelFileFor(h200->id, handParameters(), true));
        file.close();
        errors.clear();
        const ModelLibrary accepted = ModelLibrary::load({folder.path()}, errors);
        QVERIFY2(accepted.model(QStringLiteral("physical-test")), qPrintable(errors.join('\n')));
    }

    // Lawson–Hanson: a weight the unconstrained fit makes negative is held at 0.
    void nonNegativeLeastSquaresHoldsWeightsAtZero()
    {
        Eigen::MatrixXd a(4, 2);
        a << 1, 1, 2, 1, 3, 1, 4, 1;
        Eigen::VectorXd b(4);
        b << 3, 2, 1, 0; // the line 4 − x: slope −1 unconstrained
        const Eigen::VectorXd x = nonNegativeLeastSquares(a, b);
        QCOMPARE(x(0), 0.0);
        QVERIFY(near(x(1), 1.5)); // the mean of b, the best constant
        b << 2, 4, 6, 8; // 2x exactly
        const Eigen::VectorXd y = nonNegativeLeastSquares(a, b);
        QVERIFY(near(y(0), 2) && std::abs(y(1)) < 1e-9);
    }

    // Constants that made the measurements are found again, and held-out kernels are predicted
    // from the other kernels' fit with (nearly) no error.
    void fitRecoversKnownConstants()
    {
        QHash<QString, double> truth = handParameters();
        truth.insert(QStringLiteral("pj_int32"), 8);
        truth.insert(QStringLiteral("pj_fp64"), 40);
        truth.insert(QStringLiteral("pj_sfu"), 30);
        const QVector<PhysicalFitRow> rows = syntheticRows(truth);
        QVector<int> all(rows.size());
        for (int i = 0; i < all.size(); ++i)
            all[i] = i;
        const QHash<QString, double> fitted = fitPhysicalModel(rows, all, 100);
        for (const QString& name : physicalParameterNames())
            QVERIFY2(std::abs(fitted.value(name) - truth.value(name)) < 1e-6 * std::max(1.0, truth.value(name)),
                qPrintable(name));
        // Without a measured idle power (the public data sets), it is found with the others.
        const QHash<QString, double> withIdle = fitPhysicalModel(rows, all, std::nullopt);
        for (const QString& name : physicalParameterNames())
            QVERIFY2(std::abs(withIdle.value(name) - truth.value(name)) < 1e-6 * std::max(1.0, truth.value(name)),
                qPrintable(name));
        const PhysicalValidation fittedIdle = validatePhysicalModel(rows, std::nullopt, 1e6);
        QVERIFY(fittedIdle.figures.mapePct < 1e-6);
        QVERIFY(fittedIdle.idleBaseline.mapePct > 1); // each fold's fitted idle power alone

        const PhysicalValidation v = validatePhysicalModel(rows, 100, 1e6);
        QCOMPARE(v.figures.groups, 10);
        QVERIFY(v.figures.mapePct < 1e-6);
        // The band that covers 75 % of errors: the third of four by nearest rank.
        QCOMPARE(bandShare({0.4, 0.1, 0.3, 0.2}, 0.75), 0.3);
        QVERIFY(v.medianBaseline.mapePct > 1); // the baseline is beside, and worse
        QVERIFY(v.domain.contains(QStringLiteral("pj_dram_byte")));

        // FP64 run by two kernels only: not fitted, derived from FP32 (and said so in the file).
        QVector<PhysicalFitRow> few = rows;
        for (PhysicalFitRow& row : few) {
            if (row.kernel != QLatin1String("k1") && row.kernel != QLatin1String("k2"))
                row.work.fp64 = 0;
            row.measuredW = physicalPower(truth, row.work, 1e6)->watts;
        }
        QCOMPARE(unsupportedPhysicalInputs(few, all), QStringList{QStringLiteral("pj_fp64")});
        const QHash<QString, double> derived = fitPhysicalModel(few, all, 100);
        QCOMPARE(derived.value(QStringLiteral("pj_fp64")), 2 * derived.value(QStringLiteral("pj_fp32")));
        PhysicalGpuFit fit;
        fit.gpuId = QStringLiteral("h200");
        fit.rows = few;
        fit.parameters = derived;
        fit.validation = validatePhysicalModel(few, 100, 700);
        QString error;
        const QJsonObject file = QJsonDocument::fromJson(physicalModelFile({}, fit, &error)).object();
        QVERIFY(file.value("gpus")["h200"]["sources"]["pj_fp64"].toString().startsWith(QStringLiteral("derived")));
        QVERIFY(file.value("gpus")["h200"]["sources"]["pj_fp32"].toString().startsWith(QStringLiteral("fitted")));
    }

    // The file: a GPU's entry goes in beside the others, and reads back as a validated model.
    void modelFileMergesGpus()
    {
        QHash<QString, double> truth = handParameters();
        PhysicalGpuFit fit;
        fit.gpuId = QStringLiteral("h200");
        fit.rows = syntheticRows(truth);
        QVector<int> all(fit.rows.size());
        for (int i = 0; i < all.size(); ++i)
            all[i] = i;
        fit.parameters = fitPhysicalModel(fit.rows, all, 100);
        fit.validation = validatePhysicalModel(fit.rows, 100, 700);
        fit.idleSource = QStringLiteral("measured");
        QString error;
        const QByteArray first = physicalModelFile({}, fit, &error);
        fit.gpuId = QStringLiteral("h100");
        const QByteArray both = physicalModelFile(first, fit, &error);
        QStringList errors;
        const std::optional<PowerModel> model = PowerModel::parse(both, QStringLiteral("physical.json"), errors);
        QVERIFY2(model, qPrintable(errors.join('\n')));
        QCOMPARE(model->gpuIds().size(), 2);
        QVERIFY(model->accuracy(QStringLiteral("h200")) && model->accuracy(QStringLiteral("h200"))->isDefault);
        QCOMPARE(model->accuracy(QStringLiteral("h100"))->bandCoveragePct, fit.validation.coveragePct);
        QCOMPARE(model->accuracy(QStringLiteral("h100"))->bandPct, fit.validation.fileBandShare * 100);
        QVERIFY(physicalModelFile(QByteArray("{\"form\": \"jos13\"}"), fit, &error).isEmpty());
        QVERIFY(error.contains(QStringLiteral("physical")));
    }

    // A GPU nobody measured gets its constants from its data sheet and architecture (issue 46),
    // with the corrections the measured GPUs agree on and the leave-one-GPU-out error as its
    // accuracy; the file keeps no entry for it.
    void unmeasuredGpusGetDataSheetConstants()
    {
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const PowerModel* physical = library.model(QStringLiteral("physical"));
        QVERIFY(physical);
        const QJsonObject entries = test::shippedModel(QStringLiteral("physical.json")).value("gpus").toObject();
        for (const QString& id :
            {QStringLiteral("a100"), QStringLiteral("l4"), QStringLiteral("rtx3090"), QStringLiteral("rtx4090")}) {
            QVERIFY(!entries.contains(id));
            QCOMPARE(library.defaultModelFor(id), physical);
            QVERIFY(physical->isDataSheetOnly(id));
            const ModelAccuracy* accuracy = physical->accuracy(id);
            QVERIFY(accuracy);
            QCOMPARE(accuracy->split, QStringLiteral("leave-one-gpu-out"));
            QVERIFY(physical->parameterSources(id)
                        .value(QStringLiteral("active_w"))
                        .contains(QStringLiteral("W per busy SM")));
        }
    }

    // The product's path: `analyze --gpu h200` predicts with the physical model (the H200's
    // default), gives the band, the terms, and the energy above idle over the predicted time.
    void analyzeOnH200ShowsBandAndTerms()
    {
        QTemporaryDir folder;
        QVERIFY(writeSaxpyProject(folder));
        const test::CliResult result = test::runCli({QStringLiteral("analyze"), folder.path(), QStringLiteral("--gpu"),
            QStringLiteral("H200"), QStringLiteral("-f"), QStringLiteral("json")});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(result.out).object();
        QCOMPARE(root.value("model").toString(), QStringLiteral("physical"));
        const QJsonObject kernel = root.value("kernels").toArray().first().toObject();
        const double watts = kernel.value("power_w").toDouble();
        const QJsonArray band = kernel.value("power_band_w").toArray();
        QCOMPARE(band.size(), 2);
        QVERIFY(band[0].toDouble() < watts && watts < band[1].toDouble());
        // The terms add up to the power: idle plus what each kind of work adds.
        const QJsonObject terms = kernel.value("power_terms").toObject();
        double sum = terms.value("idle_w").toDouble();
        for (const QJsonValue& term : terms.value("terms").toArray())
            sum += term.toObject().value("watts").toDouble();
        QVERIFY(near(sum, watts));
        // Streaming 2^26 saxpy elements (12 B each, 805 MB) is memory-bound: DRAM is its largest term.
        QCOMPARE(kernel.value("time_bound").toString(), QStringLiteral("memory"));
        QString largest;
        double largestW = 0;
        for (const QJsonValue& term : terms.value("terms").toArray()) {
            if (term.toObject().value("watts").toDouble() > largestW) {
                largestW = term.toObject().value("watts").toDouble();
                largest = term.toObject().value("input").toString();
            }
        }
        QCOMPARE(largest, QStringLiteral("pj_dram_byte"));
        const double seconds = kernel.value("time_per_launch_s").toDouble();
        QVERIFY(near(kernel.value("energy_per_launch_j").toDouble(), watts * seconds));
        QVERIFY(near(kernel.value("dynamic_energy_per_launch_j").toDouble(),
            (watts - terms.value("idle_w").toDouble()) * seconds));
        // Launch and sizes known, inputs inside the measured kernels': the band is as measured.
        QCOMPARE(kernel.value("power_band_widened").toBool(), false);
        // The instruction-class table (aalto2013, Fermi's) only spreads the physical model's
        // dynamic energy over the lines: one energy per kernel, the table's own beside it.
        const QJsonObject table = kernel.value("energy_model").toObject();
        QCOMPARE(table.value("scaled_to_model").toString(), QStringLiteral("physical"));
        QVERIFY(near(table.value("dynamic_j").toDouble(), kernel.value("dynamic_energy_per_launch_j").toDouble()));
        QVERIFY(table.value("table_dynamic_j").toDouble() > 0);
        double lineJoules = 0;
        for (const QJsonValue& line : kernel.value("line_energy").toArray())
            lineJoules += line.toObject().value("energy_j").toDouble();
        QVERIFY(near(lineJoules, table.value("dynamic_j").toDouble()));

        // The PDF report prints the band and the terms beside the kernel's power.
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        QTemporaryDir out;
        const QString pdf = out.filePath(QStringLiteral("r.pdf"));
        QCOMPARE(test::runCli({QStringLiteral("report"), folder.path(), QStringLiteral("--gpu"), QStringLiteral("h200"),
                                  QStringLiteral("-o"), pdf})
                     .exitCode,
            0);
        const QString printed = test::pdfText(pdf).simplified();
        const QString expectedBand
            = QStringLiteral("band %1–%2 W").arg(band[0].toDouble(), 0, 'f', 0).arg(band[1].toDouble(), 0, 'f', 0);
        QVERIFY2(printed.contains(expectedBand), qPrintable(expectedBand));
        QVERIFY(printed.contains(QStringLiteral("power: idle")));
    }

    // The band doubles where the measured error does not hold as it is: sizes guessed (a loop
    // over an argument nobody gives, a launch without its grid), and says why; once the size
    // is given it is as measured.
    void bandWidensForUnknownSizes()
    {
        const QByteArray kernel = "__global__ void rowSum(const float* m, float* out, int cols) {\n"
                                  "  int r = blockIdx.x * blockDim.x + threadIdx.x;\n"
                                  "  float s = 0;\n"
                                  "  for (int c = 0; c < cols; ++c) s += m[r * cols + c];\n"
                                  "  out[r] = s;\n"
                                  "}\n";
        QTemporaryDir launched;
        QTemporaryDir unlaunched;
        test::writeFile(launched, "rowsum.cu",
            kernel + "void run(const float* m, float* out, int c) { rowSum<<<4096, 256>>>(m, out, c); }\n");
        test::writeFile(unlaunched, "rowsum.cu", kernel);
        const auto kernelOf = [](const QTemporaryDir& folder, const QStringList& extra) {
            const test::CliResult result
                = test::runCli(QStringList{QStringLiteral("analyze"), folder.path(), QStringLiteral("--gpu"),
                                   QStringLiteral("h200"), QStringLiteral("-f"), QStringLiteral("json")}
                    + extra);
            return QJsonDocument::fromJson(result.out).object()["kernels"].toArray().first().toObject();
        };
        const auto halfWidthPct = [](const QJsonObject& k) {
            const QJsonArray band = k["power_band_w"].toArray();
            return 100 * (band[1].toDouble() - band[0].toDouble()) / 2 / k["power_w"].toDouble();
        };
        const QStringList cols = {QStringLiteral("--arg"), QStringLiteral("cols=1024")};
        const QJsonObject known = kernelOf(launched, cols);
        QCOMPARE(known["power_band_widened"].toBool(), false);
        const double measuredPct = halfWidthPct(known);
        QVERIFY(measuredPct > 0);

        const QJsonObject guessed = kernelOf(launched, {});
        QCOMPARE(guessed["power_band_widened"].toBool(), true);
        const QJsonArray because = guessed["power_band_widened_because"].toArray();
        QCOMPARE(because.size(), 1);
        QVERIFY2(because[0].toString().contains(QStringLiteral("loop at line 4")), qPrintable(because[0].toString()));
        QVERIFY(near(halfWidthPct(guessed), 2 * measuredPct));

        const QJsonObject noGrid = kernelOf(unlaunched, cols);
        QCOMPARE(noGrid["power_band_widened"].toBool(), true);
        QVERIFY(noGrid["power_band_widened_because"].toArray().first().toString().contains(QStringLiteral("grid")));
    }

    // models/physical.json's H200 and H100 entries are what fit-physical makes of their
    // measurements (each launch measured back to back), and their held-out figures stay at least
    // where they are: issue 34's check on shared/data/h200, and an absolute ceiling at each
    // committed figure of 2026-12-01 plus half a point.
    void committedHopperFitsReproduce_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QStringList>("measurements");
        QTest::addColumn<double>("ceilingPct");
        const QString h200 = test::sourceDir() + QStringLiteral("/tests/validation/nvidia-h200/real-kernels");
        const QString h100 = test::sourceDir() + QStringLiteral("/tests/validation/nvidia-h100-80gb-hbm3/real-kernels");
        const QString realDrivers = test::sourceDir() + QStringLiteral("/tests/validation/real-kernels/drivers");
        const QString sampleDrivers = test::h200MeasuredDir() + QStringLiteral("/drivers");
        QTest::newRow("h200") << QStringLiteral("h200")
                              << QStringList{test::h200MeasuredDir() + QStringLiteral("/runs.csv"),
                                     h200 + QStringLiteral("/corpus-runs.csv=") + realDrivers}
                              << 17.0; // all 76 launches: 16.1 % since atomics wait on their L2 lines (19.9 before)
        QTest::newRow("h100") << QStringLiteral("h100")
                              << QStringList{h100 + QStringLiteral("/samples-runs.csv=") + sampleDrivers,
                                     h100 + QStringLiteral("/corpus-runs.csv=") + realDrivers}
                              << 19.6;
    }
    void committedHopperFitsReproduce()
    {
        QFETCH(QString, gpu);
        QFETCH(QStringList, measurements);
        QFETCH(double, ceilingPct);
        const QString runs = test::h200MeasuredDir() + QStringLiteral("/runs.csv");
        if (!QFileInfo::exists(runs))
            QSKIP(test::upstreamMissing().constData());
        QTemporaryDir folder;
        const QString modelFile = folder.filePath(QStringLiteral("physical.json"));
        const test::CliResult result = test::runCli(QStringList{QStringLiteral("fit-physical")} + measurements
            + QStringList{QStringLiteral("--gpu"), gpu, QStringLiteral("--model-file"), modelFile});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QFile made(modelFile);
        QVERIFY(made.open(QIODevice::ReadOnly));
        const QJsonObject mine = QJsonDocument::fromJson(made.readAll()).object()["gpus"].toObject()[gpu].toObject();
        const QJsonObject theirs = QJsonDocument::fromJson(test::shippedModelBytes(QStringLiteral("physical.json")))
                                       .object()["gpus"]
                                       .toObject()[gpu]
                                       .toObject();
        QVERIFY2(!theirs.isEmpty(), "models/physical.json has this GPU");
        for (const QString& name : physicalParameterNames())
            QVERIFY2(near(mine.value(name).toDouble(), theirs.value(name).toDouble(), 1e-6), qPrintable(name));
        QCOMPARE(mine["validation"]["work"].toArray().size(), theirs["validation"]["work"].toArray().size());
        QCOMPARE(mine["validation"]["measured_back_to_back"].toBool(), true);
        const double mape = mine["validation"]["grouped"]["mape_pct"].toDouble();
        QVERIFY(std::abs(mape - theirs["validation"]["grouped"]["mape_pct"].toDouble()) < 1e-6);
        QVERIFY2(mape <= ceilingPct, qPrintable(QString::number(mape)));
        // Both baselines are beside it, and worse.
        const QJsonObject compared = mine["validation"].toObject()["compared"].toObject();
        QVERIFY(compared["median"].toObject()["grouped"].toObject()["mape_pct"].toDouble() > mape + 10);
        if (gpu != QLatin1String("h200"))
            return;
        // Floors at 2026-11-28's figures: the band on all 76 launches, and the 28 of shared/data/h200.
        QVERIFY(mine["validation"]["grouped"]["band_coverage_pct"].toDouble() >= 70);
        const QString summary = QString::fromUtf8(result.out);
        const QRegularExpression shared(QStringLiteral("of which .*h200/runs.csv: 28 launches, mean error ([0-9.]+) "
                                                       "%, rank correlation ([0-9.]+), band covers ([0-9.]+) %"));
        const QRegularExpressionMatch m = shared.match(summary);
        QVERIFY2(m.hasMatch(), qPrintable(summary.left(2000)));
        // Floors at 2026-11-29's figures, the data sheet's constants corrected (issue 46): 12.7 %,
        // rank 0.820 (issue 34's free fit: 12.0 %, 0.873; its targets <= 15 %, >= 0.85). 13.5 %
        // since 2026-12-02's atomics (the joint fit's corpus part went 20.1 % -> 17.7 %).
        QVERIFY(m.captured(1).toDouble() <= 14);
        QVERIFY(m.captured(2).toDouble() >= 0.81);
        QVERIFY(m.captured(3).toDouble() >= 70);
        // Issue 47's targets on these 28: time within 2x for >= 90 % of the launches, energy per
        // launch (held-out power times predicted time) for >= 85 % (2026-12-02: 27 and 27).
        const QRegularExpression within(
            QStringLiteral("h200/runs.csv: 28 launches[^\n]*\n    time per launch within "
                           "2x: ([0-9]+) of 28 [^;]*; energy per launch within 2x: ([0-9]+) "
                           "of 28"));
        const QRegularExpressionMatch w = within.match(summary);
        QVERIFY2(w.hasMatch(), qPrintable(summary.left(2000)));
        QVERIFY2(w.captured(1).toInt() >= 26, qPrintable(w.captured(0)));
        QVERIFY2(w.captured(2).toInt() >= 24, qPrintable(w.captured(0)));
    }
    // scripts/fit-real-kernels.sh, the step of calibrate-gpu.sh that turns a GPU's measured real
    // kernels into a model folder: fitted on shared/data/h200 alone, the folder's physical.json
    // keeps the other GPUs' constants, carries the 28 launches' held-out figures, and is what
    // `analyze --models-dir` then predicts with.
    void fitRealKernelsScriptWritesAModelFolder()
    {
        const QString runs = test::h200MeasuredDir() + QStringLiteral("/runs.csv");
        if (!QFileInfo::exists(runs))
            QSKIP(test::upstreamMissing().constData());
        QTemporaryDir into;
        const auto fit = [&](const QStringList& args) {
            QProcess script;
            script.start(QStringLiteral("bash"),
                QStringList{test::sourceDir() + QStringLiteral("/scripts/fit-real-kernels.sh")} + args
                    + QStringList{QStringLiteral("--cli"), QStringLiteral(SLICEWATT_CLI_PATH)});
            if (!script.waitForFinished(300000))
                qFatal("fit-real-kernels.sh did not finish");
            return std::make_pair(
                script.exitCode(), QString::fromUtf8(script.readAll() + script.readAllStandardError()));
        };
        const auto [code, printed] = fit(
            {runs, QStringLiteral("--gpu"), QStringLiteral("NVIDIA H200"), QStringLiteral("--into"), into.path()});
        QVERIFY2(code == 0, qPrintable(printed));
        QVERIFY(printed.contains(QStringLiteral("28 launches of 25 kernels")));
        QVERIFY(QFileInfo::exists(into.filePath(QStringLiteral("fit-physical.txt"))));
        QFile file(into.filePath(QStringLiteral("physical.json")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject gpus = QJsonDocument::fromJson(file.readAll()).object()["gpus"].toObject();
        for (const QString& kept : {QStringLiteral("h100"), QStringLiteral("k20"), QStringLiteral("v100")})
            QVERIFY2(gpus.contains(kept), qPrintable(kept));
        const QJsonObject grouped = gpus["h200"].toObject()["validation"].toObject()["grouped"].toObject();
        QCOMPARE(grouped["rows"].toInt(), 28);
        const double bandPct = gpus["h200"].toObject()["band_pct"].toDouble();
        QVERIFY(bandPct > 0);

        // The app's and the CLI's path: the folder's model predicts, with the folder's band.
        QTemporaryDir project;
        QVERIFY(writeSaxpyProject(project));
        const test::CliResult result
            = test::runCli({QStringLiteral("analyze"), project.path(), QStringLiteral("--gpu"), QStringLiteral("h200"),
                QStringLiteral("--models-dir"), into.path(), QStringLiteral("-f"), QStringLiteral("json")});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QJsonObject kernel = QJsonDocument::fromJson(result.out).object()["kernels"].toArray().first().toObject();
        const QJsonArray band = kernel["power_band_w"].toArray();
        const double watts = kernel["power_w"].toDouble();
        QVERIFY(near((band[1].toDouble() - band[0].toDouble()) / 2, watts * bandPct / 100));

        // Bad input: a GPU the catalogue lacks and a missing runs file are said, nothing is written.
        QTemporaryDir other;
        const auto [unknownCode, unknown] = fit(
            {runs, QStringLiteral("--gpu"), QStringLiteral("NVIDIA B9000"), QStringLiteral("--into"), other.path()});
        QVERIFY(unknownCode != 0);
        QVERIFY2(unknown.contains(QStringLiteral("B9000")), qPrintable(unknown));
        const auto [missingCode, missing] = fit({other.filePath(QStringLiteral("none.csv")), QStringLiteral("--gpu"),
            QStringLiteral("h200"), QStringLiteral("--into"), other.filePath(QStringLiteral("m"))});
        QVERIFY(missingCode != 0);
        QVERIFY2(missing.contains(QStringLiteral("no such runs file")), qPrintable(missing));
        QVERIFY(!QFileInfo::exists(other.filePath(QStringLiteral("m"))));
    }
};

QTEST_GUILESS_MAIN(PhysicalModelTest)
#include "test_physical_model.moc"
