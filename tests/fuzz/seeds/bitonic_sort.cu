// Bitonic sort of 32-bit keys.
//   bitonicStepGlobal - one compare-exchange step over the whole array,
//                       launched from a double loop on the host
//   bitonicSortShared - full sort of SHARED_SIZE elements per block in
//                       shared memory (alternating directions per block)
//   bitonicMergeShared- finishes merge stages once the stride fits a block
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define SHARED_SIZE 1024
#define NUM_THREADS 256

typedef unsigned int uint;

__device__ inline void compareExchange(uint &a, uint &b, uint dir)
{
    if ((a > b) == dir) {
        uint t = a;
        a = b;
        b = t;
    }
}

__global__ void bitonicStepGlobal(uint *data, int j, int k)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int ixj = i ^ j;
    if (ixj > i) {
        if ((i & k) == 0) {
            if (data[i] > data[ixj]) { uint t = data[i]; data[i] = data[ixj]; data[ixj] = t; }
        } else {
            if (data[i] < data[ixj]) { uint t = data[i]; data[i] = data[ixj]; data[ixj] = t; }
        }
    }
}

__global__ void bitonicSortShared(uint *d_keys)
{
    __shared__ uint s_key[SHARED_SIZE];
    d_keys += blockIdx.x * SHARED_SIZE;
    for (int t = threadIdx.x; t < SHARED_SIZE; t += blockDim.x) s_key[t] = d_keys[t];

    for (uint size = 2; size <= SHARED_SIZE; size <<= 1) {
        for (uint stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            for (uint t = threadIdx.x; t < SHARED_SIZE / 2; t += blockDim.x) {
                uint pos = 2 * t - (t & (stride - 1));
                // Odd blocks sort descending so neighbouring blocks form bitonic pairs.
                uint dir = ((t & (size / 2)) != 0) ^ (size == SHARED_SIZE ? (blockIdx.x & 1) : 0) ^ 1;
                compareExchange(s_key[pos], s_key[pos + stride], dir);
            }
        }
    }
    __syncthreads();
    for (int t = threadIdx.x; t < SHARED_SIZE; t += blockDim.x) d_keys[t] = s_key[t];
}

__global__ void bitonicMergeShared(uint *d_keys, uint arrayLength, uint size, uint dirAll)
{
    __shared__ uint s_key[SHARED_SIZE];
    d_keys += blockIdx.x * SHARED_SIZE;
    for (int t = threadIdx.x; t < SHARED_SIZE; t += blockDim.x) s_key[t] = d_keys[t];

    for (uint stride = SHARED_SIZE / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        for (uint t = threadIdx.x; t < SHARED_SIZE / 2; t += blockDim.x) {
            uint global = blockIdx.x * (SHARED_SIZE / 2) + t;
            uint dir = dirAll ^ ((global & (size / 2)) != 0);
            uint pos = 2 * t - (t & (stride - 1));
            compareExchange(s_key[pos], s_key[pos + stride], dir);
        }
    }
    __syncthreads();
    for (int t = threadIdx.x; t < SHARED_SIZE; t += blockDim.x) d_keys[t] = s_key[t];
}

// Sorts `n` keys ascending; n must be a power of two >= SHARED_SIZE.
void bitonicSortHybrid(uint *d_keys, uint n)
{
    uint blocks = n / SHARED_SIZE;
    bitonicSortShared<<<blocks, NUM_THREADS>>>(d_keys);
    for (uint size = 2 * SHARED_SIZE; size <= n; size <<= 1) {
        for (uint stride = size / 2; stride >= SHARED_SIZE; stride >>= 1)
            bitonicStepGlobal<<<n / NUM_THREADS, NUM_THREADS>>>(d_keys, stride, size);
        bitonicMergeShared<<<blocks, NUM_THREADS>>>(d_keys, n, size, 1);
    }
}

int main()
{
    const int N = 1 << 20;
    const int threads = 512;
    const int blocks = N / threads;

    std::vector<uint> h(N);
    for (int i = 0; i < N; ++i) h[i] = (uint)rand();

    uint *d;
    cudaMalloc(&d, N * sizeof(uint));
    cudaMemcpy(d, h.data(), N * sizeof(uint), cudaMemcpyHostToDevice);

    // Pure global-memory network.
    for (int k = 2; k <= N; k <<= 1)
        for (int j = k >> 1; j > 0; j >>= 1)
            bitonicStepGlobal<<<blocks, threads>>>(d, j, k);

    cudaMemcpy(d, h.data(), N * sizeof(uint), cudaMemcpyHostToDevice);
    bitonicSortHybrid(d, N);

    std::vector<uint> out(N);
    cudaMemcpy(out.data(), d, N * sizeof(uint), cudaMemcpyDeviceToHost);
    printf("sorted: %s\n", std::is_sorted(out.begin(), out.end()) ? "yes" : "no");
    cudaFree(d);
    return 0;
}
