// SPDX-License-Identifier: GPL-3.0-or-later
// The instruction-class microbenchmarks (METHOD §9, after the Aalto thesis): each class
// kernel's loop body is 500 statements, every one of them exactly one operation of its class
// as SliceWatt counts operations, so energy per executed statement is energy per counted
// instruction, the unit the static analysis multiplies by. The statements form two dependent
// chains on registers whose operands come from kernel parameters (the compiler can neither
// fold nor hoist them) and whose results are written only when they equal a runtime value
// that they never reach (the compiler cannot drop them). The baseline kernel has the same
// loop and grid and only sleeps, so its power is the board's active-state power with every
// block resident and no instruction of any class issued.

#include "ClassBenchmarks.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <limits>

namespace slicewatt::calibrate {
namespace {

// 2 × 5 × 5 × 5 = 250 copies of a pair of statements: 500 statements per iteration.
#define SW_TIMES2(...) __VA_ARGS__ __VA_ARGS__
#define SW_TIMES5(...) __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__ __VA_ARGS__
#define SW_TIMES250(...) SW_TIMES2(SW_TIMES5(SW_TIMES5(SW_TIMES5(__VA_ARGS__))))
constexpr int kPairsPerIteration = 2 * 5 * 5 * 5;
static_assert(2 * kPairsPerIteration == kClassBenchmarkStatements, "500 statements per loop iteration");

constexpr int kGlobalMemoryClass = 12; // ir/InstructionClass.h
constexpr int kLocalMemoryClass = 13;
constexpr unsigned kTileElements = 1024; // the local-memory benchmark's shared array (4 KiB per block)
constexpr unsigned kBaselineSleepNs = 1000; // each baseline iteration: the warp sleeps, issuing nothing
constexpr double kTimingLaunchMinimumS = 0.002; // a timing launch shorter than this is too noisy

// One pair of statements of each class. Each statement is one counted operation of the
// class (METHOD §9's typing and classing): a compound or plain operator on values of the
// type, or a library call typed by its arguments. k, and the seeds, arrive at run time.
struct IntegerArithmetic {
    using Value = unsigned; // unsigned: wrap-around is defined, so nothing is undefined to exploit
    static constexpr double kK = 0, kSeedX = 1, kSeedY = 2;
    // Fibonacci modulo 2^32: every sum is used twice, so no reassociation can merge them.
    __device__ __forceinline__ static void pair(Value& x, Value& y, Value)
    {
        x += y;
        y += x;
    }
};

struct IntegerDivision {
    using Value = unsigned;
    static constexpr double kK = 4294967295.0, kSeedX = 3, kSeedY = 7;
    // k / x alternates between x and k / x (3 ↔ 0x55555555): never a division by zero.
    __device__ __forceinline__ static void pair(Value& x, Value& y, Value k)
    {
        x = k / x;
        y = k / y;
    }
};

struct IntegerSfu {
    using Value = unsigned;
    static constexpr double kK = 16843009, kSeedX = 1, kSeedY = 2; // k = 0x01010101
    // An intrinsic on integer arguments outside the arithmetic, division and bit lists, which
    // SliceWatt counts as one integer SFU operation: the four-way byte dot product (one IDP4A
    // instruction). x grows by the sum of its bytes, so it never repeats soon. (A conversion
    // such as __uint2float_rz assigned back to an integer is folded by ptxas after the first
    // round trip, which is exact from then on.)
    __device__ __forceinline__ static void pair(Value& x, Value& y, Value k)
    {
        x = __dp4a(x, k, x);
        y = __dp4a(y, k, y);
    }
};

struct IntegerOther {
    using Value = unsigned;
    static constexpr double kK = 7, kSeedX = 0x12345678u, kSeedY = 0x9abcdef0u;
    // A rotation by k (a funnel shift of a word with itself): bits keep moving, no value repeats soon.
    __device__ __forceinline__ static void pair(Value& x, Value& y, Value k)
    {
        x = __funnelshift_l(x, x, k);
        y = __funnelshift_l(y, y, k);
    }
};

template <typename T> struct FloatingArithmetic {
    using Value = T;
    static constexpr double kK = 0, kSeedX = 1.25, kSeedY = 0.75;
    // (x, y) → (x + y, −x) up to rounding: a rotation of period 6, so the values stay bounded;
    // without fast-math the compiler may not simplify y − (x + y) to −x.
    __device__ __forceinline__ static void pair(Value& x, Value& y, Value)
    {
        x += y;
        y -= x;
    }
};

template <typename T> struct FloatingDivision {
    using Value = T;
    static constexpr double kK = 3, kSeedX = 1.7, kSeedY = 1.9;
    // k / x alternates between x and k / x: no zero, no infinity, no denormal.
    __device__ __forceinline__ static void pair(Value& x, Value& y, Value k)
    {
        x = k / x;
        y = k / y;
    }
};

struct FloatSfu {
    using Value = float;
    static constexpr double kK = 0, kSeedX = 1, kSeedY = 2;
    // The special-function unit's sine: x shrinks slowly towards 0 but changes every time.
    __device__ __forceinline__ static void pair(Value& x, Value& y, Value)
    {
        x = __sinf(x);
        y = __sinf(y);
    }
};

struct DoubleSfu {
    using Value = double;
    static constexpr double kK = 0, kSeedX = 1e300, kSeedY = 3;
    // Double precision has no approximate sine; its square root is one PTX instruction
    // (sqrt.rn.f64) built on the special-function unit's reciprocal square root.
    __device__ __forceinline__ static void pair(Value& x, Value& y, Value)
    {
        x = sqrt(x);
        y = sqrt(y);
    }
};

template <typename T> struct FloatingOther {
    using Value = T;
    static constexpr double kK = 0.5, kSeedX = 0, kSeedY = 1;
    // A comparison of two floating values (the assignment's bool-to-T conversion is a cast,
    // not counted): x alternates 0, 1, 0, … since 0 < 0.5 and not 1 < 0.5.
    __device__ __forceinline__ static void pair(Value& x, Value& y, Value k)
    {
        x = x < k;
        y = y < k;
    }
};

template <class Op>
__global__ void classKernel(typename Op::Value* out, typename Op::Value k, typename Op::Value seedX,
    typename Op::Value seedY, unsigned iterations, typename Op::Value never)
{
    typename Op::Value x = seedX;
    typename Op::Value y = seedY;
#pragma unroll 1
    for (unsigned i = 0; i < iterations; ++i) {
        SW_TIMES250(Op::pair(x, y, k);)
    }
    if (x == never) // never true, but the compiler cannot know: both chains stay live
        *out = y;
}

// Global memory: a pointer chase through a buffer several times the L2 cache, laid out so that
// chain[p] = p + gridThreads (mod its size): the warp's 32 loads are consecutive words (one
// coalesced access, as in ordinary code) and every step goes to a part of the buffer no other
// step touched recently, so each access reaches DRAM.
__global__ void globalMemoryKernel(
    const unsigned* __restrict__ chain, unsigned* out, unsigned halfway, unsigned iterations, unsigned never)
{
    unsigned p = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned q = p + halfway;
#pragma unroll 1
    for (unsigned i = 0; i < iterations; ++i) {
        SW_TIMES250(p = chain[p]; q = chain[q];)
    }
    if (p == never)
        *out = q;
}

// Local (on-chip) memory: the same chase through a shared array, each step to the next word in
// the same bank, so a warp's 32 loads never conflict.
__global__ void localMemoryKernel(unsigned* out, unsigned iterations, unsigned never)
{
    __shared__ unsigned tile[kTileElements];
    for (unsigned j = threadIdx.x; j < kTileElements; j += blockDim.x)
        tile[j] = (j + 32) % kTileElements;
    __syncthreads();
    unsigned p = threadIdx.x % kTileElements;
    unsigned q = (p + kTileElements / 2) % kTileElements;
#pragma unroll 1
    for (unsigned i = 0; i < iterations; ++i) {
        SW_TIMES250(p = tile[p]; q = tile[q];)
    }
    if (p == never)
        *out = q;
}

__global__ void chainKernel(unsigned* chain, unsigned long long elements, unsigned stride)
{
    const unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < elements)
        chain[i] = unsigned((i + stride) % elements);
}

// The same loop and grid, every iteration a sleep (sm_70 and newer).
__global__ void baselineKernel(unsigned* out, unsigned iterations, unsigned never)
{
    unsigned i = 0;
#pragma unroll 1
    for (; i < iterations; ++i) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
        __nanosleep(kBaselineSleepNs);
#endif
        // (Before Volta there is no __nanosleep; ClassBenchmarkRunner::open refuses such GPUs.)
    }
    if (i == never)
        *out = i;
}

