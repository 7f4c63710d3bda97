// SPDX-License-Identifier: GPL-3.0-or-later
// Behaviour of the slice analysis beyond the hand-computed corpus: measured branch
// probabilities (the paper's branch-dense example), what-if trip counts and launches,
// per-line attribution, and broken code.
#include "TestSupport.h"
#include "analysis/ProjectIndexer.h"
#include "analysis/TripCount.h"
#include "export/SliceReportWriter.h"
#include "project/ProjectLoader.h"

#include <QtTest>

using namespace slicewatt;

namespace {

struct Analysed {
    ProjectIndex index;
    QVector<KernelSliceReport> reports;
};

Analysed analyse(const QString& path)
{
    Analysed a;
    a.index = indexProject(loadProject({path}), test::parserOptions());
    a.reports = sliceProject(a.index);
    return a;
}

int statementAt(const KernelIR& ir, int line, StatementKind kind)
{
    for (int i = 0; i < ir.statements.size(); ++i) {
        if (ir.statements[i].location.line == line && ir.statements[i].kind == kind)
            return i;
    }
    return -1;
}

} // namespace

class SliceBehaviourTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // JSW12 Fig. 6 (METHOD §8): profiled outcomes c1 1570/8430 of 10000, c2 1560/10 of 1570.
    // The arithmetic-heavy arm `v2 = 5 * v4 / v1` runs with probability 0.001.
    void measuredProbabilitiesReachTheSubSlices()
    {
        Analysed a = analyse(test::corpusDir() + "/slices/br_jsw12_branch_dense.cu");
        QCOMPARE(a.reports.size(), 1);
        const KernelIR& ir = *a.reports[0].ir;
        const int c1 = statementAt(ir, 41, StatementKind::If);
        const int c2 = statementAt(ir, 42, StatementKind::If);
        const int heavy = statementAt(ir, 45, StatementKind::Expression);
        QVERIFY(c1 >= 0 && c2 >= 0 && heavy >= 0);

        const KernelSlices defaults = analyseKernel(ir, a.reports[0].launch);
        QCOMPARE(defaults.probability[heavy], 0.25);

        AnalysisOptions measured;
        measured.branchProbabilities.insert(c1, {0.157, 0.843});
        measured.branchProbabilities.insert(c2, {1560.0 / 1570.0, 10.0 / 1570.0});
        const KernelSlices slices = analyseKernel(ir, a.reports[0].launch, measured);
        QVERIFY(qAbs(slices.probability[heavy] - 0.001) < 1e-9);
        const SliceSummary& global = slices.slices[size_t(MemorySpace::Global)];
        const auto heavyPath = std::find_if(global.subSlices.begin(), global.subSlices.end(),
            [&](const SubSlice& s) { return s.members.contains(heavy); });
        QVERIFY(heavyPath != global.subSlices.end());
        QVERIFY(qAbs(heavyPath->probability - 0.001) < 1e-9);
        QCOMPARE(heavyPath->arithmetic, 2.0); // 5 * v4 / v1
        double total = 0;
        for (const SubSlice& s : global.subSlices)
            total += s.length;
        QCOMPARE(int(total), global.length);
        for (const BranchResolution& b : slices.branches)
            QVERIFY(!b.assumed);
    }

    void threadIndexEqualityTakesOneThread()
    {
        Analysed a = analyse(test::corpusDir() + "/slices/mem_reduce_shared.cu");
        const KernelSlices& slices = a.reports[0].slices;
        // `if (tid == 0)` with tid = threadIdx.x over a 256-thread block: the launch decides
        // that one thread of 256 takes the then-arm (an equality guard), not a default.
        bool found = false;
        for (const BranchResolution& b : slices.branches) {
            if (qAbs(b.arms.value(0) - 1.0 / 256.0) < 1e-12) {
                QVERIFY(!b.assumed);
                QVERIFY2(b.reason.contains(QStringLiteral("0.3906 %")), qPrintable(b.reason));
                found = true;
            }
        }
        QVERIFY(found);
    }

    void whatIfLaunchAndTripCountsChangeWeightsWithoutReparsing()
    {
        Analysed a = analyse(test::corpusDir() + "/slices/mem_histogram_shared.cu");
        const KernelIR& ir = *a.reports[0].ir;
        const int gridStride = statementAt(ir, 38, StatementKind::Loop);
        QVERIFY(gridStride >= 0);
        QCOMPARE(a.reports[0].slices.weights[gridStride], 128.0); // 2^20 / (128 * 64)

        LaunchShape wider = a.reports[0].launch;
        wider.gridDim[0] = 128;
        QCOMPARE(analyseKernel(ir, wider).weights[gridStride], 64.0);

        AnalysisOptions options;
        options.tripCountOverrides.insert(gridStride, 5);
        QCOMPARE(analyseKernel(ir, a.reports[0].launch, options).weights[gridStride], 5.0);

        LaunchShape unknown; // no launch known: the default trip count, listed as an assumption
        const KernelSlices fallback = analyseKernel(ir, unknown);
        QCOMPARE(fallback.weights[gridStride], 10.0);
        QVERIFY(std::any_of(fallback.loops.begin(), fallback.loops.end(),
            [&](const LoopResolution& l) { return l.statement == gridStride && l.assumed; }));
    }

    void linesAddUpToTheKernel()
    {
        Analysed a = analyse(test::corpusDir() + "/slices/mem_matmul_tiled.cu");
        const KernelSlices& slices = a.reports[0].slices;
        const KernelIR& ir = *a.reports[0].ir;
        double statementTotal = 0;
        for (int i = 0; i < ir.statements.size(); ++i)
            statementTotal += slices.weights[i] * ir.statements[i].arithmetic;
        double lineTotal = 0;
        for (const LineAttribution& line : slices.lines)
            lineTotal += line.arithmetic;
        QCOMPARE(lineTotal, statementTotal);
        QCOMPARE(slices.lines.size(), 11); // one statement per line in this kernel
    }

    void tripCountsFollowTheRuleBook_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<QString>("comparison");
        QTest::addColumn<qint64>("bound");
        QTest::addColumn<QString>("step");
        QTest::addColumn<qint64>("by");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("i < n, i++") << qint64(0) << "<" << qint64(10) << "+" << qint64(1) << qint64(10);
        QTest::newRow("ceil division") << qint64(0) << "<" << qint64(10) << "+" << qint64(3) << qint64(4);
        QTest::newRow("inclusive") << qint64(1) << "<=" << qint64(10) << "+" << qint64(3) << qint64(4);
        QTest::newRow("counting down") << qint64(10) << ">" << qint64(0) << "-" << qint64(1) << qint64(10);
        QTest::newRow("doubling") << qint64(1) << "<" << qint64(1024) << "*" << qint64(2) << qint64(10);
        QTest::newRow("halving to zero") << qint64(128) << ">" << qint64(0) << ">>" << qint64(1) << qint64(8);
        QTest::newRow("not entered") << qint64(5) << "<" << qint64(5) << "+" << qint64(1) << qint64(0);
        QTest::newRow("not-equal") << qint64(0) << "!=" << qint64(12) << "+" << qint64(4) << qint64(3);
    }
    void tripCountsFollowTheRuleBook()
    {
        QFETCH(qint64, start);
        QFETCH(QString, comparison);
        QFETCH(qint64, bound);
        QFETCH(QString, step);
        QFETCH(qint64, by);
        QFETCH(qint64, expected);
        LoopHeader loop;
        loop.canonical = true;
        loop.start = SymbolicExpr::constant(start);
        loop.comparison = test::binaryOperator(comparison);
        loop.bound = SymbolicExpr::constant(bound);
        loop.stepOperator = test::binaryOperator(step);
        loop.step = SymbolicExpr::constant(by);
        QCOMPARE(tripCount(loop, LaunchShape{}), std::optional<qint64>(expected));
    }

    void endlessLoopsAreUnknown()
    {
        LoopHeader loop;
        loop.canonical = true;
        loop.start = SymbolicExpr::constant(0);
        loop.comparison = test::binaryOperator(QStringLiteral("<"));
        loop.bound = SymbolicExpr::constant(10);
        loop.stepOperator = test::binaryOperator(QStringLiteral("-"));
        loop.step = SymbolicExpr::constant(1);
        QVERIFY(!tripCount(loop, LaunchShape{}));
        loop.stepOperator = test::binaryOperator(QStringLiteral("*"));
        QVERIFY(!tripCount(loop, LaunchShape{})); // 0 * 1 stays 0
    }

    void brokenCodeStillGivesSlicesForIntactKernels()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "broken.cu", R"(
