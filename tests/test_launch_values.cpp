// SPDX-License-Identifier: GPL-3.0-or-later
// Launch configuration values: what is a compile-time constant and what must stay unknown.
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "export/KernelListWriter.h"
#include "frontend/ConstantEvaluator.h"
#include "frontend/SpacedLaunchChevrons.h"

#include <QtTest>

using namespace slicewatt;

namespace {

QString text(const std::optional<qint64>& v)
{
    return v ? QString::number(*v) : QStringLiteral("?");
}

QString describe(const LaunchSite& l)
{
    return QStringLiteral("%1,%2,%3/%4,%5,%6/%7")
        .arg(text(l.grid.x), text(l.grid.y), text(l.grid.z), text(l.block.x), text(l.block.y), text(l.block.z),
            text(l.sharedBytes));
}

// "1 op 1 op … 1": a chain of `count` ones.
QString ones(int count, char op)
{
    QStringList terms;
    for (int i = 0; i < count; ++i)
        terms << QStringLiteral("1");
    return terms.join(QLatin1Char(op));
}

const char* const kPreamble = R"(
#define BLOCK 256
#define TILE_DIM 32
#define CEIL_DIV(M, N) (((M) + (N) - 1) / (N))
#define HALF(x) ((x) >> 1)
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
constexpr int kWarps = 8;
const int kGrid = 120;
__global__ void k(float* p, int n) { if (p) p[0] = n; }
template <int B> __global__ void tk(float* p) { p[threadIdx.x] = B; }
int runtimeValue();
)";

} // namespace

class LaunchValuesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void evaluates_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("expected"); // grid x,y,z / block x,y,z / shared bytes
        QTest::newRow("literals") << "k<<<4, 128>>>(d, 1);"
                                  << "4,1,1/128,1,1/0";
        // Rodinia's particlefilter writes its launches so; nvcc reads them, and so must we.
        QTest::newRow("spaced chevrons") << "k << < 4, BLOCK >> 1 >> > (d, 1);"
                                         << "4,1,1/128,1,1/0";
        QTest::newRow("spaced opening, closed end") << "tk<BLOCK> << <(n > 2 ? 2 : 3), 64, 8>>>(d);"
                                                    << "?,1,1/64,1,1/8";
        QTest::newRow("macros and sizeof") << "k<<<BLOCK / 2, BLOCK, BLOCK * sizeof(float)>>>(d, 1);"
                                           << "128,1,1/256,1,1/1024";
        QTest::newRow("constexpr and const") << "k<<<kGrid, kWarps * 32>>>(d, 1);"
                                             << "120,1,1/256,1,1/0";
        QTest::newRow("dim3 temporaries") << "k<<<dim3(4, 5), dim3(TILE_DIM, 8, 2)>>>(d, 1);"
                                          << "4,5,1/32,8,2/0";
        QTest::newRow("dim3 locals")
            << "dim3 grid(16, 16); dim3 block = dim3(TILE_DIM, TILE_DIM / 4); k<<<grid, block>>>(d, 1);"
            << "16,16,1/32,8,1/0";
        QTest::newRow("default dim3") << "dim3 block; k<<<1, block>>>(d, 1);"
                                      << "1,1,1/1,1,1/0";
        QTest::newRow("unmodified int local")
            << "int threads = 128; int blocks = (1000 + threads - 1) / threads; k<<<blocks, threads>>>(d, 1);"
            << "8,1,1/128,1,1/0";
        QTest::newRow("member of known dim3") << "dim3 b(64, 2); k<<<1, b.x * b.y>>>(d, 1);"
                                              << "1,1,1/128,1,1/0";
        QTest::newRow("ternary on constant") << "k<<<(BLOCK > 128 ? 2 : 3), 32>>>(d, 1);"
                                             << "2,1,1/32,1,1/0";
        QTest::newRow("parameter is unknown") << "k<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(d, n);"
                                              << "?,1,1/256,1,1/0";
        QTest::newRow("call result is unknown") << "int g = runtimeValue(); k<<<g, 64>>>(d, 1);"
                                                << "?,1,1/64,1,1/0";
        QTest::newRow("reassigned local is unknown") << "int t = 64; if (n > 5) t = 128; k<<<1, t>>>(d, 1);"
                                                     << "1,1,1/?,1,1/0";
        QTest::newRow("incremented local is unknown") << "int t = 64; t++; k<<<1, t>>>(d, 1);"
                                                      << "1,1,1/?,1,1/0";
        QTest::newRow("address taken is unknown") << "int t = 64; int* pt = &t; *pt = 2; k<<<1, t>>>(d, 1);"
                                                  << "1,1,1/?,1,1/0";
        QTest::newRow("dim3 member assigned is unknown") << "dim3 g(2, 2); g.x = n; k<<<g, 32>>>(d, 1);"
                                                         << "?,?,?/32,1,1/0";
        QTest::newRow("partially known dim3") << "dim3 g(n / 16, 16); k<<<g, 256>>>(d, 1);"
                                              << "?,16,1/256,1,1/0";
        QTest::newRow("dynamic shared from parameter") << "k<<<2, 64, n * sizeof(float)>>>(d, 1);"
                                                       << "2,1,1/64,1,1/?";
        QTest::newRow("stream argument") << "cudaStream_t s = 0; k<<<2, 64, 0, s>>>(d, 1);"
                                         << "2,1,1/64,1,1/0";
        QTest::newRow("template kernel") << "tk<BLOCK><<<3, BLOCK>>>(d);"
                                         << "3,1,1/256,1,1/0";
        // Operators spelt in a macro's definition, on values clang cannot evaluate itself (a
        // plain local): read from the macro's expansion.
        QTest::newRow("operators in macro definitions")
            << "int threads = 128; k<<<CEIL_DIV(1000, threads), HALF(threads)>>>(d, 1);"
            << "8,1,1/64,1,1/0";
        QTest::newRow("macros in macros") << "int t = 64; k<<<CEIL_DIV(CEIL_DIV(100000, t), 2), MAX2(t, 32)>>>(d, 1);"
                                          << "782,1,1/64,1,1/0";
        QTest::newRow("macro of a parameter is unknown") << "k<<<CEIL_DIV(n, BLOCK), BLOCK>>>(d, n);"
                                                         << "?,1,1/256,1,1/0";
        // libclang's extents cost a walk down each operator chain, so the scan for
        // assignments stops at 256 levels (a generated chain of n operators took n² steps).
        // What it could not see is not trusted; what it saw whole still is.
        QTest::newRow("local beside a shallow operator chain")
            << QStringLiteral("int t = 64; int z = (%1); k<<<1, t>>>(d, z);").arg(ones(200, '+')) << "1,1,1/64,1,1/0";
        QTest::newRow("assignment deep in a long chain is unknown")
            << QStringLiteral("int t = 64; int z = (t = 128, %1); k<<<1, t>>>(d, z);").arg(ones(400, ','))
            << "1,1,1/?,1,1/0";
        QTest::newRow("hex and suffixes") << "k<<<0x10u, 64UL>>>(d, 1);"
                                          << "16,1,1/64,1,1/0";
    }

    void evaluates()
    {
        QFETCH(QString, body);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QByteArray source = QByteArray(kPreamble) + "void host(float* d, int n) {\n" + body.toUtf8() + "\n}\n";
        const QString path = test::writeFile(dir, "launch.cu", source);
        const UnitIndex unit = indexFile(SourceFile{path, {"-std=c++17"}, false}, test::parserOptions());
        for (const Diagnostic& d : unit.diagnostics)
            QVERIFY2(!d.isError(), qPrintable(d.toString()));
        QCOMPARE(unit.launches.size(), 1);
        QCOMPARE(describe(unit.launches[0]), expected);
    }

    // Only a launch's chevrons are closed up, byte for byte in place; templates, operators,
    // comments and strings stay as written.
    void spacedChevronsAreClosedOnlyForLaunches_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("launch") << QByteArray("k << < g, b >> > (d);") << QByteArray("k <<<  g, b >>>  (d);");
        QTest::newRow("tabs") << QByteArray("k <<\t< g, b >>\t> (d);") << QByteArray("k <<<\t g, b >>>\t (d);");
        QTest::newRow("shift inside") << QByteArray("k << < n >> 2, (a >> b) >> > (d);")
                                      << QByteArray("k <<<  n >> 2, (a >> b) >>>  (d);");
        QTest::newRow("two launches") << QByteArray("a << < 1, 2 >> > (); b << < 3, 4 >> > ();")
                                      << QByteArray("a <<<  1, 2 >>>  (); b <<<  3, 4 >>>  ();");
        // The lexer the parse hazards use: a launch in a macro's body is closed up too, and
        // a comment inside a launch is skipped as a comment.
        QTest::newRow("in a macro") << QByteArray("#define RUN(d) k << < g, b >> > (d)\nRUN(p);")
                                    << QByteArray("#define RUN(d) k <<<  g, b >>>  (d)\nRUN(p);");
        QTest::newRow("comment inside") << QByteArray("k << < g /* ; ) */, b >> > (d);")
                                        << QByteArray("k <<<  g /* ; ) */, b >>>  (d);");
        const QByteArray untouched[] = {
            "std::vector<std::vector<std::vector<int>> > v;",
            "os = operator<< <int>(os, x);",
            "// k << < g, b >> > (d);",
            "const char* s = \"k << < g, b >> > (d)\";",
            "x = a << <;", // no close before the statement ends
            "k<<<g, b>>>(d);",
            "a <<= <b;",
            // A raw string is one literal, over lines too.
            "const char* r = R\"x(k << < g, b >> > (d);)x\";",
            "const char* r = R\"(\nk << < g, b >> > (d);\n)\";",
            // A string literal goes on past a line splice.
            "const char* s = \"a\\\nk << < g, b >> > (d);\";",
            // Chevrons apart on two spliced lines cannot be closed up in place: left as written.
            "x = a <<\\\n < b >> > c;",
        };
        for (const QByteArray& text : untouched)
            QTest::newRow(text.constData()) << text << text;
    }
    void spacedChevronsAreClosedOnlyForLaunches()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, expected);
        QByteArray changed = text;
        QCOMPARE(closeSpacedLaunchChevrons(changed), text != expected);
        QCOMPARE(changed, expected);
        QCOMPARE(changed.size(), text.size());
    }

    // A launch inside a template host function leaves its values to the caller: they come
    // from the first call with constant arguments, one level up. Value-dependent
    // expressions must still never reach libclang's evaluator (it may crash).
    void launchInsideTemplateHostFunctionTakesTheCallersValues()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "tmpl.cu", QByteArray(kPreamble) + R"(
