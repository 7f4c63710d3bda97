// Introductory vector addition with unified (managed) memory, in the three
// steps tutorials usually show: one thread, one block, and a full grid with
// a grid-stride loop. Configuration values are plain int locals.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

__global__ void addSingle(int n, const float *x, float *y)
{
    for (int i = 0; i < n; i++) y[i] = x[i] + y[i];
}

__global__ void addBlock(int n, const float *x, float *y)
{
    int index = threadIdx.x;
    int stride = blockDim.x;
    for (int i = index; i < n; i += stride) y[i] = x[i] + y[i];
}

__global__ void addGrid(int n, const float *x, float *y)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = blockDim.x * gridDim.x;
    for (int i = index; i < n; i += stride) y[i] = x[i] + y[i];
}

int main()
{
    int N = 1 << 20;
    float *x, *y;
    cudaMallocManaged(&x, N * sizeof(float));
    cudaMallocManaged(&y, N * sizeof(float));
    for (int i = 0; i < N; i++) {
        x[i] = 1.0f;
        y[i] = 2.0f;
    }

    addSingle<<<1, 1>>>(N, x, y);
    cudaDeviceSynchronize();

    addBlock<<<1, 256>>>(N, x, y);
    cudaDeviceSynchronize();

    int blockSize = 256;
    int numBlocks = (N + blockSize - 1) / blockSize;
    addGrid<<<numBlocks, blockSize>>>(N, x, y);
    cudaDeviceSynchronize();

    // Launch again with half as many blocks: the grid-stride loop still
    // covers every element, and the pages are already resident on the GPU.
    addGrid<<<numBlocks / 2, blockSize>>>(N, x, y);
    cudaDeviceSynchronize();

    float maxError = 0.0f;
    for (int i = 0; i < N; i++) maxError = fmaxf(maxError, fabsf(y[i] - 6.0f));
    printf("Max error: %f\n", maxError);

    cudaFree(x);
    cudaFree(y);
    return 0;
}
