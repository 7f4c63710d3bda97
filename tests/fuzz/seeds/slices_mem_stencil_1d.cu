// mem_stencil_1d.cu - SliceWatt slice test: 1D stencil, shared tile with halo, __constant__ weights
// Hand computation of the expectations in mem_stencil_1d.slices.json, following
// resources/help/analysis-rules.md. Launch: stencil1d<<<NUM_BLOCKS, BLOCK_SIZE>>> -> grid [64, 1, 1], block [256, 1, 1].
//
// stmt line weight arith  mem g/s/c/t  slices           why
// S1     43      1     2  0/0/0/0      global,shared    * +; closure of gidx from S3, S5, S6, S11
// S2     44      1     1  0/0/0/0      global,shared    +; closure of lidx from S3, S5, S6
// S3     45      1     0  1/1/0/0      global,shared    read in[gidx], store tile[lidx]
// S4     46      1     0  0/0/0/0      global,shared    if: skeleton of S5, S6 (condition uses only threadIdx); decision point
// S5     47      1     2  1/1/0/0      global,shared    two - in subscripts; left halo
// S6     48      1     2  1/1/0/0      global,shared    two + in subscripts; right halo
// S7     50      1     0  0/0/0/0      shared           __syncthreads
// S8     51      1     0  0/0/0/0      global,shared,constant result = 0.0f; closure of result from S10 and S11 (S10 defines it too but accesses memory)
// S9     52      7     1  0/0/0/0      shared,constant  header ++; trip 7; skeleton of S10 and defines k
// S10    53      7     3  0/1/1/0      shared,constant  += * and + in subscript; c_weights[k] constant, tile[..] shared
// S11    54      1     0  1/0/0/0      global           store out[gidx]
//
// Trip count S9: k = 0; k < STENCIL_WIDTH (7); ++k -> 7.
// global   = {S1,S2,S3,S4,S5,S6,S8,S11}: length 8; arith = 2+1+2+2 = 7; global = S3,S5,S6,S11 = 4;
//            shared = S3,S5,S6 = 3.
// shared   = {S1..S10}: length 10; arith = 2+1+2+2 + 7*1 (S9) + 7*3 (S10) = 35; global = 3;
//            shared = 3 + 7 (S10) = 10; constant = 7 (S10).
// constant = {S8,S9,S10}: length 3; arith = 7 + 21 = 28; shared = 7; constant = 7.
// texture: empty.
// Decision points: S4 = 1; 1 / 11 = 0.09 < 0.1 -> sparse. No assumptions.

#include <cstdio>
#include <cuda_runtime.h>

#define RADIUS 3
#define STENCIL_WIDTH 7
#define BLOCK_SIZE 256
#define NUM_BLOCKS 64

static_assert(STENCIL_WIDTH == 2 * RADIUS + 1, "stencil width must be 2 * RADIUS + 1");

__constant__ float c_weights[STENCIL_WIDTH];

// in points RADIUS elements into a buffer padded by RADIUS elements on both sides.
__global__ void stencil1d(const float* in, float* out)
{
    __shared__ float tile[BLOCK_SIZE + 2 * RADIUS];
    int gidx = blockIdx.x * blockDim.x + threadIdx.x;       // [S1]
    int lidx = threadIdx.x + RADIUS;                        // [S2]
    tile[lidx] = in[gidx];                                  // [S3]
    if (threadIdx.x < RADIUS) {                             // [S4]
        tile[lidx - RADIUS] = in[gidx - RADIUS];            // [S5]
        tile[lidx + BLOCK_SIZE] = in[gidx + BLOCK_SIZE];    // [S6]
    }
    __syncthreads();                                        // [S7]
    float result = 0.0f;                                    // [S8]
    for (int k = 0; k < STENCIL_WIDTH; ++k)                 // [S9]
        result += c_weights[k] * tile[threadIdx.x + k];     // [S10]
    out[gidx] = result;                                     // [S11]
}

int main()
{
    const int n = BLOCK_SIZE * NUM_BLOCKS;
    float h_weights[STENCIL_WIDTH];
    for (int k = 0; k < STENCIL_WIDTH; ++k)
        h_weights[k] = 1.0f / STENCIL_WIDTH;
    cudaMemcpyToSymbol(c_weights, h_weights, sizeof(h_weights));

    float* d_in = nullptr;
    float* d_out = nullptr;
    cudaMalloc(&d_in, (n + 2 * RADIUS) * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemset(d_in, 0, (n + 2 * RADIUS) * sizeof(float));

    stencil1d<<<NUM_BLOCKS, BLOCK_SIZE>>>(d_in + RADIUS, d_out);
    cudaDeviceSynchronize();
    printf("stencil done\n");

    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
