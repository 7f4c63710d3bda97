// imagepipe: image type, error checking and the tuning constants shared by
// every stage of the pipeline.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

// Abort on any CUDA runtime error. The pipeline has no sensible recovery path
// for a failed allocation or launch, so failing loudly with the call site is
// more useful than threading error codes through every launcher.
#define CUDA_CHECK(call)                                                       \
    do {                                                                       \
        const cudaError_t err_ = (call);                                       \
        if (err_ != cudaSuccess) {                                             \
            std::fprintf(stderr, "CUDA error %s at %s:%d: %s\n",               \
                         cudaGetErrorName(err_), __FILE__, __LINE__,           \
                         cudaGetErrorString(err_));                            \
            std::exit(EXIT_FAILURE);                                           \
        }                                                                      \
    } while (0)

// Launches are asynchronous: this only catches configuration errors (bad grid,
// too much shared memory). Faults inside a kernel surface at the next sync.
#define CUDA_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())

// Edge of the square thread blocks used by the 2D per-pixel kernels. 16x16 =
// 256 threads runs at full occupancy on every architecture we build for
// (sm_50 .. sm_80) without per-architecture tuning.
#define BLOCK_DIM 16

namespace imagepipe {

// Edge of the shared-memory tiles (transpose, row blur). Equal to the warp
// width so that one warp reads or writes one full tile row: fully coalesced.
constexpr int kTile = 32;

// Rows of a transpose tile handled per pass; a 32x8 block moves a 32x32 tile
// in four steps, which leaves more blocks resident than a 32x32 block would.
constexpr int kTileRows = 8;

constexpr int kWarpSize = 32;
constexpr unsigned int kFullMask = 0xffffffffu;

// 8-bit output, so 256 bins lose nothing.
constexpr int kHistBins = 256;

// Upper bound on the Gaussian radius: sizes the __constant__ tap table and the
// static row tile. sigma = 5 (radius 15) is already a very soft blur.
constexpr int kMaxBlurRadius = 16;

// A float image in device memory. Rows are tightly packed (no pitch) and
// channels are interleaved (RGBRGB...). Plain aggregate: it is copied into
// launchers by value and owns nothing; see allocImage / freeImage.
struct Image {
    float* data = nullptr;
    int width = 0;
    int height = 0;
    int channels = 1;

    size_t pixels() const { return size_t(width) * size_t(height); }
    size_t elements() const { return pixels() * size_t(channels); }
    size_t bytes() const { return elements() * sizeof(float); }
};

inline Image allocImage(int width, int height, int channels)
{
    Image img;
    img.width = width;
    img.height = height;
    img.channels = channels;
    CUDA_CHECK(cudaMalloc(&img.data, img.bytes()));
    return img;
}

inline void freeImage(Image& img)
{
    CUDA_CHECK(cudaFree(img.data));
    img = Image{};
}

// Number of SMs of the current device; used to size grid-stride launches so
// that they fill the GPU without launching one block per element. Cached
// because the attribute query is not free and the device never changes.
inline int deviceSmCount()
{
    static int count = [] {
        int device = 0;
        int sms = 0;
        CUDA_CHECK(cudaGetDevice(&device));
        CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
        return sms;
    }();
    return count;
}

}  // namespace imagepipe
