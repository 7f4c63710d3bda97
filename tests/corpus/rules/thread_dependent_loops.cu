// thread_dependent_loops.cu - SliceWatt rule test (R4, issue 47): a loop whose bound moves
// with the thread's own index runs, on average over the launch's threads, the mean of each
// thread's count; the weight of its body is that mean (analysis-rules §4).
//
// Kernel causalScores: causal attention's scores (llm.c's attention_query_key_kernel1
// shape). idx = blockIdx.x * 128 + threadIdx.x over B * NH * T = 4 * 4 * 64 = 1024
// threads (grid 8, block 128); t = (idx / NH) % T takes each of 0..63 equally often, and
// the loop `t2 <= t` runs t + 1 times: the mean is (1 + 64) / 2 = 32.5, exact (t repeats
// every NH * T = 256 values of idx). Its body's statements have w = 32.5.
//
// Kernel lowerTriangularMatVec: y = L x for a lower-triangular L, one row a thread, row = idx
// over N = 256 threads (grid 2, block 128): `for (j = 0; j <= row; ++j)` runs row + 1 times,
// mean (1 + 256) / 2 = 128.5.
//
// Kernel bandedRows: `for (k = 0; k < (threadIdx.x & 7) + 1; ++k)` over a block of 64:
// the mask cycles 0..7, so the loop runs 1..8 times, mean 4.5 (block 64, grid 32).
#include <cuda_runtime.h>

#define B 4
#define NH 4
#define T 64
#define HS 16
#define N 256

__global__ void causalScores(float* preatt, const float* q, const float* k)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;            // EXPECT: statements=1 w=1
    if (idx < B * NH * T) {                                     // EXPECT: statements=1 w=1
        int t = (idx / NH) % T;                                 // EXPECT: statements=1 w=1
        int h = idx % NH;                                       // EXPECT: statements=1 w=1
        int b = idx / (NH * T);                                 // EXPECT: statements=1 w=1
        const float* query = q + ((b * T + t) * NH + h) * HS;   // EXPECT: statements=1 w=1
        for (int t2 = 0; t2 <= t; t2++) {                       // EXPECT: statements=1 w=32.5
            preatt[idx * T + t2] = query[0] * k[(b * T + t2) * NH * HS + h * HS]; // EXPECT: statements=1 w=32.5
        }
    }
}

__global__ void lowerTriangularMatVec(const float* L, const float* x, float* y)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;            // EXPECT: statements=1 w=1
    float sum = 0.0f;                                           // EXPECT: statements=1 w=1
    for (int j = 0; j <= row; ++j)                              // EXPECT: statements=1 w=128.5
        sum += L[row * N + j] * x[j];                           // EXPECT: statements=1 w=128.5
    y[row] = sum;                                               // EXPECT: statements=1 w=1
}

__global__ void bandedRows(float* y, const float* a)
{
    float acc = 0.0f;                                           // EXPECT: statements=1 w=1
    for (int k = 0; k < (threadIdx.x & 7) + 1; ++k)             // EXPECT: statements=1 w=4.5
        acc += a[blockIdx.x * 8 + k];                           // EXPECT: statements=1 w=4.5
    y[blockIdx.x * blockDim.x + threadIdx.x] = acc;             // EXPECT: statements=1 w=1
}

int main()
{
    float *preatt, *q, *k, *L, *rhs, *x, *y, *a;
    cudaMalloc(&preatt, B * NH * T * T * sizeof(float));
    cudaMalloc(&q, B * T * NH * HS * sizeof(float));
    cudaMalloc(&k, B * T * NH * HS * sizeof(float));
    cudaMalloc(&L, N * N * sizeof(float));
    cudaMalloc(&rhs, N * sizeof(float));
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, 32 * 64 * sizeof(float));
    cudaMalloc(&a, 32 * 8 * sizeof(float));
    causalScores<<<B * NH * T / 128, 128>>>(preatt, q, k);
    lowerTriangularMatVec<<<N / 128, 128>>>(L, x, rhs);
    bandedRows<<<32, 64>>>(y, a);
    cudaDeviceSynchronize();
    return 0;
}
