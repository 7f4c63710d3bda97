// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one test executable per concern (each links the engine; more slow CI builds).
// Issue 33: the time model (resources/help/time-model.md, METHOD §12) computed by hand on five
// kernels of different bounds, the outputs that carry it, and its check against the launches
// measured on an H200 (shared/data/h200), every kernel held out.
#include "Near.h"
#include "TestSupport.h"
#include "TimeModelSupport.h"
#include "analysis/KernelSlices.h"
#include "analysis/LaunchChoice.h"
#include "analysis/ProjectIndexer.h"
#include "calibration/TimeValidation.h"
#include "estimate/LaunchTime.h"
#include "estimate/PtxLoopMatch.h"
#include "estimate/PtxWorkspace.h"
#include "estimate/WarpAccess.h"
#include "project/ProjectLoader.h"
#include "ptx/PtxReader.h"

#include <QtTest>

using namespace slicewatt;
using test::testGpu;
using test::timeOf;
using test::Work;

namespace {

constexpr int kFloatArithmetic = computeClassIndex(ValueType::Float, OperationClass::Arithmetic);
constexpr int kFloatSfu = computeClassIndex(ValueType::Float, OperationClass::Sfu);
constexpr int kIntArithmetic = computeClassIndex(ValueType::Integer, OperationClass::Arithmetic);

// A thread walking `elements` floats: one 4-byte load and one add each.
Work walk(double elements)
{
    Work w;
    w.instructions[kFloatArithmetic] = 1;
    w.accesses[MemorySpace::Global] = 1;
    w.bytes[MemorySpace::Global] = 4;
    w.weight = elements;
    return w;
}

using test::near;

// The validation row of one named case; null when no row has that name, which the caller
// turns into a failure, so a renamed case cannot drop its check (issue 51).
const TimeValidationRow* caseNamed(const QVector<TimeValidationRow>& rows, QStringView name)
{
    for (const TimeValidationRow& row : rows) {
        if (row.caseName == name)
            return &row;
    }
    return nullptr;
}

// The time of the one launch of kernel `name` in an indexed project, on testGpu().
std::optional<LaunchTime> timeOfKernel(const ProjectIndex& index, const QString& name)
{
    for (const CatalogFunction& kernel : index.kernels) {
        const KernelIR* ir = index.kernelIR(kernel.info.key);
        if (kernel.info.name != name || !ir || kernel.launches.size() != 1)
            continue;
        const LaunchShape launch = launchShapeOf(kernel.launches.first());
        return predictLaunchTime(*ir, analyseKernel(*ir, launch), launch, testGpu(), nullptr);
    }
    return std::nullopt;
}

} // namespace

class TimeModelTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // c[i] = a[i] + b[i] over 2.56 M threads: 12 bytes and one add a thread.
    void streamingIsMemoryBound()
    {
        Work w;
        w.instructions[kFloatArithmetic] = 1;
        w.accesses[MemorySpace::Global] = 3;
        w.bytes[MemorySpace::Global] = 12;
        w.stores[MemorySpace::Global] = 4;
        const LaunchTime t = timeOf({w}, 10000, 256);
        // 10000 · 256 threads · 12 B = 30.72 MB at 0.8 · 100 GB/s = 80 GB/s: 384 µs. The loads in
        // flight (the store is posted): 10 SMs · 8 resident blocks · 256 threads · 8 B / 500 ns =
        // 327.7 GB/s, so 20.48 MB of loads take 62.5 µs at most: not the bound.
        QVERIFY(near(t.globalBytes, 30.72e6));
        QVERIFY(near(t.memorySeconds, 384e-6));
        // Compute: the busiest SM runs 1000 blocks = 8000 warps; 3 load/store instructions a
        // thread on 32 lanes: 8000 · 3 · 32 / 32 = 24000 cycles = 24 µs (fp32: 2000, issue 8000).
        QVERIFY(near(t.computeSeconds, 24e-6));
        QCOMPARE(t.computePipe, QStringLiteral("load/store"));
        QVERIFY(near(t.seconds, 5e-6 + 384e-6));
        QCOMPARE(t.bound, TimeBound::Memory);
        // One block per SM (10 blocks of 256): 10 · 256 · 8 B / 500 ns = 40.96 GB/s of loads, below
        // 80 GB/s: 10 · 256 · 8 B · 100 iterations = 2.048 MB of loads take 50 µs, the 3.072 MB in
        // all 38.4 µs at the sustained bandwidth: latency-bound.
        w.weight = 100;
        const LaunchTime few = timeOf({w}, 10, 256);
        QVERIFY(near(few.memorySeconds, 50e-6));
        QCOMPARE(few.bound, TimeBound::Latency);
    }

    // A tile's inner loop: 1000 iterations of 8 FP32 operations and one shared load.
    void tileLoopIsComputeBound()
    {
        Work w;
        w.instructions[kFloatArithmetic] = 8;
        w.accesses[MemorySpace::Shared] = 1;
        w.weight = 1000;
        const LaunchTime t = timeOf({w}, 100, 256);
        // Busiest SM: 10 blocks · 8 warps = 80 warps. fp32: 80 · 8000 · 32 / 128 = 160000
        // cycles; load/store: 80 · 1000 = 80000; issue: 80 · 9000 / min(4, 64 / 4) = 180000.
        QVERIFY(near(t.computeSeconds, 180e-6));
        QCOMPARE(t.computePipe, QStringLiteral("issue"));
        QCOMPARE(t.memorySeconds, 0.0);
        QVERIFY(near(t.seconds, 185e-6));
        QCOMPARE(t.bound, TimeBound::Compute);
        QVERIFY(near(t.occupancy, 1.0)); // 8 blocks of 256 = 2048 threads resident
    }

    // 1000 sinf a thread: the SFU's 16 lanes decide.
    void specialFunctionsAreSfuBound()
    {
        Work w;
        w.instructions[kFloatSfu] = 1;
        w.weight = 1000;
        const LaunchTime t = timeOf({w}, 100, 256);
        // Each sinf: 1 SFU + 4 FP32 instructions. 80 warps · 1000 · 32 / 16 = 160000 cycles
        // (fp32: 80 · 4000 · 32 / 128 = 80000; issue: 80 · 5000 / 4 = 100000).
        QVERIFY(near(t.computeSeconds, 160e-6));
        QCOMPARE(t.computePipe, QStringLiteral("sfu"));
        QCOMPARE(t.bound, TimeBound::Compute);
    }

    // One warp on one SM walking 10000 elements: neither its arithmetic nor its loads overlap.
    void oneBlockIsLatencyBound()
    {
        Work w = walk(10000);
        const LaunchTime t = timeOf({w}, 1, 32);
        // Memory: 32 threads · 4 B · 10000 = 1.28 MB; in flight 32 · 4 B = 128 B per 500 ns
        // = 256 MB/s, far below 80 GB/s: 1.28e6 / 2.56e8 = 5 ms.
        QVERIFY(near(t.bandwidthBytesPerS, 2.56e8));
        QVERIFY(near(t.memorySeconds, 5e-3));
        // Compute: 1 warp issues every 4 cycles: 20000 instructions · 4 = 80000 cycles = 80 µs.
        QVERIFY(near(t.computeSeconds, 80e-6));
        QCOMPARE(t.activeSms, 1);
        QVERIFY(near(t.seconds, 5e-6 + 5e-3));
        QCOMPARE(t.bound, TimeBound::Latency);
        // Ten times less work: the launch's overhead (5 µs) outweighs 8 µs of compute? No:
        // 1000 iterations give 500 µs of memory latency; only a bare launch is launch-bound.
        Work tiny;
        tiny.instructions[kFloatArithmetic] = 1;
        QCOMPARE(timeOf({tiny}, 1, 32).bound, TimeBound::Launch); // 4 cycles = 4 ns ≪ 5 µs
    }

    // The same walk over 1000 elements: 128 KB, within half the 1 MB L2. Launched back to back
    // its data is still in L2, so each load waits an L2 hit (100 ns), not a DRAM miss (500 ns).
    void dataThatFitsInL2WaitsForL2()
    {
        Work w = walk(1000);
        QStringList assumptions;
        const LaunchTime t = timeOf({w}, 1, 32, &assumptions);
        // 32 threads · 4 B · 1000 = 128 KB ≤ 500 KB. In flight 128 B per 100 ns = 1.28 GB/s:
        // 128e3 / 1.28e9 = 100 µs (from DRAM it would be 500 µs).
        QVERIFY(t.l2Resident);
        QVERIFY(near(t.bandwidthBytesPerS, 1.28e9));
        QVERIFY(near(t.memorySeconds, 100e-6));
        QCOMPARE(t.bound, TimeBound::Latency);
        QVERIFY2(assumptions.filter(QStringLiteral("hit in L2")).size() == 1, qPrintable(assumptions.join('\n')));
        // 4000 elements: 512 KB, over half the L2: from DRAM, 512e3 / (128 B / 500 ns) = 2 ms.
        w.weight = 4000;
        const LaunchTime large = timeOf({w}, 1, 32);
        QVERIFY(!large.l2Resident);
        QVERIFY(near(large.memorySeconds, 2e-3));
    }

    // A histogram: 100 shared atomics a thread, then one global atomic to merge.
    void atomicsLoadTheLoadStoreUnits()
    {
        Work shared;
        shared.instructions[kIntArithmetic] = 1;
        shared.accesses[MemorySpace::Shared] = 1;
        shared.weight = 100;
        Work merge;
        merge.accesses[MemorySpace::Global] = 1;
        merge.bytes[MemorySpace::Global] = 4;
        const LaunchTime t = timeOf({shared, merge}, 1000, 256);
        // Busiest SM: 100 blocks · 8 warps = 800 warps. load/store: 800 · 101 · 32 / 32 = 80800
        // cycles; int32: 800 · 100 · 32 / 64 = 40000; issue: 800 · 201 / 4 = 40200.
        QVERIFY(near(t.computeSeconds, 80.8e-6));
        QCOMPARE(t.computePipe, QStringLiteral("load/store"));
        // Memory: 256000 threads · 4 B = 1.024 MB / 80 GB/s = 12.8 µs.
        QVERIFY(near(t.memorySeconds, 12.8e-6));
        QVERIFY(near(t.seconds, 5e-6 + 80.8e-6));
        QCOMPARE(t.bound, TimeBound::Compute);
    }

    // Shared memory per block limits residency; a GPU without the figures has no time.
    void sharedMemoryLimitsOccupancyAndMissingFiguresSaySo()
    {
        KernelIR ir;
        ir.sharedMemory.staticBytes = 40000; // 100000 / 40000: 2 blocks per SM, not 8
        Statement s;
        s.instructions[kFloatArithmetic] = 1;
        ir.statements << s;
        KernelSlices slices;
        slices.weights << 1;
        slices.probability << 1;
        LaunchShape launch;
        for (int axis = 0; axis < 3; ++axis) {
            launch.gridDim[axis] = axis == 0 ? 100 : 1;
            launch.blockDim[axis] = axis == 0 ? 256 : 1;
        }
        QString why;
        const auto t = predictLaunchTime(ir, slices, launch, testGpu(), &why);
        QVERIFY(t);
        QCOMPARE(t->residentBlocksPerSm, 2);
        QVERIFY(near(t->occupancy, 512.0 / 2048.0));
        GpuSpec old = testGpu();
        old.throughput.reset();
        QVERIFY(!predictLaunchTime(ir, slices, launch, old, &why));
        QVERIFY2(why.contains(QStringLiteral("per-SM throughputs")), qPrintable(why));
    }

    // The 28 launches measured on an H200 (shared/data/h200): time per launch predicted for
    // each from its driver's launch, nothing fitted. A benchmark-style check of the model's
    // figures, not of speed.
    void measuredH200Launches()
    {
        const QString folder = test::h200MeasuredDir();
        QFile runs(folder + QStringLiteral("/runs.csv"));
        if (!runs.open(QIODevice::ReadOnly))
            QSKIP(test::upstreamMissing().constData());
        const MeasuredTimes measured = readMeasuredTimes(runs.readAll(), runs.fileName());
        QVERIFY2(measured.problems.isEmpty(), qPrintable(measured.problems.join(QLatin1Char('\n'))));
        QCOMPARE(measured.cases.size(), 28);
        QVERIFY(measured.idleW && *measured.idleW > 120 && *measured.idleW < 130);
        QStringList errors;
        const GpuCatalogue catalogue = GpuCatalogue::standard({}, errors);
        const GpuSpec* h200 = catalogue.find(QStringLiteral("H200"));
        QVERIFY(h200);
        const TimeValidation v
            = validateLaunchTimes(measured, folder + QStringLiteral("/drivers"), *h200, nullptr, test::parserOptions());
        QVERIFY2(v.problems.isEmpty(), qPrintable(v.problems.join(QLatin1Char('\n'))));
        QCOMPARE(v.summary.launches, 28);
        qInfo("H200: %d of 28 launches within 2x, rank correlation %.3f, median ratio %.2f", v.summary.timeWithin2x,
            v.summary.timeSpearman, v.summary.timeMedianRatio);
        // Where the model stands (issue 33 asks 80 % within 2x and a rank correlation of 0.9;
        // the five furthest launches and why are in README's Known limits): a change that
        // reads these kernels worse fails here.
        QVERIFY2(v.summary.timeWithin2x >= 27, "fewer launches within 2x than when the model was built");
        QVERIFY2(v.summary.timeSpearman >= 0.9, "the predicted times order the launches worse than issue 33 asks");
        // The streaming kernel at full size is memory-bound and within 10 %: 3 × 4 B × 2^26 at
        // 0.8 × 4.8 TB/s = 209.7 µs + 5 µs against 238 µs measured.
        const TimeValidationRow* streaming = caseNamed(v.rows, u"vectorAdd_64M");
        QVERIFY2(streaming, "no case vectorAdd_64M: renamed or no longer analysed?");
        QCOMPARE(streaming->bound, QStringLiteral("memory"));
        QVERIFY(std::fabs(streaming->timeRatio() - 1.0) < 0.12);
    }

    // `#pragma unroll` over a constant count: nvcc unrolls the loop and folds its comparison,
    // increment and the index arithmetic on k into the unrolled loads, so the time model
    // drops the integer operations inside it (METHOD §12). The same loop without the pragma
    // keeps them. Per iteration: k < 8, ++k, i * 8 and + k: 4 integer operations, 8
    // iterations, so 32 a thread; 4 blocks of 64 threads are 8 warps: 8 · 32 = 256 warp
    // instructions fewer.
    void unrolledLoopsFoldTheirIntegerArithmetic()
    {
        QTemporaryDir dir;
        test::writeFile(dir, QStringLiteral("unroll.cu"), R"(
__global__ void unrolled(const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0;
#pragma unroll
    for (int k = 0; k < 8; ++k)
        s += x[i * 8 + k];
    y[i] = s;
}
__global__ void rolled(const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0;
    for (int k = 0; k < 8; ++k)
        s += x[i * 8 + k];
    y[i] = s;
}
void run(const float* x, float* y) {
    unrolled<<<4, 64>>>(x, y);
    rolled<<<4, 64>>>(x, y);
}
)");
        const ProjectIndex index = indexProject(loadProject({dir.path()}), test::parserOptions());
        const auto unrolled = timeOfKernel(index, QStringLiteral("unrolled"));
        const auto rolled = timeOfKernel(index, QStringLiteral("rolled"));
        QVERIFY(unrolled && rolled);
        QVERIFY(near(rolled->warpInstructions - unrolled->warpInstructions, 256));
        QVERIFY(unrolled->assumptions.join(QLatin1Char('\n')).contains(QStringLiteral("#pragma unroll")));
        QVERIFY(!rolled->assumptions.join(QLatin1Char('\n')).contains(QStringLiteral("#pragma unroll")));
    }

    // What the machine runs where it differs from METHOD §9's operations (time-model.md step
    // 2), on 4 blocks of 64 threads (8 warps). An integer division by a constant is one
    // instruction, by a value nvcc does not know an SFU reciprocal and 16 integer ones: 16 a
    // thread more, 128 warp instructions. curand_normal on XORWOW is half a Box-Muller pair
    // (two draws of 9 integer instructions, two conversions and FMAs, log, square root, sine
    // and cosine as 1 SFU + 4 each, three float operations: 45) and the test of the kept value
    // (2): 24.5 a thread, 196 warp instructions, against no draw at all.
    void machineInstructionsOfDivisionsAndRandomDraws()
    {
        QTemporaryDir dir;
        test::writeFile(dir, QStringLiteral("machine.cu"), R"(
#include <curand_kernel.h>
__global__ void byConstant(const int* x, int* y, int d) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = x[i] / 3;
}
__global__ void byValue(const int* x, int* y, int d) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = x[i] / d;
}
__global__ void normalDraw(curandState* states, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    curandState s = states[i];
    out[i] = curand_normal(&s);
}
__global__ void noDraw(curandState* states, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    curandState s = states[i];
    out[i] = 0.0f;
}
void run(const int* x, int* y, int d, curandState* states, float* out) {
    byConstant<<<4, 64>>>(x, y, d);
    byValue<<<4, 64>>>(x, y, d);
    normalDraw<<<4, 64>>>(states, out);
    noDraw<<<4, 64>>>(states, out);
}
)");
        const ProjectIndex index = indexProject(loadProject({dir.path()}), test::parserOptions());
        const auto instructionsOf = [&](const QString& name) {
            const auto time = timeOfKernel(index, name);
            return time ? time->warpInstructions : -1.0;
        };
        const double byConstant = instructionsOf(QStringLiteral("byConstant"));
        const double byValue = instructionsOf(QStringLiteral("byValue"));
        const double normalDraw = instructionsOf(QStringLiteral("normalDraw"));
        const double noDraw = instructionsOf(QStringLiteral("noDraw"));
        QVERIFY(byConstant > 0 && byValue > 0 && normalDraw > 0 && noDraw > 0);
        QVERIFY2(near(byValue - byConstant, 128), qPrintable(QString::number(byValue - byConstant)));
        QVERIFY2(near(normalDraw - noDraw, 196), qPrintable(QString::number(normalDraw - noDraw)));
    }

    // Coalescing and bank conflicts (WarpAccess, METHOD §12), by hand on the first warp of a
    // 32 × 8 block: lane l has threadIdx.x = l, threadIdx.y = 0; blockIdx counts as 0 and the
    // loop variable j as 0 (the same for every lane).
    void warpsLayTheirAddressesOut()
    {
        QTemporaryDir dir;
        test::writeFile(dir, QStringLiteral("transpose.cu"), R"(
#define TILE 32
__global__ void naive(float* out, const float* in, int width, int height) {
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        out[x * height + (y + j)] = in[(y + j) * width + x];
}
__global__ void conflicted(float* out, const float* in, int width, int height) {
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
__global__ void padded(float* out, const float* in, int width, int height) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += 8)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
__global__ void swizzled(float* out, float** rows) {
    __shared__ float tile[TILE][TILE];
    int c = threadIdx.x;
    c = (c + 1) & 31;
    tile[threadIdx.x][c] = rows[threadIdx.x][0];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x][c];
}
void run(float* out, const float* in, float** rows) {
    swizzled<<<1, 32>>>(out, rows);
    dim3 grid(32, 32), block(32, 8);
    naive<<<grid, block>>>(out, in, 1024, 1024);
    conflicted<<<grid, block>>>(out, in, 1024, 1024);
    padded<<<grid, block>>>(out, in, 1024, 1024);
}
)");
        const ProjectIndex index = indexProject(loadProject({dir.path()}), test::parserOptions());
        const GpuSpec gpu = testGpu();
        QHash<QString, LaunchTime> times;
        QHash<QString, QVector<WarpAccess>> accesses;
        QHash<QString, int> sharedPatterns;
        for (const CatalogFunction& kernel : index.kernels) {
            const KernelIR* ir = index.kernelIR(kernel.info.key);
            QVERIFY(ir && kernel.launches.size() == 1);
            const LaunchShape launch = launchShapeOf(kernel.launches.first());
            const auto time = predictLaunchTime(*ir, analyseKernel(*ir, launch), launch, gpu, nullptr);
            QVERIFY(time);
            times.insert(kernel.info.name, *time);
            for (const Statement& statement : ir->statements) {
                for (const AccessPattern& pattern : statement.patterns) {
                    if (pattern.space == MemorySpace::Shared)
                        ++sharedPatterns[kernel.info.name];
                    const auto access = warpAccess(pattern, launch);
                    QVERIFY(access);
                    accesses[kernel.info.name] << *access;
                }
            }
        }
        // naive: the load in[(y + j) * 1024 + l] is 32 consecutive floats, 4 sectors; the store
        // out[l * 1024 + (y + j)] puts the lanes 4 KiB apart: 32 sectors, 28 more than 4.
        QCOMPARE(accesses.value(QStringLiteral("naive")).size(), 2);
        double excess = 0;
        for (const WarpAccess& a : accesses.value(QStringLiteral("naive"))) {
            QCOMPARE(a.lanes, 32);
            QCOMPARE(a.idealSectors, 4.0);
            excess += a.excessSectors();
        }
        QCOMPARE(excess, 28.0);
        // Per launch: 32 · 32 blocks · 256 threads = 262,144 threads, 4 stores each (j = 0, 8,
        // 16, 24): 28 sectors · 32 B / 32 lanes = 28 B more per store, 4 · 28 · 262,144 =
        // 29,360,128 bytes beyond the 8 useful per thread-iteration (8,388,608 B).
        const LaunchTime naive = times.value(QStringLiteral("naive"));
        QVERIFY(near(naive.excessSectorBytes, 29360128));
        QVERIFY(near(naive.globalBytes, 8388608));
        QVERIFY(naive.assumptions.join(QLatin1Char('\n')).contains(QStringLiteral("32-byte sectors")));
        // conflicted: tile[threadIdx.x][threadIdx.y + j] over 32-float rows puts all 32 lanes in
        // one bank: 32 passes, 31 extra; its store tile[threadIdx.y + j][l] has none. Per launch
        // 4 loads per thread · 262,144 / 32 = 32,768 warp accesses · 31 = 1,015,808 passes.
        const LaunchTime conflicted = times.value(QStringLiteral("conflicted"));
        QVERIFY(near(conflicted.bankConflictWavefronts, 1015808));
        QCOMPARE(conflicted.excessSectorBytes, 0.0);
        // swizzled: c is reassigned, so the reading does not know it and it may differ per
        // lane: tile[threadIdx.x][c] gets no pattern (no conflict is invented from c = 0);
        // rows[threadIdx.x][0] reads through a different pointer per lane: no pattern either.
        QCOMPARE(sharedPatterns.value(QStringLiteral("swizzled")), 0);
        QCOMPARE(sharedPatterns.value(QStringLiteral("conflicted")), 2); // the tile's store and load
        QCOMPARE(times.value(QStringLiteral("swizzled")).bankConflictWavefronts, 0.0);
        QCOMPARE(times.value(QStringLiteral("swizzled")).excessSectorBytes, 0.0);
        QVERIFY(accesses.value(QStringLiteral("swizzled")).size() <= 2); // out[tid], rows[tid]: the pointers
        // padded: rows of 33 floats put lane l in bank (33 l) mod 32 = l: no conflict.
        const LaunchTime padded = times.value(QStringLiteral("padded"));
        QCOMPARE(padded.bankConflictWavefronts, 0.0);
        // The busiest SM runs ceil(1024 / 10) = 103 blocks of 8 warps, 824 warps, each with 16
        // load/store instructions per thread (4 global loads, 4 shared stores, 4 shared loads,
        // 4 global stores: 16 cycles a warp at 32 lanes) and 4 · 31 = 124 replayed passes:
        // 824 · 140 = 115,360 cycles, 115.36 µs at 1000 MHz, where padded needs 824 · 16.
        QCOMPARE(conflicted.computePipe, QStringLiteral("load/store"));
        QVERIFY2(near(conflicted.computeSeconds, 115360e-9), qPrintable(QString::number(conflicted.computeSeconds)));
    }

    // The counters reader: empty fields are "not counted", a bad number leaves the row out
    // with its line, a second row of a case is refused.
    // Threads that share an address read it once (AccessReuse, time-model.md step 5): a naive
    // matrix product's A and B, a polynomial's coefficients; a guarded per-block store and a
    // subscript over an argument the launch does not give share nothing.
    void sharedAddressesAreReadOnce()
    {
        QTemporaryDir dir;
        test::writeFile(dir, QStringLiteral("reuse.cu"), R"(
__global__ void matmulNaive(const float* A, const float* B, float* C, int n) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
        sum += A[row * n + k] * B[k * n + col];
    C[row * n + col] = sum;
}
__global__ void horner(const float* c, int degree, const float* x, float* y, int* flags) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < degree; ++k)
        acc = acc * x[i] + c[k];
    y[i] = acc;
    if (threadIdx.x == 0)
        flags[blockIdx.x] = 1;
}
__global__ void pick(const float* a, float* out, int n) {
    out[blockIdx.x * blockDim.x + threadIdx.x] = a[n];
}
__global__ void moved(const float* in, float* out, int pitch) {
    in += blockIdx.y * pitch;
    out[blockIdx.y * pitch + threadIdx.x] = in[threadIdx.x];
}
void run(const float* A, const float* B, float* C, float* y, int* flags, int m) {
    dim3 grid(8, 8), block(16, 16);
    matmulNaive<<<grid, block>>>(A, B, C, 128);
    horner<<<64, 256>>>(A, 32, B, y, flags);
    pick<<<64, 256>>>(A, C, m);
    moved<<<dim3(1, 64), 256>>>(A, C, 256);
}
)");
        const ProjectIndex index = indexProject(loadProject({dir.path()}), test::parserOptions());
        QHash<QString, LaunchTime> times;
        for (const CatalogFunction& kernel : index.kernels) {
            const KernelIR* ir = index.kernelIR(kernel.info.key);
            QVERIFY(ir && kernel.launches.size() == 1);
            const LaunchShape launch = launchShapeOf(kernel.launches.first());
            const auto time = predictLaunchTime(*ir, analyseKernel(*ir, launch), launch, testGpu(), nullptr);
            QVERIFY(time);
            times.insert(kernel.info.name, *time);
        }
        // matmulNaive, n = 128 on 8 × 8 blocks of 16 × 16: 16,384 threads read 128 floats of A
        // and of B each, 8,388,608 bytes a matrix. B[k * n + col] does not depend on threadIdx.y
        // (16 share it in a block) nor blockIdx.y (8 blocks share it): 128 threads read each
        // element, A's the same way over threadIdx.x and blockIdx.x. L1 serves 15/16 of each
        // (7,864,320 B), L2 the blocks' repeats (524,288 − 65,536 = 458,752 B; 131,072 shared
        // bytes fit in the 1 MB L2), and DRAM moves each matrix once: 3 · 128² · 4 = 196,608 B.
        const LaunchTime matmul = times.value(QStringLiteral("matmulNaive"));
        QVERIFY(near(matmul.globalBytes, 2 * 8388608.0 + 65536));
        QVERIFY(near(matmul.cacheServedBytes, 2 * 7864320.0 + 2 * 458752));
        QVERIFY(near(matmul.dramBytes, 196608));
        QVERIFY(near(matmul.work.l2Bytes, matmul.globalBytes - 2 * 7864320.0));
        QVERIFY(matmul.assumptions.join(QLatin1Char('\n')).contains(QStringLiteral("share an address")));
        // horner: 16,384 threads each read c[0..31] (every thread the same 128 bytes) and x[i]
        // 32 times (no thread shares its i: reuse within a thread is not found), write y[i],
        // and thread 0 of each block writes flags[blockIdx.x]: 1 of 256 threads runs it, so
        // no one shares it. DRAM: 128 + 32 · 65,536 + 65,536 + 64 · 4 bytes.
        const LaunchTime horner = times.value(QStringLiteral("horner"));
        QVERIFY(near(horner.globalBytes, 32 * 65536.0 * 2 + 65536 + 256));
        QVERIFY(near(horner.dramBytes, 128 + 32 * 65536.0 + 65536 + 256));
        // pick: a[n] with n not given reads as a[0] for every thread; without n no reuse is
        // claimed, and every byte comes from DRAM.
        const LaunchTime pick = times.value(QStringLiteral("pick"));
        QCOMPARE(pick.cacheServedBytes, 0.0);
        QVERIFY(near(pick.dramBytes, pick.globalBytes));
        QVERIFY(!pick.assumptions.join(QLatin1Char('\n')).contains(QStringLiteral("share an address")));
        // moved: `in += blockIdx.y * pitch` starts each row of blocks elsewhere, so in[threadIdx.x]
        // is not one address for the 64 blocks, though its offset does not name blockIdx.y.
        const LaunchTime moved = times.value(QStringLiteral("moved"));
        QCOMPARE(moved.cacheServedBytes, 0.0);
        QVERIFY(near(moved.dramBytes, 2 * 64 * 256 * 4.0));
    }

    void atomicsOnFewLinesWaitForEachOther()
    {
        QTemporaryDir dir;
        test::writeFile(dir, QStringLiteral("atomics.cu"), R"(
__global__ void warpSum(const float* in, float* out) {
    float s = in[blockIdx.x * blockDim.x + threadIdx.x];
    if ((threadIdx.x & 31) == 0)
        atomicAdd(out, s);
}
__global__ void byteHistogram(const unsigned char* data, unsigned int* bins) {
    atomicAdd(&bins[data[blockIdx.x * blockDim.x + threadIdx.x]], 1u);
}
__global__ void maskedHistogram(const int* keys, int* bins) {
    atomicAdd(&bins[keys[blockIdx.x * blockDim.x + threadIdx.x] & 63], 1);
}
__global__ void perBlock(int* counts) {
    if (threadIdx.x == 0)
        atomicAdd(&counts[blockIdx.x], 1);
}
__global__ void scattered(const int* keys, int* bins) {
    atomicAdd(&bins[keys[blockIdx.x * blockDim.x + threadIdx.x]], 1);
}
void run(const float* in, float* out, const unsigned char* data, unsigned int* ubins, const int* keys, int* bins) {
    warpSum<<<1024, 256>>>(in, out);
    byteHistogram<<<1024, 256>>>(data, ubins);
    maskedHistogram<<<1024, 256>>>(keys, bins);
    perBlock<<<1024, 256>>>(bins);
    scattered<<<1024, 256>>>(keys, bins);
}
)");
        const ProjectIndex index = indexProject(loadProject({dir.path()}), test::parserOptions());
        // 262,144 threads on a 1 GHz GPU, 2 cycles an atomic on its line.
        // warpSum: one lane a warp adds to one address: 8,192 operations on one line.
        const auto warpSum = timeOfKernel(index, QStringLiteral("warpSum"));
        QVERIFY(warpSum);
        QVERIFY(near(warpSum->atomicOperations, 8192));
        QVERIFY(near(warpSum->atomicSeconds, 8192 * 2 / 1e9));
        QCOMPARE(warpSum->bound, TimeBound::Atomics);
        // byteHistogram: every thread one atomic; a byte names 256 bins, 1 KiB, 8 lines of 128
        // bytes: 32,768 operations wait on each line. L2 keeps the bins: DRAM moves the data
        // (262,144 B) and the bins once (1,024 B).
        const auto bytes = timeOfKernel(index, QStringLiteral("byteHistogram"));
        QVERIFY(bytes);
        QVERIFY(near(bytes->atomicOperations, 262144));
        QVERIFY(near(bytes->atomicSeconds, 262144.0 / 8 * 2 / 1e9));
        QCOMPARE(bytes->bound, TimeBound::Atomics);
        QVERIFY(near(bytes->dramBytes, 262144 + 1024));
        QVERIFY(bytes->assumptions.join(QLatin1Char('\n')).contains(QStringLiteral("256 values")));
        // maskedHistogram: `& 63` names 64 bins, 2 lines.
        const auto masked = timeOfKernel(index, QStringLiteral("maskedHistogram"));
        QVERIFY(masked);
        QVERIFY(near(masked->atomicSeconds, 262144.0 / 2 * 2 / 1e9));
        // perBlock: thread 0 of each of 1,024 blocks on its own element: 32 lines of 32 each.
        const auto perBlock = timeOfKernel(index, QStringLiteral("perBlock"));
        QVERIFY(perBlock);
        QVERIFY(near(perBlock->atomicOperations, 1024));
        QVERIFY(near(perBlock->atomicSeconds, 32.0 * 2 / 1e9));
        // scattered: an int read from memory can name any bin: no contention is claimed.
        const auto scattered = timeOfKernel(index, QStringLiteral("scattered"));
        QVERIFY(scattered);
        QCOMPARE(scattered->atomicSeconds, 0.0);
        QVERIFY(scattered->bound != TimeBound::Atomics);
    }

    void readsKernelCounters()
    {
        const QByteArray csv
            = "case,kernel,dram_read_bytes,dram_write_bytes,warp_inst,duration_ns,registers_per_thread\n"
              "a,k,1000,24,640,2976,16\n"
              "b,k,,,100,,\n"
              "c,k,-5,0,1,1,1\n"
              "a,k,1,1,1,1,1\n";
        const KernelCounters counters = readKernelCounters(csv, QStringLiteral("n.csv"));
        QCOMPARE(counters.byCase.size(), 2);
        const KernelCounterReading a = counters.byCase.value(QStringLiteral("a"));
        QCOMPARE(*a.dramBytes, 1024.0);
        QCOMPARE(*a.warpInstructions, 640.0);
        QVERIFY(std::fabs(*a.seconds - 2.976e-6) < 1e-12);
        QCOMPARE(*a.registersPerThread, 16);
        const KernelCounterReading b = counters.byCase.value(QStringLiteral("b"));
        QVERIFY(!b.dramBytes && !b.seconds && !b.registersPerThread);
        QCOMPARE(*b.warpInstructions, 100.0);
        QCOMPARE(counters.problems.size(), 2);
        QVERIFY(counters.problems[0].startsWith(QStringLiteral("n.csv:4:")));
        QVERIFY(counters.problems[1].contains(QStringLiteral("counted twice")));
        QVERIFY(!readKernelCounters("kernel,warp_inst\nk,1\n", QStringLiteral("x.csv")).problems.isEmpty());
    }

    // nvcc 13.0's PTX of tests/ptx_unrolled/unrolled_loops.cu (committed: no nvcc needed), both
    // loops at n = 64 from the launch. By hand from the PTX:
    // - sumFour under #pragma unroll 4: the main loop holds 4 ld.global on line 12, where the
    //   source loads once an iteration (factor 4, 64 / 4 = 16 trips); the remainder loop 1 load
    //   (factor 1, min(64, (4 − 1) / 2) = 1.5 trips). Global accesses per thread: 16 × 4 + 1.5
    //   loads and the store of out: 66.5.
    // - polynomialEight under #pragma unroll 8, no loads: its main loop holds 8 fma on line 21,
    //   the remainder 1 (factor 8 by the remainder, 8 trips; remainder 3.5 trips). Float
    //   arithmetic per thread: 8 × 8 + 3.5 = 67.5.
    // The time model then counts these, and the branches and barriers the PTX issues.
    void compiledCountsDivideOutUnrolling()
    {
        const QString source = test::sourceDir() + QStringLiteral("/tests/ptx_unrolled/unrolled_loops.cu");
        QFile text(test::sourceDir() + QStringLiteral("/tests/ptx_unrolled/unrolled_loops.nvcc-sm90.ptx"));
        QVERIFY(text.open(QIODevice::ReadOnly));
        ProjectPtx ptx;
        ptx.producer = QStringLiteral("nvcc 13.0");
        FilePtx file;
        file.file = source;
        file.compilation.arch = QStringLiteral("sm_90");
        file.module = readPtx(text.readAll(), QStringLiteral("unrolled_loops.nvcc-sm90.ptx"));
        QVERIFY2(file.module.problems.isEmpty(), qPrintable(file.module.problems.join(QLatin1Char('\n'))));
        ptx.files << file;
        const ProjectIndex index = indexProject(loadProject({source}), test::parserOptions());
        QCOMPARE(index.kernels.size(), 2);
        struct Expected {
            QString kernel;
            int mainFactor;
            double mainRuns;
            double remainderRuns;
            int countClass;
            double perThread;
        };
        const Expected expected[] = {
            {QStringLiteral("sumFour"), 4, 16, 1.5, kGlobalMemoryClass, 66.5},
            {QStringLiteral("polynomialEight"), 8, 8, 3.5,
                computeClassIndex(ValueType::Float, OperationClass::Arithmetic), 67.5},
        };
        for (const Expected& e : expected) {
            const auto kernel = std::find_if(index.kernels.begin(), index.kernels.end(),
                [&](const CatalogFunction& k) { return k.info.name == e.kernel; });
            QVERIFY(kernel != index.kernels.end());
            const KernelIR& ir = *index.kernelIR(kernel->info.key);
            const LaunchShape launch = launchShapeOf(kernel->launches.first());
            const KernelSlices slices = analyseKernel(ir, launch);
            PtxSettings settings;
            settings.project = &ptx;
            settings = ptxForKernel(settings, kernel->info.qualifiedName, kernel->info.location.file);
            QVERIFY(settings.function);
            const QVector<PtxLoopMatch> matches = matchPtxLoops(*settings.function, file.module, ir, slices, 10);
            QCOMPARE(matches.size(), 2);
            QCOMPARE(matches[0].unrollFactor, e.mainFactor);
            QVERIFY(matches[0].byLatchLine && !matches[0].remainder);
            QCOMPARE(matches[0].runsPerEntry, e.mainRuns);
            QCOMPARE(matches[1].unrollFactor, 1);
            QVERIFY(matches[1].remainder);
            QCOMPARE(matches[1].runsPerEntry, e.remainderRuns);
            QCOMPARE(matches[0].sourceLoop, matches[1].sourceLoop);

            const std::optional<ExecutedPtxLines> lines = executedPtxLines(settings, ir, slices, 10);
            QVERIFY(lines);
            QCOMPARE(lines->perThread[e.countClass], e.perThread);
            QVERIFY2(lines->assumptions.join(QLatin1Char('\n')).contains(QStringLiteral("loops the compiler unrolled")),
                qPrintable(lines->assumptions.join(QLatin1Char('\n'))));
            QVERIFY(lines->controlPerThread > 0);
            const std::optional<LaunchTime> fromSource = predictLaunchTime(ir, slices, launch, testGpu(), nullptr);
            const std::optional<LaunchTime> compiled
                = predictLaunchTime(ir, slices, launch, testGpu(), nullptr, &*lines);
            QVERIFY(fromSource && compiled);
            QCOMPARE(fromSource->countsSource, kTimeCountsFromSource);
            QVERIFY(compiled->countsSource.startsWith(QStringLiteral("nvcc 13.0 PTX of unrolled_loops.cu (sm_90)")));
            // Bytes stay the source's; instructions are the PTX's.
            QCOMPARE(compiled->globalBytes, fromSource->globalBytes);
            QVERIFY(compiled->warpInstructions != fromSource->warpInstructions);
        }
    }

    // With nvcc on the machine: the 28 cuda-samples launches counted from nvcc's PTX against
    // the H100's SASS counts (28 of 28 within 2x when this was written, against 22 from the
    // source's operators).
    void compiledCountsAgainstSass()
    {
        const QVector<PtxProducer> nvcc = ptxProducersNamed(QStringLiteral("nvcc"));
        if (nvcc.isEmpty())
            QSKIP("nvcc is not installed");
        if (!QFileInfo::exists(test::h200MeasuredDir() + QStringLiteral("/drivers")))
            QSKIP(test::upstreamMissing().constData());
        const QString folder
            = test::sourceDir() + QStringLiteral("/tests/validation/nvidia-h100-80gb-hbm3/real-kernels");
        QFile counterFile(folder + QStringLiteral("/ncu-counters.csv"));
        QFile runs(folder + QStringLiteral("/samples-runs.csv"));
        QVERIFY(counterFile.open(QIODevice::ReadOnly) && runs.open(QIODevice::ReadOnly));
        QStringList errors;
        const GpuCatalogue catalogue = GpuCatalogue::standard({}, errors);
        TimeValidation v = validateLaunchTimes(readMeasuredTimes(runs.readAll(), runs.fileName()),
            test::h200MeasuredDir() + QStringLiteral("/drivers"), *catalogue.find(QStringLiteral("H100")), nullptr,
            test::parserOptions(), &nvcc.first());
        attachKernelCounters(v, readKernelCounters(counterFile.readAll(), counterFile.fileName()));
        qInfo("H100 samples from nvcc's PTX: time %d of %d within 2x, rank %.3f; warp instructions %d of %d within "
              "2x of SASS",
            v.summary.timeWithin2x, v.summary.launches, v.summary.timeSpearman, v.summary.instructionsWithin2x,
            v.summary.instructionsCompared);
        QVERIFY2(v.problems.isEmpty(), qPrintable(v.problems.join(QLatin1Char('\n'))));
        QVERIFY(v.countsFrom.startsWith(QStringLiteral("nvcc")));
        QVERIFY(std::all_of(v.rows.begin(), v.rows.end(), [](const TimeValidationRow& r) { return r.compiledCounts; }));
        QVERIFY2(v.summary.instructionsWithin2x >= 28, "nvcc's instructions moved away from SASS's");
        QVERIFY2(v.summary.timeWithin2x >= 25 && v.summary.timeSpearman >= 0.93,
            "the H100 launches timed from nvcc's PTX are further off than when this was written");
    }

    // A second GPU, measured for this check and never tuned to (tests/validation/nvidia-h100-
    // 80gb-hbm3/real-kernels): the same 28 cuda-samples launches and 21 launches of the test
    // corpus, each beside Nsight Compute's counts of the same launch.
    void measuredH100Launches()
    {
        const QString folder
            = test::sourceDir() + QStringLiteral("/tests/validation/nvidia-h100-80gb-hbm3/real-kernels");
        QFile counterFile(folder + QStringLiteral("/ncu-counters.csv"));
        QVERIFY(counterFile.open(QIODevice::ReadOnly));
        const KernelCounters counters = readKernelCounters(counterFile.readAll(), counterFile.fileName());
        QVERIFY2(counters.problems.isEmpty(), qPrintable(counters.problems.join(QLatin1Char('\n'))));
        QCOMPARE(counters.byCase.size(), 49);
        QStringList errors;
        const GpuCatalogue catalogue = GpuCatalogue::standard({}, errors);
        const GpuSpec* h100 = catalogue.find(QStringLiteral("H100"));
        QVERIFY(h100);
        const auto check = [&](const QString& runsName, const QString& drivers, int cases) {
            QFile runs(folder + QLatin1Char('/') + runsName);
            if (!runs.open(QIODevice::ReadOnly))
                return TimeValidation();
            const MeasuredTimes measured = readMeasuredTimes(runs.readAll(), runs.fileName());
            if (!measured.problems.isEmpty() || measured.cases.size() != cases)
                return TimeValidation();
            TimeValidation v = validateLaunchTimes(measured, drivers, *h100, nullptr, test::parserOptions());
            attachKernelCounters(v, counters);
            qInfo("H100 %s: time %d of %d within 2x, rank %.3f; off-chip bytes %d of %d within 2x of DRAM's, warp "
                  "instructions %d of %d within 2x of SASS",
                qPrintable(runsName), v.summary.timeWithin2x, v.summary.launches, v.summary.timeSpearman,
                v.summary.bytesWithin2x, v.summary.bytesCompared, v.summary.instructionsWithin2x,
                v.summary.instructionsCompared);
            return v;
        };
        // The corpus's drivers are in this repository: this part always runs.
        const TimeValidation corpus = check(QStringLiteral("corpus-runs.csv"),
            test::sourceDir() + QStringLiteral("/tests/validation/real-kernels/drivers"), 21);
        QVERIFY2(corpus.problems.isEmpty(), qPrintable(corpus.problems.join(QLatin1Char('\n'))));
        QCOMPARE(corpus.summary.launches, 21);
        QCOMPARE(corpus.summary.bytesCompared, 21);
        // Where the model stands on the corpus (2026-12-02, after shared addresses read once and
        // atomics waiting on their L2 lines: histogram_global 0.66x, warpReduceAtomic 0.58x, both
        // 0.05x before): worse fails here.
        QVERIFY2(corpus.summary.timeWithin2x >= 17, "fewer corpus launches within 2x than when they were measured");
        QVERIFY2(corpus.summary.timeSpearman >= 0.64, "the corpus's times are ordered worse than before");
        QVERIFY2(corpus.summary.bytesWithin2x >= 18, "the analysis's bytes moved away from DRAM's");
        // 19: nbody's integrateBodies counts its tile loop (computeBodyAccel's numTiles, passed
        // from the launch) since callees' parameters hold launch values; reductionShared_sequential
        // stays at 0.45 of its SASS count (barriers and branches are issued instructions the
        // analysis does not count).
        // 18, not 19, since equality guards count exactly (`threadIdx.y == 0` passes 1/blockDim.y,
        // not the old rule's 1/blockDim.x): laplace7ZMarch's instructions 0.66x -> 0.49x of SASS's
        // while its DRAM bytes went 1.96x -> 0.95x.
        QVERIFY2(corpus.summary.instructionsWithin2x >= 18, "the analysis's instructions moved away from SASS's");

        if (!QFileInfo::exists(test::h200MeasuredDir() + QStringLiteral("/drivers")))
            QSKIP(test::upstreamMissing().constData());
        const TimeValidation samples
            = check(QStringLiteral("samples-runs.csv"), test::h200MeasuredDir() + QStringLiteral("/drivers"), 28);
        QVERIFY2(samples.problems.isEmpty(), qPrintable(samples.problems.join(QLatin1Char('\n'))));
        QCOMPARE(samples.summary.launches, 28);
        QVERIFY2(samples.summary.timeWithin2x >= 27, "fewer H100 launches within 2x than when they were measured");
        QVERIFY2(samples.summary.timeSpearman >= 0.92, "the H100 launches are ordered worse than before");
        QVERIFY2(samples.summary.bytesWithin2x >= 21, "the analysis's bytes moved away from DRAM's");
        QVERIFY2(samples.summary.instructionsWithin2x >= 22, "the analysis's instructions moved away from SASS's");
        // vectorAdd over 2^26 floats: 3 × 4 B × 2^26 = 805,306,368 B predicted; the H100
        // moved 795,500,000 (read + written): within 2 %.
        const TimeValidationRow* streaming = caseNamed(samples.rows, u"vectorAdd_64M");
        QVERIFY2(streaming && streaming->counted && streaming->counted->dramBytes,
            "no case vectorAdd_64M with SASS counts: renamed or no longer analysed?");
        QCOMPARE(streaming->globalBytes, 805306368.0);
        QVERIFY(std::fabs(streaming->globalBytes / *streaming->counted->dramBytes - 1.0) < 0.02);
    }

    // The H200 measured for this check (tests/validation/nvidia-h200/real-kernels): 48 launches
    // of 25 corpus programs, each beside Nsight Compute's counts of the same launch. Never
    // tuned to; the floors are where the model stood when they were measured.
    void measuredH200CorpusLaunches()
    {
        const QString folder = test::sourceDir() + QStringLiteral("/tests/validation/nvidia-h200/real-kernels");
        QFile counterFile(folder + QStringLiteral("/ncu-counters.csv"));
        QFile runs(folder + QStringLiteral("/corpus-runs.csv"));
        QVERIFY(counterFile.open(QIODevice::ReadOnly) && runs.open(QIODevice::ReadOnly));
        const KernelCounters counters = readKernelCounters(counterFile.readAll(), counterFile.fileName());
        QVERIFY2(counters.problems.isEmpty(), qPrintable(counters.problems.join(QLatin1Char('\n'))));
        QCOMPARE(counters.byCase.size(), 48);
        const MeasuredTimes measured = readMeasuredTimes(runs.readAll(), runs.fileName());
        QVERIFY2(measured.problems.isEmpty(), qPrintable(measured.problems.join(QLatin1Char('\n'))));
        QCOMPARE(measured.cases.size(), 48);
        QStringList errors;
        const GpuCatalogue catalogue = GpuCatalogue::standard({}, errors);
        const GpuSpec* h200 = catalogue.find(QStringLiteral("H200"));
        QVERIFY(h200);
        TimeValidation v = validateLaunchTimes(measured,
            test::sourceDir() + QStringLiteral("/tests/validation/real-kernels/drivers"), *h200, nullptr,
            test::parserOptions());
        attachKernelCounters(v, counters);
        qInfo("H200 corpus: time %d of %d within 2x, rank %.3f; off-chip bytes %d of %d within 2x of DRAM's, warp "
              "instructions %d of %d within 2x of SASS",
            v.summary.timeWithin2x, v.summary.launches, v.summary.timeSpearman, v.summary.bytesWithin2x,
            v.summary.bytesCompared, v.summary.instructionsWithin2x, v.summary.instructionsCompared);
        QVERIFY2(v.problems.isEmpty(), qPrintable(v.problems.join(QLatin1Char('\n'))));
        QCOMPARE(v.summary.launches, 48);
        // Shared addresses read once (AccessReuse) took matmul_naive from 6.07x to 0.99x and
        // polyDouble from 8.52x to 0.73x (36 of 48, bytes 37); atomics waiting on their L2 lines
        // (AtomicContention) histogram_global 0.05x -> 0.66x, warpReduceAtomic 0.05x -> 0.58x,
        // compactWarpAggregated 0.10x -> 1.32x (2026-12-02: 39 of 48, bytes 39). Not modelled
        // yet: data-dependent loops (Collatz 0.02x).
        QVERIFY2(v.summary.timeWithin2x >= 39, "fewer H200 corpus launches within 2x than when they were measured");
        QVERIFY2(v.summary.timeSpearman >= 0.64, "the H200 corpus's times are ordered worse than before");
        QVERIFY2(v.summary.bytesWithin2x >= 39, "the analysis's bytes moved away from DRAM's");
        const TimeValidationRow* naive = caseNamed(v.rows, u"matmul_naive_2048");
        QVERIFY2(naive, "no case matmul_naive_2048: renamed or no longer analysed?");
        QVERIFY2(naive->timeRatio() > 0.5 && naive->timeRatio() < 2, qPrintable(QString::number(naive->timeRatio())));
        // 34, not 35: laplace7ZMarch, as on the H100 above.
        QVERIFY2(v.summary.instructionsWithin2x >= 34, "the analysis's instructions moved away from SASS's");
        // mandelbrotFloat: escapeTime(…, maxIter)'s loop takes the launch's maxIter = 1000
        // through the call (a default of 10 trips made it 0.02x); every pixel of the view runs
        // all 1000 iterations.
        const TimeValidationRow* inside = caseNamed(v.rows, u"mandelbrot_float_inside");
        QVERIFY2(inside, "no case mandelbrot_float_inside: renamed or no longer analysed?");
        QVERIFY2(
            inside->timeRatio() > 0.5 && inside->timeRatio() < 2, qPrintable(QString::number(inside->timeRatio())));
    }
};

QTEST_GUILESS_MAIN(TimeModelTest)
#include "test_time_model.moc"
