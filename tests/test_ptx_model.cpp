// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 17: the PTX + XGBoost model (Alavani et al., METHOD §10). The GPU catalogue's pipeline
// figures; PTX blocks run the analysis's trip counts (clang keeps loops rolled); the shipped
// models/alavani-xgb.json's figures and trees, recomputed by the harness, are checked in
// test_measured_validation, whose one run of the harness per GPU checks every file it writes; the
// product's path predicts what the harness predicts; without PTX the estimate says why; bad
// model files are refused with a reason; Spearman's correlation by hand.
#include "ShippedFiles.h"
#include "TestSupport.h"

#include "analysis/KernelSlices.h"
#include "analysis/ProjectIndexer.h"
#include "calibration/BoostedTreesModelFile.h"
#include "calibration/PtxFeatureComparison.h"
#include "estimate/PtxExecution.h"
#include "estimate/PtxWorkspace.h"
#include "estimate/WhatIf.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace slicewatt;

namespace {

// A loop bounded by the block size (64 at 64 threads per block) inside one of 4 trips.
const QByteArray kNestedLoops = R"(
__global__ void nested(float* y, const float* x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0;
    for (int r = 0; r < 4; ++r) {
        for (int k = 0; k < blockDim.x; ++k)
            acc += x[k] * y[i];
        y[i] = acc;
    }
}
)";

QJsonObject committedModel()
{
    return test::shippedModel(QStringLiteral("alavani-xgb.json"));
}

std::optional<PtxProducer> clang()
{
    const QVector<PtxProducer> found = ptxProducersNamed(QStringLiteral("clang"));
    return found.isEmpty() ? std::nullopt : std::optional<PtxProducer>(found.first());
}

} // namespace

class PtxModelTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The pipeline of equations (1)-(4) comes from the catalogue, with sources; TP(gm) is
    // derived from bandwidth and clock where the file does not give it.
    void cataloguePipeline()
    {
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        const GpuSpec& v100 = *library.gpus().find("V100");
        QVERIFY(v100.ptxPipeline);
        QCOMPARE(v100.ptxPipeline->warpSchedulers, 4);
        QCOMPARE(v100.ptxPipeline->dispatchUnits, 4);
        QCOMPARE(v100.ptxPipeline->l2Bytes, 6.0 * 1024 * 1024);
        QVERIFY(v100.ptxPipeline->sources.value("latency").contains("second-hand"));
        QString why;
        const std::optional<PtxArchitecture> arch = ptxArchitectureFor(v100, &why);
        QVERIFY(arch);
        QCOMPARE(arch->globalThroughput, 900e9 / (80 * 1380e6));
        QCOMPARE(arch->maxThreadsPerSm, 2048);
        QCOMPARE(library.gpus().find("K20")->ptxPipeline->dispatchUnits, 8);
        QVERIFY(library.gpus().find("M60")->ptxPipeline);
        QVERIFY(!ptxArchitectureFor(*library.gpus().find("GTX 280"), &why));
        QVERIFY2(why.contains("no PTX pipeline"), qPrintable(why));

        QStringList problems;
        const QByteArray bad = R"({"format": "slicewatt-gpus/1", "gpus": [{"id": "x", "sms": 2,
            "limits_per_sm": {"threads": 1024, "blocks": 8}, "ptx_pipeline": {"warp_schedulers": 0}}]})";
        QVERIFY(!GpuCatalogue::parse(bad, "bad.json", problems));
        QVERIFY2(problems.join('\n').contains("\"ptx_pipeline\" needs a positive \"warp_schedulers\""),
            qPrintable(problems.join('\n')));
    }

    // clang keeps both loops rolled: blocks in the inner loop run 4 × blockDim.x times per
    // thread, blocks in the outer loop only 4, the rest once; PFEA's --loop-iterations runs
    // every loop level N times instead.
    void blocksRunTheAnalysisTripCounts()
    {
        const std::optional<PtxProducer> producer = clang();
        if (!producer)
            QFAIL("clang is not installed: scripts/install-deps.sh installs it");
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "nested.cu", kNestedLoops);
        const ProjectSources sources = loadProject({path});
        const ProjectIndex index = indexProject(sources, test::parserOptions());
        QCOMPARE(index.kernels.size(), 1);
        const CatalogFunction& kernel = index.kernels.first();
        const KernelIR& ir = *index.kernelIR(kernel.info.key);
        QStringList errors;
        const GpuSpec gpu = *ModelLibrary::load({}, errors).gpus().find("V100");
        const ProjectPtx ptx = compileSourcesPtx(sources, gpu, {*producer});
        PtxSettings settings;
        settings.project = &ptx;
        settings = ptxForKernel(settings, kernel.info.qualifiedName, kernel.info.location.file);
        QVERIFY2(settings.function, qPrintable(ptx.files.first().compilation.error));
        QCOMPARE(settings.function->backEdges.size(), 2);

        KernelWhatIf whatIf;
        whatIf.grid = LaunchExtent{10, 1, 1};
        whatIf.block = LaunchExtent{64, 1, 1};
        const KernelSlices slices = analyseKernel(ir, whatIfLaunch(kernel, whatIf), AnalysisOptions());
        const PtxExecution e = ptxExecutionFromAnalysis(*settings.function, settings.file->module, ir, slices, 10);
        QVERIFY2(e.assumptions.isEmpty(), qPrintable(e.assumptions.join('\n')));
        int inner = 0;
        for (int b = 0; b < settings.function->blocks.size(); ++b) {
            const int depth = settings.function->blocks[b].loopDepth;
            QCOMPARE(e.blockRuns[b], depth == 0 ? 1.0 : depth == 1 ? 4.0 : 4.0 * 64);
            inner += depth == 2 ? 1 : 0;
        }
        QVERIFY(inner > 0);
        const PtxExecution pfea = ptxExecutionPerLoop(*settings.function, 8);
        for (int b = 0; b < settings.function->blocks.size(); ++b)
            QCOMPARE(pfea.blockRuns[b], std::pow(8.0, settings.function->blocks[b].loopDepth));
        QVERIFY(pfea.rule.contains("--loop-iterations"));
    }

    // What a user runs (the what-if estimate with the project's PTX) gives the harness's
    // prediction for a measured launch; without a PTX producer the estimate says why.
    void productPathMatchesTheHarness()
    {
        const QString source = test::measuredCorpusDir() + "/cuda-samples/0_Introduction/vectorAdd";
        const std::optional<PtxProducer> producer = clang();
        if (!producer)
            QFAIL("clang is not installed: scripts/install-deps.sh installs it");
        if (!QFileInfo::exists(source))
            QSKIP(test::upstreamMissing().constData());
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const GpuSpec& gpu = *library.gpus().find("V100");
        const PowerModel& model = *library.model("alavani-xgb");

        MeasuredLaunchTable table = readMeasuredLaunches(
            "source,kernel,grid,block,watts\ncuda-samples/0_Introduction/vectorAdd,vectorAdd,4096,256,60\n", "m.csv");
        MeasuredPtxOptions ptx;
        ptx.producer = producer;
        const MeasuredFeatureSet features
            = analyseMeasuredLaunches(table, test::measuredCorpusDir(), gpu, test::parserOptions(), ptx);
        QCOMPARE(features.rows.size(), 1);
        QVERIFY(!features.rows.first().ptxFeatures.isEmpty());
        const double harness = model.predictLaunch(gpu, features.rows.first().activity)->watts;

        const ProjectSources sources = loadProject({source});
        const ProjectIndex index = indexProject(sources, test::parserOptions());
        const auto kernel = std::find_if(index.kernels.begin(), index.kernels.end(),
            [](const CatalogFunction& f) { return f.info.name == QLatin1String("vectorAdd"); });
        QVERIFY(kernel != index.kernels.end());
        const ProjectPtx projectPtx = compileSourcesPtx(sources, gpu, ptxProducersFor(model, gpu, {}));
        QCOMPARE(projectPtx.producer, producer->name());
        WhatIfSettings settings;
        settings.gpuId = "v100";
        settings.modelId = "alavani-xgb";
        settings.allKernels.grid = LaunchExtent{4096, 1, 1};
        settings.allKernels.block = LaunchExtent{256, 1, 1};
        settings.ptx = ptxSettingsFor(model, gpu, projectPtx);
        const KernelEstimateReport report = estimateKernelWhatIf(*kernel, *index.kernelIR(kernel->info.key), model, gpu,
            library.energyModel(ModelLibrary::defaultEnergyModelId()), settings);
        QVERIFY2(report.estimate.hasEstimate(), qPrintable(report.estimate.noEstimate));
        QCOMPARE(report.estimate.watts, harness);
        QVERIFY(report.estimate.assumptions.join('\n').contains("PTX features from " + producer->name()));

        // No producer: no number, and the reason.
        const ProjectPtx none;
        settings.ptx = ptxSettingsFor(model, gpu, none);
        const KernelEstimateReport without = estimateKernelWhatIf(*kernel, *index.kernelIR(kernel->info.key), model,
            gpu, library.energyModel(ModelLibrary::defaultEnergyModelId()), settings);
        QVERIFY(!without.estimate.hasEstimate());
        QVERIFY2(without.estimate.noEstimate.contains("no PTX producer is installed"),
            qPrintable(without.estimate.noEstimate));
    }

    // Rodinia keeps kernels in files another one includes (bfs/kernel.cu uses bfs.cu's Node):
    // the measured source alone does not compile, its folder's other units do, and the
    // harness finds the kernel's PTX there.
    void kernelInAnIncludedFileGetsItsFolderPtx()
    {
        const std::optional<PtxProducer> producer = clang();
        if (!producer)
            QFAIL("clang is not installed: scripts/install-deps.sh installs it");
        QTemporaryDir corpus;
        test::writeFile(corpus, "graph/main.cu", R"(
struct Node { int start; int edges; };
#include "kernel.cu"
int main() { return 0; }
)");
        test::writeFile(corpus, "graph/kernel.cu", R"(
__global__ void visit(const Node* nodes, int* cost, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        for (int e = nodes[i].start; e < nodes[i].start + nodes[i].edges; ++e)
            cost[e] += 1;
}
)");
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        MeasuredPtxOptions ptx;
        ptx.producer = producer;
        const MeasuredFeatureSet features = analyseMeasuredLaunches(
            readMeasuredLaunches("source,kernel,grid,block,watts\ngraph/kernel.cu,visit,64,256,60\n", "m.csv"),
            corpus.path(), *library.gpus().find("V100"), test::parserOptions(), ptx);
        QCOMPARE(features.rows.size(), 1);
        QVERIFY2(features.problems.isEmpty(), qPrintable(features.problems.join('\n')));
        QVERIFY(features.rows.first().ptxFeatures.value("glob_inst_kernel") > 0);
        QVERIFY(features.rows.first().activity.ptxSource.contains("main.cu"));
    }

    // A model file whose trees are not XGBoost's, or read another number of features, is
    // refused with the reason.
    void malformedModelFilesAreRefused()
    {
        const QByteArray base = R"({"format": "slicewatt-model/1", "id": "x", "form": "alavani-xgb",
            "provenance": {"source": "test"}, "features": %F, "gpus": {"gtx280": {"trees": %T}}})";
        const QJsonObject shipped = committedModel();
        const QString trees = shipped.value("gpus").toObject().value("v100").toObject().value("trees").toString();
        const QByteArray quotedTrees
            = QJsonDocument(QJsonArray{trees}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
        QStringList errors;
        QVERIFY(!PowerModel::parse(
            QByteArray(base).replace("%F", R"(["a"])").replace("%T", quotedTrees), "m.json", errors));
        QVERIFY2(
            errors.join('\n').contains("the trees read 15 features, the file names 1"), qPrintable(errors.join('\n')));
        errors.clear();
        QVERIFY(!PowerModel::parse(
            QByteArray(base).replace("%F", R"(["a"])").replace("%T", R"("no trees")"), "m.json", errors));
        QVERIFY2(errors.join('\n').contains("\"trees\" not an XGBoost model"), qPrintable(errors.join('\n')));
        QVERIFY2(!errors.join('\n').contains("Stack trace"), qPrintable(errors.join('\n')));
        errors.clear();
        QVERIFY(!PowerModel::parse(QByteArray(base).replace("%F", "[]").replace("%T", quotedTrees), "m.json", errors));
        QVERIFY2(errors.join('\n').contains("needs its \"features\""), qPrintable(errors.join('\n')));
    }

    // Ranks with ties averaged: (1, 2, 2, 3) against (10, 20, 30, 40) by hand.
    void spearmanByHand()
    {
        QCOMPARE(spearmanCorrelation({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
        QCOMPARE(spearmanCorrelation({1, 2, 3, 4}, {40, 30, 20, 10}), -1.0);
        // ranks (1, 2.5, 2.5, 4) and (1, 2, 3, 4): cov 4.5, var 4.5 and 5 → 4.5 / √22.5
        QVERIFY(std::abs(spearmanCorrelation({1, 2, 2, 3}, {10, 20, 30, 40}) - 4.5 / std::sqrt(22.5)) < 1e-12);
        QCOMPARE(spearmanCorrelation({1, 1, 1}, {1, 2, 3}), 0.0);
    }
};

QTEST_GUILESS_MAIN(PtxModelTest)
#include "test_ptx_model.moc"
