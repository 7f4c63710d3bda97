// mem_reduce_shared.cu - SliceWatt slice test: shared-memory tree reduction
// Hand computation of the expectations in mem_reduce_shared.slices.json, following
// resources/help/analysis-rules.md. Launch: reduceShared<<<BLOCKS, BLOCK>>> -> grid [64, 1, 1], block [256, 1, 1].
//
// stmt line weight arith  mem g/s/c/t  slices           why
// S1     38      1     0  0/0/0/0      global,shared    tid = threadIdx.x; closure of tid (S6, S9, S10 use it; skeleton S12 of S13)
// S2     39      1     2  0/0/0/0      global           * +; closure of i from S5 and from skeleton S4
// S3     40      1     0  0/0/0/0      shared           v = 0.0f; closure of v from S6 (S5 also defines v but accesses memory)
// S4     41      1     0  0/0/0/0      global           if: skeleton of S5; decision point
// S5     42      1     0  1/0/0/0      global           read in[i]
// S6     43      1     0  0/1/0/0      shared           store sdata[tid]
// S7     44      1     0  0/0/0/0      shared           __syncthreads: shared slice
// S8     45      8     2  0/0/0/0      shared           header / and >>=; trip 8 (see below); skeleton of S9-S11, defines s
// S9     46      8     0  0/0/0/0      shared           if: skeleton of S10; decision point; weight = trip of S8
// S10    47      8     2  0/3/0/0      shared           += (2 accesses: load+store) and + in subscript; read sdata[tid + s]
// S11    48      8     0  0/0/0/0      shared           __syncthreads in the loop
// S12    50      1     0  0/0/0/0      global,shared    if (tid == 0): skeleton of S13; decision point
// S13    51      1     0  1/1/0/0      global,shared    store out[blockIdx.x] (global), read sdata[0] (shared)
//
// Trip count S8: s = blockDim.x / 2 = 128; s > 0; s >>= 1 -> 128,64,32,16,8,4,2,1 = 8 iterations.
// global   = {S1,S2,S4,S5,S12,S13}: length 6; arith = 2 (S2); global = 1 (S5) + 1 (S13) = 2;
//            shared = 1 (S13).
// shared   = {S1,S3,S6,S7,S8,S9,S10,S11,S12,S13}: length 10;
//            arith = 8*2 (S8) + 8*2 (S10) = 32; global = 1 (S13); shared = 1 (S6) + 8*3 (S10) + 1 (S13) = 26.
// constant, texture: empty.
// Decision points S4, S9, S12 = 3; 3 / 13 = 0.23 >= 0.1 -> dense. No assumptions.

#include <cstdio>
#include <cuda_runtime.h>

#define BLOCK 256
#define BLOCKS 64

// One partial sum per block: load, then halve the active threads each step.
__global__ void reduceShared(const float* in, float* out, int n)
{
    __shared__ float sdata[BLOCK];
    unsigned int tid = threadIdx.x;                         // [S1]
    int i = blockIdx.x * blockDim.x + threadIdx.x;          // [S2]
    float v = 0.0f;                                         // [S3]
    if (i < n)                                              // [S4]
        v = in[i];                                          // [S5]
    sdata[tid] = v;                                         // [S6]
    __syncthreads();                                        // [S7]
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) { // [S8]
        if (tid < s)                                        // [S9]
            sdata[tid] += sdata[tid + s];                   // [S10]
        __syncthreads();                                    // [S11]
    }
    if (tid == 0)                                           // [S12]
        out[blockIdx.x] = sdata[0];                         // [S13]
}

int main()
{
    const int n = BLOCK * BLOCKS;
    float* d_in = nullptr;
    float* d_out = nullptr;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, BLOCKS * sizeof(float));
    cudaMemset(d_in, 0, n * sizeof(float));

    reduceShared<<<BLOCKS, BLOCK>>>(d_in, d_out, n);
    cudaDeviceSynchronize();

    float h_out[BLOCKS];
    cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
    float total = 0.0f;
    for (int b = 0; b < BLOCKS; ++b)
        total += h_out[b];
    printf("sum = %f\n", total);

    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
