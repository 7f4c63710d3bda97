// mem_histogram_shared.cu - SliceWatt slice test: privatised histogram with shared-memory atomics
// Hand computation of the expectations in mem_histogram_shared.slices.json, following
// resources/help/analysis-rules.md. Launch: histogramShared<<<BLOCKS, THREADS>>> -> grid [64, 1, 1], block [128, 1, 1].
//
// stmt line weight arith  mem g/s/c/t  slices           why
// S1     35      2     1  0/0/0/0      shared           block-stride header +=; trip ceil(256 / 128) = 2; skeleton of S2, defines b
// S2     36      2     0  0/1/0/0      shared           store s_bins[b]
// S3     37      1     0  0/0/0/0      shared           __syncthreads
// S4     38    128     4  0/0/0/0      global,shared    grid-stride header: * + (init), += * (step); trip 2^20 / (128 * 64) = 128
// S5     39    128     0  1/1/0/0      global,shared    read data[i] (global); atomicAdd on &s_bins[..]: 1 shared; & is no access
// S6     40      1     0  0/0/0/0      shared           __syncthreads
// S7     41      2     1  0/0/0/0      global,shared    block-stride header +=; trip 2; skeleton of S8, defines k
// S8     42      2     0  1/1/0/0      global,shared    atomicAdd on &bins[k]: 1 global; read s_bins[k]: 1 shared
//
// Trip counts: S1, S7 block-stride from threadIdx.x (a = 0): ceil(256 / blockDim.x) = ceil(256 / 128) = 2.
//              S4 grid-stride: ceil(N_ELEMS / (blockDim.x * gridDim.x)) = 1048576 / 8192 = 128.
// atomicAdd is counted as a memory access only, 0 arithmetic (it is not an arithmetic intrinsic).
// global   = {S4,S5,S7,S8}: length 4; arith = 128*4 + 2*1 = 514; global = 128 + 2 = 130; shared = 128 + 2 = 130.
// shared   = {S1..S8}: length 8; arith = 2*1 + 128*4 + 2*1 = 516; global = 130; shared = 2 + 128 + 2 = 132.
// constant, texture: empty.
// Decision points: 0 -> sparse. No assumptions.

#include <cstdio>
#include <cuda_runtime.h>

#define NUM_BINS 256
#define THREADS 128
#define BLOCKS 64
constexpr int N_ELEMS = 1 << 20;

// Byte histogram: each block counts into its own shared bins, then merges them.
__global__ void histogramShared(const unsigned char* data, unsigned int* bins)
{
    __shared__ unsigned int s_bins[NUM_BINS];
    for (int b = threadIdx.x; b < 256; b += blockDim.x)     // [S1]
        s_bins[b] = 0;                                      // [S2]
    __syncthreads();                                        // [S3]
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N_ELEMS; i += blockDim.x * gridDim.x) // [S4]
        atomicAdd(&s_bins[data[i]], 1u);                    // [S5]
    __syncthreads();                                        // [S6]
    for (int k = threadIdx.x; k < 256; k += blockDim.x)     // [S7]
        atomicAdd(&bins[k], s_bins[k]);                     // [S8]
}

int main()
{
    unsigned char* d_data = nullptr;
    unsigned int* d_bins = nullptr;
    cudaMalloc(&d_data, N_ELEMS);
    cudaMalloc(&d_bins, NUM_BINS * sizeof(unsigned int));
    cudaMemset(d_data, 7, N_ELEMS);
    cudaMemset(d_bins, 0, NUM_BINS * sizeof(unsigned int));

    histogramShared<<<BLOCKS, THREADS>>>(d_data, d_bins);
    cudaDeviceSynchronize();

    unsigned int h_bins[NUM_BINS];
    cudaMemcpy(h_bins, d_bins, sizeof(h_bins), cudaMemcpyDeviceToHost);
    printf("bin 7 = %u\n", h_bins[7]);

    cudaFree(d_data);
    cudaFree(d_bins);
    return 0;
}
