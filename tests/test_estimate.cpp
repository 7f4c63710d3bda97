// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// Models and estimators against hand computation (METHOD §3–5): JoS13 and JSW12 slice
// power, BSPM weights, BDPM dropping sub-slices at or below δ, energy, per-line heat, model
// file errors, out-of-domain flags.
#include "Near.h"
#include "TestSupport.h"
#include "analysis/LaunchChoice.h"
#include "analysis/ProjectIndexer.h"
#include "common/CsvFields.h"
#include "estimate/KernelEstimate.h"
#include "estimate/LaunchLimits.h"
#include "estimate/WhatIf.h"
#include "export/EstimateWriter.h"
#include "export/SliceReportWriter.h"
#include "model/ModelLibrary.h"
#include "model/SurfaceSampler.h"
#include "project/ProjectLoader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace slicewatt;

namespace {

const ModelLibrary& library()
{
    static QStringList errors;
    static const ModelLibrary instance = ModelLibrary::load({}, errors);
    return instance;
}

KernelSliceReport analyseOne(const QString& path, ProjectIndex& index)
{
    index = indexProject(loadProject({path}), test::parserOptions());
    const QVector<KernelSliceReport> reports = sliceProject(index);
    return reports.value(0);
}

} // namespace

class EstimateTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shippedModelsLoad()
    {
        QStringList errors;
        const ModelLibrary lib = ModelLibrary::load({}, errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        QCOMPARE(lib.gpus().gpus().size(), 37); // the GPUs people run (issue 46)
        QCOMPARE(lib.models().size(), 6);
        QVERIFY(lib.model("launch-activity"));
        // Issue 34: the physical model is the measured H200's and H100's default.
        QVERIFY(lib.model("physical") && lib.model("physical")->isPhysical());
        QCOMPARE(lib.defaultModelFor("h200"), lib.model("physical"));
        QCOMPARE(lib.defaultModelFor("H100 SXM"), lib.model("physical"));
        QVERIFY(lib.model("alavani-xgb") && lib.model("alavani-xgb")->needsPtx());
        QVERIFY(lib.model("jos13"));
        QVERIFY(lib.model("jsw12"));
        QCOMPARE(lib.gpus().find("GTX 280")->sms, 30);
        QCOMPARE(lib.gpus().find("Tesla C870")->id, QStringLiteral("c870"));
    }

    void jos13SurfaceByHand_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<double>("saturation");
        QTest::addColumn<double>("intensity");
        QTest::addColumn<double>("watts");
        // β0·Sa + β1·Ã^β2 evaluated by hand (calculator, 6 significant digits).
        QTest::newRow("GTX 280, Sa 1, A 100") << "gtx280" << 1.0 << 100.0 << 95.0 + 46.7 * 2.51189;
        QTest::newRow("GTX 260, Sa 0.5, A 10") << "gtx260" << 0.5 << 10.0 << 32.8 + 29.4 * 1.58489;
        QTest::newRow("C870, Sa 0.25, A 1000") << "c870" << 0.25 << 1000.0 << 15.6 + 75.8 * 1.99526;
        QTest::newRow("GTX 480, Sa 1, A 8200") << "gtx480" << 1.0 << 8200.0 << 98.7 + 102.3 * 3.86853;
    }
    void jos13SurfaceByHand()
    {
        QFETCH(QString, gpu);
        QFETCH(double, saturation);
        QFETCH(double, intensity);
        QFETCH(double, watts);
        SliceOperatingPoint point;
        point.saturation = saturation;
        point.intensityRatio = intensity;
        const auto prediction = library().model("jos13")->predict(*library().gpus().find(gpu), point);
        QVERIFY(prediction);
        QVERIFY2(qAbs(prediction->watts - watts) < 1e-3 * watts, qPrintable(QString::number(prediction->watts)));
        QVERIFY(prediction->outOfDomain.isEmpty());
    }

    void jsw12ByHand()
    {
        // GTX 280, x = 0.5, n = 30: 69.4 + 34.5·0.5 + (30/30)·22.8·log10(4.5·30 + 2.1) = 86.65 + 22.8·2.13704
        SliceOperatingPoint point;
        point.intensityFraction = 0.5;
        point.activeSms = 30;
        point.saturation = 1;
        const auto full = library().model("jsw12")->predict(*library().gpus().find("gtx280"), point);
        QVERIFY(full);
        QVERIFY(qAbs(full->watts - (86.65 + 22.8 * 2.137037)) < 1e-3);
        // 6-SM card, n = 6: 69.4 + 17.25 + 3.3·log10(14.1)
        point.activeSms = 6;
        const auto small = library().model("jsw12")->predict(*library().gpus().find("gt200-6sm"), point);
        QVERIFY(qAbs(small->watts - (86.65 + 3.3 * std::log10(14.1))) < 1e-6);
        // Below x = 0.2 the paper says the model is not meant: flagged, not silently used.
        point.intensityFraction = 0.1;
        QCOMPARE(library().model("jsw12")->predict(*library().gpus().find("gtx280"), point)->outOfDomain.size(), 1);
    }

    // The shipped network (models/wnn-default.json, trained on the published surfaces) stays
    // within the paper's reported WNN error, 5.87 %, of every surface on points it never saw.
    void shippedWaveletNetworkMatchesThePublishedSurfaces()
    {
        const PowerModel* wnn = library().model("wnn");
        QVERIFY(wnn);
        QVERIFY(wnn->name().contains("published regression surfaces"));
        QVERIFY(wnn->provenance().value("source").toString().startsWith("NOT measurements"));
        const char* const gpus[] = {"gtx260", "gtx280", "c870", "gtx480"};
        QVector<double> worst(4, 0.0);
        for (const WnnSample& sample : sampleJos13Surfaces(200, 2016)) {
            SliceOperatingPoint point;
            point.intensityRatio = sample.intensity;
            point.saturation = sample.saturation;
            point.lines = sample.lines;
            const auto prediction = wnn->predict(*library().gpus().find(gpus[sample.gpu]), point);
            QVERIFY(prediction);
            worst[sample.gpu] = std::max(worst[sample.gpu], qAbs(prediction->watts - sample.watts) / sample.watts);
        }
        for (int gpu = 0; gpu < 4; ++gpu) {
            qInfo("%s: max relative error %.2f %% on 200 held-out points", gpus[gpu], worst[gpu] * 100);
            QVERIFY2(worst[gpu] <= 0.0587, gpus[gpu]);
        }
    }

    void jos13FlagsIntensityAboveTheFittedRange()
    {
        SliceOperatingPoint point;
        point.intensityRatio = 20000;
        const auto prediction = library().model("jos13")->predict(*library().gpus().find("gtx280"), point);
        QCOMPARE(prediction->outOfDomain.size(), 1);
        QVERIFY(prediction->outOfDomain.first().contains("8200"));
    }

    void bspmWeightsSumToOneAndHeatSumsToProgramPower()
    {
        ProjectIndex index;
        const KernelSliceReport analysis = analyseOne(test::corpusDir() + "/slices/mem_method_example.cu", index);
        QVERIFY(analysis.ir);
        EstimateSettings settings;
        settings.seconds = 0.002;
        const KernelEstimate e = estimateKernel(*analysis.ir, analysis.slices, analysis.launch,
            *library().model("jos13"), *library().gpus().find("gtx280"), settings);
        QVERIFY(!e.dense);
        double weights = 0;
        double byHand = 0;
        int totalLength = 0;
        for (const SliceEstimate& s : e.slices)
            totalLength += s.length;
        for (const SliceEstimate& s : e.slices) {
            weights += s.weight;
            byHand += s.watts * s.length / totalLength;
        }
        QVERIFY(qAbs(weights - 1.0) < 1e-12);
        QVERIFY(qAbs(e.watts - byHand) < 1e-9);
        double heat = 0;
        for (const LineHeat& line : e.lines)
            heat += line.watts;
        QVERIFY(qAbs(heat - e.watts) < 1e-9);
        QVERIFY(e.lines.first().watts >= e.lines.last().watts); // hottest first
        QVERIFY(qAbs(*e.joules - e.watts * 0.002) < 1e-12);
    }

    // METHOD §8, JSW12 Fig. 6: with the profiled counts the arithmetic-heavy arm runs with
    // p = 0.001; BDPM with δ above that drops it and the estimate changes.
    void bdpmDropsRareSubSlices()
    {
        ProjectIndex index;
        KernelSliceReport analysis = analyseOne(test::corpusDir() + "/slices/br_jsw12_branch_dense.cu", index);
        QVERIFY(analysis.ir && analysis.slices.dense);
        const KernelIR& ir = *analysis.ir;
        int c1 = -1;
        int c2 = -1;
        for (int i = 0; i < ir.statements.size(); ++i) {
            if (ir.statements[i].kind == StatementKind::If)
                (c1 < 0 ? c1 : c2) = i;
        }
        AnalysisOptions measured;
        measured.branchProbabilities.insert(c1, {0.157, 0.843});
        measured.branchProbabilities.insert(c2, {1560.0 / 1570.0, 10.0 / 1570.0});
        const KernelSlices slices = analyseKernel(ir, analysis.launch, measured);
        const PowerModel& model = *library().model("jos13");
        const GpuSpec& gpu = *library().gpus().find("gtx280");

        EstimateSettings keepAll;
        keepAll.delta = 0.0005; // below 0.001: the heavy arm stays
        EstimateSettings dropRare;
        dropRare.delta = 0.002; // above 0.001: it is dropped
        const KernelEstimate kept = estimateKernel(ir, slices, analysis.launch, model, gpu, keepAll);
        const KernelEstimate dropped = estimateKernel(ir, slices, analysis.launch, model, gpu, dropRare);
        const SliceEstimate& keptGlobal = kept.slices.first();
        const SliceEstimate& droppedGlobal = dropped.slices.first();
        QCOMPARE(droppedGlobal.length, keptGlobal.length - 1);
        QCOMPARE(droppedGlobal.arithmetic, keptGlobal.arithmetic - 2.0); // 5 * v4 / v1 is gone
        QVERIFY(droppedGlobal.intensityRatio < keptGlobal.intensityRatio);
        QVERIFY(dropped.watts < kept.watts);
    }

    void jsw12ProgramStructureModel()
    {
        ProjectIndex index;
        const KernelSliceReport analysis = analyseOne(test::corpusDir() + "/slices/mem_matmul_tiled.cu", index);
        const PowerModel& jsw12 = *library().model("jsw12");
        const GpuSpec& gpu = *library().gpus().find("gtx280");
        const KernelEstimate e = estimateKernel(*analysis.ir, analysis.slices, analysis.launch, jsw12, gpu, {});
        QVERIFY(e.psmIntensity && e.psmWatts);
        // No branches in this kernel: every sub-slice has p = 1, so A is the length-weighted
        // average of the slices' fraction intensities (ACIM), and P(A, n) follows.
        QVERIFY(qAbs(*e.psmIntensity - e.averageIntensity) < 1e-12);
        SliceOperatingPoint point;
        point.intensityFraction = *e.psmIntensity;
        point.activeSms = e.activeSms;
        point.saturation = e.saturation;
        QCOMPARE(*e.psmWatts, jsw12.predict(gpu, point)->watts);
        // JoS13 works on the ratio: no PSM.
        QVERIFY(!estimateKernel(*analysis.ir, analysis.slices, analysis.launch, *library().model("jos13"), gpu, {})
                     .psmWatts);
    }

    void saturationFromTheLaunch()
    {
        ProjectIndex index;
        const KernelSliceReport analysis = analyseOne(test::corpusDir() + "/slices/mem_reduce_shared.cu", index);
        const GpuSpec& gpu = *library().gpus().find("gtx480"); // 15 SMs; the launch has 64 blocks
        const KernelEstimate full = estimateKernel(
            *analysis.ir, analysis.slices, analysis.launch, *library().model("jos13"), gpu, EstimateSettings{});
        QCOMPARE(full.activeSms, 15);
        QCOMPARE(full.saturation, 1.0);
        EstimateSettings few;
        few.gridBlocks = 6;
        const KernelEstimate partial
            = estimateKernel(*analysis.ir, analysis.slices, analysis.launch, *library().model("jos13"), gpu, few);
        QCOMPARE(partial.activeSms, 6);
        QCOMPARE(partial.saturation, 0.4);
        QVERIFY(partial.watts < full.watts);
    }

    // A kernel with nothing to estimate says why, in every output, and is never ranked.
    void kernelsWithNothingToEstimateSayWhy()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "none.cu",
            "__global__ void fill(int n) { int i = threadIdx.x; if (i < n) i = i * 2; }\n"
            "__global__ void empty() {}\n"
            "__global__ void onlySync() { __syncthreads(); }\n"
            "__global__ void copy(float* o, const float* a) { o[threadIdx.x] = a[threadIdx.x] * 2.0f; }\n"
            "int main() { fill<<<1, 32>>>(4); empty<<<1, 1>>>(); onlySync<<<1, 1>>>(); copy<<<8, 32>>>(0, 0); }\n");
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        const EstimateRun run = estimateProject(
            index, sliceProject(index), *library().model("jos13"), *library().gpus().find("gtx280"), {});
        QCOMPARE(run.kernels.size(), 4);
        QHash<QString, QString> reasons;
        for (const KernelEstimateReport& report : run.kernels)
            reasons.insert(report.analysis.kernel->info.name, report.estimate.noEstimate);
        QVERIFY(reasons.value("fill").contains("no global, shared, constant or texture memory access"));
        QVERIFY(reasons.value("empty").contains("no statement"));
        QVERIFY(reasons.value("onlySync").contains("no global, shared, constant or texture memory access"));
        QVERIFY(reasons.value("copy").isEmpty());
        for (const KernelEstimateReport& report : run.kernels) {
            if (!report.estimate.hasEstimate()) {
                QCOMPARE(report.estimate.watts, 0.0);
                QVERIFY(report.estimate.lines.isEmpty()); // no hot lines: never ranked
            }
        }
        const QJsonArray kernels = QJsonDocument::fromJson(estimateJson(run)).object().value("kernels").toArray();
        int withoutEstimate = 0;
        for (const QJsonValue& value : kernels) {
            const QJsonObject kernel = value.toObject();
            if (kernel.contains("no_estimate")) {
                ++withoutEstimate;
                QVERIFY(kernel.value("power_w").isNull());
                QCOMPARE(kernel.value("no_estimate").toString(), reasons.value(kernel.value("name").toString()));
            } else {
                QVERIFY(kernel.value("power_w").toDouble() > 0);
            }
        }
        QCOMPARE(withoutEstimate, 3);
        const QString table = estimateTable(run, dir.path());
        QVERIFY(table.contains("fill  none.cu:1  no estimate: no global"));
        const QString csv = QString::fromUtf8(estimateCsv(run));
        QVERIFY(csv.contains("empty,"));
        QVERIFY(csv.contains(",none,"));
    }

    // A slice with no memory operation has no ratio intensity: a ratio model leaves it out
    // with a note instead of clamping it to its domain's end (which predicted 378 W on a
    // 236 W board); the kernel is the global slice alone, its heat on the global lines.
    void slicesWithoutMemoryAreLeftOutNotClamped()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "sync.cu",
            "__global__ void stage(float* out, const float* in) {\n"
            "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "    float v = in[i] * 2.0f;\n"
            "    __syncthreads();\n"
            "    out[i] = v + 1.0f;\n"
            "}\n"
            "int main() { stage<<<120, 256>>>(0, 0); }\n");
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        const QVector<KernelSliceReport> reports = sliceProject(index);
        const GpuSpec& gpu = *library().gpus().find("gtx280");
        const EstimateRun run = estimateProject(index, reports, *library().model("jos13"), gpu, {});
        const KernelEstimate& e = run.kernels.first().estimate;
        QVERIFY(e.hasEstimate());
        QCOMPARE(e.slicesWithoutMemory, 1);
        QCOMPARE(e.slices.size(), 1);
        QCOMPARE(e.slices.first().space, MemorySpace::Global);
        QCOMPARE(e.watts, e.slices.first().watts);
        QVERIFY(e.watts < *gpu.boardPowerW);
        QVERIFY(std::any_of(e.assumptions.begin(), e.assumptions.end(),
            [](const QString& a) { return a.startsWith("shared slice: no memory operation, so no intensity"); }));
        for (const LineHeat& line : e.lines)
            QVERIFY2(line.line != 4, "the barrier carries no heat"); // its slice is out
        // JSW12's fraction is 1 for such a slice, a value on its axis: kept.
        const EstimateRun fraction = estimateProject(index, reports, *library().model("jsw12"), gpu, {});
        QCOMPARE(fraction.kernels.first().estimate.slicesWithoutMemory, 0);
        QCOMPARE(fraction.kernels.first().estimate.slices.size(), 2);
    }

    // A kernel's shared memory per block is its `__shared__` declarations, a helper's array
    // once however often it is inlined, plus the launch's dynamic bytes; a GPU that cannot
    // give a block that much is named in out_of_domain ("cannot launch"), never ignored.
    void sharedMemoryBeyondTheGpuIsFlagged()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "tile.cu",
            "#define TILE 64\n"
            "__device__ float* scratch() { __shared__ float pad[1024]; return pad; }\n"
            "__global__ void bigTile(const float* in, float* out) {\n"
            "    __shared__ float tile[TILE][TILE + 1];\n"
            "    float* s = scratch();\n"
            "    float* t = scratch();\n"
            "    tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];\n"
            "    s[threadIdx.x] = t[threadIdx.x] + 1;\n"
            "    __syncthreads();\n"
            "    out[threadIdx.x] = tile[threadIdx.x][threadIdx.y] + s[0];\n"
            "}\n"
            "__global__ void dynamicScan(const float* in, float* out) {\n"
            "    extern __shared__ float buffer[];\n"
            "    buffer[threadIdx.x] = in[threadIdx.x];\n"
            "    __syncthreads();\n"
            "    out[threadIdx.x] = buffer[0];\n"
            "}\n"
            "void run(const float* in, float* out) {\n"
            "    bigTile<<<64, dim3(32, 8)>>>(in, out);\n"
            "    dynamicScan<<<64, 256, 80000>>>(in, out);\n"
            "}\n");
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        QCOMPARE(index.kernels.size(), 2);
        QCOMPARE(index.kernels.at(0).info.name, QStringLiteral("bigTile"));
        const KernelIR* tile = index.kernelIR(index.kernels.at(0).info.key);
        const KernelIR* scan = index.kernelIR(index.kernels.at(1).info.key);
        QVERIFY(tile && scan);
        QCOMPARE(tile->sharedMemory.staticBytes, qint64(64 * 65 * 4 + 1024 * 4));
        QVERIFY(tile->sharedMemory.unsized.isEmpty());
        QCOMPARE(scan->sharedMemory.staticBytes, qint64(0));
        QCOMPARE(scan->sharedMemory.unsized, QStringList{"buffer"});

        const QVector<KernelSliceReport> reports = sliceProject(index);
        const auto cannotLaunch = [&](const char* gpuId, int kernel) {
            const EstimateRun run
                = estimateProject(index, reports, *library().model("jos13"), *library().gpus().find(gpuId), {});
            QStringList problems;
            for (const QString& flag : run.kernels.at(kernel).estimate.outOfDomain) {
                if (flag.startsWith("cannot launch: "))
                    problems << flag;
            }
            return problems.join('\n');
        };
        QCOMPARE(cannotLaunch("gtx280", 0),
            QStringLiteral("cannot launch: 20736 B of static shared memory per block: GeForce GTX 280 (compute "
                           "capability 1.3) allows at most 16384 B"));
        QCOMPARE(cannotLaunch("gtx480", 0), QString()); // 48 KB from compute capability 2.0
        QCOMPARE(cannotLaunch("gtx480", 1),
            QStringLiteral("cannot launch: 80000 B of shared memory per block (0 B static, 80000 B from the launch): "
                           "GeForce GTX 480 (compute capability 2.0) allows at most 49152 B"));
        // 96 KB for a kernel that opts in, from compute capability 7.0; static arrays stay at 48 KB.
        const GpuSpec& v100 = *library().gpus().find("v100");
        QCOMPARE(sharedMemoryProblem(v100, scan->sharedMemory, 80000), QString());
        QVERIFY(sharedMemoryProblem(v100, scan->sharedMemory, 100000).contains("allows at most 98304 B"));
        SharedMemoryUse staticOnly;
        staticOnly.staticBytes = 64 * 1024;
        QVERIFY(sharedMemoryProblem(v100, staticOnly, std::nullopt).contains("static shared memory"));
    }

    // Every shipped GPU with a data sheet has its board power; a prediction above it says
    // "above the board power" in out_of_domain, the table and SARIF's message.
    void predictionsAboveTheBoardPowerAreFlagged()
    {
        for (const GpuSpec& gpu : library().gpus().gpus()) {
            if (gpu.id == QLatin1String("gt200-6sm"))
                QVERIFY(!gpu.boardPowerW); // no data sheet names it
            else
                QVERIFY2(gpu.boardPowerW && !gpu.boardPowerSource.isEmpty(), qPrintable(gpu.id));
        }
        QCOMPARE(*library().gpus().find("gtx280")->boardPowerW, 236.0);
        QTemporaryDir dir;
        // 1000 multiply-adds per pair of global accesses: an intensity of about 1500, inside
        // the fitted range, where JoS13's curve is already past what a GTX 280 can draw.
        const QString path = test::writeFile(dir, "hot.cu",
            "__global__ void burn(float* out, const float* in) {\n"
            "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "    float x = in[i];\n"
            "    for (int k = 0; k < 1000; ++k)\n"
            "        x = x * 1.0001f + 0.5f;\n"
            "    out[i] = x;\n"
            "}\n"
            "int main() { burn<<<120, 256>>>(0, 0); }\n");
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        const QVector<KernelSliceReport> reports = sliceProject(index);
        const EstimateRun run
            = estimateProject(index, reports, *library().model("jos13"), *library().gpus().find("gtx280"), {});
        const KernelEstimate& e = run.kernels.first().estimate;
        QVERIFY2(e.watts > 236, qPrintable(QString::number(e.watts)));
        const QString flag = QStringLiteral("above the board power of the GeForce GTX 280 (236 W)");
        QVERIFY(std::any_of(e.outOfDomain.begin(), e.outOfDomain.end(),
            [&](const QString& p) { return p.startsWith("kernel: ") && p.contains(flag); }));
        QVERIFY(estimateTable(run, dir.path()).contains(flag));
        const QJsonArray outOfDomain = QJsonDocument::fromJson(estimateJson(run))
                                           .object()
                                           .value("kernels")
                                           .toArray()
                                           .first()
                                           .toObject()
                                           .value("out_of_domain")
                                           .toArray();
        QVERIFY(std::any_of(outOfDomain.begin(), outOfDomain.end(),
            [&](const QJsonValue& v) { return v.toString().contains("above the board power"); }));
        // The same kernel on a card without a data sheet is not checked against one.
        const EstimateRun unnamed
            = estimateProject(index, reports, *library().model("jsw12"), *library().gpus().find("gt200-6sm"), {});
        for (const QString& problem : unnamed.kernels.first().estimate.outOfDomain)
            QVERIFY(!problem.contains("board power"));
    }

    // Issue 16: the GPUs of the public measurements and today's boards, each figure with
    // its source, found by id, name or alias in any case.
    void catalogueHasMeasuredAndCurrentGpusWithSources()
    {
        const GpuCatalogue& gpus = library().gpus();
        for (const char* id : {"k20", "m60", "v100", "a100", "h100", "h200", "l4", "rtx3090", "rtx4090"})
            QVERIFY2(gpus.find(id), id);
        // Every GPU from Kepler on (issue 46: P100 to RTX 5090), each figure with its source.
        for (const GpuSpec& each : gpus.gpus()) {
            if (each.computeCapability.toDouble() < 3)
                continue;
            const GpuSpec* gpu = &each;
            const QByteArray idBytes = each.id.toUtf8();
            const char* id = idBytes.constData();
            QVERIFY2(!gpu->memoryTechnology.isEmpty() && !gpu->memorySource.isEmpty(), id);
            // The time model's figures (issue 33), with their source.
            QVERIFY2(gpu->throughput && gpu->throughput->sfuLanes > 0 && !gpu->throughput->source.isEmpty(), id);
            QVERIFY2(gpu->sms > 0 && gpu->maxThreadsPerSm > 0 && gpu->maxBlocksPerSm > 0, id);
            QVERIFY2(gpu->boardPowerW && !gpu->boardPowerSource.isEmpty(), id);
            QVERIFY2(gpu->boostClockMhz && gpu->memoryBandwidthGBs, id);
            for (const char* field : {"sms", "limits_per_sm", "clocks", "memory_bandwidth"})
                QVERIFY2(!gpu->sources.value(field).isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(id, field)));
        }
        QCOMPARE(gpus.find("V100")->id, QStringLiteral("v100"));
        QCOMPARE(gpus.find("tesla v100")->id, QStringLiteral("v100"));
        QCOMPARE(gpus.find("V100-SXM2")->id, QStringLiteral("v100-sxm2"));
        QCOMPARE(gpus.find("Tesla T4")->id, QStringLiteral("t4"));
        QCOMPARE(gpus.find("RTX 4090")->id, QStringLiteral("rtx4090"));
        QCOMPARE(gpus.find("H200 SXM")->id, QStringLiteral("h200"));
        QCOMPARE(gpus.find("h200")->memoryBandwidthGBs, std::optional<double>(4800));
        QCOMPARE(gpus.find("GTX 280")->id, QStringLiteral("gtx280")); // still by the end of its name
        QCOMPARE(gpus.find("v100")->sms, 80);
        QCOMPARE(gpus.find("k20")->sms, 13);
        QCOMPARE(gpus.find("m60")->sms, 16);
        QVERIFY(!gpus.find(""));
    }

    // A kernel launched at three sites (issue 47), a vector add on 256, 33,792 and 2^26
    // elements: each site is estimated with its own grid and n (1, 132 and 262,144 blocks of
    // 256), time grows with the elements, the kernel's row is the heaviest site's (2^26) and
    // each output lists all three. Choosing a site estimates the kernel there; a what-if block
    // applies at each site, with the site's own n.
    void kernelLaunchedAtThreeSitesIsEstimatedAtEach()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "vadd.cu",
            "__global__ void vadd(const float* a, const float* b, float* c, int n) {\n"
            "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "    if (i < n) c[i] = a[i] + b[i];\n"
            "}\n"
            "void run(const float* a, const float* b, float* c) {\n"
            "    vadd<<<1, 256>>>(a, b, c, 256);\n" // line 6
            "    vadd<<<132, 256>>>(a, b, c, 33792);\n" // line 7
            "    vadd<<<262144, 256>>>(a, b, c, 1 << 26);\n" // line 8
            "}\n");
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        QCOMPARE(index.kernels.size(), 1);
        const CatalogFunction& kernel = index.kernels.first();
        QCOMPARE(kernel.launches.size(), 3);
        const GpuSpec& gpu = *library().gpus().find("h200");
        const PowerModel& model = *library().model("physical");
        WhatIfSettings settings;
        settings.gpuId = "h200";
        settings.modelId = "physical";
        const KernelEstimateReport report
            = estimateKernelWhatIf(kernel, *index.kernelIR(kernel.info.key), model, gpu, nullptr, settings);
        QCOMPARE(report.launches.size(), 3);
        QCOMPARE(report.launchChoice, LaunchChoiceKind::Heaviest);
        const qint64 blocks[3] = {1, 132, 262144};
        const qint64 elements[3] = {256, 33792, qint64(1) << 26};
        for (int i = 0; i < 3; ++i) {
            const LaunchSiteEstimate& site = report.launches[i];
            QCOMPARE(site.site->location.line, 6 + i);
            QCOMPARE(site.shape.gridDim[0], std::optional<qint64>(blocks[i]));
            QCOMPARE(site.shape.kernelArguments.value("n"), elements[i]);
            QVERIFY(site.seconds && site.watts && site.joules);
            QCOMPARE(site.chosen, i == 2);
        }
        // One block and 132 run in one wave on the 132 SMs (the same time, more power); 262,144
        // blocks take many.
        QVERIFY(*report.launches[0].seconds <= *report.launches[1].seconds);
        QVERIFY(*report.launches[0].watts < *report.launches[1].watts);
        QVERIFY(*report.launches[1].seconds < *report.launches[2].seconds);
        // 2^26 elements read and written: 768 MiB over the H200's 4.8 TB/s, about 0.17 ms.
        QVERIFY2(*report.launches[2].seconds > 1.2e-4 && *report.launches[2].seconds < 4e-4,
            qPrintable(QString::number(*report.launches[2].seconds)));
        QCOMPARE(report.estimate.watts, *report.launches[2].watts);
        QCOMPARE(report.analysis.launch.kernelArguments.value("n"), qint64(1) << 26);

        // The first site chosen: the kernel is estimated there, the list stays.
        WhatIfSettings first = settings;
        first.kernels[kernel.info.key].launchSite = launchSiteKey(kernel.launches.first());
        const KernelEstimateReport small
            = estimateKernelWhatIf(kernel, *index.kernelIR(kernel.info.key), model, gpu, nullptr, first);
        QCOMPARE(small.launchChoice, LaunchChoiceKind::Chosen);
        QCOMPARE(small.estimate.watts, *report.launches[0].watts);
        QVERIFY(small.launches[0].chosen && !small.launches[2].chosen);
        QVERIFY(launchAt(kernel.launches, "vadd.cu:7") == &kernel.launches[1]);
        QVERIFY(!launchAt(kernel.launches, "vadd.cu:5"));

        // A what-if block of 128 applies at each site: twice the blocks, the site's own n.
        WhatIfSettings halved = settings;
        halved.allKernels.block = LaunchExtent{128, 1, 1};
        const KernelEstimateReport narrow
            = estimateKernelWhatIf(kernel, *index.kernelIR(kernel.info.key), model, gpu, nullptr, halved);
        QCOMPARE(narrow.launches[1].shape.blockDim[0], std::optional<qint64>(128));
        QCOMPARE(narrow.launches[1].shape.kernelArguments.value("n"), qint64(33792));

        // Every output lists the sites; the program sums them once each.
        EstimateRun run = estimateProjectWhatIf(index, model, gpu, nullptr, settings);
        const QJsonObject root = QJsonDocument::fromJson(estimateJson(run, dir.path())).object();
        const QJsonObject k = root.value("kernels").toArray().first().toObject();
        const QJsonArray launches = k.value("launches").toArray();
        QCOMPARE(launches.size(), 3);
        double sum = 0;
        for (int i = 0; i < 3; ++i) {
            const QJsonObject site = launches[i].toObject();
            QCOMPARE(site.value("line").toInt(), 6 + i);
            QCOMPARE(site.value("chosen").toBool(), i == 2);
            QCOMPARE(site.value("arguments").toObject().value("n").toDouble(), double(elements[i]));
            QCOMPARE(site.value("energy_per_launch_j").toDouble(), *report.launches[i].joules);
            sum += *report.launches[i].joules;
        }
        QVERIFY(k.value("launch_choice").toString().contains("heaviest of its 3 launch sites"));
        const QJsonObject program = root.value("program").toObject();
        QCOMPARE(program.value("launch_sites").toInt(), 3);
        QVERIFY(test::near(program.value("energy_j").toDouble(), sum));
        QVERIFY(program.value("note").toString().contains("counted once"));
        const QString table = estimateTable(run, dir.path());
        QVERIFY2(table.contains("* vadd.cu:8  grid 262144x1x1  block 256x1x1"), qPrintable(table));
        QVERIFY(table.contains("Program: "));
        const QStringList csv = QString::fromUtf8(estimateCsv(run)).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(csv.filter(",launch (chosen),").size(), 1);
        QCOMPARE(csv.filter(",launch,").size(), 2);
        QVERIFY(csv.filter(",launch (chosen),").first().endsWith(csvField(launchSiteKey(kernel.launches[2]))));
    }

    void malformedBoardPowerIsAnError()
    {
        QStringList errors;
        QVERIFY(!GpuCatalogue::parse(
            "{\"format\": \"slicewatt-gpus/1\", \"gpus\": [{\"id\": \"x1\", \"sms\": 4, "
            "\"board_power_w\": \"lots\", \"limits_per_sm\": {\"threads\": 1024, \"blocks\": 8}}]}",
            "gpus.json", errors));
        QVERIFY2(!errors.isEmpty() && errors.first().contains("\"board_power_w\" must be a positive number"),
            qPrintable(errors.join(" | ")));
    }

    void malformedModelFilesNameFileLineAndProblem_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not JSON") << QByteArray("{\n  \"format\": \"slicewatt-model/1\",\n  \"id\": oops\n}")
                                  << "bad.json:3: not valid JSON";
        QTest::newRow("unknown form") << QByteArray(
            "{\n\"format\": \"slicewatt-model/1\",\n\"id\": \"m\",\n\"form\": \"cubic\",\n\"provenance\": {\"paper\": "
            "\"x\"},\n\"intensity\": {\"min\": 1, \"max\": 2},\n\"gpus\": {\"gtx280\": {}}\n}")
                                      << "bad.json:4: unknown \"form\" 'cubic'";
        QTest::newRow("missing parameter")
            << QByteArray("{\n\"format\": \"slicewatt-model/1\",\n\"id\": \"m\",\n\"form\": "
                          "\"jos13\",\n\"provenance\": {\"paper\": \"x\"},\n\"intensity\": {\"min\": 1, \"max\": "
                          "2},\n\"gpus\": {\n \"gtx280\": {\"beta0\": 1, \"beta1\": \"two\", \"beta2\": 0.2}\n}\n}")
            << "bad.json:8: GPU gtx280: parameter \"beta1\" is missing or not a number";
        QTest::newRow("no provenance") << QByteArray(
            "{\"format\": \"slicewatt-model/1\", \"id\": \"m\", \"form\": \"jos13\", \"intensity\": {\"min\": 1, "
            "\"max\": 2}, \"gpus\": {\"gtx280\": {\"beta0\": 1, \"beta1\": 2, \"beta2\": 0.2}}}")
                                       << "bad.json: the model has no \"provenance\"";
    }
    void malformedModelFilesNameFileLineAndProblem()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QStringList errors;
        QVERIFY(!PowerModel::parse(json, "bad.json", errors));
        QVERIFY2(!errors.isEmpty() && errors.first().startsWith(expected), qPrintable(errors.join(" | ")));
    }

    void malformedGpuCatalogue()
    {
        QStringList errors;
        QVERIFY(!GpuCatalogue::parse("{\n\"format\": \"slicewatt-gpus/1\",\n\"gpus\": [\n{\"id\": \"x1\", \"sms\": "
                                     "0,\n \"limits_per_sm\": {\"threads\": 1024, \"blocks\": 8}}\n]\n}",
            "gpus.json", errors));
        QCOMPARE(errors.size(), 1);
        QVERIFY2(errors.first().startsWith("gpus.json:4: GPU x1: \"sms\""), qPrintable(errors.first()));
        // A problem of a later GPU points into that GPU, not at the first GPU's key of the name.
        errors.clear();
        QVERIFY(!GpuCatalogue::parse("{\n\"format\": \"slicewatt-gpus/1\",\n\"gpus\": [\n{\"id\": \"a\", \"sms\": 2,\n"
                                     " \"board_power_w\": 100,\n"
                                     " \"limits_per_sm\": {\"threads\": 1024, \"blocks\": 8}},\n"
                                     "{\"id\": \"b\",\n \"sms\": 0,\n \"board_power_w\": -1,\n"
                                     " \"limits_per_sm\": {\"threads\": 1024, \"blocks\": 8}}\n]\n}",
            "gpus.json", errors));
        QVERIFY2(errors.contains("gpus.json:9: GPU b: \"board_power_w\" must be a positive number of watts"),
            qPrintable(errors.join(" | ")));
        QVERIFY2(
            errors.contains("gpus.json:8: GPU b: \"sms\" must be a positive integer"), qPrintable(errors.join(" | ")));
    }

    void userFoldersAddGpusAndReportBrokenFiles()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "gpus-lab.json",
            "{\"format\": \"slicewatt-gpus/1\", \"gpus\": [{\"id\": \"gtx260-216\", \"name\": \"GeForce GTX 260 (216 "
            "cores)\", \"sms\": 27, \"limits_per_sm\": {\"threads\": 1024, \"blocks\": 8}}]}");
        test::writeFile(dir, "broken-model.json", "{ not json");
        QStringList errors;
        const ModelLibrary lib = ModelLibrary::load({dir.path()}, errors);
        QCOMPARE(lib.gpus().find("gtx260-216")->sms, 27);
        QCOMPARE(errors.size(), 1);
        QVERIFY(errors.first().contains("broken-model.json:1: not valid JSON"));
        QVERIFY(lib.model("jos13")); // the shipped models are still there
    }
};

QTEST_GUILESS_MAIN(EstimateTest)
#include "test_estimate.moc"
