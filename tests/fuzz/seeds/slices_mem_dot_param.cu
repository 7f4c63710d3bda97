// mem_dot_param.cu - SliceWatt slice test: dot product, grid-stride loop bounded by a kernel parameter
// Hand computation of the expectations in mem_dot_param.slices.json, following
// resources/help/analysis-rules.md. Launch: dotProduct<<<BLOCKS, THREADS>>> -> grid [64, 1, 1], block [256, 1, 1].
//
// stmt line weight arith  mem g/s/c/t  slices           why
// S1     27      1     0  0/0/0/0      global           sum = 0.0f; closure of sum from S3 and S4
// S2     28     10     4  0/0/0/0      global           header * + (init), += * (step); n is a parameter -> default 10, assumption
// S3     29     10     2  2/0/0/0      global           += *; reads a[i], b[i]
// S4     30      1     1  1/0/0/0      global           * ; atomicAdd(result, ..): 1 global access, 0 arithmetic for the call
//
// Trip count S2: bound n is a by-value kernel parameter, unknown (the host value is not propagated)
//              -> default 10, listed as an assumption.
// global   = {S1,S2,S3,S4}: length 4; arith = 10*4 + 10*2 + 1 = 61; global = 10*2 + 1 = 21.
// shared, constant, texture: empty.
// Decision points: 0 -> sparse. Assumptions: S2.

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define THREADS 256
#define BLOCKS 64

// *result += alpha * dot(a, b); each thread accumulates a strided partial sum.
__global__ void dotProduct(const float* a, const float* b, float* result, float alpha, int n)
{
    float sum = 0.0f;                                       // [S1]
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) // [S2]
        sum += a[i] * b[i];                                 // [S3]
    atomicAdd(result, alpha * sum);                         // [S4]
}

int main(int argc, char** argv)
{
    int n = (argc > 1) ? atoi(argv[1]) : (1 << 20);
    float* d_a = nullptr;
    float* d_b = nullptr;
    float* d_result = nullptr;
    cudaMalloc(&d_a, n * sizeof(float));
    cudaMalloc(&d_b, n * sizeof(float));
    cudaMalloc(&d_result, sizeof(float));
    cudaMemset(d_a, 0, n * sizeof(float));
    cudaMemset(d_b, 0, n * sizeof(float));
    cudaMemset(d_result, 0, sizeof(float));

    dotProduct<<<BLOCKS, THREADS>>>(d_a, d_b, d_result, 1.0f, n);
    cudaDeviceSynchronize();

    float h_result = 0.0f;
    cudaMemcpy(&h_result, d_result, sizeof(float), cudaMemcpyDeviceToHost);
    printf("dot = %f\n", h_result);

    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_result);
    return 0;
}
