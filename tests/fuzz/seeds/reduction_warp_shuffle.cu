// Sum reduction built on warp shuffle intrinsics.
//
// warpReduceSum  : butterfly-free shuffle-down reduction inside one warp
// blockReduceSum : each warp reduces, warp leaders park results in shared
//                  memory, the first warp reduces the leaders
// The kernels use grid-stride loops so any grid size covers the input.
#include <cstdio>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define DEVICE_INLINE __device__ __forceinline__
#define FULL_MASK 0xffffffffu
#define WARP_SIZE 32

DEVICE_INLINE float warpReduceSum(float val)
{
    for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1)
        val += __shfl_down_sync(FULL_MASK, val, offset);
    return val;
}

DEVICE_INLINE float warpReduceMax(float val)
{
    for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1)
        val = fmaxf(val, __shfl_xor_sync(FULL_MASK, val, offset));
    return val;
}

__device__ float blockReduceSum(float val)
{
    static __shared__ float shared[WARP_SIZE];
    int lane = threadIdx.x % WARP_SIZE;
    int wid = threadIdx.x / WARP_SIZE;

    val = warpReduceSum(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();

    val = (threadIdx.x < blockDim.x / WARP_SIZE) ? shared[lane] : 0.0f;
    if (wid == 0) val = warpReduceSum(val);
    return val;
}

__device__ float blockReduceMax(float val)
{
    static __shared__ float shared[WARP_SIZE];
    int lane = threadIdx.x % WARP_SIZE;
    int wid = threadIdx.x / WARP_SIZE;

    val = warpReduceMax(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();

    val = (threadIdx.x < blockDim.x / WARP_SIZE) ? shared[lane] : -INFINITY;
    if (wid == 0) val = warpReduceMax(val);
    return val;
}

// One atomic per block into a single accumulator.
__global__ void deviceReduceAtomic(const float *in, float *out, int n)
{
    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        sum += in[i];
    sum = blockReduceSum(sum);
    if (threadIdx.x == 0) atomicAdd(out, sum);
}

// Two-stage variant: per-block partials, then a single block finishes.
__global__ void deviceReducePartial(const float *in, float *out, int n)
{
    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        sum += in[i];
    sum = blockReduceSum(sum);
    if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

// Warp-only reduction: every warp issues its own atomic.
__global__ void warpReduceAtomic(const float *in, float *out, int n)
{
    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        sum += in[i];
    sum = warpReduceSum(sum);
    if ((threadIdx.x & (WARP_SIZE - 1)) == 0) atomicAdd(out, sum);
}

__global__ void deviceMax(const float *in, float *out, int n)
{
    float m = -INFINITY;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        m = fmaxf(m, in[i]);
    m = blockReduceMax(m);
    if (threadIdx.x == 0) out[blockIdx.x] = m;
}

int main()
{
    const int n = 1 << 24;
    const int threads = 512;
    int device = 0, numSMs = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, device);

    std::vector<float> h(n, 1.0f);
    float *d_in, *d_out, *d_partial;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, sizeof(float));
    cudaMalloc(&d_partial, 1024 * sizeof(float));
    cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);

    // Grid sized from the device: unknown statically.
    int blocks = numSMs * 4;
    cudaMemset(d_out, 0, sizeof(float));
    deviceReduceAtomic<<<blocks, threads>>>(d_in, d_out, n);

    // Two-stage reduction with a fixed 1024-block first stage.
    deviceReducePartial<<<1024, threads>>>(d_in, d_partial, n);
    deviceReducePartial<<<1, 1024>>>(d_partial, d_partial, 1024);

    cudaMemset(d_out, 0, sizeof(float));
    warpReduceAtomic<<<(n + threads - 1) / threads, threads>>>(d_in, d_out, n);

    deviceMax<<<256, 256>>>(d_in, d_partial, n);
    deviceMax<<<1, 256>>>(d_partial, d_partial, 256);

    float result = 0.0f;
    cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost);
    printf("sum = %.1f (expected %d)\n", result, n);

    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_partial);
    return 0;
}
