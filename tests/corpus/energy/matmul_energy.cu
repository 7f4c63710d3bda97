// matmul_energy.cu - a tiled single-precision matrix multiply (the CUDA guide's shared-memory
// version) for the instruction-class energy and heat tests (tests/test_energy.cpp).
// C = A × B, N × N, 16 × 16 tiles: each thread runs N / 16 = 32 tile iterations, each with
// two global loads, two shared stores, a barrier and a 16-step inner product.
#include <cuda_runtime.h>

#define TILE 16
#define N 512

__global__ void matmulTiled(const float *A, const float *B, float *C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = by * TILE + ty;
    int col = bx * TILE + tx;
    float sum = 0.0f;
    for (int t = 0; t < N / TILE; ++t) {
        As[ty][tx] = A[row * N + t * TILE + tx];
        Bs[ty][tx] = B[(t * TILE + ty) * N + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * N + col] = sum;
}

int main()
{
    const size_t bytes = N * N * sizeof(float);
    float *hA = new float[N * N], *hC = new float[N * N];
    float *dA, *dB, *dC;
    cudaMalloc(&dA, bytes);
    cudaMalloc(&dB, bytes);
    cudaMalloc(&dC, bytes);
    cudaMemcpy(dA, hA, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dB, hA, N * N * sizeof(float), cudaMemcpyHostToDevice);
    dim3 block(TILE, TILE);
    dim3 grid(N / TILE, N / TILE);
    matmulTiled<<<grid, block>>>(dA, dB, dC);
    cudaMemcpy(hC, dC, bytes, cudaMemcpyDeviceToHost);
    cudaMemcpy(dC, dA, bytes, cudaMemcpyDeviceToDevice);
    return 0;
}
