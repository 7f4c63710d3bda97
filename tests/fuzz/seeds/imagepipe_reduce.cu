// min / max / mean of an image in two passes:
//   pass 1: reduceMinMax<BLOCK>      grid-stride accumulation, one partial per block
//   pass 2: reduceMinMaxFinal<BLOCK> one block folds the partials into ImageStats
// Block size is a template parameter so the shared-memory array of warp
// results is sized at compile time and the warp count folds into constants.

#include "imagepipe/image.cuh"
#include "imagepipe/kernels.cuh"

#include "device_math.cuh"

#include <algorithm>
#include <cfloat>

namespace imagepipe {

// Elements each thread accumulates before the block reduction, on average.
// Amortises the shuffles and the barrier over useful loads.
constexpr int kItemsPerThread = 8;

// Partials buffer size: caps pass 1's grid so pass 2 stays a single block.
constexpr int kMaxPartials = 1024;

// Above this many elements pass 1 uses 512-thread blocks: the per-block
// reduction tail is amortised over more loads, and the image is big enough
// to fill every SM anyway. Smaller images use 256 to keep more blocks.
constexpr int kLargeReduction = 1 << 22;

__device__ __forceinline__ MinMaxSum identityStats()
{
    return MinMaxSum{FLT_MAX, -FLT_MAX, 0.0f};
}

__device__ __forceinline__ MinMaxSum combine(MinMaxSum a, MinMaxSum b)
{
    return MinMaxSum{fminf(a.min, b.min), fmaxf(a.max, b.max), a.sum + b.sum};
}

// Block-wide reduction; the result is valid in thread 0 only. Every thread
// of the block must call it (it contains a barrier).
template <int BLOCK>
__device__ MinMaxSum blockReduceStats(MinMaxSum v)
{
    static_assert(BLOCK % kWarpSize == 0 && BLOCK <= 1024, "BLOCK must be whole warps");
    constexpr int kWarps = BLOCK / kWarpSize;
    __shared__ MinMaxSum warpResults[kWarps];

    const int lane = threadIdx.x & (kWarpSize - 1);
    const int warp = threadIdx.x / kWarpSize;

    v.min = warpReduceMin(v.min);
    v.max = warpReduceMax(v.max);
    v.sum = warpReduceSum(v.sum);
    if (lane == 0) warpResults[warp] = v;
    __syncthreads();

    if (warp == 0) {
        v = lane < kWarps ? warpResults[lane] : identityStats();
        v.min = warpReduceMin(v.min);
        v.max = warpReduceMax(v.max);
        v.sum = warpReduceSum(v.sum);
    }
    return v;
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
reduceMinMax(const float* __restrict__ in, int n, MinMaxSum* __restrict__ partials)
{
    // Per-thread accumulation in registers; the strided loop keeps each
    // warp's loads contiguous on every iteration.
    MinMaxSum acc = identityStats();
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x) {
        const float v = in[i];
        acc.min = fminf(acc.min, v);
        acc.max = fmaxf(acc.max, v);
        acc.sum += v;
    }

    acc = blockReduceStats<BLOCK>(acc);
    if (threadIdx.x == 0) partials[blockIdx.x] = acc;
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
reduceMinMaxFinal(const MinMaxSum* __restrict__ partials, int count, int n,
                  ImageStats* __restrict__ result)
{
    MinMaxSum acc = identityStats();
    for (int i = threadIdx.x; i < count; i += BLOCK) acc = combine(acc, partials[i]);

    acc = blockReduceStats<BLOCK>(acc);
    if (threadIdx.x == 0) *result = ImageStats{acc.min, acc.max, acc.sum / float(n)};
}

StatsWorkspace createStatsWorkspace()
{
    StatsWorkspace ws;
    ws.maxPartials = kMaxPartials;
    CUDA_CHECK(cudaMalloc(&ws.partials, kMaxPartials * sizeof(MinMaxSum)));
    CUDA_CHECK(cudaMalloc(&ws.result, sizeof(ImageStats)));
    return ws;
}

void destroyStatsWorkspace(StatsWorkspace& ws)
{
    CUDA_CHECK(cudaFree(ws.partials));
    CUDA_CHECK(cudaFree(ws.result));
    ws = StatsWorkspace{};
}

void launchImageStats(const Image& img, StatsWorkspace& ws, cudaStream_t stream)
{
    const int n = int(img.elements());
    if (n == 0) return;

    // Blocks needed for kItemsPerThread elements per thread, capped so the
    // partials fit the workspace (the grid-stride loop absorbs the rest).
    auto gridFor = [&](int block) {
        return std::min((n + block * kItemsPerThread - 1) / (block * kItemsPerThread),
                        ws.maxPartials);
    };

    int blocks = 0;
    if (n >= kLargeReduction) {
        blocks = gridFor(512);
        reduceMinMax<512><<<blocks, 512, 0, stream>>>(img.data, n, ws.partials);
    } else {
        blocks = gridFor(256);
        reduceMinMax<256><<<blocks, 256, 0, stream>>>(img.data, n, ws.partials);
    }
    CUDA_CHECK_LAUNCH();

    reduceMinMaxFinal<256><<<1, 256, 0, stream>>>(ws.partials, blocks, n, ws.result);
    CUDA_CHECK_LAUNCH();
}

}  // namespace imagepipe
