// mem_poly_constant.cu - SliceWatt slice test: polynomial evaluation, Horner loop over __constant__ coefficients
// Hand computation of the expectations in mem_poly_constant.slices.json, following
// resources/help/analysis-rules.md. Launch: polyEval<<<BLOCKS, THREADS>>> -> grid [64, 1, 1], block [256, 1, 1].
//
// stmt line weight arith  mem g/s/c/t  slices           why
// S1     32      1     2  0/0/0/0      global,constant  * +; closure of i from S3, S7 and from the condition S2
// S2     33      1     0  0/0/0/0      global,constant  if: skeleton of S3-S7; decision point
// S3     34      1     0  1/0/0/0      global           read x[i]; xi is used by S6, but S3 accesses memory: not in constant
// S4     35      1     0  0/0/1/0      constant         read c_coef[DEGREE]
// S5     36      8     1  0/0/0/0      constant         header -- (DEGREE - 1 is folded); trip 8; skeleton of S6, defines k
// S6     37      8     2  0/0/1/0      constant         * +; read c_coef[k]
// S7     38      1     0  1/0/0/0      global           store y[i]; acc defined only by S4, S6 (memory): closure stops
//
// Trip count S5: k = DEGREE - 1 = 7; k >= 0; --k -> 7,6,...,0 = 8.
// global   = {S1,S2,S3,S7}: length 4; arith = 2; global = 1 + 1 = 2.
// constant = {S1,S2,S4,S5,S6}: length 5; arith = 2 + 8*1 + 8*2 = 26; constant = 1 + 8*1 = 9.
// shared, texture: empty.
// Decision points: S2 = 1; 1 / 7 = 0.14 >= 0.1 -> dense. No assumptions.

#include <cstdio>
#include <cuda_runtime.h>

#define DEGREE 8
#define THREADS 256
#define BLOCKS 64

__constant__ float c_coef[DEGREE + 1];

// y[i] = c0 + c1 x + ... + c8 x^8, evaluated by Horner's rule.
__global__ void polyEval(const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;          // [S1]
    if (i < n) {                                            // [S2]
        float xi = x[i];                                    // [S3]
        float acc = c_coef[DEGREE];                         // [S4]
        for (int k = DEGREE - 1; k >= 0; --k)               // [S5]
            acc = acc * xi + c_coef[k];                     // [S6]
        y[i] = acc;                                         // [S7]
    }
}

int main()
{
    const int n = THREADS * BLOCKS;
    float h_coef[DEGREE + 1];
    for (int k = 0; k <= DEGREE; ++k)
        h_coef[k] = 1.0f / (k + 1);
    cudaMemcpyToSymbol(c_coef, h_coef, sizeof(h_coef));

    float* d_x = nullptr;
    float* d_y = nullptr;
    cudaMalloc(&d_x, n * sizeof(float));
    cudaMalloc(&d_y, n * sizeof(float));
    cudaMemset(d_x, 0, n * sizeof(float));

    polyEval<<<BLOCKS, THREADS>>>(d_x, d_y, n);
    cudaDeviceSynchronize();
    printf("poly done\n");

    cudaFree(d_x);
    cudaFree(d_y);
    return 0;
}
