// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 33: kernel argument values from the launch (and one or two host calls up), the loop
// bounds and bounds checks they resolve, and the values a user sets (--arg, sizes file).
#include "TestSupport.h"
#include "analysis/KernelSlices.h"
#include "analysis/LaunchChoice.h"
#include "analysis/ProjectIndexer.h"
#include "estimate/ProblemSizes.h"
#include "estimate/WhatIf.h"
#include "frontend/UnitSerialization.h"
#include "model/ModelLibrary.h"
#include "project/ProjectLoader.h"

#include <QtTest>

using namespace slicewatt;

namespace {

// The kernels every case launches: a row reduction over V columns (a loop bounded by an
// argument) and a bounds-checked element-wise kernel.
const char* const kKernels = R"(
#define ROWS 64
#define SIZE (1 << 20)
__global__ void rowsum(const float* x, float* y, int V) {
    float s = 0;
    for (int j = threadIdx.x; j < V; j += blockDim.x)
        s += x[blockIdx.x * V + j];
    y[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
__global__ void scale(float* x, int n, float a) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = a * x[i];
}
)";

struct Indexed {
    QTemporaryDir dir;
    ProjectIndex index;
};

std::unique_ptr<Indexed> indexSource(const QByteArray& host)
{
    auto result = std::make_unique<Indexed>();
    test::writeFile(result->dir, QStringLiteral("args.cu"), QByteArray(kKernels) + host);
    result->index = indexProject(loadProject({result->dir.path()}), test::parserOptions());
    return result;
}

const CatalogFunction* kernelNamed(const ProjectIndex& index, const QString& name)
{
    for (const CatalogFunction& kernel : index.kernels) {
        if (kernel.info.name == name)
            return &kernel;
    }
    return nullptr;
}

// The trip count of the kernel's only loop for its default launch and `whatIf`.
double loopTrips(const ProjectIndex& index, const QString& name, const KernelWhatIf& whatIf = {})
{
    const CatalogFunction* kernel = kernelNamed(index, name);
    const KernelIR* ir = kernel ? index.kernelIR(kernel->info.key) : nullptr;
    if (!ir)
        return -1;
    const KernelSlices slices = analyseKernel(*ir, whatIfLaunch(*kernel, whatIf));
    return slices.loops.size() == 1 && !slices.loops.first().assumed ? slices.loops.first().trips : -1;
}

} // namespace

class LaunchArgumentsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Values written at the launch: const locals, arithmetic, macros, sizeof.
    void argumentsAtTheLaunch()
    {
        const auto project = indexSource(R"(
void run(float* x, float* y) {
    const int N = 8 * 1024 * 768;
    scale<<<N / 256, 256>>>(x, N, 2.0f);
    rowsum<<<ROWS, 256>>>(x, y, sizeof(float4) * 8);
}
)");
        const CatalogFunction* scale = kernelNamed(project->index, QStringLiteral("scale"));
        QVERIFY(scale && scale->launches.size() == 1);
        const LaunchSite& launch = scale->launches.first();
        QCOMPARE(launch.argumentValues.value(QStringLiteral("n")), qint64(6291456)); // 8 · 1024 · 768
        QCOMPARE(launch.argumentOrigins.value(QStringLiteral("n")), QStringLiteral("launch"));
        QVERIFY(!launch.argumentValues.contains(QStringLiteral("a"))); // a float: not an integer argument
        QCOMPARE(launch.grid.x, std::optional<qint64>(24576)); // 6291456 / 256
        // sizeof(float4) · 8 = 16 · 8 = 128 columns, 256 threads a row: the loop runs
        // ceil((128 - 0) / 256) = 1 time.
        QCOMPARE(loopTrips(project->index, QStringLiteral("rowsum")), 1.0);
    }

    // A launcher's parameter passed on: its value comes from the call one level up, and from
    // the call two levels up when the caller passes its own parameter on (llm.c's
    // `softmax_forward(out, inp, N, V)` called with the model's constants).
    void argumentsThroughOneAndTwoHostCalls()
    {
        const auto project = indexSource(R"(
void launchRows(const float* x, float* y, int V) { rowsum<<<ROWS, 256>>>(x, y, V); }
void launchScale(float* x, int n) { scale<<<(n + 255) / 256, 256>>>(x, n, 0.5f); }
void forward(const float* x, float* y, int vocab) { launchRows(x, y, vocab + 1); }
void model(float* x, float* y) {
    const int Vocab = 50256;
    forward(x, y, Vocab);
    launchScale(x, SIZE);
}
)");
        const CatalogFunction* rowsum = kernelNamed(project->index, QStringLiteral("rowsum"));
        QVERIFY(rowsum && rowsum->launches.size() == 1);
        // Two levels: model → forward(vocab = 50256) → launchRows(V = vocab + 1 = 50257).
        QCOMPARE(rowsum->launches.first().argumentValues.value(QStringLiteral("V")), qint64(50257));
        QVERIFY(rowsum->launches.first().argumentOrigins.value(QStringLiteral("V")).endsWith(QStringLiteral(":18")));
        // The row loop: j from 0 by 256 while j < 50257: ceil(50257 / 256) = 197 iterations,
        // where the default (no value) was 10.
        QCOMPARE(loopTrips(project->index, QStringLiteral("rowsum")), 197.0);
        // One level, through a macro: n = 1 << 20, grid (2^20 + 255) / 256 = 4096.
        const CatalogFunction* scale = kernelNamed(project->index, QStringLiteral("scale"));
        QVERIFY(scale && scale->launches.size() == 1);
        QCOMPARE(scale->launches.first().argumentValues.value(QStringLiteral("n")), qint64(1 << 20));
        QCOMPARE(scale->launches.first().grid.x, std::optional<qint64>(4096));
    }

    // A struct initialised from constants: its fields are the values.
    void argumentsFromStructFields()
    {
        const auto project = indexSource(R"(
struct Shape { int rows; int cols; };
void run(const float* x, float* y) {
    const Shape shape = {ROWS, 1000};
    rowsum<<<shape.rows, 128>>>(x, y, shape.cols);
}
)");
        const CatalogFunction* rowsum = kernelNamed(project->index, QStringLiteral("rowsum"));
        QVERIFY(rowsum && rowsum->launches.size() == 1);
        QCOMPARE(rowsum->launches.first().grid.x, std::optional<qint64>(64));
        QCOMPARE(rowsum->launches.first().argumentValues.value(QStringLiteral("V")), qint64(1000));
        QCOMPARE(loopTrips(project->index, QStringLiteral("rowsum")), 8.0); // ceil(1000 / 128)
    }

    // `if (i < n)` with i the global index: the share of threads that pass is n over the
    // threads of the launch, instead of the two-way default of 0.5.
    void boundsCheckFollowsTheArgument()
    {
        const auto project = indexSource(R"(
void run(float* x) { scale<<<4, 256>>>(x, 1000, 2.0f); }
)");
        const CatalogFunction* scale = kernelNamed(project->index, QStringLiteral("scale"));
        const KernelIR* ir = project->index.kernelIR(scale->info.key);
        QVERIFY(ir);
        const KernelSlices slices = analyseKernel(*ir, defaultLaunchShape(scale->launches));
        QCOMPARE(slices.branches.size(), 1);
        // 4 blocks of 256 = 1024 threads; indices 0 … 999 pass: 1000 / 1024.
        QCOMPARE(slices.branches.first().arms.first(), 1000.0 / 1024.0);
        QVERIFY(!slices.branches.first().assumed);
        // Without a value the default stays, and says so.
        KernelWhatIf larger;
        larger.arguments.insert(QStringLiteral("n"), 100000);
        const KernelSlices clamped = analyseKernel(*ir, whatIfLaunch(*scale, larger));
        QCOMPARE(clamped.branches.first().arms.first(), 1.0); // more elements than threads: all pass
    }

    // An argument the code never fixes stays a named assumption; --arg and the sizes file set it.
    void userSetsTheValues()
    {
        const auto project = indexSource(R"(
void launchRows(const float* x, float* y, int V) { rowsum<<<ROWS, 256>>>(x, y, V); }
)");
        const CatalogFunction* rowsum = kernelNamed(project->index, QStringLiteral("rowsum"));
        QVERIFY(rowsum);
        const KernelIR* ir = project->index.kernelIR(rowsum->info.key);
        const KernelSlices unknown = analyseKernel(*ir, defaultLaunchShape(rowsum->launches));
        QVERIFY(unknown.loops.first().assumed);
        QCOMPARE(unknown.loops.first().reason, QStringLiteral("bounds not known at compile time: V"));

        ProblemSizes sizes;
        sizes.addJson(R"({"arguments": {"V": 1024, "rowsum:V": 2560, "nosuch:V": 1, "bad key": 3, "x": 1.5}})",
            QStringLiteral("sizes.json"));
        QCOMPARE(sizes.errors.size(), 2); // "bad key" and the fraction
        sizes.addAssignments(QStringLiteral("n=77"), QStringLiteral("--arg"));
        WhatIfSettings settings;
        const QStringList warnings = sizes.applyTo(project->index, settings);
        QCOMPARE(warnings.size(), 1); // no kernel named nosuch
        QCOMPARE(settings.allKernels.arguments.value(QStringLiteral("V")), qint64(1024));
        QCOMPARE(settings.allKernels.arguments.value(QStringLiteral("n")), qint64(77));
        // KERNEL:NAME wins over NAME for that kernel: 2560 / 256 = 10 trips.
        QCOMPARE(loopTrips(project->index, QStringLiteral("rowsum"), settings.forKernel(rowsum->info.key)), 10.0);

        ProblemSizes malformed;
        malformed.addAssignments(QStringLiteral("V=12x,=3,k:V=5"), QStringLiteral("--arg"));
        QCOMPARE(malformed.errors.size(), 2);
        QCOMPARE(malformed.sizes.size(), 1);
        malformed.addJson("[1, 2", QStringLiteral("broken.json"));
        QCOMPARE(malformed.errors.size(), 3);
        // The file the CLI and the app read: found beside the project, read whole.
        QVERIFY(ProblemSizes::projectFile({project->dir.path()}).isEmpty());
        const QString file
            = test::writeFile(project->dir, QStringLiteral(".slicewatt/sizes.json"), R"({"arguments": {"V": 300}})");
        QCOMPARE(ProblemSizes::projectFile({project->dir.path()}), file);
        ProblemSizes fromFile;
        fromFile.addFile(file);
        fromFile.addFile(project->dir.filePath(QStringLiteral("missing.json")));
        QCOMPARE(fromFile.sizes.size(), 1);
        QCOMPARE(fromFile.sizes.first().value, qint64(300));
        QCOMPARE(fromFile.errors.size(), 1);
    }
    // A grid computed in a host launcher from its own parameters (issue 47), whose caller
    // reads the size from the command line: the launch keeps the expression over those host
    // values, and --arg FUNCTION:NAME (the launcher's name or the caller's) or a plain NAME
    // gives them. Hand-computed: n = 10^6 with blocks of 256 is a grid of
    // ceil(10^6 / 256) = 3907 blocks, and the bounds guard passes 10^6 of 3907 · 256 threads;
    // a 2-D launcher over rows = 100, cols = 50 with 16 × 16 blocks has a grid of
    // ceil(50 / 16) × ceil(100 / 16) = 4 × 7; a row loop over V = 2560 at 256 threads runs 10 times.
    void hostValuesFromTheLauncherAndItsCaller()
    {
        const auto project = indexSource(R"(
__global__ void tile(float* y, int rows, int cols) {
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows && c < cols)
        y[r * cols + c] = 0.0f;
}
template <class T> T ceil_div(T dividend, T divisor) { return (dividend + divisor - 1) / divisor; }
int readSize(const char* text);
void launchScale(float* x, int n, int threads) {
    dim3 grid(ceil_div(n, threads));
    scale<<<grid, threads>>>(x, n, 0.5f);
}
void launchTile(float* y, int rows, int cols) {
    const dim3 block(16, 16);
    dim3 grid(ceil_div(cols, 16), ceil_div(rows, (int)block.y));
    tile<<<grid, block>>>(y, rows, cols);
}
void launchRows(const float* x, float* y, int V) { rowsum<<<ROWS, 256>>>(x, y, V); }
int main(int argc, char** argv) {
    int n = readSize(argv[1]);
    float* x = nullptr;
    launchScale(x, n, 256);
    launchTile(x, readSize(argv[2]), readSize(argv[3]));
    launchRows(x, x, readSize(argv[4]));
    return 0;
}
)");
        const CatalogFunction* scale = kernelNamed(project->index, QStringLiteral("scale"));
        QVERIFY(scale && scale->launches.size() == 1);
        const LaunchSite& site = scale->launches.first();
        QVERIFY(!site.grid.x);
        QCOMPARE(site.block.x, std::optional<qint64>(256)); // the caller's constant
        QVERIFY(site.hostValues.grid[0]);
        QCOMPARE(site.hostValues.grid[0]->toString(), QStringLiteral("(((launchScale:n + 256) - 1) / 256)"));
        QCOMPARE(site.hostValues.grid[0]->hostValueNames(), (QStringList{"launchScale:n", "main:n"}));
        QVERIFY(!site.hostValues.grid[1]); // dim3's defaulted y is 1, known already
        QCOMPARE(site.hostValues.arguments.value(QStringLiteral("n"))->toString(), QStringLiteral("launchScale:n"));
        // Written to the unit cache and read back, the expressions stay.
        for (const UnitIndex& unit : project->index.units) {
            const std::optional<UnitIndex> back = deserializeUnit(serializeUnit(unit));
            QVERIFY(back && back->launches.size() == unit.launches.size());
            for (int i = 0; i < unit.launches.size(); ++i)
                QCOMPARE(back->launches[i].hostValues.names(), unit.launches[i].hostValues.names());
        }

        // No value given: the grid stays open, and the assumption says what to set.
        const LaunchShape open = whatIfLaunch(*scale, {});
        QVERIFY(!open.gridDim[0]);
        QCOMPARE(open.hostValuesOpen, QStringList{QStringLiteral("launchScale:n")});
        QVERIFY2(hostValuesOpenNote(open).contains(QStringLiteral("--arg launchScale:n=VALUE")),
            qPrintable(hostValuesOpenNote(open)));

        const KernelIR* ir = project->index.kernelIR(scale->info.key);
        QVERIFY(ir);
        for (const char* given : {"launchScale:n=1000000", "main:n=1000000", "n=1000000"}) {
            ProblemSizes sizes;
            sizes.addAssignments(QString::fromLatin1(given), QStringLiteral("--arg"));
            WhatIfSettings settings;
            QVERIFY2(sizes.applyTo(project->index, settings).isEmpty(), given);
            const LaunchShape shape = whatIfLaunch(*scale, settings.forKernel(scale->info.key));
            QCOMPARE(shape.gridDim[0], std::optional<qint64>(3907));
            QCOMPARE(shape.kernelArguments.value(QStringLiteral("n")), qint64(1000000));
            QVERIFY(shape.hostValuesOpen.isEmpty());
            const KernelSlices slices = analyseKernel(*ir, shape);
            QCOMPARE(slices.branches.first().arms.first(), 1000000.0 / (3907.0 * 256.0));
        }

        const CatalogFunction* tile = kernelNamed(project->index, QStringLiteral("tile"));
        QVERIFY(tile && tile->launches.size() == 1);
        ProblemSizes tileSizes;
        tileSizes.addJson(R"({"arguments": {"launchTile:rows": 100, "launchTile:cols": 50, "launchTile:depth": 3,
                                            "nosuch:rows": 1, "launchRows:V": 2560}})",
            QStringLiteral("sizes.json"));
        WhatIfSettings settings;
        const QStringList warnings = tileSizes.applyTo(project->index, settings);
        QCOMPARE(warnings.size(), 2);
        QVERIFY2(warnings.join('\n').contains(QStringLiteral("no launch reads launchTile:depth (the launches read "
                                                             "launchTile:cols, launchTile:rows)")),
            qPrintable(warnings.join('\n')));
        QVERIFY2(
            warnings.join('\n').contains(QStringLiteral("no kernel named 'nosuch'")), qPrintable(warnings.join('\n')));
        const LaunchShape tiled = whatIfLaunch(*tile, settings.forKernel(tile->info.key));
        QCOMPARE(tiled.gridDim[0], std::optional<qint64>(4));
        QCOMPARE(tiled.gridDim[1], std::optional<qint64>(7));
        QCOMPARE(tiled.gridDim[2], std::optional<qint64>(1));
        QCOMPARE(tiled.kernelArguments.value(QStringLiteral("rows")), qint64(100));
        QCOMPARE(loopTrips(project->index, QStringLiteral("rowsum"),
                     settings.forKernel(kernelNamed(project->index, QStringLiteral("rowsum"))->info.key)),
            10.0);
        // A value that gives no launch (a grid of 0 blocks) leaves the grid open, said with the value.
        WhatIfSettings empty;
        empty.allKernels.hostArguments.insert(QStringLiteral("launchTile:cols"), 0);
        empty.allKernels.hostArguments.insert(QStringLiteral("launchTile:rows"), 5);
        const LaunchShape none = whatIfLaunch(*tile, empty.forKernel(tile->info.key));
        QVERIFY(!none.gridDim[0]);
        QCOMPARE(none.gridDim[1], std::optional<qint64>(1));
        QVERIFY2(none.hostValuesOpen.join(' ').contains(QStringLiteral("(gives 0)")),
            qPrintable(none.hostValuesOpen.join(' ')));
    }

    // Launch shapes in two and three dimensions (issue 47): a grid of 1 × 1000 blocks is not
    // 1000 × 1. A loop strided by gridDim.x · blockDim.x over 2^20 elements with blocks of 256
    // runs 2^20 / 256 = 4096 times on 1 × 1000 and ceil(2^20 / 256000) = 5 times on 1000 × 1;
    // one bounded by gridDim.y runs 1000 and 1; by blockDim.y · blockDim.z, 16 · 4 = 64 on a
    // 16 × 16 × 4 block. The sizes file gives the same shapes, and refuses malformed ones.
    void launchShapesInTwoAndThreeDimensions()
    {
        const auto project = indexSource(R"(
__global__ void strided(float* y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < SIZE; i += gridDim.x * blockDim.x)
        y[i] *= 2.0f;
}
__global__ void rows(float* y) {
    for (int r = 0; r < gridDim.y; ++r)
        y[r * blockDim.x + threadIdx.x] += 1.0f;
}
__global__ void planes(float* y) {
    for (int p = 0; p < blockDim.y * blockDim.z; ++p)
        y[p] = 0.0f;
}
)");
        QVERIFY(parseLaunchExtent(QStringLiteral("1x1000"), nullptr) == (LaunchExtent{1, 1000, 1}));
        QVERIFY(parseLaunchExtent(QStringLiteral("16×16x4"), nullptr) == (LaunchExtent{16, 16, 4}));
        QCOMPARE(LaunchExtent({1, 1000, 1}).toString(), QStringLiteral("1x1000"));
        QCOMPARE(LaunchExtent({256, 1, 1}).toString(), QStringLiteral("256"));
        QString why;
        for (const char* bad : {"0x4", "4x", "1x2x3x4", "16 by 16", "-2"}) {
            why.clear();
            QVERIFY2(!parseLaunchExtent(QString::fromLatin1(bad), &why) && why.contains(bad), bad);
        }
        QVERIFY(!parseLaunchExtent(QStringLiteral("4294967296x4294967296"), &why));

        KernelWhatIf tall;
        tall.grid = LaunchExtent{1, 1000, 1};
        tall.block = LaunchExtent{256, 1, 1};
        KernelWhatIf wide = tall;
        wide.grid = LaunchExtent{1000, 1, 1};
        QCOMPARE(loopTrips(project->index, QStringLiteral("strided"), tall), 4096.0);
        QCOMPARE(loopTrips(project->index, QStringLiteral("strided"), wide), 5.0);
        QCOMPARE(loopTrips(project->index, QStringLiteral("rows"), tall), 1000.0);
        QCOMPARE(loopTrips(project->index, QStringLiteral("rows"), wide), 1.0);
        KernelWhatIf cube;
        cube.grid = LaunchExtent{8, 1, 1};
        cube.block = LaunchExtent{16, 16, 4};
        QCOMPARE(loopTrips(project->index, QStringLiteral("planes"), cube), 64.0);

        ProblemSizes sizes;
        sizes.addJson(R"({"launches": {"rows": {"grid": "1x1000", "block": 256},
                                        "planes": {"block": [16, 16, 4]},
                                        "strided": {"grid": "0x1"}, "nosuch": {"grid": 4},
                                        "scale": {"threads": 4}}})",
            QStringLiteral("sizes.json"));
        QCOMPARE(sizes.errors.size(), 2); // the 0, the unknown key
        QVERIFY2(sizes.errors.join('\n').contains("the launch of 'strided'"), qPrintable(sizes.errors.join('\n')));
        WhatIfSettings settings;
        QCOMPARE(sizes.applyTo(project->index, settings).size(), 1); // no kernel named nosuch
        const CatalogFunction* rows = kernelNamed(project->index, QStringLiteral("rows"));
        const CatalogFunction* planes = kernelNamed(project->index, QStringLiteral("planes"));
        QCOMPARE(loopTrips(project->index, QStringLiteral("rows"), settings.forKernel(rows->info.key)), 1000.0);
        // The file's block leaves the code's grid (none here) as it is.
        QVERIFY(!settings.forKernel(planes->info.key).grid);
        QCOMPARE(loopTrips(project->index, QStringLiteral("planes"), settings.forKernel(planes->info.key)), 64.0);
    }

    // A device function's loop bounded by its parameter: the value its call passes, where the
    // launch fixes it (the kernel's argument, arithmetic on it, through two calls). The store
    // of a struct a call returns (`out[i] = paint(…, maxIter)`, a move assignment) writes out,
    // not maxIter, so maxIter keeps the launch's value.
    void argumentsIntoDeviceFunctions()
    {
        const auto project = indexSource(R"(
struct Pixel { unsigned char r, g, b, a; };
__device__ int escape(float c, int maxIter) {
    int it = 0;
    float z = 0;
    while (it < maxIter) {
        z = z * z + c;
        if (z > 4.0f) break;
        ++it;
    }
    return it;
}
__device__ Pixel paint(int it, int maxIter) {
    Pixel p = {0, 0, 0, 255};
    if (it < maxIter) p.r = (unsigned char)it;
    return p;
}
__global__ void fractal(Pixel* out, int maxIter) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = paint(escape(0.001f * i, maxIter), maxIter);
}
__device__ float inner(const float* x, int m) {
    float s = 0;
    for (int k = 0; k < m; ++k)
        s += x[k];
    return s;
}
__device__ float outer(const float* x, int n) { return inner(x, n * 2); }
__global__ void chain(const float* x, float* y, int n) { y[threadIdx.x] = outer(x, n + 1); }
__global__ void perThread(const float* x, float* y) { y[threadIdx.x] = inner(x, threadIdx.x); }
void run(Pixel* out, const float* x, float* y) {
    fractal<<<8, 128>>>(out, 1000);
    chain<<<1, 32>>>(x, y, 49);
    perThread<<<1, 32>>>(x, y);
}
)");
        // escape's while loop: it from 0 by 1 while it < maxIter = 1000 (the break is a
        // data-dependent exit: the bound is what the launch gives).
        QCOMPARE(loopTrips(project->index, QStringLiteral("fractal")), 1000.0);
        // chain → outer(n = 49) → inner(m = (49 + 1) · 2 = 100): 100 trips.
        QCOMPARE(loopTrips(project->index, QStringLiteral("chain")), 100.0);
        // A value that differs per thread is not bound: the default stays, and is said.
        const CatalogFunction* perThread = kernelNamed(project->index, QStringLiteral("perThread"));
        QVERIFY(perThread);
        const KernelSlices slices
            = analyseKernel(*project->index.kernelIR(perThread->info.key), defaultLaunchShape(perThread->launches));
        QCOMPARE(slices.loops.size(), 1);
        QVERIFY(slices.loops.first().assumed);
    }

    // A template kernel's accesses of `T` move the bytes of the type its launch binds:
    // copy<double> loads 8 and stores 8 bytes per element, not the 4 of an unknown type.
    void templateTypesGiveAccessBytes()
    {
        const auto project = indexSource(R"(
template <typename T> __global__ void copy(T* y, const T* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i];
}
void run(double* y, const double* x) { copy<double><<<4, 256>>>(y, x, 1024); }
)");
        const CatalogFunction* copy = kernelNamed(project->index, QStringLiteral("copy"));
        QVERIFY(copy);
        const KernelIR* ir = project->index.kernelIR(copy->info.key);
        QVERIFY(ir);
        double bytes = 0, stored = 0;
        for (const Statement& statement : ir->statements) {
            bytes += statement.accessBytes[MemorySpace::Global];
            stored += statement.storeBytes[MemorySpace::Global];
        }
        QCOMPARE(bytes, 16.0); // x[i] 8 + y[i] 8
        QCOMPARE(stored, 8.0);
    }

    // A template kernel launched for float and for double (issue 47) is read at each: the
    // float launch moves 4 + 4 bytes a thread, the double one 8 + 8, and each site's
    // estimate uses its own reading (the heaviest, the double one, is the kernel's).
    void eachTypeInstantiationItsOwnReading()
    {
        const auto project = indexSource(R"(
template <typename T> __global__ void copy(T* y, const T* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i];
}
void run(float* yf, const float* xf, double* y, const double* x) {
    copy<float><<<4096, 256>>>(yf, xf, 1 << 20);
    copy<<<4096, 256>>>(y, x, 1 << 20); // deduced: double
}
)");
        const CatalogFunction* copy = kernelNamed(project->index, QStringLiteral("copy"));
        QVERIFY(copy && copy->launches.size() == 2);
        const KernelIR* ir = project->index.kernelIR(copy->info.key);
        QVERIFY(ir);
        const auto bytesOf = [](const KernelIR& reading) {
            double bytes = 0;
            for (const Statement& statement : reading.statements)
                bytes += statement.accessBytes[MemorySpace::Global];
            return bytes;
        };
        QCOMPARE(ir->templateTypes.value(QStringLiteral("T")), QStringLiteral("float"));
        QCOMPARE(bytesOf(*ir), 8.0);
        QCOMPARE(ir->typeInstantiations.size(), 1);
        const KernelIR& asDouble = ir->readingFor(copy->launches[1].templateTypes);
        QCOMPARE(asDouble.templateTypes.value(QStringLiteral("T")), QStringLiteral("double"));
        QCOMPARE(bytesOf(asDouble), 16.0);
        // Written to the unit cache and read back, both readings stay.
        UnitIndex unit;
        unit.kernelIRs << *ir;
        const std::optional<UnitIndex> back = deserializeUnit(serializeUnit(unit));
        QVERIFY(back);
        QCOMPARE(back->kernelIRs.size(), 1);
        QCOMPARE(back->kernelIRs.first().typeInstantiations.size(), 1);
        QCOMPARE(bytesOf(back->kernelIRs.first().readingFor(asDouble.templateTypes)), 16.0);

        // The estimate at each site reads its own instantiation: 2^20 threads move 8 MiB as
        // float and 16 MiB as double.
        QStringList errors;
        const ModelLibrary library = ModelLibrary::load({}, errors);
        WhatIfSettings settings;
        settings.gpuId = QStringLiteral("h200");
        settings.modelId = QStringLiteral("physical");
        const ModelChoice choice = chooseModel(library, settings);
        QVERIFY2(choice.error.isEmpty(), qPrintable(choice.error));
        const KernelEstimateReport report
            = estimateKernelWhatIf(*copy, *ir, *choice.model, *choice.gpu, choice.energy, settings);
        QCOMPARE(report.launches.size(), 2);
        QVERIFY(report.launches[1].chosen); // the double launch is the heavier
        QCOMPARE(report.analysis.ir, &asDouble);
        QCOMPARE(bytesOf(*report.analysis.ir), 16.0);
    }
};

QTEST_GUILESS_MAIN(LaunchArgumentsTest)
#include "test_launch_arguments.moc"
