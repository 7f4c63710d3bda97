// 256-bin byte histogram, three ways:
//   histogramGlobal  - every thread atomically increments global bins
//   histogramShared  - per-block privatised bins in shared memory, merged
//                      into the global histogram at the end
//   histogramDynamic - same with a runtime bin count (dynamic shared memory)
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define NUM_BINS 256
#define THREADS 256

__device__ __forceinline__ unsigned int binOf(unsigned char value, unsigned int numBins)
{
    return (value * numBins) >> 8;
}

__global__ void histogramGlobal(const unsigned char *data, size_t n, unsigned int *bins)
{
    size_t stride = (size_t)blockDim.x * gridDim.x;
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char *data, size_t n, unsigned int *bins)
{
    __shared__ unsigned int s_bins[NUM_BINS];
    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) s_bins[b] = 0;
    __syncthreads();

    size_t stride = (size_t)blockDim.x * gridDim.x;
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&s_bins[data[i]], 1u);
    __syncthreads();

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
        unsigned int count = s_bins[b];
        if (count) atomicAdd(&bins[b], count);
    }
}

__global__ void histogramDynamic(const unsigned char *data, size_t n, unsigned int *bins,
                                 unsigned int numBins)
{
    extern __shared__ unsigned int s_hist[];
    for (unsigned int b = threadIdx.x; b < numBins; b += blockDim.x) s_hist[b] = 0;
    __syncthreads();

    size_t stride = (size_t)blockDim.x * gridDim.x;
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&s_hist[binOf(data[i], numBins)], 1u);
    __syncthreads();

    for (unsigned int b = threadIdx.x; b < numBins; b += blockDim.x)
        atomicAdd(&bins[b], s_hist[b]);
}

int main(int argc, char **argv)
{
    const size_t n = 64 << 20;
    unsigned int numBins = argc > 1 ? (unsigned int)atoi(argv[1]) : 64;
    if (numBins == 0 || numBins > NUM_BINS) numBins = 64;

    std::vector<unsigned char> h(n);
    for (size_t i = 0; i < n; ++i) h[i] = (unsigned char)((i * 2654435761u) >> 24);

    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);

    unsigned char *d_data;
    unsigned int *d_bins;
    cudaMalloc(&d_data, n);
    cudaMalloc(&d_bins, NUM_BINS * sizeof(unsigned int));
    cudaMemcpy(d_data, h.data(), n, cudaMemcpyHostToDevice);

    cudaMemset(d_bins, 0, NUM_BINS * sizeof(unsigned int));
    histogramGlobal<<<240, THREADS>>>(d_data, n, d_bins);

    cudaMemset(d_bins, 0, NUM_BINS * sizeof(unsigned int));
    histogramShared<<<prop.multiProcessorCount * 8, THREADS>>>(d_data, n, d_bins);

    cudaMemset(d_bins, 0, NUM_BINS * sizeof(unsigned int));
    histogramDynamic<<<prop.multiProcessorCount * 8,
                       THREADS,
                       numBins * sizeof(unsigned int)>>>(d_data, n, d_bins, numBins);

    // Fixed 64-bin configuration with a compile-time shared-memory size.
    const unsigned int fixedBins = 64;
    histogramDynamic<<<120, THREADS, fixedBins * sizeof(int)>>>(d_data, n, d_bins, fixedBins);

    std::vector<unsigned int> bins(NUM_BINS);
    cudaMemcpy(bins.data(), d_bins, NUM_BINS * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    unsigned long long total = 0;
    for (unsigned int b : bins) total += b;
    printf("total counted = %llu (n = %zu)\n", total, n);

    cudaFree(d_data);
    cudaFree(d_bins);
    return 0;
}
