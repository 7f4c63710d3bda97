// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// Issue 16: the measured-power validation. The launch-activity form and its fit, the launch
// activity by hand, the harness recomputing the figures committed in
// models/launch-activity.json, the product path giving the harness's numbers, model files
// without figures refused for a measured GPU, and the expected error in every output.
#include "Near.h"
#include "ShippedFiles.h"
#include "TestSupport.h"

#include "analysis/ProjectIndexer.h"
#include "calibration/ActivityModelFile.h"
#include "calibration/MeasuredValidation.h"
#include "estimate/LaunchActivityEstimate.h"
#include "estimate/PtxWorkspace.h"
#include "estimate/WhatIf.h"
#include "model/ActivityModel.h"
#include "model/BoostedTrees.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace slicewatt;

namespace {

// One element per thread: two global loads, a store, and a loop of float arithmetic.
const QByteArray kSaxpyLoop = R"(
__global__ void saxpyLoop(float* y, const float* x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = y[i];
        for (int k = 0; k < 64; ++k)
            v = a * v + x[i];
        y[i] = v;
    }
}
)";

using test::near;

QJsonObject committedModel()
{
    return test::shippedModel(QStringLiteral("launch-activity.json"));
}

// A model file's error figures (rows, kernels, MAPE, median and 90th percentile, R²) are the
// harness's, to the precision they are printed with.
bool sameFigures(const QJsonObject& json, const ErrorFigures& f)
{
    return json.value("rows").toInt() == f.rows && json.value("kernels").toInt() == f.groups
        && std::abs(json.value("mape_pct").toDouble() - f.mapePct) < 0.05
        && std::abs(json.value("median_ape_pct").toDouble() - f.medianApePct) < 0.05
        && std::abs(json.value("p90_ape_pct").toDouble() - f.p90ApePct) < 0.05
        && std::abs(json.value("r2").toDouble() - f.r2) < 0.005;
}

using test::runCli;

const GpuSpec& v100(const ModelLibrary& library)
{
    return *library.gpus().find(QStringLiteral("V100"));
}

} // namespace

class MeasuredValidationTest : public QObject {
    Q_OBJECT
    // models/alavani-xgb.json is train-ptx-model's output on the same run of the harness: per
    // GPU the grouped and random-split figures, the producer, and trees that predict every
    // measured row as trees grown here on the same rows do (the prediction round-trips through
    // the file).
    static void verifyShippedXgbIsTheHarnessOutput(const ModelLibrary& library, const GpuSpec& spec,
        const MeasuredFeatureSet& features, const MeasuredValidation& validation, const MeasuredPtxOptions& ptx)
    {
        const ModelFigures* xgb = validation.figures("alavani-xgb");
        QVERIFY(xgb);
        QVERIFY2(xgb->error.isEmpty(), qPrintable(xgb->error));
        const QJsonObject committed
            = test::shippedModel(QStringLiteral("alavani-xgb.json")).value("gpus").toObject().value(spec.id).toObject();
        QVERIFY2(!committed.isEmpty(), "models/alavani-xgb.json has this GPU");
        QCOMPARE(committed.value("ptx_producer").toString(), ptx.producer->name());
        const QJsonObject v = committed.value("validation").toObject();
        QVERIFY(sameFigures(v.value("grouped").toObject(), xgb->grouped));
        QVERIFY(sameFigures(v.value("random_split").toObject(), xgb->randomSplit));
        // Kernels held out, the figure is above the random split's, which lets the model recognise
        // the kernel (METHOD §11). (It was several times above before issue 33; with the launches'
        // argument values V100's held-out error fell to 11.7 % against 8.8 %.)
        QVERIFY(xgb->grouped.mapePct > xgb->randomSplit.mapePct);

        const PowerModel* model = library.model("alavani-xgb");
        QVERIFY(model && model->needsPtx() && model->isLaunchLevel());
        QCOMPARE(model->accuracy(spec.id)->rows, xgb->grouped.rows);
        QCOMPARE(model->ptxProducer(spec.id), ptx.producer->name());
        QString why;
        const std::optional<BoostedTrees> grown = BoostedTrees::fromJson(xgb->fullTrees, true, &why);
        QVERIFY2(grown, qPrintable(why));
        int predicted = 0;
        for (const MeasuredRowFeatures& row : features.rows) {
            if (row.ptxFeatures.isEmpty())
                continue;
            const std::optional<PowerPrediction> shipped = model->predictLaunch(spec, row.activity);
            QVERIFY(shipped);
            QVector<float> values;
            for (const QString& column : datasetFeatureColumns())
                values << float(row.ptxFeatures.value(column, std::nan("")));
            QVERIFY(std::abs(shipped->watts - grown->predict(values)) < 1e-4 * shipped->watts);
            QVERIFY(shipped->watts > 10 && shipped->watts < 400);
            ++predicted;
        }
        QCOMPARE(predicted, xgb->grouped.rows);
    }

private Q_SLOTS:
    // P = P_idle + (P_board − P_idle)·σ(b0 + Σ b_k·x_k), computed here from the inputs.
    void activityFormByHand()
    {
        LaunchActivity a;
        a.threads = 1e6;
        a.saturation = 0.5;
        a.occupancy = 0.25;
        a.seconds = 1e-3;
        a.computeSeconds = 3e-4;
        a.memorySeconds = 1e-4;
        a.instructions = 2e8;
        const QHash<QString, double> p = {{"idle_w", 40}, {"b0", -1}, {"b_log_threads", 0.5}, {"b_saturation", 1},
            {"b_occupancy", -2}, {"b_log_seconds", 0.25}, {"b_memory_share", 0.4}, {"b_log_rate", 0.1}};
        const double z = -1 + 0.5 * 6 + 1 * 0.5 - 2 * 0.25 + 0.25 * -3 + 0.4 * 0.25 + 0.1 * std::log10(1 + 2e11);
        QVERIFY(near(activityWatts(p, a, 250), 40 + 210 / (1 + std::exp(-z))));
        // Between idle and board power whatever the inputs: no clamp needed.
        a.threads = 1e15;
        QVERIFY(activityWatts(p, a, 250) < 250);
        QCOMPARE(activityParameterNames().size(), 2 + activityInputs().size());
    }

