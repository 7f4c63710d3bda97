// LEGACY API: texture REFERENCES (texture<T, dim, mode> globals, tex2D(ref,...),
// cudaBindTextureToArray). Removed in CUDA 12; this file only builds with
// CUDA 11.x or older and is kept to exercise parsers on pre-CUDA-12 code.
//
// Bilinear image warp: every output pixel samples the bound 2D texture at
// a displaced coordinate; a second kernel computes a 3x3 mean.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define BLOCK_W 16
#define BLOCK_H 16

// 2D float texture, read as element type, bound to a CUDA array.
texture<float, 2, cudaReadModeElementType> tex;

__device__ float sampleMean3x3(float x, float y)
{
    float sum = 0.0f;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            sum += tex2D(tex, x + dx, y + dy);
    return sum / 9.0f;
}

__global__ void warpKernel(float *out, int width, int height, float amplitude, float frequency)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;

    float u = x + 0.5f + amplitude * sinf(frequency * y);
    float v = y + 0.5f + amplitude * cosf(frequency * x);
    out[y * width + x] = tex2D(tex, u, v);
}

__global__ void meanKernel(float *out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        out[y * width + x] = sampleMean3x3(x + 0.5f, y + 0.5f);
}

int main()
{
    const int width = 640;
    const int height = 480;
    const size_t bytes = width * height * sizeof(float);

    std::vector<float> h_img(width * height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            h_img[y * width + x] = ((x / 32 + y / 32) & 1) ? 1.0f : 0.0f;

    cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc<float>();
    cudaArray *cuArray;
    cudaMallocArray(&cuArray, &channelDesc, width, height);
    cudaMemcpy2DToArray(cuArray, 0, 0, h_img.data(), width * sizeof(float), width * sizeof(float), height, cudaMemcpyHostToDevice);

    tex.addressMode[0] = cudaAddressModeClamp;
    tex.addressMode[1] = cudaAddressModeClamp;
    tex.filterMode = cudaFilterModeLinear;
    tex.normalized = false;
    cudaBindTextureToArray(tex, cuArray, channelDesc);

    float *d_out;
    cudaMalloc(&d_out, bytes);

    dim3 threads(BLOCK_W, BLOCK_H);
    dim3 blocks(width / BLOCK_W, height / BLOCK_H);
    warpKernel<<<blocks, threads>>>(d_out, width, height, 4.0f, 0.05f);
    meanKernel<<<blocks, threads>>>(d_out, width, height);
    cudaDeviceSynchronize();

    std::vector<float> h_out(width * height);
    cudaMemcpy(h_out.data(), d_out, bytes, cudaMemcpyDeviceToHost);
    printf("out[0] = %f\n", h_out[0]);

    cudaUnbindTexture(tex);
    cudaFreeArray(cuArray);
    cudaFree(d_out);
    return 0;
}
