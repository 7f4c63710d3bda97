// mem_device_globals.cu - SliceWatt slice test: __device__ variables and pointers derived from parameters
// Hand computation of the expectations in mem_device_globals.slices.json, following
// resources/help/analysis-rules.md. Launch: scaledRowAdd<<<ROWS, COLS>>> -> grid [64, 1, 1], block [256, 1, 1].
//
// stmt line weight arith  mem g/s/c/t  slices           why
// S1     31      1     2  0/0/0/0      global           + *; row = a + ..: pointer arithmetic, no access; closure of row from S6
// S2     32      1     2  0/0/0/0      global           + *; outRow = c + ..: no access; closure of outRow from S6
// S3     33      1     0  0/0/0/0      global           j = threadIdx.x; closure of j from S6 and from the condition S5
// S4     34      1     0  1/0/0/0      global           read of the __device__ scalar scale: 1 global access
// S5     35      1     0  0/0/0/0      global           if: skeleton of S6; decision point
// S6     36      1     3  4/0/0/0      global           * + +; store outRow[j], read row[j], b[j], bias[j] (all global)
//
// row and outRow are global pointers (derived from the parameters a, c); their definitions S1, S2
// access no memory, so they join the global slice through the register closure of S6.
// global   = {S1..S6}: length 6; arith = 2 + 2 + 3 = 7; global = 1 (S4) + 4 (S6) = 5.
// shared, constant, texture: empty.
// Decision points: S5 = 1; 1 / 6 = 0.17 >= 0.1 -> dense. No assumptions.

#include <cstdio>
#include <cuda_runtime.h>

#define COLS 256
#define ROWS 64

__device__ float scale;        // set from the host with cudaMemcpyToSymbol
__device__ float bias[COLS];   // per-column bias, also set from the host

// c[r][j] = scale * a[r][j] + b[j] + bias[j] for ROWS x 256 row-major matrices.
__global__ void scaledRowAdd(const float* a, const float* b, float* c)
{
    const float* row = a + blockIdx.x * 256;                // [S1]
    float* outRow = c + blockIdx.x * 256;                   // [S2]
    int j = threadIdx.x;                                    // [S3]
    float s = scale;                                        // [S4]
    if (j < COLS)                                           // [S5]
        outRow[j] = s * row[j] + b[j] + bias[j];            // [S6]
}

int main()
{
    const float h_scale = 2.0f;
    float h_bias[COLS];
    for (int j = 0; j < COLS; ++j)
        h_bias[j] = 0.5f;
    cudaMemcpyToSymbol(scale, &h_scale, sizeof(float));
    cudaMemcpyToSymbol(bias, h_bias, sizeof(h_bias));

    float* d_a = nullptr;
    float* d_b = nullptr;
    float* d_c = nullptr;
    cudaMalloc(&d_a, ROWS * COLS * sizeof(float));
    cudaMalloc(&d_b, COLS * sizeof(float));
    cudaMalloc(&d_c, ROWS * COLS * sizeof(float));
    cudaMemset(d_a, 0, ROWS * COLS * sizeof(float));
    cudaMemset(d_b, 0, COLS * sizeof(float));

    scaledRowAdd<<<ROWS, COLS>>>(d_a, d_b, d_c);
    cudaDeviceSynchronize();
    printf("row add done\n");

    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_c);
    return 0;
}