template <int B> void launch(float* d, int n) { tk<B><<<(n + B - 1) / B, B, B * sizeof(float)>>>(d); k<<<4, 32>>>(d, n); }
void use(float* d, int m) { launch<64>(d, m); launch<128>(d, 1000); }
)");
        const UnitIndex unit = indexFile(SourceFile{path, {"-std=c++17"}, false}, test::parserOptions());
        QCOMPARE(unit.launches.size(), 2);
        // launch<64>(d, m) leaves n open, so the grid comes from launch<128>(d, 1000):
        // (1000 + 127) / 128 = 8. The first call that gives values decides.
        QCOMPARE(describe(unit.launches[0]), QStringLiteral("8,1,1/128,1,1/?"));
        const int useLine = int(QByteArray(kPreamble).count('\n')) + 3; // the line of use()
        QCOMPARE(unit.launches[0].valuesFrom, path + QStringLiteral(":%1").arg(useLine));
        QCOMPARE(unit.launches[0].templateArguments.value(QStringLiteral("B")), qint64(128));
        QCOMPARE(describe(unit.launches[1]), QStringLiteral("4,1,1/32,1,1/0"));
        // k's grid and block are its own; its argument n comes from launch<128>(d, 1000), the
        // call that gives it (launch<64>(d, m) leaves it open).
        QCOMPARE(unit.launches[1].argumentValues.value(QStringLiteral("n")), qint64(1000));
        QCOMPARE(unit.launches[1].valuesFrom, path + QStringLiteral(":%1").arg(useLine));
        QCOMPARE(unit.launches[1].argumentOrigins.value(QStringLiteral("n")), unit.launches[1].valuesFrom);
        QCOMPARE(unit.launches[0].kernelName, QStringLiteral("tk"));
        QCOMPARE(unit.launches[0].grid.expression, QStringLiteral("(n + B - 1) / B"));
    }

    // cudaLaunchKernel, cudaLaunchCooperativeKernel and cudaLaunchKernelEx launch kernels
    // too: the kernel is the function pointer they are given, the values their arguments
    // (or the cudaLaunchConfig_t fields the function sets).
    void runtimeApiLaunchesAreLaunches()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "api.cu", QByteArray(kPreamble) + R"(