template <typename T> T neverReached()
{
    // A NaN equals nothing; the integer chains never produce this word.
    return std::numeric_limits<T>::has_quiet_NaN ? std::numeric_limits<T>::quiet_NaN() : T(0xfffffffeu);
}

using ComputeLaunch = void (*)(int blocks, int threadsPerBlock, void* out, unsigned iterations);

template <class Op> void launchCompute(int blocks, int threadsPerBlock, void* out, unsigned iterations)
{
    using Value = typename Op::Value;
    classKernel<Op><<<blocks, threadsPerBlock>>>(static_cast<Value*>(out), Value(Op::kK), Value(Op::kSeedX),
        Value(Op::kSeedY), iterations, neverReached<Value>());
}

// Indexed by energy class 0..11: integer, float, double × arithmetic, division, SFU, other.
const ComputeLaunch kComputeLaunches[] = {
    launchCompute<IntegerArithmetic>,
    launchCompute<IntegerDivision>,
    launchCompute<IntegerSfu>,
    launchCompute<IntegerOther>,
    launchCompute<FloatingArithmetic<float>>,
    launchCompute<FloatingDivision<float>>,
    launchCompute<FloatSfu>,
    launchCompute<FloatingOther<float>>,
    launchCompute<FloatingArithmetic<double>>,
    launchCompute<FloatingDivision<double>>,
    launchCompute<DoubleSfu>,
    launchCompute<FloatingOther<double>>,
};
static_assert(sizeof kComputeLaunches / sizeof kComputeLaunches[0] == kGlobalMemoryClass, "one per compute class");