__global__ void intact(const float* in, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i] * 2.0f;
}
__global__ void broken(float* out) {
    out[threadIdx.x] = undefinedHelper(threadIdx.x) + missingValue;
}
void run(float* a, float* b) { intact<<<4, 64>>>(a, b); }
)");
        Analysed a = analyse(path);
        QVERIFY(errorCount(a.index.allDiagnostics()) > 0);
        const KernelSliceReport* intact = nullptr;
        for (const KernelSliceReport& r : a.reports) {
            if (r.kernel->info.name == "intact")
                intact = &r;
        }
        QVERIFY(intact);
        const SliceSummary& global = intact->slices.slices[size_t(MemorySpace::Global)];
        QCOMPARE(global.length, 2);
        QCOMPARE(global.accesses[MemorySpace::Global], 2.0);
        QCOMPARE(global.arithmetic, 3.0);
    }

    // Template block sizes are the most common loop bound in CUDA reductions: the launched
    // instantiation's arguments resolve them.
    void templateArgumentsOfTheLaunchResolveLoops()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "tsum.cu", R"(
template <typename T, int BLOCK> __global__ void tsum(const T* in, T* out) {
    __shared__ T s[BLOCK];
    for (int k = BLOCK / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    for (int i = threadIdx.x; i < 4 * BLOCK; i += BLOCK) out[i] = in[i];
}
void run(const float* a, float* b) { tsum<float, 256><<<1, 256>>>(a, b); }
)");
        Analysed a = analyse(path);
        QCOMPARE(a.reports.size(), 1);
        QCOMPARE(a.reports[0].launch.templateArguments.value("BLOCK"), qint64(256));
        QVector<double> trips;
        for (const LoopResolution& loop : a.reports[0].slices.loops) {
            QVERIFY2(!loop.assumed, qPrintable(loop.reason));
            trips << loop.trips;
        }
        QCOMPARE(trips, (QVector<double>{8, 4}));
    }

    // A loop whose count is assumed says which values were missing, not the header with the
    // thread indices already replaced by 0 ("(((0 * blockDim.x) + 0) < n)").
    void assumedLoopsNameTheValuesTheyMiss()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "open.cu", R"(