void viaApi(float* d, int n, cudaStream_t stream) {
    void* args[] = {&d, &n};
    cudaLaunchKernel((void*)k, dim3(kGrid), dim3(BLOCK), args, 64, stream);
    cudaLaunchCooperativeKernel(reinterpret_cast<void*>(&tk<32>), dim3(2), dim3(32), args);
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(TILE_DIM);
    config.blockDim = dim3(kWarps * 32);
    config.dynamicSmemBytes = 0;
    cudaLaunchKernelEx(&config, k, d, n);
    void (*chosen)(float*, int) = k;
    cudaLaunchKernel((void*)chosen, dim3(1), dim3(1), args, 0, 0); // which kernel: unknown here
}
)");
        const UnitIndex unit = indexFile(SourceFile{path, {"-std=c++17"}, false}, test::parserOptions());
        for (const Diagnostic& d : unit.diagnostics)
            QVERIFY2(!d.isError(), qPrintable(d.toString()));
        QCOMPARE(unit.launches.size(), 3);
        QCOMPARE(unit.launches[0].api, QStringLiteral("cudaLaunchKernel"));
        QCOMPARE(unit.launches[0].kernelName, QStringLiteral("k"));
        QCOMPARE(describe(unit.launches[0]), QStringLiteral("120,1,1/256,1,1/64"));
        QCOMPARE(unit.launches[1].api, QStringLiteral("cudaLaunchCooperativeKernel"));
        QCOMPARE(unit.launches[1].kernelName, QStringLiteral("tk"));
        QCOMPARE(unit.launches[1].templateArguments.value(QStringLiteral("B")), qint64(32));
        QCOMPARE(describe(unit.launches[1]), QStringLiteral("2,1,1/32,1,1/0"));
        QCOMPARE(unit.launches[2].api, QStringLiteral("cudaLaunchKernelEx"));
        QCOMPARE(describe(unit.launches[2]), QStringLiteral("32,1,1/256,1,1/0"));
    }

    // A launch wrapped in a checking macro is still a launch, with its values.
    void launchesInsideMacrosAreFound()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "macro.cu", QByteArray(kPreamble) + R"(
#define checkKernelErrors(expr) do { expr; cudaError_t e = cudaGetLastError(); if (e != cudaSuccess) return; } while (0)
void wrapped(float* d, int n) { checkKernelErrors((k<<<kGrid, BLOCK>>>(d, n))); }
)");
        const UnitIndex unit = indexFile(SourceFile{path, {"-std=c++17"}, false}, test::parserOptions());
        QCOMPARE(unit.launches.size(), 1);
        QCOMPARE(describe(unit.launches[0]), QStringLiteral("120,1,1/256,1,1/0"));
    }

    void binaryOperatorsFollowC_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<qint64>("lhs");
        QTest::addColumn<qint64>("rhs");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("division truncates") << "/" << qint64(7) << qint64(2) << qint64(3);
        QTest::newRow("negative division") << "/" << qint64(-7) << qint64(2) << qint64(-3);
        QTest::newRow("modulo") << "%" << qint64(7) << qint64(3) << qint64(1);
        QTest::newRow("shift") << "<<" << qint64(1) << qint64(10) << qint64(1024);
        QTest::newRow("comparison") << "<=" << qint64(3) << qint64(3) << qint64(1);
    }
    void binaryOperatorsFollowC()
    {
        QFETCH(QString, op);
        QFETCH(qint64, lhs);
        QFETCH(qint64, rhs);
        QFETCH(qint64, expected);
        QCOMPARE(applyBinaryOperator(test::binaryOperator(op), lhs, rhs), std::optional<qint64>(expected));
    }

    void divisionByZeroIsUnknown()
    {
        QVERIFY(!applyBinaryOperator(test::binaryOperator(QStringLiteral("/")), 1, 0));
        QVERIFY(!applyBinaryOperator(test::binaryOperator(QStringLiteral("%")), 1, 0));
        QVERIFY(!applyBinaryOperator(test::binaryOperator(QStringLiteral("<<")), 1, 70));
    }

    void describesUnknownComponentsWithExpression()
    {
        LaunchDim dim;
        dim.x = 4;
        dim.y = 1;
        dim.z = 1;
        dim.expression = "4";
        QCOMPARE(describeLaunchDim(dim), QStringLiteral("(4,1,1)"));
        dim.x.reset();
        dim.expression = "blocks";
        QCOMPARE(describeLaunchDim(dim), QStringLiteral("(?,1,1)=blocks"));
    }
};

QTEST_GUILESS_MAIN(LaunchValuesTest)
#include "test_launch_values.moc"
