// Small device helpers shared by several kernels. All force-inlined: they sit
// in the innermost loops and a real call would cost registers and a stack
// frame per pixel.
#pragma once

#include "imagepipe/image.cuh"

namespace imagepipe {

__device__ __forceinline__ float clampf(float v, float lo, float hi)
{
    return fminf(fmaxf(v, lo), hi);
}

__device__ __forceinline__ int clampi(int v, int lo, int hi)
{
    return min(max(v, lo), hi);
}

// Rec. 709 luma weights. Applied to sRGB-encoded values this is luma rather
// than true luminance, which is what the downstream 8-bit stages expect.
__device__ __forceinline__ float luminance(float r, float g, float b)
{
    return 0.2126f * r + 0.7152f * g + 0.0722f * b;
}

// Read with clamp-to-edge addressing, the border rule used by every stage.
__device__ __forceinline__ float fetchClamped(const float* __restrict__ img, int width,
                                              int height, int x, int y)
{
    x = clampi(x, 0, width - 1);
    y = clampi(y, 0, height - 1);
    return img[size_t(y) * width + x];
}

// Bilinear sample at continuous coordinates (pixel centres at integers),
// clamp-to-edge outside the image.
__device__ __forceinline__ float sampleBilinear(const float* __restrict__ img, int width,
                                                int height, float x, float y)
{
    x = clampf(x, 0.0f, float(width - 1));
    y = clampf(y, 0.0f, float(height - 1));
    // x and y are non-negative here, so truncation is floor.
    const int x0 = int(x);
    const int y0 = int(y);
    const float fx = x - float(x0);
    const float fy = y - float(y0);

    const float a = fetchClamped(img, width, height, x0, y0);
    const float b = fetchClamped(img, width, height, x0 + 1, y0);
    const float c = fetchClamped(img, width, height, x0, y0 + 1);
    const float d = fetchClamped(img, width, height, x0 + 1, y0 + 1);

    const float top = fmaf(fx, b - a, a);
    const float bottom = fmaf(fx, d - c, c);
    return fmaf(fy, bottom - top, top);
}

// Histogram / LUT bin of a value nominally in [0, 1]. Out-of-range values
// (blur overshoot, noise) land in the end bins rather than out of bounds.
__device__ __forceinline__ int binOf(float v, int bins)
{
    return clampi(__float2int_rd(v * float(bins)), 0, bins - 1);
}

// Inclusive prefix sum across a full warp. Every lane must participate.
template <typename T>
__device__ __forceinline__ T warpInclusiveScan(T v)
{
    const int lane = threadIdx.x & (kWarpSize - 1);
#pragma unroll
    for (int offset = 1; offset < kWarpSize; offset <<= 1) {
        const T up = __shfl_up_sync(kFullMask, v, offset);
        if (lane >= offset) v += up;
    }
    return v;
}

// Shuffle-down tree reductions: log2(32) steps, no shared memory. The result
// is valid in lane 0 only.
__device__ __forceinline__ float warpReduceMin(float v)
{
#pragma unroll
    for (int offset = kWarpSize / 2; offset > 0; offset >>= 1)
        v = fminf(v, __shfl_down_sync(kFullMask, v, offset));
    return v;
}

__device__ __forceinline__ float warpReduceMax(float v)
{
#pragma unroll
    for (int offset = kWarpSize / 2; offset > 0; offset >>= 1)
        v = fmaxf(v, __shfl_down_sync(kFullMask, v, offset));
    return v;
}

__device__ __forceinline__ float warpReduceSum(float v)
{
#pragma unroll
    for (int offset = kWarpSize / 2; offset > 0; offset >>= 1)
        v += __shfl_down_sync(kFullMask, v, offset);
    return v;
}

}  // namespace imagepipe
