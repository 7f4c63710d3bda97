// Histogram equalisation in three kernels:
//   1. histogramShared: 256-bin histogram, privatised per block in shared
//      memory, merged into the global histogram once per block.
//   2. histogramCdf:    exclusive scan of the 256 counts into the
//      equalisation look-up table (single block).
//   3. equalizeApply:   per-pixel LUT lookup.

#include "imagepipe/image.cuh"
#include "imagepipe/kernels.cuh"

#include "device_math.cuh"

#include <algorithm>

namespace imagepipe {

// Threads of the histogram and CDF kernels: one per bin, so zeroing, merging
// and scanning the bins need no loops.
constexpr int kHistThreads = kHistBins;
static_assert(kHistBins % kWarpSize == 0 && kHistBins / kWarpSize <= kWarpSize,
              "histogramCdf scans the per-warp totals with a single warp");

// Resident blocks per SM targeted by the histogram grid. More blocks means
// more global merges; fewer leaves SMs idle while the atomics drain.
constexpr int kHistBlocksPerSm = 4;

constexpr int kEqualizeThreads = 256;

__global__ void histogramShared(const float* __restrict__ img, int n,
                                unsigned int* __restrict__ hist)
{
    // Launched with exactly kHistBins threads: thread b owns bin b below.
    // Shared-memory atomics from one block contend only with that block;
    // going straight to global memory would serialise the whole GPU on the
    // few bins a smooth image actually uses.
    __shared__ unsigned int localHist[kHistBins];
    localHist[threadIdx.x] = 0;
    __syncthreads();

    const int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&localHist[binOf(img[i], kHistBins)], 1u);
    __syncthreads();

    // Empty bins are common (blurred images are smooth): skip their atomics.
    const unsigned int count = localHist[threadIdx.x];
    if (count != 0) atomicAdd(&hist[threadIdx.x], count);
}

// Equalisation curve from the histogram. lut[i] is the fraction of pixels
// below bin i plus half of bin i itself (exclusive scan + half the count):
// mapping each bin to the middle of its rank range keeps a flat image at 0.5
// instead of pushing it to 0 or 1.
__global__ void histogramCdf(const unsigned int* __restrict__ hist, float* __restrict__ lut,
                             unsigned int total)
{
    // Single block of kHistBins threads, one per bin.
    __shared__ unsigned int warpTotals[kHistBins / kWarpSize];

    const int bin = threadIdx.x;
    const int lane = bin & (kWarpSize - 1);
    const int warp = bin / kWarpSize;

    const unsigned int count = hist[bin];
    const unsigned int inclusive = warpInclusiveScan(count);
    if (lane == kWarpSize - 1) warpTotals[warp] = inclusive;
    __syncthreads();

    // Warp 0 scans the per-warp totals; all 32 lanes take part in the
    // shuffles, lanes beyond the number of warps contribute zero.
    if (warp == 0) {
        unsigned int t = lane < kHistBins / kWarpSize ? warpTotals[lane] : 0u;
        t = warpInclusiveScan(t);
        if (lane < kHistBins / kWarpSize) warpTotals[lane] = t;
    }
    __syncthreads();

    const unsigned int warpOffset = warp > 0 ? warpTotals[warp - 1] : 0u;
    const unsigned int exclusive = warpOffset + inclusive - count;
    lut[bin] = (float(exclusive) + 0.5f * float(count)) / float(total);
}

// The LUT is read with data-dependent indices; from global memory those
// gathers would scatter across cache lines, from shared memory they cost at
// most a bank conflict. Its size is a parameter, hence dynamic shared memory.
__global__ void equalizeApply(const float* __restrict__ in, float* __restrict__ out,
                              const float* __restrict__ lut, int lutSize, int n)
{
    extern __shared__ float sharedLut[];
    for (int i = threadIdx.x; i < lutSize; i += blockDim.x) sharedLut[i] = lut[i];
    __syncthreads();

    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = sharedLut[binOf(in[i], lutSize)];
}

HistogramBuffers createHistogramBuffers()
{
    HistogramBuffers buffers;
    CUDA_CHECK(cudaMalloc(&buffers.counts, kHistBins * sizeof(unsigned int)));
    CUDA_CHECK(cudaMalloc(&buffers.lut, kHistBins * sizeof(float)));
    return buffers;
}

void destroyHistogramBuffers(HistogramBuffers& buffers)
{
    CUDA_CHECK(cudaFree(buffers.counts));
    CUDA_CHECK(cudaFree(buffers.lut));
    buffers = HistogramBuffers{};
}

void launchHistogramEqualize(const Image& src, Image& dst, HistogramBuffers& buffers,
                             cudaStream_t stream)
{
    if (src.channels != 1 || dst.elements() != src.elements()) {
        std::fprintf(stderr, "launchHistogramEqualize: invalid arguments\n");
        std::exit(EXIT_FAILURE);
    }
    const int n = int(src.elements());
    if (n == 0) return;

    CUDA_CHECK(cudaMemsetAsync(buffers.counts, 0, kHistBins * sizeof(unsigned int), stream));

    const int histBlocks =
        std::min((n + kHistThreads - 1) / kHistThreads, kHistBlocksPerSm * deviceSmCount());
    histogramShared<<<histBlocks, kHistThreads, 0, stream>>>(src.data, n, buffers.counts);
    CUDA_CHECK_LAUNCH();

    histogramCdf<<<1, kHistThreads, 0, stream>>>(buffers.counts, buffers.lut, unsigned(n));
    CUDA_CHECK_LAUNCH();

    const int applyBlocks = (n + kEqualizeThreads - 1) / kEqualizeThreads;
    equalizeApply<<<applyBlocks, kEqualizeThreads, kHistBins * sizeof(float), stream>>>(
        src.data, dst.data, buffers.lut, kHistBins, n);
    CUDA_CHECK_LAUNCH();
}

}  // namespace imagepipe
