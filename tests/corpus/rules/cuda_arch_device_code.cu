// cuda_arch_device_code.cu - SliceWatt rule test (R14): device code is read as the device
// compiler sees it for the target architecture (__CUDA_ARCH__; default sm_90), launches as
// the host sees them. Before, every body was read as the host compiler sees it, where
// __CUDA_ARCH__ is undefined: the `#else` arm below.
//
// Kernel matmulTiled (cuda-samples matrixMul shape, llm.c-style arch guard): on sm_80 and
// later, 16x16 tiles of A and B staged in shared memory; the pre-Ampere fallback (never
// compiled for sm_90) is a naive loop over global memory. First launch
// matmulTiled<<<dim3(64, 64), dim3(16, 16)>>> with n = 1024.
//   row/col: 2 statements, A = 2 each (* and +).
//   Tile loop `for (t = 0; t < n / TILE; ++t)`: n is the kernel's argument, 1024 at the
//   launch (issue 33) -> 1024 / 16 = 64 trips; header A = 2 (/, ++), w = 64.
//   As[ty][tx] = A[row * n + t * TILE + tx]: shared 1 (store), global 1 (load),
//   A = 4 (*, +, *, +), w = 64.
//   Bs[ty][tx] = B[(t * TILE + ty) * n + col]: shared 1, global 1, A = 4, w = 64.
//   Inner `for (k = 0; k < TILE; ++k)`: 16 trips, header A = 1, w = 64 * 16 = 1024.
//   acc += As[ty][k] * Bs[k][tx]: shared 2, A = 2 (+= and *), w = 1024; it reads shared
//   memory, so the register closure of the global store of C does not take it in: SHM only.
//   The #else loop: not compiled for sm_90, no statements.
//   Effective statements 11 (row, col, acc, 2 loop headers, 2 tile stores, 2 barriers, the
//   accumulation, the store of C); loops are no decision points: 0, branch-sparse.
//
// Kernel scaleHalf (an fp16 scale): the __CUDA_ARCH__ test is inside a __host__ __device__
// helper, as in ggml and PyTorch's half helpers: device code uses the half intrinsic
// (one operation, A = 1), the host path converts through float (A = 3).
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define TILE 16

__host__ __device__ inline __half scaleOne(__half x, __half s)
{
#ifdef __CUDA_ARCH__
    return __hmul(x, s); // EXPECT: statements=1 A=1
#else
    return __float2half(__half2float(x) * __half2float(s)); // EXPECT: statements=0
#endif
}

__global__ void matmulTiled(const float* A, const float* B, float* C, int n) // EXPECT-KERNEL: decision_points=0 effective=11 class=sparse
{
    int row = blockIdx.y * TILE + threadIdx.y; // EXPECT: statements=1 A=2 global=0
    int col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
#if __CUDA_ARCH__ >= 800
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    for (int t = 0; t < n / TILE; ++t) { // EXPECT: statements=1 A=2 w=64
        As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x]; // EXPECT: shared=1 global=1 A=4 w=64 slices=GM,SHM
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col]; // EXPECT: shared=1 global=1 A=4 w=64
        __syncthreads();
        for (int k = 0; k < TILE; ++k) // EXPECT: statements=1 A=1 w=1024
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x]; // EXPECT: statements=1 shared=2 global=0 A=2 w=1024 slices=SHM
        __syncthreads();
    }
#else
    for (int k = 0; k < n; ++k) // EXPECT: statements=0
        acc += A[row * n + k] * B[k * n + col]; // EXPECT: statements=0 global=0
#endif
    C[row * n + col] = acc; // EXPECT: statements=1 global=1 A=2
}

__global__ void scaleHalf(__half* data, __half s, int n) // EXPECT-KERNEL: decision_points=1
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] = scaleOne(data[i], s); // EXPECT: global=2
}

int main()
{
    const int n = 1024;
    float *a, *b, *c;
    __half* h;
    cudaMalloc(&a, n * n * sizeof(float));
    cudaMalloc(&b, n * n * sizeof(float));
    cudaMalloc(&c, n * n * sizeof(float));
    cudaMalloc(&h, n * sizeof(__half));
    matmulTiled<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(a, b, c, n);
    scaleHalf<<<n / 256, 256>>>(h, __float2half(2.0f), n);
    cudaDeviceSynchronize();
    return 0;
}