    // The fit finds weights that generated the data (idle fixed at the floor fraction given).
    void activityFitRecoversKnownWeights()
    {
        const QHash<QString, double> truth
            = {{"idle_w", 36}, {"b0", -4}, {"b_log_threads", 0.6}, {"b_log_seconds", -0.3}};
        QVector<LaunchActivity> rows;
        QVector<double> watts;
        for (int i = 0; i < 60; ++i) {
            LaunchActivity a;
            a.threads = std::pow(10.0, 2 + (i % 12) * 0.5);
            a.seconds = std::pow(10.0, -5 + (i * 7 % 10) * 0.4);
            rows << a;
            watts << activityWatts(truth, a, 250);
        }
        ActivityFitOptions options;
        options.inputs = {"log_threads", "log_seconds"};
        options.ridge = 0;
        options.idleFloorFraction = 36 / *std::min_element(watts.begin(), watts.end());
        const ActivityFit fit = fitActivityModel(rows, watts, 250, options);
        QVERIFY2(fit.ok(), qPrintable(fit.error));
        for (const char* key : {"idle_w", "b0", "b_log_threads", "b_log_seconds"})
            QVERIFY2(near(fit.parameters.value(key), truth.value(key), 1e-4), qPrintable(key));
        QCOMPARE(fit.parameters.value("b_occupancy"), 0.0); // not fitted: absent
        // Too few rows, or a reading at or above the board power: a reason, no numbers.
        QVERIFY(!fitActivityModel(rows.mid(0, 3), watts.mid(0, 3), 250, options).ok());
        QVector<double> above = watts;
        above[5] = 300;
        QVERIFY(fitActivityModel(rows, above, 250, options).error.contains("outside"));
    }

