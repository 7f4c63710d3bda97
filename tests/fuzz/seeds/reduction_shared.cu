// Parallel sum reduction with a shared-memory tree.
//
// Three classic variants of the block-level tree:
//   reduceInterleaved - interleaved addressing, divergent modulo test
//   reduceStrided     - interleaved addressing, strided index (no divergence)
//   reduceSequential  - sequential addressing, first add during load
// The host repeatedly reduces partial sums until a single value remains.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define BLOCK_SIZE 256

#define CUDA_CHECK(call)                                                     \
    do {                                                                     \
        cudaError_t err_ = (call);                                           \
        if (err_ != cudaSuccess) {                                           \
            fprintf(stderr, "CUDA error '%s' at %s:%d\n",                    \
                    cudaGetErrorString(err_), __FILE__, __LINE__);           \
            exit(EXIT_FAILURE);                                              \
        }                                                                    \
    } while (0)

__global__ void reduceInterleaved(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    if (tid == 0) out[blockIdx.x] = sdata[0];
}

__global__ void reduceStrided(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x) {
            sdata[index] += sdata[index + s];
        }
        __syncthreads();
    }

    if (tid == 0) out[blockIdx.x] = sdata[0];
}

__global__ void reduceSequential(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    float sum = (i < n) ? in[i] : 0.0f;
    if (i + blockDim.x < n) sum += in[i + blockDim.x];
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    if (tid == 0) out[blockIdx.x] = sdata[0];
}

static double cpuSum(const std::vector<float> &v)
{
    double acc = 0.0;
    for (float x : v) acc += x;
    return acc;
}

int main(int argc, char **argv)
{
    const unsigned int N = 1 << 20;
    unsigned int n = (argc > 1) ? (unsigned int)atoi(argv[1]) : N;
    if (n == 0 || n > N) n = N;

    std::vector<float> h_in(N);
    for (unsigned int i = 0; i < N; ++i) h_in[i] = (float)(i % 17) * 0.25f;

    float *d_in = nullptr, *d_a = nullptr, *d_b = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, N * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_a, N * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_b, N * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), N * sizeof(float), cudaMemcpyHostToDevice));

    // Single pass of the two naive variants over the full array.
    const int blocks = (N + BLOCK_SIZE - 1) / BLOCK_SIZE;
    reduceInterleaved<<<blocks, BLOCK_SIZE, BLOCK_SIZE * sizeof(float)>>>(d_in, d_a, N);
    CUDA_CHECK(cudaGetLastError());
    reduceStrided<<<blocks, BLOCK_SIZE, BLOCK_SIZE * sizeof(float)>>>(d_in, d_b, N);
    CUDA_CHECK(cudaGetLastError());

    // Multi-pass sequential-addressing reduction over the first n elements.
    unsigned int remaining = n;
    const float *src = d_in;
    float *dst = d_a;
    while (remaining > 1) {
        unsigned int grid = (remaining + BLOCK_SIZE * 2 - 1) / (BLOCK_SIZE * 2);
        reduceSequential<<<grid, BLOCK_SIZE, BLOCK_SIZE * sizeof(float)>>>(src, dst, remaining);
        CUDA_CHECK(cudaGetLastError());
        remaining = grid;
        src = dst;
        dst = (dst == d_a) ? d_b : d_a;
    }

    float gpu = 0.0f;
    CUDA_CHECK(cudaMemcpy(&gpu, src, sizeof(float), cudaMemcpyDeviceToHost));
    h_in.resize(n);
    double ref = cpuSum(h_in);
    printf("n=%u gpu=%f cpu=%f\n", n, gpu, ref);

    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_a));
    CUDA_CHECK(cudaFree(d_b));
    return 0;
}
