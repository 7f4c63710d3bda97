// Dense matrix multiply C = A * B.
//   matMulNaive     - one thread per output element, global memory only
//   matMulTiled     - fixed TILE x TILE shared-memory tiles, bounds checked
//   matrixMulCUDA   - tile size as a template parameter (square multiples)
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define TILE 16

struct MatDims {
    int rows;
    int cols;
};

__global__ void matMulNaive(const float *A, const float *B, float *C, int M, int N, int K)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < K; ++k)
            acc += A[row * K + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}

__global__ void matMulTiled(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;

    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        As[ty][tx] = (row < M && aCol < K) ? A[row * K + aCol] : 0.0f;
        Bs[ty][tx] = (bRow < K && col < N) ? B[bRow * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}

template <int BLOCK_SIZE>
__global__ void matrixMulCUDA(float *C, const float *A, const float *B, int wA, int wB)
{
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int aBegin = wA * BLOCK_SIZE * by;
    int aEnd = aBegin + wA - 1;
    int aStep = BLOCK_SIZE;
    int bBegin = BLOCK_SIZE * bx;
    int bStep = BLOCK_SIZE * wB;

    float Csub = 0.0f;
    for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
        __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
        __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
        As[ty][tx] = A[a + wA * ty + tx];
        Bs[ty][tx] = B[b + wB * ty + tx];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BLOCK_SIZE; ++k)
            Csub += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
    C[c + wB * ty + tx] = Csub;
}

template <int block_size>
void runMatrixMul(float *d_C, const float *d_A, const float *d_B, MatDims dimsA, MatDims dimsB)
{
    dim3 threads(block_size, block_size);
    dim3 grid(dimsB.cols / threads.x, dimsA.rows / threads.y);
    matrixMulCUDA<block_size><<<grid, threads>>>(d_C, d_A, d_B, dimsA.cols, dimsB.cols);
}

int main(int argc, char **argv)
{
    constexpr int M = 512, N = 512, K = 512;

    std::vector<float> hA(M * K, 1.0f), hB(K * N, 0.01f), hC(M * N);
    float *dA, *dB, *dC;
    cudaMalloc(&dA, M * K * sizeof(float));
    cudaMalloc(&dB, K * N * sizeof(float));
    cudaMalloc(&dC, M * N * sizeof(float));
    cudaMemcpy(dA, hA.data(), M * K * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dB, hB.data(), K * N * sizeof(float), cudaMemcpyHostToDevice);

    // Fixed-size problem: everything known at compile time.
    dim3 block(TILE, TILE);
    dim3 grid(N / TILE, M / TILE);
    matMulNaive<<<grid, block>>>(dA, dB, dC, M, N, K);
    matMulTiled<<<grid, block>>>(dA, dB, dC, M, N, K);

    matrixMulCUDA<16><<<dim3(N / 16, M / 16), dim3(16, 16)>>>(dC, dA, dB, K, N);
    matrixMulCUDA<32><<<dim3(N / 32, M / 32), dim3(32, 32)>>>(dC, dA, dB, K, N);

    MatDims dimsA = {M, K};
    MatDims dimsB = {K, N};
    runMatrixMul<16>(dC, dA, dB, dimsA, dimsB);
    runMatrixMul<32>(dC, dA, dB, dimsA, dimsB);

    // Runtime-sized problem: the grid depends on user input.
    int m = argc > 1 ? atoi(argv[1]) : 300;
    int n = argc > 2 ? atoi(argv[2]) : 200;
    if (m > M) m = M;
    if (n > N) n = N;
    dim3 rtGrid((n + block.x - 1) / block.x, (m + block.y - 1) / block.y);
    matMulTiled<<<rtGrid, block>>>(dA, dB, dC, m, n, K);

    cudaMemcpy(hC.data(), dC, M * N * sizeof(float), cudaMemcpyDeviceToHost);
    printf("C[0] = %f (expected %f)\n", hC[0], 0.01f * K);

    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    return 0;
}
