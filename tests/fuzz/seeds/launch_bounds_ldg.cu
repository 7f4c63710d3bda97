// Bandwidth-bound BLAS-1 style kernels tuned with __launch_bounds__ and
// read-only loads (__ldg / const __restrict__), using grid-stride loops.
// The host shows several ways of picking a launch configuration:
// fixed constants, a global tuning variable, the occupancy API, and a
// constexpr helper.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define MAX_THREADS 256
#define MIN_BLOCKS_PER_SM 4

static const int kVecThreads = 128;
int g_tunedThreads = 512;  // may be changed by a tuning pass at run time

constexpr int divUp(int a, int b) { return (a + b - 1) / b; }

__global__ void __launch_bounds__(MAX_THREADS, MIN_BLOCKS_PER_SM)
saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * __ldg(&x[i]) + y[i];
}

__global__ void __launch_bounds__(MAX_THREADS)
dotPartial(int n, const float *__restrict__ x, const float *__restrict__ y, float *partial)
{
    __shared__ float cache[MAX_THREADS];
    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        sum += __ldg(x + i) * __ldg(y + i);
    cache[threadIdx.x] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) cache[threadIdx.x] += cache[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = cache[0];
}

__global__ void __launch_bounds__(1024, 1) scaleVec4(int n4, float s, const float4 *__restrict__ in, float4 *out)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += blockDim.x * gridDim.x) {
        float4 v = __ldg(&in[i]);
        v.x *= s;
        v.y *= s;
        v.z *= s;
        v.w *= s;
        out[i] = v;
    }
}

int main(int argc, char **argv)
{
    const int N = 1 << 24;
    float *x, *y, *partial;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&partial, 4096 * sizeof(float));
    cudaMemset(x, 0, N * sizeof(float));
    cudaMemset(y, 0, N * sizeof(float));

    // 1) Fixed configuration.
    saxpy<<<4096, MAX_THREADS>>>(N, 2.0f, x, y);

    // 2) Occupancy-derived configuration.
    int minGridSize = 0, blockSize = 0;
    cudaOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, saxpy, 0, 0);
    int gridSize = (N + blockSize - 1) / blockSize;
    saxpy<<<gridSize, blockSize>>>(N, 0.5f, x, y);

    // 3) Global tuning knob (not a compile-time constant).
    if (argc > 1) g_tunedThreads = atoi(argv[1]);
    dotPartial<<<1024, g_tunedThreads>>>(N, x, y, partial);

    // 4) constexpr helper: still a function call.
    dotPartial<<<divUp(N, MAX_THREADS), MAX_THREADS>>>(N, x, y, partial);

    // 5) static const global and shifts.
    scaleVec4<<<(N / 4) / kVecThreads, kVecThreads>>>(N / 4, 3.0f, reinterpret_cast<const float4 *>(x),
                                                     reinterpret_cast<float4 *>(y));
    scaleVec4<<<1 << 10, 1 << 10>>>(N / 4, 1.0f, reinterpret_cast<const float4 *>(y),
                                    reinterpret_cast<float4 *>(x));

    cudaDeviceSynchronize();
    printf("done: %s\n", cudaGetErrorString(cudaGetLastError()));
    cudaFree(x);
    cudaFree(y);
    cudaFree(partial);
    return 0;
}
