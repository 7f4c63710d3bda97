// SPDX-License-Identifier: GPL-3.0-or-later
// Slices, counts, weights and branch classes against the hand computations beside each
// tests/corpus/slices/X.cu in X.slices.json (rules: resources/help/analysis-rules.md).
#include "ExpectComments.h"
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "export/SliceReportWriter.h"
#include "project/ProjectLoader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace slicewatt;

namespace {

QString number(double value)
{
    return QString::number(value, 'g', 10);
}

QString countsText(const QJsonObject& mem)
{
    return QStringLiteral("G%1 S%2 C%3 T%4")
        .arg(number(mem.value("global").toDouble()), number(mem.value("shared").toDouble()),
            number(mem.value("constant").toDouble()), number(mem.value("texture").toDouble()));
}

QStringList sortedStrings(const QJsonArray& array)
{
    QStringList list;
    for (const QJsonValue& v : array)
        list << v.toString();
    list.sort();
    return list;
}

QStringList statementTexts(const QJsonArray& statements)
{
    QStringList texts;
    for (const QJsonValue& v : statements) {
        const QJsonObject s = v.toObject();
        texts << QStringLiteral("line %1 w=%2 A=%3 %4 slices=%5")
                     .arg(s.value("line").toInt())
                     .arg(number(s.value("weight").toDouble()), QString::number(s.value("arith").toInt()),
                         countsText(s.value("mem").toObject()), sortedStrings(s.value("slices").toArray()).join(','));
    }
    return texts;
}

QStringList sliceTexts(const QJsonObject& slices)
{
    QStringList texts;
    for (const QString& space :
        {QStringLiteral("global"), QStringLiteral("shared"), QStringLiteral("constant"), QStringLiteral("texture")}) {
        const QJsonObject s = slices.value(space).toObject();
        texts << QStringLiteral("%1 |C|=%2 A=%3 %4")
                     .arg(space)
                     .arg(s.value("length").toInt())
                     .arg(number(s.value("arith").toDouble()), countsText(s.value("mem").toObject()));
    }
    return texts;
}

QStringList assumptionLines(const QJsonArray& assumptions)
{
    QStringList lines;
    for (const QJsonValue& v : assumptions)
        if (v.toObject().value("kind").toString() == "loop")
            lines << QStringLiteral("%1 %2")
                         .arg(v.toObject().value("kind").toString())
                         .arg(v.toObject().value("line").toInt());
    return lines;
}

// What the analysis says about one source line of a rule file, over every kernel of the file
// (an inlined helper's lines add up over its call sites).
QHash<QString, QString> lineFacts(const QVector<KernelSliceReport>& reports, const QString& path, int line)
{
    int statements = 0;
    double arithmetic = 0;
    InstructionCounts instructions;
    SpaceCounts accesses;
    SpaceCounts accessBytes;
    std::array<bool, kMemorySpaceCount> slices{};
    QStringList weights;
    QStringList probabilities;
    for (const KernelSliceReport& report : reports) {
        for (int i = 0; i < report.ir->statements.size(); ++i) {
            const Statement& statement = report.ir->statements[i];
            if (statement.location.line != line || QFileInfo(statement.location.file) != QFileInfo(path))
                continue;
            ++statements;
            arithmetic += statement.arithmetic;
            instructions += statement.instructions;
            for (MemorySpace space : kAllMemorySpaces) {
                accesses[space] += statement.accesses[space];
                accessBytes[space] += statement.accessBytes[space];
                slices[size_t(space)] = slices[size_t(space)] || report.slices.membership[i][size_t(space)];
            }
            const QString weight = number(report.slices.weights[i]);
            if (!weights.contains(weight))
                weights << weight;
            const QString probability = number(report.slices.probability[i]);
            if (!probabilities.contains(probability))
                probabilities << probability;
        }
    }
    static const char* const sliceNames[] = {"GM", "SHM", "CM", "TM"};
    QStringList sliceList;
    for (MemorySpace space : kAllMemorySpaces) {
        if (slices[size_t(space)])
            sliceList << QString::fromLatin1(sliceNames[size_t(space)]);
    }
    // "i.arith:2,f.sfu:1": the compute classes per execution (METHOD §9), in class order.
    static const char* const typeNames[] = {"i", "f", "d"};
    static const char* const classNames[] = {"arith", "div", "sfu", "other"};
    QStringList classList;
    for (int c = 0; c < kComputeClassCount; ++c) {
        if (instructions[c] != 0)
            classList << QStringLiteral("%1.%2:%3")
                             .arg(QLatin1String(typeNames[c / 4]), QLatin1String(classNames[c % 4]))
                             .arg(number(instructions[c]));
    }
    return {{"statements", QString::number(statements)}, {"A", number(arithmetic)},
        {"classes", classList.isEmpty() ? QStringLiteral("none") : classList.join(',')},
        {"global", number(accesses[MemorySpace::Global])}, {"bytes", number(accessBytes[MemorySpace::Global])},
        {"shared", number(accesses[MemorySpace::Shared])}, {"constant", number(accesses[MemorySpace::Constant])},
        {"texture", number(accesses[MemorySpace::Texture])},
        {"slices", sliceList.isEmpty() ? QStringLiteral("none") : sliceList.join(',')}, {"w", weights.join('|')},
        {"p", probabilities.join('|')}};
}

QHash<QString, QString> kernelFacts(const KernelSliceReport& report)
{
    return {{"decision_points", QString::number(report.slices.decisionPoints)},
        {"effective", QString::number(report.slices.effectiveStatements)},
        {"class", report.slices.dense ? QStringLiteral("dense") : QStringLiteral("sparse")}};
}

} // namespace

class SlicesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void corpusIsLargeEnough()
    {
        const QStringList files = QDir(test::corpusDir() + "/slices").entryList({"*.slices.json"});
        QVERIFY2(files.size() >= 17, qPrintable(QString::number(files.size())));
    }

    // tests/corpus/rules: each idiom's kernels with the hand-computed facts on the lines
    // they check (tests/corpus/rules/README.md).
    void rulesMatchTheExpectationsBesideTheCode_data()
    {
        QTest::addColumn<QString>("path");
        const QString dir = test::corpusDir() + "/rules";
        const QStringList files = QDir(dir).entryList({"*.cu"}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 9);
        for (const QString& file : files)
            QTest::newRow(qPrintable(file)) << dir + '/' + file;
    }

    void rulesMatchTheExpectationsBesideTheCode()
    {
        QFETCH(QString, path);
        const QVector<test::ExpectComment> expectations = test::readExpectComments(path);
        QVERIFY2(!expectations.isEmpty(), "no EXPECT comments");
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        const QVector<KernelSliceReport> reports = sliceProject(index);
        QVERIFY(!reports.isEmpty());
        QStringList mismatches;
        for (const test::ExpectComment& expectation : expectations) {
            QHash<QString, QString> actual;
            if (expectation.kernel) {
                for (const KernelSliceReport& report : reports) {
                    if (report.kernel->info.location.line == expectation.line)
                        actual = kernelFacts(report);
                }
                if (actual.isEmpty()) {
                    mismatches << QStringLiteral("line %1: no kernel named there").arg(expectation.line);
                    continue;
                }
            } else {
                actual = lineFacts(reports, path, expectation.line);
            }
            // `xfail=REASON`: a rule the analysis does not follow yet (README's known limits);
            // the line must still differ, so a fix makes the mark go.
            const QString knownFailure = expectation.values.value(QStringLiteral("xfail"));
            QStringList lineMismatches;
            for (auto it = expectation.values.constBegin(); it != expectation.values.constEnd(); ++it) {
                if (it.key() == QLatin1String("xfail"))
                    continue;
                if (!actual.contains(it.key()))
                    lineMismatches << QStringLiteral("line %1: unknown key %2").arg(expectation.line).arg(it.key());
                else if (actual.value(it.key()) != it.value())
                    lineMismatches << QStringLiteral("line %1: %2 expected %3, got %4")
                                          .arg(expectation.line)
                                          .arg(it.key(), it.value(), actual.value(it.key()));
            }
            if (knownFailure.isEmpty())
                mismatches += lineMismatches;
            else if (lineMismatches.isEmpty())
                mismatches
                    << QStringLiteral("line %1: passes now; remove xfail=%2").arg(expectation.line).arg(knownFailure);
            else
                qInfo("known failure (%s): %s", qPrintable(knownFailure), qPrintable(lineMismatches.join("; ")));
        }
        mismatches.sort();
        QVERIFY2(mismatches.isEmpty(), qPrintable("\n" + mismatches.join('\n')));
    }

    // The architecture decides which device code is read: for sm_75 the pre-Ampere arm of
    // the rule test's kernel is the body, for sm_90 the tiled one; launches come from the
    // host side either way, and each output says which architecture a kernel was read for.
    void deviceCodeIsReadForTheChosenArchitecture()
    {
        const QString path = test::corpusDir() + "/rules/cuda_arch_device_code.cu";
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split('\n');
        auto lineOf = [&](const QString& text) {
            return int(lines.indexOf(QRegularExpression("^\\s*" + QRegularExpression::escape(text) + ".*"))) + 1;
        };
        const int naiveLoop = lineOf("acc += A[row * n + k] * B[k * n + col];");
        const int tiledLoop = lineOf("acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];");
        QVERIFY(naiveLoop > 0 && tiledLoop > 0);

        ParserOptions turing = test::parserOptions();
        turing.deviceArch = *CudaArch::fromText(QStringLiteral("sm_75"));
        const ProjectIndex index = indexProject(loadProject({path}), turing);
        const QVector<KernelSliceReport> reports = sliceProject(index);
        QCOMPARE(lineFacts(reports, path, naiveLoop).value("global"), QStringLiteral("2"));
        QCOMPARE(lineFacts(reports, path, tiledLoop).value("statements"), QStringLiteral("0"));
        QCOMPARE(index.kernels.size(), 2);
        for (const CatalogFunction& kernel : index.kernels) {
            QCOMPARE(kernel.deviceArch, QStringLiteral("sm_75"));
            QCOMPARE(kernel.launches.size(), 1);
        }
        const CatalogFunction& matmul = index.kernels.first();
        QCOMPARE(matmul.info.name, QStringLiteral("matmulTiled"));
        QCOMPARE(matmul.launches.first().grid.x, std::optional<qint64>(64));

        const QJsonObject json = QJsonDocument::fromJson(sliceReportJsonText(index, reports)).object();
        QCOMPARE(json.value("cuda_arch").toString(), QStringLiteral("sm_75"));
        const QJsonObject first = json.value("kernels").toArray().first().toObject();
        QCOMPARE(first.value("arch_dependent").toBool(), true);
        QCOMPARE(first.value("read_for_arch").toString(), QStringLiteral("sm_75"));
        QVERIFY(sliceReportTable(reports, QString()).contains("[read for sm_75 (its code tests __CUDA_ARCH__)]"));
        QCOMPARE(errorCount(index.allDiagnostics()), 0);

        // A file that never tests __CUDA_ARCH__ is read once, and says nothing of an arch.
        const ProjectIndex plain
            = indexProject(loadProject({test::corpusDir() + "/rules/store_intrinsics.cu"}), turing);
        QVERIFY(!plain.units.first().testsCudaArch);
        for (const CatalogFunction& kernel : plain.kernels)
            QVERIFY(kernel.deviceArch.isEmpty());
    }

    // Architectures as nvcc, CMake and people write them; anything else is refused, never
    // guessed.
    void architectureNamesParseAsTheyAreWritten()
    {
        for (const char* text : {"sm_90", "SM_90", "sm_90a", "compute_90", "90", "900", " sm_90 "})
            QCOMPARE(CudaArch::fromText(text).value_or(CudaArch()).number(), 900);
        QCOMPARE(CudaArch::fromText("sm_100")->name(), QStringLiteral("sm_100"));
        QCOMPARE(CudaArch::fromText("sm_75")->number(), 750);
        for (const char* text : {"", "sm_", "sm_99", "hopper", "sm_9", "sm_90x", "-90"})
            QVERIFY2(!CudaArch::fromText(text), text);
        QCOMPARE(CudaArch().name(), QStringLiteral("sm_90"));
        QVERIFY(CudaArch::knownNames().contains("sm_120"));
        // clang 14 knows sm_86 at most: newer ones parse as sm_86 with __CUDA_ARCH__ set.
        QVERIFY(CudaArch::fromText("sm_90")->deviceParseArguments().contains("-D__CUDA_ARCH__=900"));
        QVERIFY(!CudaArch::fromText("sm_80")->deviceParseArguments().join(' ').contains("-D"));
    }

    // A kernel the device compilation leaves out (its #if excludes the architecture) keeps
    // its host reading and says so; an error only the device side sees is marked as such.
    void kernelsLeftOutOfTheDeviceCompilationSaySo()
    {
        QTemporaryDir dir;
        test::writeFile(dir, QStringLiteral("legacy.cu"),
            "#include <cuda_runtime.h>\n"
            "#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 700\n"
            "__global__ void legacyScale(float* x) { x[threadIdx.x] *= 2.0f; }\n"
            "#endif\n"
            "__global__ void modern(float* x) {\n"
            "#ifdef __CUDA_ARCH__\n"
            "    x[threadIdx.x] = undeclaredOnDevice;\n"
            "#endif\n"
            "}\n");
        const ProjectIndex index = indexProject(loadProject({dir.path()}), test::parserOptions());
        QCOMPARE(index.kernels.size(), 2);
        bool warned = false;
        bool deviceError = false;
        for (const Diagnostic& d : index.allDiagnostics()) {
            warned = warned || (d.line == 3 && d.message.contains("not compiled for sm_90"));
            deviceError
                = deviceError || (d.line == 7 && d.isError() && d.message.startsWith("[device code for sm_90]"));
        }
        QVERIFY(warned);
        QVERIFY(deviceError);
        int legacy = 0; // the check must find its kernel: a renamed one fails here
        for (const CatalogFunction& kernel : index.kernels) {
            if (kernel.info.name == QLatin1String("legacyScale")) {
                QVERIFY(index.kernelIR(kernel.info.key) != nullptr);
                ++legacy;
            }
        }
        QCOMPARE(legacy, 1);
    }

    // Unknown loops nested in unknown loops compound their defaults: the assumption says
    // by how much, and the assumptions are ranked by the share of the work they govern.
    void nestedUnknownLoopsShowTheirCompoundFactorAndRank()
    {
        const QString path = test::corpusDir() + "/rules/nested_unknown_loops.cu";
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        const QVector<KernelSliceReport> reports = sliceProject(index);
        QCOMPARE(reports.size(), 1);
        const QJsonArray assumptions = kernelSliceJson(reports.first()).value("assumptions").toArray();
        QHash<int, QJsonObject> loops;
        QList<int> ranks;
        for (const QJsonValue& value : assumptions) {
            const QJsonObject a = value.toObject();
            ranks << a.value("rank").toInt();
            if (a.value("kind").toString() == "loop")
                loops.insert(a.value("line").toInt(), a);
        }
        QCOMPARE(loops.value(40).value("compound_factor").toDouble(), 10.0);
        QCOMPARE(loops.value(42).value("compound_factor").toDouble(), 100.0);
        // The outer while holds the inner one: more of the work, ranked before it.
        QVERIFY(loops.value(40).value("rank").toInt() < loops.value(42).value("rank").toInt());
        QVERIFY(loops.value(40).value("work_share").toDouble() > loops.value(42).value("work_share").toDouble());
        std::sort(ranks.begin(), ranks.end());
        for (int i = 0; i < ranks.size(); ++i)
            QCOMPARE(ranks[i], i + 1); // every assumption has its own rank
    }

    // Launches too large to walk thread by thread (issue 47): causal attention over
    // B·NH·T = 8·12·1024 threads repeats every NH·T values of idx, so one period per coordinate
    // is the whole launch and the mean is exact, (1 + 1024) / 2; a triangle over 2^20 rows has
    // no period and is sampled, within 0.1 % of (1 + 2^20) / 2. Each count says how it was made,
    // in the JSON and the text, and neither is an assumed default.
    void threadDependentBoundsAverageOverLargeLaunches()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "attention.cu",
            "#define NH 12\n"
            "#define T 1024\n"
            "__global__ void scores(float* att, const float* q, int total) {\n"
            "    int idx = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "    if (idx < total) {\n"
            "        int t = (idx / NH) % T;\n"
            "        for (int t2 = 0; t2 <= t; t2++)\n" // line 7
            "            att[idx * T + t2] = q[t2];\n"
            "    }\n"
            "}\n"
            "__global__ void triangle(const float* L, float* y, int n) {\n"
            "    int row = blockIdx.x * blockDim.x + threadIdx.x;\n"
            "    float sum = 0.0f;\n"
            "    for (int j = 0; j <= row; ++j)\n" // line 14
            "        sum += L[j];\n"
            "    y[row] = sum;\n"
            "}\n"
            "void run(float* a, float* q, float* L, float* y) {\n"
            "    scores<<<8 * NH * T / 256, 256>>>(a, q, 8 * NH * T);\n"
            "    triangle<<<4096, 256>>>(L, y, 1 << 20);\n"
            "}\n");
        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        const QVector<KernelSliceReport> reports = sliceProject(index);
        QCOMPARE(reports.size(), 2);
        QHash<int, LoopResolution> loops;
        for (const KernelSliceReport& report : reports) {
            for (const LoopResolution& loop : report.slices.loops)
                loops.insert(loop.line, loop);
        }
        QVERIFY(loops.contains(7) && loops.contains(14));
        const LoopResolution attention = loops.value(7);
        QVERIFY(!attention.assumed && attention.threadAveraged);
        QCOMPARE(attention.trips, 512.5);
        QVERIFY2(attention.reason.contains("exact"), qPrintable(attention.reason));
        const LoopResolution triangle = loops.value(14);
        QVERIFY(!triangle.assumed && triangle.threadAveraged);
        const double mean = (1.0 + double(1 << 20)) / 2.0;
        QVERIFY2(std::abs(triangle.trips - mean) < 1e-3 * mean, qPrintable(QString::number(triangle.trips)));
        QVERIFY2(triangle.reason.contains("sampled at"), qPrintable(triangle.reason));

        for (const KernelSliceReport& report : reports) {
            int averaged = 0;
            for (const QJsonValue& value : kernelSliceJson(report).value("assumptions").toArray()) {
                const QJsonObject a = value.toObject();
                QVERIFY(a.value("kind").toString() != "loop"); // no default was taken
                if (a.value("kind").toString() == "loop_thread_average") {
                    ++averaged;
                    QCOMPARE(a.value("trips").toDouble(), loops.value(a.value("line").toInt()).trips);
                }
            }
            QCOMPARE(averaged, 1);
        }
        QVERIFY(sliceReportTable(reports, dir.path()).contains("counted: loop at line 7 runs 512.5 times a thread"));
    }

    void matchesHandComputation_data()
    {
        QTest::addColumn<QString>("path");
        const QString dir = test::corpusDir() + "/slices";
        for (const QString& file : QDir(dir).entryList({"*.cu"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(file)) << dir + '/' + file;
    }

    void matchesHandComputation()
    {
        QFETCH(QString, path);
        QFile expectFile(QString(path).replace(".cu", ".slices.json"));
        QVERIFY2(expectFile.open(QIODevice::ReadOnly), "no .slices.json beside the .cu");
        const QJsonObject expect = QJsonDocument::fromJson(expectFile.readAll()).object();

        const ProjectIndex index = indexProject(loadProject({path}), test::parserOptions());
        const QVector<KernelSliceReport> reports = sliceProject(index);
        const KernelSliceReport* report = nullptr;
        for (const KernelSliceReport& r : reports) {
            if (r.kernel->info.name == expect.value("kernel").toString())
                report = &r;
        }
        QVERIFY2(report, "kernel not found");
        const QJsonObject actual = kernelSliceJson(*report);

        QCOMPARE(actual.value("launch").toObject().value("block").toArray(),
            expect.value("launch").toObject().value("block").toArray());
        QCOMPARE(actual.value("launch").toObject().value("grid").toArray(),
            expect.value("launch").toObject().value("grid").toArray());
        QCOMPARE(
            statementTexts(actual.value("statements").toArray()), statementTexts(expect.value("statements").toArray()));
        QCOMPARE(sliceTexts(actual.value("slices").toObject()), sliceTexts(expect.value("slices").toObject()));
        QCOMPARE(actual.value("decision_points").toInt(), expect.value("decision_points").toInt());
        QCOMPARE(actual.value("effective_statements").toInt(), expect.value("effective_statements").toInt());
        QCOMPARE(actual.value("class").toString(), expect.value("class").toString());
        QCOMPARE(assumptionLines(actual.value("assumptions").toArray()),
            assumptionLines(expect.value("assumptions").toArray()));
    }
};

QTEST_GUILESS_MAIN(SlicesTest)
#include "test_slices.moc"
