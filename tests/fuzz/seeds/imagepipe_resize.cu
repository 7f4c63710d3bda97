// Bilinear resize of a single-channel image.
//
// Plain bilinear only looks at a 2x2 neighbourhood, so downscaling by more
// than 2x aliases. The pipeline blurs right after resizing, which hides it for
// the default 0.5 scale; a general-purpose resizer would prefilter.

#include "imagepipe/image.cuh"
#include "imagepipe/kernels.cuh"

#include "device_math.cuh"

namespace imagepipe {

__global__ void resizeBilinear(const float* __restrict__ src, int srcWidth, int srcHeight,
                               float* __restrict__ dst, int dstWidth, int dstHeight,
                               float scaleX, float scaleY)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= dstWidth || y >= dstHeight) return;

    // Map pixel centres to pixel centres ("align_corners = false", the
    // OpenCV / PyTorch default) so the image does not shift by half a pixel.
    const float sx = (float(x) + 0.5f) * scaleX - 0.5f;
    const float sy = (float(y) + 0.5f) * scaleY - 0.5f;
    dst[size_t(y) * dstWidth + x] = sampleBilinear(src, srcWidth, srcHeight, sx, sy);
}

void launchResize(const Image& src, Image& dst, cudaStream_t stream)
{
    if (src.channels != 1 || dst.channels != 1) {
        std::fprintf(stderr, "launchResize: single-channel images only\n");
        std::exit(EXIT_FAILURE);
    }
    const int w = dst.width;
    const int h = dst.height;
    const float scaleX = float(src.width) / float(w);
    const float scaleY = float(src.height) / float(h);

    dim3 block(BLOCK_DIM, BLOCK_DIM);
    dim3 grid((w + BLOCK_DIM - 1) / BLOCK_DIM, (h + BLOCK_DIM - 1) / BLOCK_DIM);
    resizeBilinear<<<grid, block, 0, stream>>>(src.data, src.width, src.height, dst.data, w, h,
                                               scaleX, scaleY);
    CUDA_CHECK_LAUNCH();
}

}  // namespace imagepipe
