// 1D stencils with a shared-memory halo.
//   stencil1D        - sum of the 2*RADIUS+1 neighbourhood
//   weightedStencil1D- weights held in constant memory
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

constexpr int RADIUS = 3;
constexpr int BLOCK_SIZE = 256;

__constant__ float c_weights[2 * RADIUS + 1];

__global__ void stencil1D(const int *in, int *out, int n)
{
    __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = blockIdx.x * blockDim.x + threadIdx.x;
    int lindex = threadIdx.x + RADIUS;

    temp[lindex] = (gindex < n) ? in[gindex] : 0;
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = (gindex >= RADIUS) ? in[gindex - RADIUS] : 0;
        temp[lindex + BLOCK_SIZE] = (gindex + BLOCK_SIZE < n) ? in[gindex + BLOCK_SIZE] : 0;
    }
    __syncthreads();

    if (gindex < n) {
        int result = 0;
        for (int offset = -RADIUS; offset <= RADIUS; offset++)
            result += temp[lindex + offset];
        out[gindex] = result;
    }
}

__global__ void weightedStencil1D(const float *in, float *out, int n)
{
    extern __shared__ float tile[];
    int gindex = blockIdx.x * blockDim.x + threadIdx.x;
    int lindex = threadIdx.x + RADIUS;

    tile[lindex] = (gindex < n) ? in[gindex] : 0.0f;
    if (threadIdx.x < RADIUS) {
        tile[lindex - RADIUS] = (gindex >= RADIUS) ? in[gindex - RADIUS] : 0.0f;
        tile[lindex + blockDim.x] = (gindex + blockDim.x < n) ? in[gindex + blockDim.x] : 0.0f;
    }
    __syncthreads();

    if (gindex < n) {
        float acc = 0.0f;
#pragma unroll
        for (int k = -RADIUS; k <= RADIUS; ++k)
            acc += c_weights[k + RADIUS] * tile[lindex + k];
        out[gindex] = acc;
    }
}

int main()
{
    constexpr int N = 1 << 20;
    constexpr int numBlocks = (N + BLOCK_SIZE - 1) / BLOCK_SIZE;

    std::vector<int> h_in(N, 1), h_out(N);
    int *d_in, *d_out;
    cudaMalloc(&d_in, N * sizeof(int));
    cudaMalloc(&d_out, N * sizeof(int));
    cudaMemcpy(d_in, h_in.data(), N * sizeof(int), cudaMemcpyHostToDevice);

    stencil1D<<<numBlocks, BLOCK_SIZE>>>(d_in, d_out, N);
    cudaMemcpy(h_out.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost);
    printf("out[100] = %d (expected %d)\n", h_out[100], 2 * RADIUS + 1);

    const float w[2 * RADIUS + 1] = {0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f};
    cudaMemcpyToSymbol(c_weights, w, sizeof(w));

    float *f_in, *f_out;
    cudaMalloc(&f_in, N * sizeof(float));
    cudaMalloc(&f_out, N * sizeof(float));
    cudaMemset(f_in, 0, N * sizeof(float));

    const int threads = 512;
    weightedStencil1D<<<N / threads, threads, (threads + 2 * RADIUS) * sizeof(float)>>>(f_in, f_out, N);
    cudaDeviceSynchronize();

    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(f_in);
    cudaFree(f_out);
    return 0;
}