__global__ void open(int n, int stride, float* y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] *= 2.0f;
    for (int i = threadIdx.x; i < 1024; i += stride) y[i] += 1.0f;
    for (int i = threadIdx.x; i < 1024; i += blockDim.y) y[i] -= 1.0f;
}
void run(float* y, int n, int s, dim3 block) { open<<<64, block>>>(n, s, y); }
)");
        Analysed a = analyse(path);
        QCOMPARE(a.reports.size(), 1);
        QStringList reasons;
        for (const LoopResolution& loop : a.reports[0].slices.loops) {
            QVERIFY(loop.assumed);
            reasons << loop.reason;
        }
        QCOMPARE(reasons,
            (QStringList{"bounds not known at compile time: blockDim.x, n", "bounds not known at compile time: stride",
                "bounds not known at compile time: blockDim.y"}));
    }

    void structMembersAliasesExternSharedAndLdg()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "spaces.cu", R"(
struct Params { const float* src; float* dst; int n; };
__global__ void spaces(Params p) {
    extern __shared__ float buf[];
    float* upper = buf + blockDim.x;
    const float* row = p.src + blockIdx.x * 64;
    upper[threadIdx.x] = row[threadIdx.x];
    p.dst[threadIdx.x] = __ldg(&row[threadIdx.x]) + buf[0];
}
)");
        Analysed a = analyse(path);
        QCOMPARE(a.reports.size(), 1);
        const KernelIR& ir = *a.reports[0].ir;
        QCOMPARE(ir.statements.size(), 4);
        const Statement& copy = ir.statements[2];
        QCOMPARE(copy.accesses[MemorySpace::Shared], 1.0);
        QCOMPARE(copy.accesses[MemorySpace::Global], 1.0);
        const Statement& store = ir.statements[3];
        QCOMPARE(store.accesses[MemorySpace::Global], 2.0); // p.dst[...] store + __ldg load
        QCOMPARE(store.accesses[MemorySpace::Shared], 1.0); // buf[0]
        QCOMPARE(store.arithmetic, 1);
        // The alias definitions are pure register code: they join the slices through closure.
        const KernelSlices& slices = a.reports[0].slices;
        QVERIFY(slices.membership[0][size_t(MemorySpace::Shared)]);
        QVERIFY(slices.membership[1][size_t(MemorySpace::Global)]);
    }

    // The papers' prototype counted one memory operation per `=` in a statement naming a
    // variable of the space; the AST mode counts real loads and stores.
    void lexicalCountingMimicsThePrototype()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "lexical.cu", R"(
