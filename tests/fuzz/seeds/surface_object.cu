// Surface objects: kernels that read and write a CUDA array in place.
//   fillGradient - writes a gradient with surf2Dwrite
//   boxBlur      - reads neighbours with surf2Dread (clamped), writes out
//   invertInPlace- read-modify-write of the same surface
// Surface x coordinates are in bytes, hence the sizeof(float) factors.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

template <typename T>
__device__ __forceinline__ T clampCoord(T v, T lo, T hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

__device__ float readClamped(cudaSurfaceObject_t surf, int x, int y, int w, int h)
{
    x = clampCoord(x, 0, w - 1);
    y = clampCoord(y, 0, h - 1);
    float v;
    surf2Dread(&v, surf, x * (int)sizeof(float), y);
    return v;
}

__global__ void fillGradient(cudaSurfaceObject_t surf, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        float v = (float)x / width + (float)y / height;
        surf2Dwrite(v, surf, x * sizeof(float), y);
    }
}

__global__ void boxBlur(cudaSurfaceObject_t src, cudaSurfaceObject_t dst, int width, int height, int radius)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;

    float sum = 0.0f;
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx)
            sum += readClamped(src, x + dx, y + dy, width, height);
    int taps = (2 * radius + 1) * (2 * radius + 1);
    surf2Dwrite(sum / taps, dst, x * sizeof(float), y);
}

__global__ void invertInPlace(cudaSurfaceObject_t surf, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        float v;
        surf2Dread(&v, surf, x * sizeof(float), y);
        surf2Dwrite(1.0f - v, surf, x * sizeof(float), y);
    }
}

static cudaSurfaceObject_t createSurface(cudaArray_t array)
{
    cudaResourceDesc desc = {};
    desc.resType = cudaResourceTypeArray;
    desc.res.array.array = array;
    cudaSurfaceObject_t surf = 0;
    cudaCreateSurfaceObject(&surf, &desc);
    return surf;
}

int main()
{
    const int width = 1920;
    const int height = 1080;
    cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();

    cudaArray_t arrA, arrB;
    cudaMallocArray(&arrA, &fmt, width, height, cudaArraySurfaceLoadStore);
    cudaMallocArray(&arrB, &fmt, width, height, cudaArraySurfaceLoadStore);
    cudaSurfaceObject_t surfA = createSurface(arrA);
    cudaSurfaceObject_t surfB = createSurface(arrB);

    cudaStream_t stream;
    cudaStreamCreate(&stream);

    dim3 block(32, 8);
    dim3 grid((width + 31) / 32, (height + 7) / 8);
    fillGradient<<<grid, block, 0, stream>>>(surfA, width, height);
    boxBlur<<<grid, block, 0, stream>>>(surfA, surfB, width, height, 2);
    invertInPlace<<<grid, block, 0, stream>>>(surfB, width, height);
    cudaStreamSynchronize(stream);

    std::vector<float> h(width * height);
    cudaMemcpy2DFromArray(h.data(), width * sizeof(float), arrB, 0, 0, width * sizeof(float), height,
                          cudaMemcpyDeviceToHost);
    printf("pixel(100,100) = %f\n", h[100 * width + 100]);

    cudaDestroySurfaceObject(surfA);
    cudaDestroySurfaceObject(surfB);
    cudaFreeArray(arrA);
    cudaFreeArray(arrB);
    cudaStreamDestroy(stream);
    return 0;
}
