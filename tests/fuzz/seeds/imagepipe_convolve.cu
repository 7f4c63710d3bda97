// Separable Gaussian blur.
//
// Two strategies for the vertical pass are kept so they can be benchmarked
// against each other (see main.cu):
//   Direct:     a columns kernel reading a BLOCK_DIM-wide strip per block.
//               Only half a warp touches each row, so global reads use half of
//               every 128-byte transaction.
//   Transposed: transpose, reuse the rows kernel, transpose back. Two extra
//               full passes over memory, but every access is fully coalesced.
// Which one wins depends on the radius and the GPU's cache sizes.

#include "imagepipe/image.cuh"
#include "imagepipe/kernels.cuh"

#include "device_math.cuh"

#include <algorithm>
#include <cmath>

namespace imagepipe {

// Gaussian taps, centre at index kMaxBlurRadius. Constant memory fits the
// access pattern exactly: in a given loop iteration every thread of a warp
// reads the same tap, which the constant cache serves as one broadcast.
__constant__ float c_gaussian[2 * kMaxBlurRadius + 1];

// Rows handled by one block of the rows kernel (block = kTile x kRowsPerBlock).
constexpr int kRowsPerBlock = 8;

// Horizontal pass. Each block produces kTile outputs on each of kRowsPerBlock
// rows, staging the row segment plus a radius-wide halo on both sides in
// shared memory so each input is read from global memory once, not 2r+1 times.
__global__ void gaussianRows(const float* __restrict__ src, float* __restrict__ dst,
                             int width, int height, int radius)
{
    __shared__ float tile[kRowsPerBlock][kTile + 2 * kMaxBlurRadius];

    const int y = blockIdx.y * kRowsPerBlock + threadIdx.y;
    const int tileX0 = blockIdx.x * kTile;

    // Threads past the bottom edge still load (a clamped row) so that the
    // whole block reaches the barrier below.
    const float* row = src + size_t(min(y, height - 1)) * width;
    for (int i = threadIdx.x; i < kTile + 2 * radius; i += kTile) {
        const int x = clampi(tileX0 + i - radius, 0, width - 1);
        tile[threadIdx.y][i] = row[x];
    }
    __syncthreads();

    const int x = tileX0 + threadIdx.x;
    if (x >= width || y >= height) return;

    float acc = 0.0f;
    for (int k = -radius; k <= radius; ++k)
        acc = fmaf(c_gaussian[kMaxBlurRadius + k], tile[threadIdx.y][threadIdx.x + radius + k],
                   acc);
    dst[size_t(y) * width + x] = acc;
}

// Vertical pass on a BLOCK_DIM x BLOCK_DIM output tile. The staged strip is
// (BLOCK_DIM + 2 * radius) rows tall; radius is a runtime value, so the strip
// lives in dynamic shared memory sized by the launcher.
__global__ void gaussianColumns(const float* __restrict__ src, float* __restrict__ dst,
                                int width, int height, int radius)
{
    extern __shared__ float strip[];

    const int x = blockIdx.x * BLOCK_DIM + threadIdx.x;
    const int tileY0 = blockIdx.y * BLOCK_DIM;
    const int stripRows = BLOCK_DIM + 2 * radius;

    // Same rule as the rows kernel: out-of-range columns load a clamped
    // column so every thread takes part in the barrier.
    const int loadX = min(x, width - 1);
    for (int i = threadIdx.y; i < stripRows; i += BLOCK_DIM) {
        const int y = clampi(tileY0 + i - radius, 0, height - 1);
        strip[i * BLOCK_DIM + threadIdx.x] = src[size_t(y) * width + loadX];
    }
    __syncthreads();

    const int y = tileY0 + threadIdx.y;
    if (x >= width || y >= height) return;

    float acc = 0.0f;
    for (int k = -radius; k <= radius; ++k)
        acc = fmaf(c_gaussian[kMaxBlurRadius + k],
                   strip[(threadIdx.y + radius + k) * BLOCK_DIM + threadIdx.x], acc);
    dst[size_t(y) * width + x] = acc;
}

int uploadGaussianCoefficients(float sigma)
{
    float taps[2 * kMaxBlurRadius + 1] = {};

    // sigma <= 0 means "no blur": a single unit tap keeps the pipeline shape
    // identical, which makes A/B power measurements comparable.
    if (!(sigma > 0.0f)) {
        taps[kMaxBlurRadius] = 1.0f;
        CUDA_CHECK(cudaMemcpyToSymbol(c_gaussian, taps, sizeof(taps)));
        return 0;
    }

    // 3 sigma covers 99.7% of the mass; beyond that the taps round to noise.
    const int radius = std::min(kMaxBlurRadius, std::max(1, int(std::ceil(3.0f * sigma))));
    float sum = 0.0f;
    for (int k = -radius; k <= radius; ++k) {
        const float w = std::exp(-float(k * k) / (2.0f * sigma * sigma));
        taps[kMaxBlurRadius + k] = w;
        sum += w;
    }
    // Normalise after truncation so that flat regions keep their brightness.
    for (int k = -radius; k <= radius; ++k) taps[kMaxBlurRadius + k] /= sum;

    CUDA_CHECK(cudaMemcpyToSymbol(c_gaussian, taps, sizeof(taps)));
    return radius;
}

static void launchRowsPass(const float* src, float* dst, int width, int height, int radius,
                           cudaStream_t stream)
{
    dim3 block(kTile, kRowsPerBlock);
    dim3 grid((width + kTile - 1) / kTile, (height + kRowsPerBlock - 1) / kRowsPerBlock);
    gaussianRows<<<grid, block, 0, stream>>>(src, dst, width, height, radius);
    CUDA_CHECK_LAUNCH();
}

void launchGaussianBlur(const Image& src, Image& dst, Image& scratch, int radius,
                        BlurStrategy strategy, cudaStream_t stream)
{
    if (src.channels != 1 || dst.elements() != src.elements() ||
        scratch.elements() < src.elements() || radius < 0 || radius > kMaxBlurRadius) {
        std::fprintf(stderr, "launchGaussianBlur: invalid arguments\n");
        std::exit(EXIT_FAILURE);
    }
    const int w = src.width;
    const int h = src.height;

    if (strategy == BlurStrategy::Direct) {
        launchRowsPass(src.data, scratch.data, w, h, radius, stream);

        dim3 block(BLOCK_DIM, BLOCK_DIM);
        dim3 grid((w + BLOCK_DIM - 1) / BLOCK_DIM, (h + BLOCK_DIM - 1) / BLOCK_DIM);
        const size_t stripBytes = size_t(BLOCK_DIM) * (BLOCK_DIM + 2 * radius) * sizeof(float);
        gaussianColumns<<<grid, block, stripBytes, stream>>>(scratch.data, dst.data, w, h, radius);
        CUDA_CHECK_LAUNCH();
    } else {
        // dst doubles as the second temporary so the caller only has to
        // provide one scratch image for either strategy.
        launchRowsPass(src.data, scratch.data, w, h, radius, stream);
        launchTranspose(scratch.data, dst.data, w, h, stream);      // dst: h x w
        launchRowsPass(dst.data, scratch.data, h, w, radius, stream);
        launchTranspose(scratch.data, dst.data, h, w, stream);      // dst: w x h
    }
}

}  // namespace imagepipe
