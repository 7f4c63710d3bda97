// mem_matmul_tiled.cu - SliceWatt slice test: tiled matrix multiply, #pragma unroll inner loop
// Hand computation of the expectations in mem_matmul_tiled.slices.json, following
// resources/help/analysis-rules.md. Launch: matmulTiled<<<grid, block>>> -> grid [32, 32, 1], block [16, 16, 1].
//
// stmt line weight arith  mem g/s/c/t  slices           why
// S1     37      1     2  0/0/0/0      global,shared    * +; closure of row from S5, S11
// S2     38      1     2  0/0/0/0      global,shared    * +; closure of col from S6, S11
// S3     39      1     0  0/0/0/0      global,shared    sum = 0.0f; closure of sum from S9 (shared) and S11 (global)
// S4     40     32     1  0/0/0/0      global,shared    header ++ (N / TILE is folded); trip N / TILE = 32; skeleton of S5-S10
// S5     41     32     4  1/1/0/0      global,shared    * + * + in subscript; A[..] global, As[..][..] shared
// S6     42     32     4  1/1/0/0      global,shared    * + * + in subscript; B[..] global, Bs[..][..] shared
// S7     43     32     0  0/0/0/0      shared           __syncthreads
// S8     45    512     1  0/0/0/0      shared           header ++; trip TILE = 16, times 32 = 512; #pragma unroll ignored
// S9     46    512     2  0/2/0/0      shared           += *; As[..][k], Bs[k][..] two shared reads (sum is a register)
// S10    47     32     0  0/0/0/0      shared           __syncthreads
// S11    49      1     2  1/0/0/0      global           * +; store C[..]; sum defined by S3 (added) and S9 (memory: stop)
//
// Trip counts: S4 t = 0; t < N / TILE = 512 / 16 = 32; ++t -> 32. S8 k = 0; k < 16 -> 16, nested: 16 * 32 = 512.
// global   = {S1,S2,S3,S4,S5,S6,S11}: length 7; arith = 2+2 + 32*1 + 32*4 + 32*4 + 2 = 294;
//            global = 32 + 32 + 1 = 65; shared = 32 + 32 = 64.
// shared   = {S1..S10}: length 10; arith = 2+2 + 32 + 128 + 128 + 512*1 + 512*2 = 1828;
//            global = 64; shared = 32 + 32 + 512*2 = 1088.
// constant, texture: empty.
// Decision points: 0; 0 / 11 -> sparse. No assumptions.

#include <cstdio>
#include <cuda_runtime.h>

#define TILE 16
constexpr int N = 512;

// C = A * B for square N x N row-major matrices, one TILE x TILE output tile per block.
__global__ void matmulTiled(const float* A, const float* B, float* C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;                              // [S1]
    int col = blockIdx.x * TILE + threadIdx.x;                              // [S2]
    float sum = 0.0f;                                                       // [S3]
    for (int t = 0; t < N / TILE; ++t) {                                    // [S4]
        As[threadIdx.y][threadIdx.x] = A[row * N + t * TILE + threadIdx.x]; // [S5]
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col]; // [S6]
        __syncthreads();                                                    // [S7]
#pragma unroll
        for (int k = 0; k < TILE; ++k)                                      // [S8]
            sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];                 // [S9]
        __syncthreads();                                                    // [S10]
    }
    C[row * N + col] = sum;                                                 // [S11]
}

int main()
{
    const size_t bytes = (size_t)N * N * sizeof(float);
    float* d_A = nullptr;
    float* d_B = nullptr;
    float* d_C = nullptr;
    cudaMalloc(&d_A, bytes);
    cudaMalloc(&d_B, bytes);
    cudaMalloc(&d_C, bytes);
    cudaMemset(d_A, 0, bytes);
    cudaMemset(d_B, 0, bytes);

    dim3 block(TILE, TILE);
    dim3 grid(N / TILE, N / TILE);
    matmulTiled<<<grid, block>>>(d_A, d_B, d_C);
    cudaDeviceSynchronize();
    printf("matmul done\n");

    cudaFree(d_A);
    cudaFree(d_B);
    cudaFree(d_C);
    return 0;
}