    // Threads, SMs, occupancy, waves and the roofline for a launch worked out by hand.
    void launchActivityByHand()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "saxpy.cu", kSaxpyLoop);
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        QCOMPARE(index.kernels.size(), 1);
        const CatalogFunction& kernel = index.kernels.first();
        const KernelIR& ir = *index.kernelIR(kernel.info.key);
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const GpuSpec& gpu = v100(library);
        KernelWhatIf launch;
        launch.grid = LaunchExtent{160, 1, 1};
        launch.block = LaunchExtent{256, 1, 1};
        const LaunchShape shape = whatIfLaunch(kernel, launch);
        const KernelSlices slices = analyseKernel(ir, shape);
        QString why;
        const std::optional<LaunchActivity> a = estimateLaunchActivity(ir, slices, shape, gpu, &why);
        QVERIFY2(a, qPrintable(why));
        QCOMPARE(a->threads, 160.0 * 256);
        QCOMPARE(a->activeSms, 80);
        QCOMPARE(a->saturation, 1.0);
        QCOMPARE(a->residentBlocksPerSm, 8); // 2048 threads / 256, under the 32-block limit
        QCOMPARE(a->occupancy, 2 * 256 / 2048.0); // two blocks per SM: 160 over 80 SMs
        QCOMPARE(a->waves, 160 / (80.0 * 8));
        // By hand (resources/help/analysis-rules.md §6-7), per thread: line 39's * and + (2) and
        // the `i < n` comparison (1); behind it, at a two-way `if`'s default 0.5 (n is not
        // known here), the loop header's 64 comparisons and 64 increments and the body's
        // 64 × (* and +): 3 + 0.5 · 256 = 131 compute instructions. Global accesses: the load
        // and the store of y and the loop's 64 loads of x, 0.5 · 66 = 33, of 4 bytes each.
        const double threads = 160.0 * 256;
        QVERIFY2(
            near(a->perThread[kGlobalMemoryClass], 33), qPrintable(QString::number(a->perThread[kGlobalMemoryClass])));
        QVERIFY2(near(a->instructions, 131 * threads), qPrintable(QString::number(a->instructions / threads)));
        QVERIFY(near(a->globalBytes, 33 * 4 * threads));
        // A V100: 80 SMs of 64 FP32 lanes at 1380 MHz, 900 GB/s.
        const double computeS = 131 * threads / (80.0 * 64 * 1380e6);
        const double memoryS = 33 * 4 * threads / 900e9;
        QVERIFY(near(a->computeSeconds, computeS));
        QVERIFY(near(a->memorySeconds, memoryS));
        QVERIFY(near(a->seconds, std::max(computeS, memoryS) + kLaunchOverheadSeconds));

        // One block: one SM, and no more lanes than its 32 threads.
        launch.grid = LaunchExtent{1, 1, 1};
        launch.block = LaunchExtent{32, 1, 1};
        const LaunchShape small = whatIfLaunch(kernel, launch);
        const std::optional<LaunchActivity> one
            = estimateLaunchActivity(ir, analyseKernel(ir, small), small, gpu, &why);
        QVERIFY(one);
        QCOMPARE(one->activeSms, 1);
        QVERIFY(near(one->instructions, 131 * 32.0));
        QVERIFY(near(one->computeSeconds, 131 * 32.0 / (1.0 * 32 * 1380e6)));

        // Without a launch: 256-thread blocks, one full wave of them, each assumption said.
        const std::optional<LaunchActivity> assumed = estimateLaunchActivity(ir, slices, LaunchShape(), gpu, &why);
        QVERIFY(assumed);
        QCOMPARE(assumed->blockThreads, 256.0);
        QCOMPARE(assumed->gridBlocks, 80.0 * 8);
        QCOMPARE(assumed->waves, 1.0);
        const QString said = assumed->assumptions.join('\n');
        QVERIFY2(said.contains("--grid") && said.contains("--block"), qPrintable(said));
        // A GPU without the figures a roofline needs: no activity, and why.
        GpuSpec bare = gpu;
        bare.memoryBandwidthGBs.reset();
        QVERIFY(!estimateLaunchActivity(ir, slices, shape, bare, &why));
        QVERIFY(why.contains("bandwidth"));
    }

    // The figures and parameters committed in models/launch-activity.json, and the figures and
    // trees of models/alavani-xgb.json, are what the harness computes now from the shared data
    // (METHOD §11), in one run of it per GPU: change the analysis or the fit and this fails
    // until the files are regenerated (validate-measured --write-model, train-ptx-model). Beside
    // the files' own figures, absolute ceilings (each committed figure at 2026-12-01 plus half
    // a point): a regenerated file that got worse fails too.
    void committedFiguresAreTheHarnessOutput_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<double>("activityCeilingPct");
        QTest::addColumn<double>("xgbCeilingPct");
        QTest::newRow("V100") << "V100" << 20.3 << 12.2;
        QTest::newRow("K20") << "K20" << 18.4 << 16.1;
        QTest::newRow("M60") << "M60" << 10.8 << 15.3;
    }
    void committedFiguresAreTheHarnessOutput()
    {
        QFETCH(QString, gpu);
        QFETCH(double, activityCeilingPct);
        QFETCH(double, xgbCeilingPct);
        std::optional<MeasuredLaunchTable> mapped = test::mappedAlavaniTable(gpu);
        if (!mapped)
            QSKIP("../shared/data/alavani is not beside this checkout");
        if (!QFileInfo::exists(test::measuredCorpusDir()))
            QSKIP(test::upstreamMissing().constData());
        const MeasuredLaunchTable& table = *mapped;
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        const GpuSpec* spec = library.gpus().find(gpu);
        QVERIFY(spec);
        // The committed comparison holds alavani-xgb on clang's PTX, as validate-measured makes it.
        const QVector<PtxProducer> clang = ptxProducersNamed("clang");
        if (clang.isEmpty())
            QFAIL("clang is not installed (scripts/install-deps.sh installs it): the committed figures include "
                  "alavani-xgb on its PTX");
        MeasuredPtxOptions ptx;
        ptx.producer = clang.first();
        const MeasuredFeatureSet features
            = analyseMeasuredLaunches(table, test::measuredCorpusDir(), *spec, test::parserOptions(), ptx);
        MeasuredValidationOptions options;
        options.includeWnn = false;
        const MeasuredValidation validation = validateMeasuredLaunches(features, *spec, options);

        const QJsonObject committed = committedModel().value("gpus").toObject().value(spec->id).toObject();
        QVERIFY2(!committed.isEmpty(), "models/launch-activity.json has this GPU");
        const QJsonObject v = committed.value("validation").toObject();
        const ModelFigures* chosen = chosenActivityVariant(validation);
        QVERIFY(chosen);
        QCOMPARE(v.value("variant").toString(), chosen->id);
        QCOMPARE(v.value("default").toBool(), validation.defaultModelId == chosen->id);
        QVERIFY(sameFigures(v.value("grouped").toObject(), chosen->grouped));
        QVERIFY(sameFigures(v.value("random_split").toObject(), chosen->randomSplit));
        const QJsonObject compared = v.value("compared").toObject();
        for (const ModelFigures& m : validation.models)
            QVERIFY2(
                sameFigures(compared.value(m.id).toObject().value("grouped").toObject(), m.grouped), qPrintable(m.id));
        // Every launch with its held-out prediction, as the accuracy view draws them.
        const ModelAccuracy* accuracy = library.model("launch-activity")->accuracy(spec->id);
        QVERIFY(accuracy);
        QCOMPARE(accuracy->predictions.size(), features.rows.size());
        for (int i = 0; i < features.rows.size(); ++i) {
            QCOMPARE(accuracy->predictions[i].kernel, features.rows[i].group);
            QCOMPARE(accuracy->predictions[i].measuredW, features.rows[i].measuredW);
            QVERIFY(std::abs(accuracy->predictions[i].predictedW - chosen->groupedW[i]) < 0.01);
        }
        QCOMPARE(accuracy->compared.size(), validation.models.size());
        for (const QString& name : activityParameterNames())
            QVERIFY2(near(committed.value(name).toDouble(), chosen->fullFit.value(name), 1e-4), qPrintable(name));

        // What the issue asks of the default: both baselines beaten with whole kernels held out.
        QVERIFY(chosen->grouped.mapePct < validation.figures("median")->grouped.mapePct);
        QVERIFY(chosen->grouped.mapePct < validation.figures("launch-linear")->grouped.mapePct);
        QVERIFY2(chosen->grouped.mapePct <= activityCeilingPct, qPrintable(QString::number(chosen->grouped.mapePct)));

        verifyShippedXgbIsTheHarnessOutput(library, *spec, features, validation, ptx);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(validation.figures("alavani-xgb")->grouped.mapePct <= xgbCeilingPct,
            qPrintable(QString::number(validation.figures("alavani-xgb")->grouped.mapePct)));
        // Every row analysed once per source; only unmapped rows left out.
        QVERIFY(features.rows.size() >= 85);
        // (and kernels clang cannot compile: dynamic parallelism)
        for (const QString& problem : features.problems)
            QVERIFY2(problem.contains("not in the kernel map") || problem.contains("no PTX"), qPrintable(problem));
    }

    // models/physical.json's K20, M60 and V100 entries are what validate-measured
    // --write-physical makes of the public data (idle fitted too, whole kernels held out), each
    // beside launch-activity, whose held-out error on the same launches is lower; the file's
    // other GPUs stay as they were. Absolute ceilings beside the file's own figures: the
    // committed held-out error at 2026-12-01 plus half a point.
    void committedPhysicalEntriesAreTheHarnessOutput_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("launches");
        QTest::addColumn<QString>("architecture");
        QTest::addColumn<QString>("stays");
        QTest::addColumn<double>("ceilingPct");
        QTest::newRow("V100") << "V100" << 85 << "Volta"
                              << "launch-activity" << 25.2;
        QTest::newRow("K20") << "K20" << 574 << "Kepler"
                             << "launch-activity" << 18.8;
        QTest::newRow("M60") << "M60" << 121 << "Maxwell"
                             << "launch-activity-all" << 14.5;
    }
    void committedPhysicalEntriesAreTheHarnessOutput()
    {
        QFETCH(QString, gpu);
        QFETCH(int, launches);
        QFETCH(QString, architecture);
        QFETCH(QString, stays);
        QFETCH(double, ceilingPct);
        const QString csv = test::sharedDir() + "/data/alavani/" + gpu + ".csv";
        if (!QFileInfo::exists(csv))
            QSKIP("../shared/data/alavani is not beside this checkout");
        if (!QFileInfo::exists(test::measuredCorpusDir()))
            QSKIP(test::upstreamMissing().constData());
        const QByteArray committedBytes = test::shippedModelBytes(QStringLiteral("physical.json"));
        QTemporaryDir dir;
        const QString written = dir.filePath("physical.json");
        {
            QFile copy(written);
            QVERIFY(copy.open(QIODevice::WriteOnly));
            copy.write(committedBytes);
        }
        const test::CliResult run = runCli({"validate-measured", csv, "--corpus", test::measuredCorpusDir(),
            "--compiler", "none", "--wnn-epochs", "0", "--write-physical", written, "-o", dir.filePath("table.txt")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QString id = gpu.toLower();
        QVERIFY2(run.err.contains(
                     QStringLiteral("physical model for %1: with whole kernels held out, on the same %2 launches")
                         .arg(id)
                         .arg(launches)
                         .toUtf8()),
            run.err.constData());
        QFile made(written);
        QVERIFY(made.open(QIODevice::ReadOnly));
        const QJsonObject mine = QJsonDocument::fromJson(made.readAll()).object().value("gpus").toObject();
        const QJsonObject theirs = QJsonDocument::fromJson(committedBytes).object().value("gpus").toObject();
        QCOMPARE(mine.keys(), theirs.keys());
        const QJsonObject entry = mine.value(id).toObject();
        for (const QString& name : physicalParameterNames())
            QVERIFY2(near(entry.value(name).toDouble(), theirs[id][name].toDouble(), 1e-6), qPrintable(name));
        // The data sheet's constants, each with the correction these launches gave it (issue 46).
        const QString idleSource = entry["sources"]["idle_w"].toString();
        QVERIFY2(
            idleSource.contains(QStringLiteral("the idle correction fitted to %1 measured launches").arg(launches)),
            qPrintable(idleSource));
        QVERIFY(entry["sources"]["pj_fp32"].toString().startsWith(
            "data sheet: " + architecture + ": scaled from Ampere GA100"));
        QCOMPARE(entry["validation"]["work"].toArray().size(), launches); // kept for the transfer across GPUs
        const QJsonObject validation = entry.value("validation").toObject();
        QCOMPARE(validation.value("default").toBool(), false);
        QVERIFY2(validation.value("default_because").toString().contains(stays + " stays the default"),
            qPrintable(validation.value("default_because").toString()));
        QCOMPARE(validation["grouped"]["rows"].toInt(), launches);
        const double mape = validation["grouped"]["mape_pct"].toDouble();
        QVERIFY(std::abs(mape - theirs[id]["validation"]["grouped"]["mape_pct"].toDouble()) < 1e-6);
        QVERIFY2(mape <= ceilingPct, qPrintable(QString::number(mape)));
        // The file's other GPUs are copied through unchanged.
        for (const QString& other : theirs.keys()) {
            if (other != id)
                QVERIFY2(mine.value(other) == theirs.value(other), qPrintable(other));
        }
    }

    // A file that is not a physical model is refused by --write-physical, and left as it was.
    void writePhysicalRefusesAnotherModelsFile()
    {
        const QString csv = test::sharedDir() + "/data/alavani/V100.csv";
        if (!QFileInfo::exists(csv))
            QSKIP("../shared/data/alavani is not beside this checkout");
        if (!QFileInfo::exists(test::measuredCorpusDir()))
            QSKIP(test::upstreamMissing().constData());
        QTemporaryDir dir;
        const QString other = dir.filePath("other.json");
        {
            QFile bad(other);
            QVERIFY(bad.open(QIODevice::WriteOnly));
            bad.write("{\"form\": \"jos13\"}");
        }
        const test::CliResult refused = runCli({"validate-measured", csv, "--corpus", test::measuredCorpusDir(),
            "--compiler", "none", "--wnn-epochs", "0", "--write-physical", other, "-o", dir.filePath("table2.txt")});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("not a model file of form"), refused.err.constData());
        QFile unchanged(other);
        QVERIFY(unchanged.open(QIODevice::ReadOnly));
        QCOMPARE(unchanged.readAll(), QByteArray("{\"form\": \"jos13\"}"));
    }

    // Every row of the V100 file on its own PTX columns: random row splits let XGBoost
    // recognise the kernel (METHOD §11), the grouped split does not. Their paper's random-split
    // accuracy is reproduced, and so is what it hides.
    void wholeFileShowsWhatRandomSplitsHide()
    {
        QFile csv(test::sharedDir() + "/data/alavani/V100.csv");
        if (!csv.open(QIODevice::ReadOnly))
            QSKIP("../shared/data/alavani is not beside this checkout");
        const MeasuredLaunchTable table = readMeasuredLaunches(csv.readAll(), "V100.csv");
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const QVector<ModelFigures> models = validateDatasetFeatures(table, v100(library));
        QCOMPARE(models.size(), 3);
        const ModelFigures& xgb = models.last();
        QCOMPARE(xgb.id, QStringLiteral("alavani-xgb-published"));
        QVERIFY2(xgb.error.isEmpty(), qPrintable(xgb.error));
        QCOMPARE(xgb.grouped.rows, int(table.rows.size()));
        QVERIFY2(xgb.randomSplit.mapePct < 10, qPrintable(QString::number(xgb.randomSplit.mapePct)));
        QVERIFY2(xgb.grouped.mapePct > 3 * xgb.randomSplit.mapePct, qPrintable(QString::number(xgb.grouped.mapePct)));
        QCOMPARE(models.first().id, QStringLiteral("median"));
    }

    // The product's path (what-if estimate with the shipped model) gives the harness's number
    // for a measured launch: the validation validated what users run.
    void productPathMatchesTheHarness()
    {
        const QString source = test::measuredCorpusDir() + "/cuda-samples/0_Introduction/vectorAdd";
        if (!QFileInfo::exists(source))
            QSKIP(test::upstreamMissing().constData());
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const GpuSpec& gpu = v100(library);
        const PowerModel* model = library.model("launch-activity");
        QVERIFY(model);
        QCOMPARE(library.defaultModelFor("V100"), model);
        // Since issue 46 the physical model's constants are the data sheet's, corrected: on the
        // K20's public data its held-out error (18.0 %) is above launch-activity's (17.8 %).
        QCOMPARE(library.defaultModelFor("K20")->id(), QStringLiteral("launch-activity"));
        QVERIFY(!library.model("physical")->isDefaultFor("k20"));
        QCOMPARE(library.defaultModelFor("gtx280")->id(), QStringLiteral("jos13"));

        MeasuredLaunchTable table = readMeasuredLaunches(
            "source,kernel,grid,block,watts\ncuda-samples/0_Introduction/vectorAdd,vectorAdd,4096,256,60\n", "m.csv");
        const MeasuredFeatureSet features
            = analyseMeasuredLaunches(table, test::measuredCorpusDir(), gpu, test::parserOptions());
        QCOMPARE(features.rows.size(), 1);
        const double harness = activityWatts(model->parameters("v100"), features.rows.first().activity, 250);

        const ProjectIndex index = indexProject(loadProject({source}), test::parserOptions());
        const auto kernel = std::find_if(index.kernels.begin(), index.kernels.end(),
            [](const CatalogFunction& f) { return f.info.name == QLatin1String("vectorAdd"); });
        QVERIFY(kernel != index.kernels.end());
        WhatIfSettings settings;
        settings.gpuId = "v100";
        settings.modelId = "launch-activity";
        settings.allKernels.grid = LaunchExtent{4096, 1, 1};
        settings.allKernels.block = LaunchExtent{256, 1, 1};
        const KernelEstimateReport report = estimateKernelWhatIf(*kernel, *index.kernelIR(kernel->info.key), *model,
            gpu, library.energyModel(ModelLibrary::defaultEnergyModelId()), settings);
        QVERIFY2(report.estimate.hasEstimate(), qPrintable(report.estimate.noEstimate));
        QVERIFY(near(report.estimate.watts, harness, 1e-12));
        QVERIFY(report.estimate.activity);
        // The lines still say where the power goes: they sum to the kernel's.
        double lines = 0;
        for (const LineHeat& line : report.estimate.lines)
            lines += line.watts;
        QVERIFY(near(lines, report.estimate.watts, 1e-9));
    }

    // A measured GPU's numbers always carry their error: a model with parameters for one and
    // no validation figures is refused; other GPUs are free.
    void modelWithoutFiguresIsRefusedForMeasuredGpu()
    {
        QTemporaryDir dir;
        const QByteArray model = R"({"format": "slicewatt-model/1", "id": "%1", "form": "jos13",
            "provenance": {"source": "test"}, "intensity": {"min": 1, "max": 100},
            "gpus": {"%2": {"beta0": 50, "beta1": 10, "beta2": 0.2%3}}})";
        auto file = [&](const char* id, const char* gpu, const char* extra) {
            return QByteArray(model).replace("%1", id).replace("%2", gpu).replace("%3", extra);
        };
        test::writeFile(dir, "bare.json", file("bare-v100", "v100", ""));
        test::writeFile(dir, "other.json", file("bare-gtx280", "gtx280", ""));
        test::writeFile(dir, "validated.json",
            file("validated-v100", "v100",
                R"(, "validation": {"split": "leave-one-kernel-out", "grouped": {"mape_pct": 30, "rows": 85, "kernels": 19}})"));
        test::writeFile(
            dir, "broken.json", file("broken-v100", "v100", R"(, "validation": {"split": "leave-one-kernel-out"})"));
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({dir.path()}, errors);
        QVERIFY(!library.model("bare-v100"));
        QVERIFY(!library.model("broken-v100"));
        QVERIFY(library.model("bare-gtx280"));
        QVERIFY(library.model("validated-v100"));
        QCOMPARE(library.model("validated-v100")->accuracy("v100")->mapePct, 30.0);
        const QString all = errors.join('\n');
        QVERIFY2(all.contains("bare.json: refused") && all.contains("validate-measured"), qPrintable(all));
        QVERIFY2(all.contains("broken.json") && all.contains("\"grouped\" figures"), qPrintable(all));
    }

    // "62.8 W ±15 %": the table, JSON, CSV and SARIF of a measured GPU say the model's grouped
    // error; the published models say they are not validated here.
    void expectedErrorInEveryOutput()
    {
        const double committed = committedModel()
                                     .value("gpus")
                                     .toObject()
                                     .value("v100")
                                     .toObject()
                                     .value("validation")
                                     .toObject()
                                     .value("grouped")
                                     .toObject()
                                     .value("mape_pct")
                                     .toDouble();
        QVERIFY(committed > 0);
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "saxpy.cu", kSaxpyLoop);
        const QStringList launch = {"--gpu", "V100", "--grid", "640", "--block", "256"};
        const test::CliResult json = runCli(QStringList{"analyze", path, "-f", "json"} + launch);
        QCOMPARE(json.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(root.value("model").toString(), QStringLiteral("launch-activity")); // V100's default
        QCOMPARE(root.value("expected_error_pct").toDouble(), committed);
        QVERIFY(root.value("accuracy").toString().contains("leave-one-kernel-out"));
        const QJsonObject kernel = root.value("kernels").toArray().first().toObject();
        QCOMPARE(kernel.value("expected_error_pct").toDouble(), committed);
        QVERIFY(kernel.value("power_w").toDouble() > 0);

        const test::CliResult table = runCli(QStringList{"analyze", path} + launch);
        const QString rounded = QStringLiteral("±%1 %").arg(std::round(committed));
        QVERIFY2(table.out.contains(rounded.toUtf8()), table.out.constData());
        QVERIFY(table.out.contains("typical error"));
        const test::CliResult csv = runCli(QStringList{"analyze", path, "-f", "csv"} + launch);
        // The expected error, then the band it gives the kernel's power (issue 34).
        const QList<QByteArray> header = csv.out.split('\n').first().split(',');
        const qsizetype errorColumn = header.indexOf("expected_error_pct");
        QVERIFY(errorColumn > 0
            && header.mid(errorColumn + 1) == QList<QByteArray>({"power_low_w", "power_high_w", "launch_site"}));
        const QList<QByteArray> row = csv.out.split('\n').at(1).split(',');
        QCOMPARE(row.at(errorColumn), QString::number(committed, 'f', 2).toUtf8());
        const double watts = kernel.value("power_w").toDouble();
        QVERIFY(row.at(errorColumn + 1).toDouble() < watts && watts < row.at(errorColumn + 2).toDouble());
        const test::CliResult sarif = runCli(QStringList{"analyze", path, "-f", "sarif"} + launch);
        const QJsonObject result = QJsonDocument::fromJson(sarif.out)
                                       .object()
                                       .value("runs")
                                       .toArray()
                                       .first()
                                       .toObject()
                                       .value("results")
                                       .toArray()
                                       .first()
                                       .toObject();
        QVERIFY(result.value("message").toObject().value("text").toString().contains(rounded));
        QCOMPARE(result.value("properties").toObject().value("expected_error_pct").toDouble(), committed);

        const test::CliResult published
            = runCli({"analyze", path, "-f", "json", "--gpu", "gtx280", "--grid", "60", "--block", "256"});
        const QJsonObject gtx = QJsonDocument::fromJson(published.out).object();
        QCOMPARE(gtx.value("model").toString(), QStringLiteral("jos13"));
        QVERIFY(gtx.value("expected_error_pct").isNull());
        QVERIFY(gtx.value("accuracy").toString().startsWith("not validated"));
    }

    // The command on a minimal-form CSV over sources written here: figures per model, rows
    // with features, a clear message for rows it cannot use.
    void validateMeasuredCommand()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "corpus/saxpy/saxpy.cu", kSaxpyLoop);
        test::writeFile(dir, "corpus/copy/copy.cu", R"(
__global__ void copy(float* out, const float* in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}
)");
        test::writeFile(dir, "corpus/scale/scale.cu", R"(
__global__ void scale(float* out, const float* in, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = i; k < n; k += blockDim.x * gridDim.x)
        out[k] = s * in[k] * in[k] + 1.0f;
}
)");
        QByteArray rows = "source,kernel,grid,block,watts,trips\n";
        const char* kernels[][2] = {{"saxpy", "saxpyLoop"}, {"copy", "copy"}, {"scale", "scale"}};
        for (int k = 0; k < 3; ++k) {
            for (int g = 1; g <= 4096; g *= 4)
                rows += QStringLiteral("%1,%2,%3,256,%4,8\n")
                            .arg(kernels[k][0], kernels[k][1])
                            .arg(g)
                            .arg(40 + 20 * k + 10 * std::log10(g))
                            .toUtf8();
        }
        rows += "missing,gone,64,64,50\nsaxpy,noSuchKernel,64,64,50\ncopy,copy,0,64,50\n";
        const QString csv = test::writeFile(dir, "mine.csv", rows);
        const test::CliResult table = runCli(
            {"validate-measured", csv, "--gpu", "v100", "--corpus", dir.filePath("corpus"), "--wnn-epochs", "0"});
        QVERIFY2(table.exitCode == 0, table.err.constData());
        for (const char* model : {"median (baseline)", "launch-linear (baseline)", "jos13", "launch-activity"})
            QVERIFY2(table.out.contains(model), table.out.constData());
        QVERIFY(table.out.contains("random-split"));
        QVERIFY2(table.err.contains("mine.csv:25") && table.err.contains("positive grid"), table.err.constData());

        const test::CliResult json = runCli({"validate-measured", csv, "--gpu", "v100", "--corpus",
            dir.filePath("corpus"), "--wnn-epochs", "0", "-f", "json"});
        const QJsonObject gpu = QJsonDocument::fromJson(json.out).object().value("gpus").toArray().first().toObject();
        QCOMPARE(gpu.value("rows").toArray().size(), 21);
        const QStringList leftOut = gpu.value("left_out").toVariant().toStringList();
        QVERIFY2(leftOut.join('\n').contains("missing: not found"), qPrintable(leftOut.join('\n')));
        QVERIFY2(leftOut.join('\n').contains("noSuchKernel has no readable body"), qPrintable(leftOut.join('\n')));
        const QJsonObject row = gpu.value("rows").toArray().first().toObject();
        QVERIFY(row.value("features").toObject().contains("estimated_s"));
        const QJsonObject activity = row.value("predictions").toObject().value("launch-activity").toObject();
        QVERIFY(activity.contains("grouped_w"));
        QCOMPARE(activity.value("grouped_ape_pct").toDouble(),
            std::abs(activity.value("grouped_w").toDouble() - row.value("measured_w").toDouble())
                / row.value("measured_w").toDouble() * 100);
        QCOMPARE(
            gpu.value("models").toArray().first().toObject().value("grouped").toObject().value("kernels").toInt(), 3);

        // The same input gives the same output: fixed seeds, fixed order.
        const test::CliResult again = runCli({"validate-measured", csv, "--gpu", "v100", "--corpus",
            dir.filePath("corpus"), "--wnn-epochs", "0", "-f", "json"});
        QCOMPARE(again.out, json.out);

        // No GPU by that name; a file that is not there.
        QCOMPARE(runCli({"validate-measured", csv, "--corpus", dir.filePath("corpus")}).exitCode, 2);
        const test::CliResult absent = runCli({"validate-measured", dir.filePath("nope.csv"), "--gpu", "v100"});
        QCOMPARE(absent.exitCode, 1);
        QVERIFY(absent.err.contains("nope.csv"));
    }
};

QTEST_GUILESS_MAIN(MeasuredValidationTest)
#include "test_measured_validation.moc"
