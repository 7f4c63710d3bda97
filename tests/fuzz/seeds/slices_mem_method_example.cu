// mem_method_example.cu - SliceWatt slice test: the METHOD.md section 1 slicing example
// Hand computation of the expectations in mem_method_example.slices.json, following
// resources/help/analysis-rules.md. Launch: methodExample<<<BLOCKS, TILE>>> -> grid [64, 1, 1], block [128, 1, 1].
//
// stmt line weight arith  mem g/s/c/t  slices           why
// S1     40      1     2  0/0/0/0      global,shared    * +; closure of i from S2, S5, S11
// S2     41      1     0  1/0/0/0      global           x = in[i]: read in[i]
// S3     42      1     0  0/1/0/0      shared           store tile[..]; x defined by S2, which accesses memory: not added
// S4     43      1     0  0/0/0/0      global,shared    if: skeleton of S5; decision point
// S5     44      1     2  1/1/0/0      global,shared    + +; read in[i + TILE], store tile[TILE + ..]
// S6     45      1     0  0/0/0/0      shared           __syncthreads
// S7     46      1     0  0/0/0/0      global,shared,constant acc = 0.0f; closure of acc from S10 and from S11
// S8     47      4     1  0/0/0/0      shared,constant  header ++; trip TAPS = 4; skeleton of S9, S10, defines k
// S9     48      4     1  0/0/0/0      shared,constant  +; j = threadIdx.x + k; closure of j from S10
// S10    49      4     2  0/1/1/0      shared,constant  acc += tile[j] * coef[k]: += *; shared and constant read; NOT global
// S11    51      1     0  1/0/0/0      global           out[i] = acc: closure of acc adds S7 and stops at S10 (memory)
//
// Trip count S8: k = 0; k < TAPS (4); ++k -> 4.
// global   = {S1,S2,S4,S5,S7,S11}: length 6; arith = 2 + 2 = 4; global = 1 + 1 + 1 = 3; shared = 1 (S5).
// shared   = {S1,S3,S4,S5,S6,S7,S8,S9,S10}: length 9; arith = 2 + 2 + 4*1 + 4*1 + 4*2 = 20;
//            global = 1 (S5); shared = 1 + 1 + 4*1 = 6; constant = 4 (S10).
// constant = {S7,S8,S9,S10}: length 4; arith = 4 + 4 + 8 = 16; shared = 4; constant = 4.
// texture: empty.
// Decision points: S4 = 1; 1 / 11 = 0.09 < 0.1 -> sparse. No assumptions.

#include <cstdio>
#include <cuda_runtime.h>

#define TILE 128
#define TAPS 4
#define BLOCKS 64

__constant__ float coef[TAPS];

// A short FIR filter: x = in[i] ... acc += tile[j] * coef[k] ... out[i] = acc.
// in holds BLOCKS * TILE + TAPS elements.
__global__ void methodExample(const float* in, float* out)
{
    __shared__ float tile[TILE + TAPS];
    int i = blockIdx.x * TILE + threadIdx.x;                // [S1]
    float x = in[i];                                        // [S2]
    tile[threadIdx.x] = x;                                  // [S3]
    if (threadIdx.x < TAPS)                                 // [S4]
        tile[TILE + threadIdx.x] = in[i + TILE];            // [S5]
    __syncthreads();                                        // [S6]
    float acc = 0.0f;                                       // [S7]
    for (int k = 0; k < TAPS; ++k) {                        // [S8]
        int j = threadIdx.x + k;                            // [S9]
        acc += tile[j] * coef[k];                           // [S10]
    }
    out[i] = acc;                                           // [S11]
}

int main()
{
    const int n = BLOCKS * TILE;
    float h_coef[TAPS] = {0.25f, 0.25f, 0.25f, 0.25f};
    cudaMemcpyToSymbol(coef, h_coef, sizeof(h_coef));

    float* d_in = nullptr;
    float* d_out = nullptr;
    cudaMalloc(&d_in, (n + TAPS) * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemset(d_in, 0, (n + TAPS) * sizeof(float));

    methodExample<<<BLOCKS, TILE>>>(d_in, d_out);
    cudaDeviceSynchronize();
    printf("filter done\n");

    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
