// Grid-wide synchronisation with cooperative groups.
//
// jacobiGridSync runs all Jacobi iterations in ONE persistent kernel and
// uses grid.sync() between sweeps; it must be started with
// cudaLaunchCooperativeKernel (not a <<<>>> launch). When the device lacks
// cooperative launch support the host falls back to one ordinary launch of
// jacobiStep per iteration.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define THREADS 256

__device__ inline float relax(const float *x, const float *b, int i, int n)
{
    float left = (i > 0) ? x[i - 1] : 0.0f;
    float right = (i < n - 1) ? x[i + 1] : 0.0f;
    return 0.5f * (b[i] + left + right);
}

__global__ void jacobiGridSync(float *x, float *xNew, const float *b, int n, int iterations)
{
    cg::grid_group grid = cg::this_grid();
    for (int it = 0; it < iterations; ++it) {
        for (int i = grid.thread_rank(); i < n; i += grid.size())
            xNew[i] = relax(x, b, i, n);
        grid.sync();
        float *t = x; x = xNew; xNew = t;
    }
}

__global__ void jacobiStep(const float *x, float *xNew, const float *b, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        xNew[i] = relax(x, b, i, n);
}

__global__ void residualNorm(const float *x, const float *b, float *norm2, int n)
{
    __shared__ float partial[THREADS];
    float local = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float r = b[i] - (2.0f * x[i] - (i > 0 ? x[i - 1] : 0.0f) - (i < n - 1 ? x[i + 1] : 0.0f));
        local += r * r;
    }
    partial[threadIdx.x] = local;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(norm2, partial[0]);
}

int main()
{
    const int n = 1 << 16;
    int iterations = 200;

    float *x, *xNew, *b, *norm2;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&xNew, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&norm2, sizeof(float));
    cudaMemset(x, 0, n * sizeof(float));
    cudaMemset(xNew, 0, n * sizeof(float));
    std::vector<float> hb(n, 1.0f);
    cudaMemcpy(b, hb.data(), n * sizeof(float), cudaMemcpyHostToDevice);

    int dev = 0, supportsCoop = 0, numSMs = 0, blocksPerSM = 0;
    cudaDeviceGetAttribute(&supportsCoop, cudaDevAttrCooperativeLaunch, dev);
    cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, dev);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, jacobiGridSync, THREADS, 0);

    if (supportsCoop) {
        // All blocks must be co-resident for grid.sync() to be legal.
        dim3 grid(numSMs * blocksPerSM);
        dim3 block(THREADS);
        int nArg = n;
        void *args[] = {&x, &xNew, &b, &nArg, &iterations};
        cudaLaunchCooperativeKernel((void *)jacobiGridSync, grid, block, args, 0, 0);
    } else {
        for (int it = 0; it < iterations; ++it) {
            jacobiStep<<<(n + THREADS - 1) / THREADS, THREADS>>>(x, xNew, b, n);
            float *t = x; x = xNew; xNew = t;
        }
    }

    cudaMemset(norm2, 0, sizeof(float));
    residualNorm<<<64, THREADS>>>(x, b, norm2, n);
    float h_norm2 = 0.0f;
    cudaMemcpy(&h_norm2, norm2, sizeof(float), cudaMemcpyDeviceToHost);
    printf("residual after %d iterations: %e\n", iterations, sqrtf(h_norm2));

    cudaFree(x);
    cudaFree(xNew);
    cudaFree(b);
    cudaFree(norm2);
    return 0;
}
