// Sobel edge magnitude, reading the source through a texture object.
//
// Why a texture here and plain loads elsewhere: each output reads a 3x3
// neighbourhood, so every input pixel is fetched by nine threads. The texture
// cache is organised for 2D locality and the clamp address mode handles the
// image border in hardware, so the kernel has no edge branches at all.

#include "imagepipe/image.cuh"
#include "imagepipe/kernels.cuh"

namespace imagepipe {

__global__ void sobelMagnitude(cudaTextureObject_t src, float* __restrict__ dst, int width,
                               int height)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;

    // Unnormalised coordinates: texel centres sit at integer + 0.5.
    const float u = float(x) + 0.5f;
    const float v = float(y) + 0.5f;

    const float tl = tex2D<float>(src, u - 1.0f, v - 1.0f);
    const float t  = tex2D<float>(src, u,        v - 1.0f);
    const float tr = tex2D<float>(src, u + 1.0f, v - 1.0f);
    const float l  = tex2D<float>(src, u - 1.0f, v);
    const float r  = tex2D<float>(src, u + 1.0f, v);
    const float bl = tex2D<float>(src, u - 1.0f, v + 1.0f);
    const float b  = tex2D<float>(src, u,        v + 1.0f);
    const float br = tex2D<float>(src, u + 1.0f, v + 1.0f);

    const float gx = (tr + 2.0f * r + br) - (tl + 2.0f * l + bl);
    const float gy = (bl + 2.0f * b + br) - (tl + 2.0f * t + tr);
    dst[size_t(y) * width + x] = sqrtf(gx * gx + gy * gy);
}

TextureImage createTextureImage(int width, int height)
{
    TextureImage img;
    img.width = width;
    img.height = height;

    const cudaChannelFormatDesc format = cudaCreateChannelDesc<float>();
    CUDA_CHECK(cudaMallocArray(&img.array, &format, size_t(width), size_t(height)));

    cudaResourceDesc resource = {};
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = img.array;

    cudaTextureDesc desc = {};
    desc.addressMode[0] = cudaAddressModeClamp;
    desc.addressMode[1] = cudaAddressModeClamp;
    // Point sampling: Sobel needs the exact texel values (hardware linear
    // filtering would also quantise its weights to 9-bit fixed point).
    desc.filterMode = cudaFilterModePoint;
    desc.readMode = cudaReadModeElementType;
    desc.normalizedCoords = 0;

    CUDA_CHECK(cudaCreateTextureObject(&img.tex, &resource, &desc, nullptr));
    return img;
}

void destroyTextureImage(TextureImage& img)
{
    CUDA_CHECK(cudaDestroyTextureObject(img.tex));
    CUDA_CHECK(cudaFreeArray(img.array));
    img = TextureImage{};
}

void updateTextureImage(TextureImage& dst, const Image& src, cudaStream_t stream)
{
    if (src.channels != 1 || src.width != dst.width || src.height != dst.height) {
        std::fprintf(stderr, "updateTextureImage: size mismatch\n");
        std::exit(EXIT_FAILURE);
    }
    const size_t rowBytes = size_t(src.width) * sizeof(float);
    CUDA_CHECK(cudaMemcpy2DToArrayAsync(dst.array, 0, 0, src.data, rowBytes, rowBytes,
                                        size_t(src.height), cudaMemcpyDeviceToDevice, stream));
}

void launchSobel(const TextureImage& src, Image& dst, cudaStream_t stream)
{
    if (dst.channels != 1 || dst.width != src.width || dst.height != src.height) {
        std::fprintf(stderr, "launchSobel: size mismatch\n");
        std::exit(EXIT_FAILURE);
    }
    dim3 block(BLOCK_DIM, BLOCK_DIM);
    dim3 grid((src.width + BLOCK_DIM - 1) / BLOCK_DIM, (src.height + BLOCK_DIM - 1) / BLOCK_DIM);
    sobelMagnitude<<<grid, block, 0, stream>>>(src.tex, dst.data, src.width, src.height);
    CUDA_CHECK_LAUNCH();
}

}  // namespace imagepipe