__constant__ float coef[4];
__global__ void lex(const float* a, const float* b, float* c) {
    int i = threadIdx.x;
    c[i] = a[i] + b[i] * coef[i % 4];
    c[i + 1] += a[i];
    if (a[i] > 0.0f) c[i] = 0.0f;
}
)");
        Analysed a = analyse(path);
        const KernelIR& ir = *a.reports[0].ir;
        AnalysisOptions lexical;
        lexical.counting = AnalysisOptions::Counting::Lexical;
        const KernelSlices ast = analyseKernel(ir, a.reports[0].launch);
        const KernelSlices lex = analyseKernel(ir, a.reports[0].launch, lexical);
        const auto global
            = [](const KernelSlices& s) { return s.slices[size_t(MemorySpace::Global)].accesses[MemorySpace::Global]; };
        // AST: 3 + 3 (c[i+1] load and store, a[i]) + 1 (condition) + 1 (store) = 8; lexical: 1 + 1 + 0 + 1 = 3.
        QCOMPARE(global(ast), 8.0);
        QCOMPARE(global(lex), 3.0);
        QCOMPARE(lex.slices[size_t(MemorySpace::Constant)].accesses[MemorySpace::Constant], 1.0);
        QCOMPARE(ast.slices[size_t(MemorySpace::Global)].length, lex.slices[size_t(MemorySpace::Global)].length);
    }

    // A lambda or functor handed to a device function template runs where the template calls
    // it (`body(i)`, which has no callee of its own there): every form of the same work gives
    // the counts of the kernel that writes it out.
    void callablesPassedToTemplatesRunTheirCallOperator()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "callables.cu", R"(
struct Saxpy {
    float a;
    __device__ void operator()(const float* x, float* y, int k) const { y[k] = a * x[k] + y[k]; }
};
template <class F> __device__ void ifInside(int i, int n, F body) { if (i < n) body(i); }
template <class F> __device__ void passedOn(int i, int n, F body) { ifInside(i, n, body); }

__global__ void writtenOut(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void lambdaPassedOn(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    passedOn(i, n, [&](int k) { y[k] = a * x[k] + y[k]; });
}
__global__ void genericLambda(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    ifInside(i, n, [=](auto k) { y[k] = a * x[k] + y[k]; });
}
__global__ void functorInLambda(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const Saxpy saxpy{a};
    ifInside(i, n, [&](int k) { saxpy(x, y, k); });
}
)");
        Analysed a = analyse(path);
        QCOMPARE(a.reports.size(), 4);
        for (const KernelSliceReport& report : a.reports) {
            const SliceSummary& global = report.slices.slices[size_t(MemorySpace::Global)];
            QVERIFY2(global.accesses[MemorySpace::Global] == 3.0, qPrintable(report.ir->kernelName));
            QVERIFY2(global.arithmetic == 4.0, qPrintable(report.ir->kernelName));
            QCOMPARE(report.slices.decisionPoints, 1);
        }
    }

    void recursionIsCutOffAndReported()
    {
        QTemporaryDir dir;
        const QString path = test::writeFile(dir, "recursive.cu", R"(
__device__ int depth(const int* tree, int node) {
    return node < 0 ? 0 : 1 + depth(tree, tree[node]);
}
__global__ void walk(const int* tree, int* out) { out[threadIdx.x] = depth(tree, threadIdx.x); }
)");
        Analysed a = analyse(path);
        QCOMPARE(a.reports.size(), 1);
        QVERIFY(!a.reports[0].ir->notes.isEmpty());
        QVERIFY(a.reports[0].ir->notes.first().contains("recursive call of depth"));
    }
};

QTEST_GUILESS_MAIN(SliceBehaviourTest)
#include "test_slice_behaviour.moc"