bool check(cudaError_t status, const char* what, std::string* error)
{
    if (status == cudaSuccess)
        return true;
    *error = std::string(what) + ": " + cudaGetErrorString(status);
    return false;
}

} // namespace

std::unique_ptr<ClassBenchmarkRunner> ClassBenchmarkRunner::open(int device, std::string* error)
{
    std::unique_ptr<ClassBenchmarkRunner> runner(new ClassBenchmarkRunner);
    cudaDeviceProp prop{};
    if (!check(cudaSetDevice(device), "cudaSetDevice", error)
        || !check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties", error))
        return nullptr;
    if (prop.major < 7) {
        *error = "the energy-class benchmarks need compute capability 7.0 or newer (__nanosleep)";
        return nullptr;
    }
    runner->m_maxThreadsPerBlock = prop.maxThreadsPerBlock;
    runner->m_l2Bytes = size_t(prop.l2CacheSize);
    if (!check(cudaMalloc(&runner->m_out, sizeof(double)), "cudaMalloc", error))
        return nullptr;
    return runner;
}

ClassBenchmarkRunner::~ClassBenchmarkRunner()
{
    cudaFree(m_out);
    cudaFree(m_chain);
}

bool ClassBenchmarkRunner::prepareChain(unsigned gridThreads, std::string* error)
{
    if (m_chain && m_chainStride == gridThreads)
        return true;
    if (!m_chain) {
        // A quarter of free memory, at most 1 GiB (32-bit indices), and at least 8 times the L2
        // cache, or the chase would be measuring the cache instead of DRAM.
        size_t freeBytes = 0, totalBytes = 0;
        if (!check(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo", error))
            return false;
        const size_t bytes = std::min(freeBytes / 4, size_t(1) << 30);
        if (bytes < 8 * m_l2Bytes) {
            *error = "not enough free GPU memory for a pointer chain 8 times the L2 cache";
            return false;
        }
        m_chainElements = bytes / sizeof(unsigned);
        if (!check(cudaMalloc(&m_chain, m_chainElements * sizeof(unsigned)), "cudaMalloc", error))
            return false;
    }
    if (m_chainElements < 2ull * gridThreads) {
        *error = "the pointer chain is smaller than two grids";
        return false;
    }
    // Whole grids only, so the chain wraps onto the same lanes and stays coalesced.
    const unsigned long long used = m_chainElements / gridThreads * gridThreads;
    const unsigned blocks = unsigned((used + 255) / 256);
    chainKernel<<<blocks, 256>>>(m_chain, used, gridThreads);
    if (!check(cudaGetLastError(), "chain kernel launch", error)
        || !check(cudaDeviceSynchronize(), "chain kernel", error))
        return false;
    m_chainStride = gridThreads;
    m_chainUsed = used;
    return true;
}

bool ClassBenchmarkRunner::launch(
    int energyClass, int blocks, int threadsPerBlock, unsigned iterations, std::string* error)
{
    if (energyClass >= 0 && energyClass < kGlobalMemoryClass) {
        kComputeLaunches[energyClass](blocks, threadsPerBlock, m_out, iterations);
    } else if (energyClass == kGlobalMemoryClass) {
        // The second chain starts half the used buffer away, on a grid boundary.
        const unsigned halfway = unsigned(m_chainUsed / m_chainStride / 2 * m_chainStride);
        globalMemoryKernel<<<blocks, threadsPerBlock>>>(
            m_chain, static_cast<unsigned*>(m_out), halfway, iterations, 0xfffffffeu);
    } else if (energyClass == kLocalMemoryClass) {
        localMemoryKernel<<<blocks, threadsPerBlock>>>(static_cast<unsigned*>(m_out), iterations, 0xfffffffeu);
    } else if (energyClass == kBaselineBenchmark) {
        baselineKernel<<<blocks, threadsPerBlock>>>(static_cast<unsigned*>(m_out), iterations, 0xfffffffeu);
    } else {
        *error = "no benchmark for energy class " + std::to_string(energyClass);
        return false;
    }
    return check(cudaGetLastError(), "kernel launch", error);
}

bool ClassBenchmarkRunner::prepare(
    int energyClass, int blocks, int threadsPerBlock, double launchSeconds, std::string* error)
{
    if (blocks <= 0 || threadsPerBlock <= 0 || threadsPerBlock > m_maxThreadsPerBlock || !(launchSeconds > 0)) {
        *error = "launch configuration out of range";
        return false;
    }
    const unsigned long long gridThreads = (unsigned long long)blocks * (unsigned long long)threadsPerBlock;
    if (gridThreads > 0xffffffffull / 4) {
        *error = "the grid is too large for 32-bit thread indices";
        return false;
    }
    if (energyClass == kGlobalMemoryClass && !prepareChain(unsigned(gridThreads), error))
        return false;

    // Time launches of growing length until one is long enough to scale from, then scale the
    // iteration count to the launch length asked for. These launches also warm the kernel up.
    cudaEvent_t start = nullptr, stop = nullptr;
    if (!check(cudaEventCreate(&start), "cudaEventCreate", error)
        || !check(cudaEventCreate(&stop), "cudaEventCreate", error)) {
        cudaEventDestroy(start);
        return false;
    }
    unsigned iterations = 4;
    float elapsedMs = 0;
    bool ok = true;
    for (;;) {
        ok = check(cudaEventRecord(start), "cudaEventRecord", error)
            && launch(energyClass, blocks, threadsPerBlock, iterations, error)
            && check(cudaEventRecord(stop), "cudaEventRecord", error)
            && check(cudaEventSynchronize(stop), "kernel", error)
            && check(cudaEventElapsedTime(&elapsedMs, start, stop), "cudaEventElapsedTime", error);
        if (!ok || elapsedMs * 1e-3 >= std::min(kTimingLaunchMinimumS, launchSeconds / 2) || iterations >= (1u << 28))
            break;
        iterations *= 8;
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    if (!ok)
        return false;
    const double scaled = iterations * launchSeconds / std::max(double(elapsedMs) * 1e-3, 1e-6);
    m_iterations = unsigned(std::clamp(scaled, 1.0, double(1u << 30)));
    m_preparedClass = energyClass;
    m_preparedBlocks = blocks;
    m_preparedThreads = threadsPerBlock;
    return true;
}

bool ClassBenchmarkRunner::run(
    int energyClass, int blocks, int threadsPerBlock, double seconds, ClassBenchmarkRun* result, std::string* error)
{
    if (energyClass != m_preparedClass || blocks != m_preparedBlocks || threadsPerBlock != m_preparedThreads) {
        *error = "the benchmark was not prepared for this grid";
        return false;
    }
    *result = ClassBenchmarkRun();
    result->iterationsPerLaunch = m_iterations;
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed
        = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    do {
        // One launch at a time: the host's clock then says when the GPU finished.
        if (!launch(energyClass, blocks, threadsPerBlock, m_iterations, error)
            || !check(cudaDeviceSynchronize(), "kernel", error))
            return false;
        ++result->launches;
    } while (elapsed() < seconds);
    if (energyClass != kBaselineBenchmark)
        result->threadStatements = double(result->launches) * double(m_iterations) * double(blocks)
            * double(threadsPerBlock) * kClassBenchmarkStatements;
    return true;
}

} // namespace slicewatt::calibrate
