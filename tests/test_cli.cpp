// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// slicewatt-cli as users and CI scripts call it: outputs, exit codes, atomic writes.
#include "Near.h"
#include "PdfText.h"
#include "TestSupport.h"
#include "TreeFingerprint.h"
#include "calibration/LocalGpu.h"
#include "export/DisplayNumbers.h"
#include "model/ModelLibrary.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include <cmath>

using namespace slicewatt;

namespace {

using test::CliResult;
using test::runCli;

using test::treeFingerprint;

QJsonObject findKernel(const QJsonArray& kernels, const QString& name)
{
    for (const QJsonValue& v : kernels) {
        if (v.toObject().value("name").toString() == name)
            return v.toObject();
    }
    return {};
}

using test::pdfText;

// The fields of one CSV line (RFC 4180: a field in double quotes may hold commas and doubled
// quotes).
QStringList csvFields(const QString& line)
{
    QStringList fields;
    QString field;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted && c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
            field += c;
            ++i;
        } else if (c == QLatin1Char('"')) {
            quoted = !quoted;
        } else if (c == QLatin1Char(',') && !quoted) {
            fields << field;
            field.clear();
        } else {
            field += c;
        }
    }
    fields << field;
    return fields;
}

// The page (0-based) whose text holds `needle`, or -1.
int pageOf(const QStringList& pages, const QString& needle)
{
    for (int i = 0; i < pages.size(); ++i) {
        if (pages[i].contains(needle))
            return i;
    }
    return -1;
}

QByteArray fileStart(const QString& path, int bytes)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.read(bytes) : QByteArray();
}

// examples/imagepipe/EXPECTED_KERNELS.md: 13 kernels, 14 launch sites.
constexpr int kExampleKernelCount = 13;

} // namespace

class CliTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void helpAndVersion()
    {
        const CliResult help = runCli({"--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("kernels"));
        QVERIFY(help.out.contains("Exit status"));
        const CliResult version = runCli({"--version"});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.out.startsWith("slicewatt-cli "));
    }

    // Each usage error exits 2 with nothing on stdout and a message that names what was wrong.
    void usageErrorsExitWithTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("nothing") << QStringList{} << "Usage: slicewatt-cli COMMAND [OPTIONS] PATH...";
        QTest::newRow("unknown command") << QStringList{"frobnicate", "x"} << "unknown command 'frobnicate'";
        QTest::newRow("no inputs") << QStringList{"kernels"} << "kernels: no input: give folders, .cu files or a";
        QTest::newRow("bad format") << QStringList{"kernels", "--format", "xml", "x.cu"}
                                    << "unknown format 'xml' (expected table|json)";
        QTest::newRow("unknown option") << QStringList{"kernels", "--colour", "x.cu"} << "unknown option '--colour'";
        QTest::newRow("missing value") << QStringList{"kernels", "x.cu", "--format"} << "option --format needs a value";
        QTest::newRow("unknown gpu") << QStringList{"analyze", "--gpu", "rtx9090", "x.cu"}
                                     << "unknown GPU 'rtx9090' (known: gtx260, gtx280,";
        QTest::newRow("unknown model") << QStringList{"analyze", "--model", "magic", "x.cu"}
                                       << "unknown model 'magic' (known: jos13 (";
        QTest::newRow("model lacks gpu") << QStringList{"analyze", "--model", "jsw12", "--gpu", "gtx480",
            "x.cu"} << "model jsw12 has no parameters for gtx480 (it covers: gt200-6sm, gtx280)"; // sorted
        QTest::newRow("saturation out of range")
            << QStringList{"analyze", "--sa", "1.5", "x.cu"} << "--sa needs a number in [0, 1], got '1.5'";
        QTest::newRow("sa and grid") << QStringList{"analyze", "--sa", "0.5", "--grid", "4", "x.cu"}
                                     << "give either --sa or --grid/--block, not both";
        QTest::newRow("gpu option on kernels")
            << QStringList{"kernels", "--gpu", "gtx280", "x.cu"} << "kernels: unknown option '--gpu'";
        QTest::newRow("unknown architecture") << QStringList{"kernels", "--arch", "sm_99", "x.cu"}
                                              << "unknown architecture 'sm_99' (expected one of sm_50,";
        QTest::newRow("architecture not a name")
            << QStringList{"analyze", "--arch", "hopper", "x.cu"} << "unknown architecture 'hopper'";
        QTest::newRow("no jobs") << QStringList{"kernels", "--jobs", "0", "x.cu"}
                                 << "--jobs needs a number of files from 1 to 256, got '0'";
        QTest::newRow("jobs not a number") << QStringList{"kernels", "-j", "many", "x.cu"}
                                           << "--jobs needs a number of files from 1 to 256, got 'many'";
    }
    void usageErrorsExitWithTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const CliResult result = runCli(args);
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(QString::fromUtf8(result.err).contains(message), result.err.constData());
        QVERIFY(result.out.isEmpty());
    }

    void listsTheExampleProjectWithoutTouchingIt()
    {
        const QByteArray before = treeFingerprint(test::exampleDir());
        const CliResult result = runCli({"kernels", test::exampleDir(), "--format", "json"});
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(treeFingerprint(test::exampleDir()), before);

        const QJsonObject root = QJsonDocument::fromJson(result.out).object();
        QCOMPARE(root.value("error_count").toInt(), 0);
        const QJsonArray kernels = root.value("kernels").toArray();
        QCOMPARE(kernels.size(), kExampleKernelCount);
        for (const QJsonValue& v : kernels) {
            const QJsonObject k = v.toObject();
            QVERIFY(!k.value("name").toString().isEmpty());
            QVERIFY(k.value("file").toString().startsWith(test::exampleDir()));
            QVERIFY(k.value("line").toInt() > 0);
        }
        // Spot checks against examples/imagepipe/EXPECTED_KERNELS.md.
        const QJsonObject tonemap = findKernel(kernels, "tonemap");
        QCOMPARE(tonemap.value("line").toInt(), 77);
        const QJsonObject tonemapLaunch = tonemap.value("launches").toArray().at(0).toObject();
        QCOMPARE(tonemapLaunch.value("line").toInt(), 174);
        QCOMPARE(tonemapLaunch.value("grid").toArray(), (QJsonArray{1024, 1, 1}));
        QCOMPARE(tonemapLaunch.value("block").toArray(), (QJsonArray{256, 1, 1}));
        const QJsonObject equalize = findKernel(kernels, "equalizeApply").value("launches").toArray().at(0).toObject();
        QCOMPARE(equalize.value("shmem").toInt(), 1024);
        QVERIFY(equalize.value("grid").toArray().at(0).isNull()); // depends on the image size
        const QJsonObject reduce = findKernel(kernels, "reduceMinMax");
        QVERIFY(reduce.value("template").toBool());
        QCOMPARE(reduce.value("launches").toArray().size(), 2);
        QCOMPARE(findKernel(kernels, "synthesizeImage").value("qualified_name").toString(),
            QStringLiteral("synthesizeImage"));
        QCOMPARE(findKernel(kernels, "gaussianRows").value("qualified_name").toString(),
            QStringLiteral("imagepipe::gaussianRows"));
        int launches = 0;
        for (const QJsonValue& v : kernels)
            launches += v.toObject().value("launches").toArray().size();
        QCOMPARE(launches, 14);
    }

    void tableOutputIsReadable()
    {
        const CliResult result = runCli({"kernels", test::exampleDir()});
        QCOMPARE(result.exitCode, 0);
        const QString text = QString::fromUtf8(result.out);
        QVERIFY(text.startsWith("KERNEL"));
        QVERIFY(text.contains("src/"));
        QVERIFY(!text.contains(test::exampleDir())); // paths are shown relative to the input
        QVERIFY(text.contains(QStringLiteral("%1 kernels").arg(kExampleKernelCount)));
    }

    void compileDatabaseInputAndDroppedFlags()
    {
        QTemporaryDir dir;
        test::writeFile(dir, "src/k.cu",
            "#include \"defs.cuh\"\n__global__ void scaled(float* p) { p[threadIdx.x] *= SCALE; }\n"
            "void go(float* p) { scaled<<<GRID, 64>>>(p); }\n");
        test::writeFile(dir, "inc/defs.cuh", "#pragma once\n#define GRID 12\n");
        const QString db = test::writeFile(dir, "build/compile_commands.json",
            QStringLiteral(R"([{"directory": "%1/build",
  "command": "/usr/local/cuda/bin/nvcc -I../inc -DSCALE=2.0f -gencode arch=compute_80,code=sm_80 --expt-relaxed-constexpr -c ../src/k.cu -o k.o",
  "file": "../src/k.cu"}])")
                .arg(dir.path())
                .toUtf8());
        const CliResult result = runCli({"kernels", db, "--format", "json"});
        QCOMPARE(result.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(result.out).object();
        const QJsonObject kernel = findKernel(root.value("kernels").toArray(), "scaled");
        QCOMPARE(kernel.value("launches").toArray().at(0).toObject().value("grid").toArray().at(0).toInt(), 12);
        const QJsonArray dropped = root.value("dropped_flags").toArray();
        QVERIFY(dropped.contains(QJsonValue("-gencode arch=compute_80,code=sm_80")));
        QVERIFY(dropped.contains(QJsonValue("--expt-relaxed-constexpr")));
        QVERIFY(result.err.contains("ignored compiler flags"));
    }

    // A run on a real project with a broken file still did its job: exit 0, the errors on
    // stderr and per kernel in every output; --fail-on-errors makes CI fail on them.
    void errorsInTheCodeAreReportedAndFailOnlyWhenAsked()
    {
        QTemporaryDir dir;
        const QString bad = test::writeFile(dir, "bad.cu",
            "__global__ void k(float* p) { p[0] = undefinedThing; }\n"
            "int main() { k<<<1, 32>>>(0); }\n");
        test::writeFile(dir, "good.cu", "__global__ void g(float* p) { p[threadIdx.x] = 2.0f * p[0]; }\n");
        const CliResult result = runCli({"kernels", bad, "--format", "json"});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.err.contains("bad.cu:1:"));
        QCOMPARE(QJsonDocument::fromJson(result.out).object().value("kernels").toArray().size(), 1);
        QCOMPARE(runCli({"kernels", bad, "--fail-on-errors"}).exitCode, 1);
        QCOMPARE(runCli({"kernels", dir.filePath("good.cu"), "--fail-on-errors"}).exitCode, 0);

        const CliResult analysed = runCli({"analyze", dir.path(), "--format", "json"});
        QCOMPARE(analysed.exitCode, 0);
        for (const QJsonValue& value : QJsonDocument::fromJson(analysed.out).object().value("kernels").toArray()) {
            const QJsonObject kernel = value.toObject();
            QCOMPARE(kernel.value("unit_errors").toInt(), kernel.value("name").toString() == "k" ? 1 : 0);
        }
        const CliResult table = runCli({"analyze", bad});
        QVERIFY(table.out.contains("[read from a file with 1 errors]"));
        const CliResult slices = runCli({"slices", bad, "--format", "json"});
        QCOMPARE(QJsonDocument::fromJson(slices.out)
                     .object()
                     .value("kernels")
                     .toArray()
                     .at(0)
                     .toObject()
                     .value("unit_errors"),
            QJsonValue(1));
        QCOMPARE(runCli({"analyze", bad, "--fail-on-errors", "--format", "sarif"}).exitCode, 1);
    }

    void outputFileIsWrittenAtomically()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("kernels.json");
        QFile existing(out);
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.write("previous");
        existing.close();
        const CliResult ok = runCli({"kernels", test::exampleDir(), "-f", "json", "-o", out});
        QCOMPARE(ok.exitCode, 0);
        QVERIFY(ok.out.isEmpty());
        QFile written(out);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(written.readAll()).isObject());

        const CliResult failed = runCli({"kernels", test::exampleDir(), "-o", dir.filePath("no/such/dir/out.txt")});
        QCOMPARE(failed.exitCode, 1);
        QVERIFY(failed.err.contains("cannot write"));
        QVERIFY(!QFile::exists(dir.filePath("no/such/dir/out.txt")));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"kernels.json"}); // no temporary left over
    }

    void analyzeJsonHasTheDocumentedShape()
    {
        const CliResult result
            = runCli({"analyze", test::exampleDir(), "--gpu", "GTX 480", "--time", "0.5", "-f", "json"});
        QCOMPARE(result.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(result.out).object();
        QCOMPARE(root.value("gpu").toString(), QStringLiteral("gtx480"));
        QCOMPARE(root.value("model").toString(), QStringLiteral("jos13"));
        const QJsonArray kernels = root.value("kernels").toArray();
        QCOMPARE(kernels.size(), kExampleKernelCount);
        for (const QJsonValue& v : kernels) {
            const QJsonObject k = v.toObject();
            for (const char* key : {"name", "file", "line", "class", "saturation", "power_w", "energy_j", "intensity",
                     "slices", "hot_lines", "assumptions"})
                QVERIFY2(k.contains(key), key);
            QVERIFY(k.value("class").toString() == "sparse" || k.value("class").toString() == "dense");
            QVERIFY(k.value("power_w").toDouble() > 0);
            QCOMPARE(k.value("energy_j").toDouble(), k.value("power_w").toDouble() * 0.5);
            double heat = 0;
            for (const QJsonValue& h : k.value("hot_lines").toArray())
                heat += h.toObject().value("heat_w").toDouble();
            QVERIFY(qAbs(heat - k.value("power_w").toDouble()) < 1e-6);
            // The model's formula at each slice's operating point, with the paper's GTX 480
            // figures (JoS13 table: beta0 98.7 W, beta1 102.3 W, beta2 0.15): P_i = beta0·Sa +
            // beta1·A_i^beta2; a sparse kernel's power is BSPM's Σ P_i·|C_i| / L (METHOD §5).
            const double sa = k.value("saturation").toDouble();
            double weighted = 0;
            double length = 0;
            for (const QJsonValue& s : k.value("slices").toArray()) {
                const QJsonObject slice = s.toObject();
                for (const char* key : {"space", "length", "arith", "mem", "intensity", "power_w", "lines"})
                    QVERIFY2(slice.contains(key), key);
                QVERIFY(slice.value("mem").toObject().contains("texture"));
                const double byHand = 98.7 * sa + 102.3 * std::pow(slice.value("intensity").toDouble(), 0.15);
                QVERIFY2(test::near(slice.value("power_w").toDouble(), byHand, 1e-9),
                    qPrintable(k.value("name").toString() + " " + slice.value("space").toString()));
                weighted += slice.value("power_w").toDouble() * slice.value("length").toDouble();
                length += slice.value("length").toDouble();
            }
            if (k.value("class").toString() == "sparse") {
                QVERIFY(length > 0);
                QVERIFY2(test::near(k.value("power_w").toDouble(), weighted / length, 1e-9),
                    qPrintable(k.value("name").toString()));
            }
        }
        // Without --time there is no energy.
        const CliResult noTime = runCli({"analyze", test::exampleDir(), "--gpu", "gtx280", "-f", "json"});
        QVERIFY(QJsonDocument::fromJson(noTime.out)
                    .object()
                    .value("kernels")
                    .toArray()
                    .at(0)
                    .toObject()
                    .value("energy_j")
                    .isNull());
    }

    // --arch picks the device code read in files that test __CUDA_ARCH__: the tiled
    // (shared memory) body for sm_80 and later, the naive global loop before; every output
    // names the architecture, and kernels whose code tests it say so.
    void archOptionChoosesTheDeviceCodeRead()
    {
        const QString file = test::corpusDir() + "/rules/cuda_arch_device_code.cu";
        auto spacesOf = [](const QByteArray& json) {
            QStringList spaces;
            const QJsonObject root = QJsonDocument::fromJson(json).object();
            for (const QJsonValue& s : root.value("kernels").toArray().first().toObject().value("slices").toArray())
                spaces << s.toObject().value("space").toString();
            return spaces;
        };
        const CliResult hopper = runCli({"analyze", file, "-f", "json"});
        QCOMPARE(hopper.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(hopper.out).object();
        QCOMPARE(root.value("cuda_arch").toString(), QStringLiteral("sm_90"));
        QCOMPARE(root.value("kernels").toArray().first().toObject().value("read_for_arch").toString(),
            QStringLiteral("sm_90"));
        QCOMPARE(spacesOf(hopper.out), (QStringList{"global", "shared"}));

        const CliResult volta = runCli({"analyze", file, "--arch", "sm_70", "-f", "json"});
        QCOMPARE(volta.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(volta.out).object().value("cuda_arch").toString(), QStringLiteral("sm_70"));
        QCOMPARE(spacesOf(volta.out), QStringList{"global"});

        const CliResult table = runCli({"analyze", file, "--arch", "compute_80"});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("device code for sm_80"));
        QVERIFY(table.out.contains("[read for sm_80 (its code tests __CUDA_ARCH__)]"));
        const CliResult kernels = runCli({"kernels", file, "--arch", "sm_120", "-f", "json"});
        QCOMPARE(QJsonDocument::fromJson(kernels.out).object().value("cuda_arch").toString(), QStringLiteral("sm_120"));

        // Without --arch, device code is read as the chosen GPU compiles it (issue 47): the V100's
        // 7.0 takes the naive loop; an A100's 8.0 the tiled body; the GTX 280's 1.3 is older than
        // any architecture read, so sm_50 (said on stderr); --arch still wins.
        const CliResult v100 = runCli({"analyze", file, "--gpu", "v100", "-f", "json"});
        QCOMPARE(QJsonDocument::fromJson(v100.out).object().value("cuda_arch").toString(), QStringLiteral("sm_70"));
        QCOMPARE(spacesOf(v100.out), QStringList{"global"});
        const CliResult a100 = runCli({"analyze", file, "--gpu", "a100", "-f", "json"});
        QCOMPARE(QJsonDocument::fromJson(a100.out).object().value("cuda_arch").toString(), QStringLiteral("sm_80"));
        QCOMPARE(spacesOf(a100.out), (QStringList{"global", "shared"}));
        const CliResult gt200 = runCli({"analyze", file, "--gpu", "gtx280", "-f", "json"});
        QCOMPARE(QJsonDocument::fromJson(gt200.out).object().value("cuda_arch").toString(), QStringLiteral("sm_50"));
        QVERIFY2(gt200.err.contains("compute capability 1.3 is read as sm_50"), gt200.err.constData());
        const CliResult chosen = runCli({"analyze", file, "--gpu", "v100", "--arch", "sm_90", "-f", "json"});
        QCOMPARE(QJsonDocument::fromJson(chosen.out).object().value("cuda_arch").toString(), QStringLiteral("sm_90"));
    }

    // Without --gpu the CLI predicts, as the app's first run does, for the GPU NVML sees here,
    // else the H200 with its default model, and says so on stderr (issue 34).
    void analyzeWithoutGpuPredictsForToday()
    {
        const CliResult run = runCli({"analyze", test::exampleDir(), "-f", "json"});
        QCOMPARE(run.exitCode, 0);
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        const QString local = localGpuId(library.gpus());
        const QString expected = local.isEmpty() ? kCurrentDataCentreGpu : local;
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(root.value("gpu").toString(), expected);
        QCOMPARE(root.value("model").toString(), library.defaultModelFor(expected)->id());
        QVERIFY2(run.err.contains("no --gpu: predicting for the " + library.gpus().find(expected)->name.toUtf8()),
            run.err.constData());
        // Given, it is used and nothing is said.
        const CliResult given = runCli({"analyze", test::exampleDir(), "--gpu", "gtx280", "-f", "json"});
        QCOMPARE(QJsonDocument::fromJson(given.out).object().value("gpu").toString(), QStringLiteral("gtx280"));
        QVERIFY(!given.err.contains("no --gpu"));
    }

    void analyzeWhatIfLaunchChangesSaturation()
    {
        const auto saturationOf = [](const QByteArray& json, const QString& kernel) {
            for (const QJsonValue& v : QJsonDocument::fromJson(json).object().value("kernels").toArray()) {
                if (v.toObject().value("name").toString() == kernel)
                    return v.toObject().value("saturation").toDouble();
            }
            return -1.0;
        };
        const CliResult few
            = runCli({"analyze", test::exampleDir(), "--gpu", "gtx280", "--grid", "6", "--block", "128", "-f", "json"});
        QCOMPARE(few.exitCode, 0);
        QCOMPARE(saturationOf(few.out, "imagepipe::tonemap"), 6.0 / 30.0);
        const CliResult sa = runCli({"analyze", test::exampleDir(), "--gpu", "gtx280", "--sa", "0.5", "-f", "json"});
        QCOMPARE(saturationOf(sa.out, "imagepipe::tonemap"), 0.5);
        // A launch the GPU cannot run is refused with its limit, never clamped: 1024 threads run
        // on a GTX 480 (compute capability 2.0), not on a GTX 280 (1.3: 512); 4096 on neither.
        QCOMPARE(runCli({"analyze", test::exampleDir(), "--gpu", "gtx480", "--block", "1024"}).exitCode, 0);
        const CliResult gt200 = runCli({"analyze", test::exampleDir(), "--gpu", "gtx280", "--block", "1024"});
        QCOMPARE(gt200.exitCode, 2);
        QVERIFY2(
            gt200.err.contains("1024 threads per block: GeForce GTX 280 (compute capability 1.3) runs at most 512"),
            gt200.err.constData());
        const CliResult huge = runCli({"analyze", test::exampleDir(), "--gpu", "gtx480", "--block", "4096"});
        QCOMPARE(huge.exitCode, 2);
        QVERIFY2(huge.err.contains("runs at most 1024 per block"), huge.err.constData());
        const CliResult grid = runCli({"analyze", test::exampleDir(), "--gpu", "gtx480", "--grid", "70000"});
        QCOMPARE(grid.exitCode, 2);
        QVERIFY2(grid.err.contains("70000 blocks in the grid's x dimension"), grid.err.constData());
        QCOMPARE(runCli({"analyze", test::exampleDir(), "--gpu", "v100", "--grid", "70000"}).exitCode, 0);
        // In two and three dimensions (issue 47): 6 × 2 blocks are 12 (of the GTX 280's 30 SMs);
        // 70000 in y, 65 threads in z and a malformed shape are refused with the reason.
        const CliResult twoD = runCli(
            {"analyze", test::exampleDir(), "--gpu", "gtx280", "--grid", "6x2", "--block", "16x8", "-f", "json"});
        QCOMPARE(twoD.exitCode, 0);
        QCOMPARE(saturationOf(twoD.out, "imagepipe::tonemap"), 12.0 / 30.0);
        const CliResult tallGrid = runCli({"analyze", test::exampleDir(), "--gpu", "v100", "--grid", "1x70000"});
        QCOMPARE(tallGrid.exitCode, 2);
        QVERIFY2(tallGrid.err.contains("a grid of 1x70000 blocks") && tallGrid.err.contains("65535 in y and in z"),
            tallGrid.err.constData());
        const CliResult deep = runCli({"analyze", test::exampleDir(), "--gpu", "v100", "--block", "2x2x65"});
        QCOMPARE(deep.exitCode, 2);
        QVERIFY2(deep.err.contains("64 in z"), deep.err.constData());
        const CliResult malformed = runCli({"analyze", test::exampleDir(), "--gpu", "v100", "--grid", "4x"});
        QCOMPARE(malformed.exitCode, 2);
        QVERIFY2(malformed.err.contains("--grid '4x': each size is a whole number"), malformed.err.constData());
    }

    void analyzeTakesTripCountsAndBranchProbabilitiesByLine()
    {
        const QString fig6 = test::corpusDir() + "/slices/br_jsw12_branch_dense.cu";
        const auto globalSlice = [](const QByteArray& json) {
            return QJsonDocument::fromJson(json)
                .object()
                .value("kernels")
                .toArray()
                .at(0)
                .toObject()
                .value("slices")
                .toArray()
                .at(0)
                .toObject();
        };
        const CliResult defaults = runCli({"analyze", fig6, "-f", "json"});
        const CliResult measured = runCli(
            {"analyze", fig6, "-f", "json", "--branch", "41=0.157/0.843,42=0.99363/0.00637", "--delta", "0.002"});
        QCOMPARE(measured.exitCode, 0);
        QCOMPARE(
            globalSlice(measured.out).value("length").toInt(), globalSlice(defaults.out).value("length").toInt() - 1);
        const CliResult bad = runCli({"analyze", fig6, "--branch", "41=0.3/0.3"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("summing to 1"));

        // mem_dot_param.cu's hand computation: the grid-stride loop of line 28 defaults to 10
        // trips (its bound n is a parameter), so the global slice executes 10·4 + 10·2 + 1 = 61
        // arithmetic operations and 10·2 + 1 = 21 global accesses per thread; with --trips
        // 28=1000 it is 1000·4 + 1000·2 + 1 = 6001 and 1000·2 + 1 = 2001, and the loop is no
        // longer an assumption.
        const QString dot = test::corpusDir() + "/slices/mem_dot_param.cu";
        const auto kernelOf = [](const QByteArray& json) {
            return QJsonDocument::fromJson(json).object().value("kernels").toArray().at(0).toObject();
        };
        const auto loopAssumptions = [](const QJsonObject& kernel) {
            int loops = 0;
            for (const QJsonValue& a : kernel.value("assumptions").toArray())
                loops += a.toObject().value("kind").toString() == "loop" && a.toObject().value("line").toInt() == 28;
            return loops;
        };
        const CliResult assumed = runCli({"analyze", dot, "-f", "json"});
        QCOMPARE(assumed.exitCode, 0);
        const QJsonObject before = kernelOf(assumed.out);
        QVERIFY(before.value("assumptions").isArray());
        QCOMPARE(loopAssumptions(before), 1);
        const QJsonObject beforeSlice = before.value("slices").toArray().at(0).toObject();
        QCOMPARE(beforeSlice.value("arith").toInt(), 61);
        QCOMPARE(beforeSlice.value("mem").toObject().value("global").toInt(), 21);

        const CliResult trips = runCli({"analyze", dot, "-f", "json", "--trips", "28=1000"});
        QCOMPARE(trips.exitCode, 0);
        const QJsonObject after = kernelOf(trips.out);
        QVERIFY(after.value("assumptions").isArray()); // present, and without the loop: the user gave the count
        QCOMPARE(loopAssumptions(after), 0);
        const QJsonObject afterSlice = after.value("slices").toArray().at(0).toObject();
        QCOMPARE(afterSlice.value("arith").toInt(), 6001);
        QCOMPARE(afterSlice.value("mem").toObject().value("global").toInt(), 2001);
    }

    // The CSV is the JSON's slices row by row: one row per slice of each kernel in order, or one
    // "none" row for a kernel without an estimate, each field the JSON's value.
    void analyzeCsvHasOneRowPerSlice()
    {
        const QStringList options{"analyze", test::exampleDir(), "--gpu", "gtx480", "--time", "0.5"};
        const CliResult csv = runCli(options + QStringList{"-f", "csv"});
        const CliResult json = runCli(options + QStringList{"-f", "json"});
        QCOMPARE(csv.exitCode, 0);
        QCOMPARE(json.exitCode, 0);
        const QStringList lines = QString::fromUtf8(csv.out).split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.first().startsWith("kernel,file,line,class,saturation,kernel_power_w"));
        const QStringList header = csvFields(lines.first());
        const auto column = [&](const QString& name) { return int(header.indexOf(name)); };
        for (const char* name :
            {"kernel", "file", "line", "class", "kernel_power_w", "energy_j", "space", "length", "arith", "mem_global",
                "mem_shared", "mem_constant", "mem_texture", "intensity", "slice_power_w", "share"})
            QVERIFY2(column(name) >= 0, name);
        int row = 1;
        int slices = 0;
        for (const QJsonValue& v : QJsonDocument::fromJson(json.out).object().value("kernels").toArray()) {
            const QJsonObject k = v.toObject();
            const QJsonArray kernelSlices = k.value("slices").toArray();
            QVERIFY2(!kernelSlices.isEmpty(), "every kernel of the example has an estimate on the GTX 480");
            for (const QJsonValue& sv : kernelSlices) {
                const QJsonObject slice = sv.toObject();
                QVERIFY2(row < lines.size(), "the CSV ends before the JSON's slices do");
                const QStringList f = csvFields(lines[row]);
                QCOMPARE(f.size(), header.size());
                const QString where = QStringLiteral("CSV row %1 (%2, %3)")
                                          .arg(row)
                                          .arg(k.value("name").toString(), slice.value("space").toString());
                const auto number = [&](const char* name) { return f[column(name)].toDouble(); };
                QVERIFY2(f[column("kernel")] == k.value("name").toString(), qPrintable(where));
                QVERIFY2(f[column("file")] == k.value("file").toString(), qPrintable(where));
                QVERIFY2(f[column("line")].toInt() == k.value("line").toInt(), qPrintable(where));
                QVERIFY2(f[column("class")] == k.value("class").toString(), qPrintable(where));
                QVERIFY2(f[column("space")] == slice.value("space").toString(), qPrintable(where));
                QVERIFY2(f[column("length")].toInt() == slice.value("length").toInt(), qPrintable(where));
                QVERIFY2(number("arith") == slice.value("arith").toDouble(), qPrintable(where));
                const QJsonObject mem = slice.value("mem").toObject();
                for (const char* space : {"global", "shared", "constant", "texture"})
                    QVERIFY2(number(qPrintable(QStringLiteral("mem_") + space)) == mem.value(space).toDouble(),
                        qPrintable(where + " " + space));
                // Printed to 3 decimals (W) and 4 (energy, share), 6 significant digits (intensity).
                QVERIFY2(std::abs(number("kernel_power_w") - k.value("power_w").toDouble()) <= 5e-4, qPrintable(where));
                QVERIFY2(
                    std::abs(number("slice_power_w") - slice.value("power_w").toDouble()) <= 5e-4, qPrintable(where));
                QVERIFY2(std::abs(number("energy_j") - k.value("energy_j").toDouble()) <= 5e-5, qPrintable(where));
                QVERIFY2(std::abs(number("share") - slice.value("share").toDouble()) <= 5e-5, qPrintable(where));
                QVERIFY2(test::near(number("intensity"), slice.value("intensity").toDouble(), 1e-5), qPrintable(where));
                ++row;
                ++slices;
            }
            // A kernel launched at several sites: one `launch` row per site, as the JSON lists them.
            const QJsonArray launches = k.value("launches").toArray();
            for (int i = 0; launches.size() > 1 && i < launches.size(); ++i) {
                const QJsonObject site = launches[i].toObject();
                QVERIFY2(row < lines.size(), "the CSV ends before the JSON's launch sites do");
                const QStringList f = csvFields(lines[row]);
                QCOMPARE(f.size(), header.size());
                QCOMPARE(f[column("kernel")], k.value("name").toString());
                QCOMPARE(f[column("space")],
                    site.value("chosen").toBool() ? QStringLiteral("launch (chosen)") : QStringLiteral("launch"));
                QCOMPARE(f[column("launch_site")],
                    QStringLiteral("%1:%2").arg(site.value("file").toString()).arg(site.value("line").toInt()));
                QVERIFY(
                    std::abs(f[column("energy_per_launch_j")].toDouble() - site.value("energy_per_launch_j").toDouble())
                    <= 1e-5 * site.value("energy_per_launch_j").toDouble());
                ++row;
            }
        }
        QCOMPARE(row, int(lines.size())); // no row the JSON lacks
        QVERIFY(slices > kExampleKernelCount);
    }

    // Calibration round trip: measured points → fit → model file → analyze with it.
    void fitWritesAModelThatAnalyzeUses()
    {
        QTemporaryDir dir;
        QByteArray csv = "# GTX 280 surface sampled at exact points\nsaturation,intensity,watts\n";
        const double points[][2]
            = {{0.3, 8}, {0.5, 20}, {0.7, 90}, {1.0, 300}, {0.4, 1500}, {0.9, 8000}, {0.6, 50}, {0.8, 700}};
        for (const auto& p : points)
            csv += QByteArray::number(p[0]) + ',' + QByteArray::number(p[1]) + ','
                + QByteArray::number(95.0 * p[0] + 46.7 * std::pow(p[1], 0.2), 'g', 12) + '\n';
        const QString data = test::writeFile(dir, "lab.csv", csv);
        const QString model = dir.filePath("models/lab280.json");
        QDir().mkpath(dir.filePath("models"));
        const CliResult fit = runCli({"fit", data, "--gpu", "gtx280", "--id", "lab280", "-o", model});
        QCOMPARE(fit.exitCode, 0);
        QVERIFY(fit.out.contains("converged"));
        QFile file(model);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject written = QJsonDocument::fromJson(file.readAll()).object();
        const QJsonObject beta = written.value("gpus").toObject().value("gtx280").toObject();
        QVERIFY(qAbs(beta.value("beta0").toDouble() - 95.0) < 1e-3);
        QVERIFY(qAbs(beta.value("beta2").toDouble() - 0.2) < 1e-6);
        QCOMPARE(written.value("provenance").toObject().value("samples").toInt(), 8);

        const CliResult jos13 = runCli({"analyze", test::exampleDir(), "--gpu", "gtx280", "--sa", "0.8", "-f", "json"});
        const CliResult lab = runCli({"analyze", test::exampleDir(), "--gpu", "gtx280", "--sa", "0.8", "-f", "json",
            "--models-dir", dir.filePath("models"), "--model", "lab280"});
        QCOMPARE(lab.exitCode, 0);
        const auto power = [](const QByteArray& json) {
            return QJsonDocument::fromJson(json)
                .object()
                .value("kernels")
                .toArray()
                .at(0)
                .toObject()
                .value("power_w")
                .toDouble();
        };
        QVERIFY(qAbs(power(lab.out) - power(jos13.out)) < 1e-3); // same surface, same numbers
    }

    void fitReportsMalformedCsvWithFileAndLine()
    {
        QTemporaryDir dir;
        const QString data = test::writeFile(dir, "bad.csv", "saturation,intensity,watts\n0.5,10,100\n0.7,abc,120\n");
        const CliResult result = runCli({"fit", data, "--gpu", "gtx280", "-o", dir.filePath("m.json")});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains("bad.csv:3:"), result.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("m.json")));
        const CliResult degenerate
            = runCli({"fit", test::writeFile(dir, "few.csv", "saturation,intensity,watts\n0.5,10,100\n"), "--gpu",
                "gtx280", "-o", dir.filePath("m.json")});
        QCOMPARE(degenerate.exitCode, 1);
        QVERIFY(degenerate.err.contains("needs at least 4 points"));
    }

    // A network trained on measurements over a grid of intensities and saturations predicts,
    // through analyze, what the measured board's surface gives inside that grid.
    void trainWnnOnMeasurementsWritesALoadableModel()
    {
        QTemporaryDir dir;
        // The lab's board: P = 40 + 80·Sa + 10·A^0.2 W, measured at 6 intensities × 4 saturations
        // (a grid: points along one line would leave the surface off it unknown).
        const auto truthW
            = [](double intensity, double saturation) { return 40 + 80 * saturation + 10 * std::pow(intensity, 0.2); };
        QByteArray csv = "intensity,saturation,lines,gpu,watts\n";
        for (const double intensity : {8.0, 16.0, 32.0, 64.0, 128.0, 192.0}) {
            for (const double saturation : {0.25, 0.5, 0.75, 1.0})
                csv += QByteArray::number(intensity) + ',' + QByteArray::number(saturation) + ",10,lab1080,"
                    + QByteArray::number(truthW(intensity, saturation)) + '\n';
        }
        const QString data = test::writeFile(dir, "lab.csv", csv);
        QDir().mkpath(dir.filePath("models"));
        const CliResult train = runCli(
            {"train-wnn", data, "--epochs", "300", "--id", "labnet", "-o", dir.filePath("models/labnet.json")});
        QCOMPARE(train.exitCode, 0);
        QVERIFY(train.out.contains("trained on 24 samples"));
        test::writeFile(dir, "models/gpus-lab.json",
            "{\"format\": \"slicewatt-gpus/1\", \"gpus\": [{\"id\": \"lab1080\", \"sms\": 20, \"limits_per_sm\": "
            "{\"threads\": 2048, \"blocks\": 32}}]}");
        // One global slice of 20 multiply-adds (40 arithmetic operations) per load and store:
        // intensity 40 / 2 = 20, inside the measured 8 to 192.
        QByteArray kernel = "__global__ void mix(float* p)\n{\n    float v = p[threadIdx.x];\n";
        for (int i = 0; i < 20; ++i)
            kernel += "    v = v * 1.1f + 2.0f;\n";
        kernel += "    p[threadIdx.x] = v;\n}\n";
        const QString source = test::writeFile(dir, "mix.cu", kernel);
        for (const double saturation : {0.3, 0.5, 0.8}) {
            const CliResult analyze = runCli({"analyze", source, "--models-dir", dir.filePath("models"), "--model",
                "labnet", "--gpu", "lab1080", "--sa", QString::number(saturation), "-f", "json"});
            QCOMPARE(analyze.exitCode, 0);
            const QJsonObject k
                = QJsonDocument::fromJson(analyze.out).object().value("kernels").toArray().at(0).toObject();
            QCOMPARE(k.value("slices").toArray().at(0).toObject().value("intensity").toDouble(), 20.0);
            const double watts = k.value("power_w").toDouble();
            const double expected = truthW(20, saturation);
            QVERIFY2(std::abs(watts - expected) < 0.05 * expected,
                qPrintable(
                    QStringLiteral("Sa %1: %2 W predicted, %3 W measured").arg(saturation).arg(watts).arg(expected)));
        }
        QCOMPARE(runCli({"train-wnn", "-o", dir.filePath("x.json")}).exitCode, 2); // neither a CSV nor --surfaces
    }

    void reportNeedsAnOutputFile()
    {
        const CliResult result = runCli({"report", test::exampleDir()});
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.err.contains("-o FILE.pdf"));
        QVERIFY(result.err.contains("usage: slicewatt-cli report"));
        QVERIFY(result.out.isEmpty());
        // The what-if options are analyze's, checked by the same parser.
        const CliResult both = runCli({"report", test::exampleDir(), "-o", "x.pdf", "--sa", "0.5", "--grid", "4"});
        QCOMPARE(both.exitCode, 2);
        QVERIFY(both.err.contains("give either --sa or --grid/--block, not both"));
        QVERIFY(!QFile::exists("x.pdf"));
    }

    void reportShowsTheAnalysisNumbersAndParameters()
    {
        QTemporaryDir dir;
        const QString pdf = dir.filePath("imagepipe.pdf");
        const QStringList whatIf{"--gpu", "gtx480", "--sa", "0.5", "--time", "0.25", "--delta", "0.02"};
        const CliResult result
            = runCli(QStringList{"report", test::exampleDir(), "-o", pdf, "--title", "Imagepipe review"} + whatIf);
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QVERIFY(result.out.isEmpty());
        QCOMPARE(fileStart(pdf, 4), QByteArray("%PDF"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"imagepipe.pdf"}); // no temporary left over

        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        const QString text = pdfText(pdf);
        QVERIFY(!text.isEmpty());
        QVERIFY(text.contains("Imagepipe review"));
        QVERIFY(text.contains("GTX 480"));
        QVERIFY(text.contains("0.5"));
        QVERIFY(text.contains("0.02"));
        const QStringList pages = text.split(QLatin1Char('\f'), Qt::SkipEmptyParts);
        QVERIFY2(pages.size() > kExampleKernelCount / 2, qPrintable(QString::number(pages.size())));

        // Every kernel by name, and its power as `analyze` computes it for the same options.
        const CliResult analysis = runCli(QStringList{"analyze", test::exampleDir(), "-f", "json"} + whatIf);
        QCOMPARE(analysis.exitCode, 0);
        const QJsonArray kernels = QJsonDocument::fromJson(analysis.out).object().value("kernels").toArray();
        QCOMPARE(kernels.size(), kExampleKernelCount);
        for (const QJsonValue& v : kernels) {
            const QJsonObject kernel = v.toObject();
            const QString name = kernel.value("name").toString().section("::", -1);
            QVERIFY2(text.contains(name), qPrintable(name));
            const double watts = kernel.value("power_w").toDouble();
            QVERIFY2(text.contains(formatNumber(watts, 4)) || text.contains(formatWatts(watts)),
                qPrintable(QStringLiteral("%1: %2 W").arg(name).arg(watts)));
        }
    }

    void reportContinuesLongKernelsOnTheNextPage()
    {
        QVERIFY2(test::popplerInstalled(), test::kPopplerMissing);
        QTemporaryDir dir;
        QByteArray source = "__global__ void longKernel(float* out, const float* in)\n{\n"
                            "    float acc = 0.0f;\n";
        for (int step = 1; step <= 240; ++step)
            source += "    acc += in[threadIdx.x + " + QByteArray::number(step) + "] * 0.5f; // marker"
                + QByteArray::number(step) + "x\n";
        source += "    out[threadIdx.x] = acc;\n}\n";
        const QString file = test::writeFile(dir, "long.cu", source);
        const QString pdf = dir.filePath("long.pdf");
        const CliResult result = runCli({"report", file, "-o", pdf});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QStringList pages = pdfText(pdf).split(QLatin1Char('\f'));
        const int first = pageOf(pages, "marker1x");
        const int last = pageOf(pages, "marker240x");
        QVERIFY(first >= 0);
        QVERIFY(last >= 0);
        QVERIFY2(last > first, qPrintable(QStringLiteral("pages %1 and %2").arg(first).arg(last)));
    }

    void reportWritesAtomically()
    {
        const CliResult missing = runCli({"report", test::exampleDir(), "-o", "/nonexistent-dir/x.pdf"});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("slicewatt-cli report: "));
        QVERIFY(missing.err.contains("x.pdf"));
        QVERIFY(!QFile::exists("/nonexistent-dir/x.pdf"));

        QTemporaryDir dir;
        const QString target = test::writeFile(dir, "out/report.pdf", "previous");
        // A usage error writes nothing.
        QCOMPARE(runCli({"report", test::exampleDir(), "-o", target, "--sa", "7"}).exitCode, 2);
        QCOMPARE(fileStart(target, 100), QByteArray("previous"));
        // A failed write leaves the old file (a read-only folder; root may write anyway).
        const QString folder = QFileInfo(target).absolutePath();
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        if (!QFileInfo(folder).isWritable()) {
            const CliResult failed = runCli({"report", test::exampleDir(), "-o", target});
            QCOMPARE(failed.exitCode, 1);
            QVERIFY(!failed.err.isEmpty());
            QCOMPARE(fileStart(target, 100), QByteArray("previous"));
            QCOMPARE(QDir(folder).entryList(QDir::Files), QStringList{"report.pdf"});
        }
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        // Success replaces it.
        const CliResult ok = runCli({"report", test::exampleDir(), "-o", target});
        QCOMPARE(ok.exitCode, 0);
        QCOMPARE(fileStart(target, 4), QByteArray("%PDF"));
        QCOMPARE(QDir(folder).entryList(QDir::Files), QStringList{"report.pdf"});
    }

    // Loading the same project twice gives the same bytes, in every format: nothing depends
    // on thread scheduling or hash order (Qt seeds QHash per process; the second run pins
    // another seed), and results served by the unit cache are written identically.
    void outputIsDeterministic_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("throughCache");
        const QString example = test::exampleDir();
        QTest::newRow("kernels json") << QStringList{"kernels", example, "-f", "json"} << false;
        QTest::newRow("slices json") << QStringList{"slices", example, "-f", "json"} << false;
        QTest::newRow("analyze csv") << QStringList{"analyze", example, "-f", "csv"} << false;
        QTest::newRow("analyze sarif") << QStringList{"analyze", example, "-f", "sarif"} << false;
        QTest::newRow("analyze json") << QStringList{"analyze", example, "-f", "json"} << true;
        QTest::newRow("corpus analyze json") << QStringList{"analyze", test::corpusDir(), "-f", "json"} << true;
    }

    void outputIsDeterministic()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, throughCache);
        const CliResult first = runCli(args);
        QProcessEnvironment otherSeed = QProcessEnvironment::systemEnvironment();
        otherSeed.insert(QStringLiteral("QT_HASH_SEED"), QStringLiteral("0"));
        const CliResult second = runCli(args, otherSeed);
        QVERIFY(first.out.size() > 200);
        QCOMPARE(second.exitCode, first.exitCode);
        QCOMPARE(second.out, first.out);
        QCOMPARE(second.err, first.err);
        // One file at a time (--jobs 1) reads the same as the default's several at once.
        const CliResult serial = runCli(args + QStringList{"--jobs", "1"});
        QCOMPARE(serial.out, first.out);
        if (!throughCache)
            return;

        // Through an on-disk cache: the run that fills it and the run it serves.
        QTemporaryDir cache;
        const CliResult cold = runCli(args + QStringList{"--cache-dir", cache.path()});
        QVERIFY(!QDir(cache.path()).entryList({QStringLiteral("*.unit")}, QDir::Files).isEmpty());
        const CliResult warm = runCli(args + QStringList{"--cache-dir", cache.path()});
        QCOMPARE(cold.out, first.out);
        QCOMPARE(warm.out, first.out);
        QCOMPARE(warm.err, first.err);
    }

    void cacheDirNeedsAFolder()
    {
        const CliResult result = runCli({"analyze", test::exampleDir(), "--cache-dir="});
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.err.contains("--cache-dir"));
    }
};

QTEST_GUILESS_MAIN(CliTest)
#include "test_cli.moc"
