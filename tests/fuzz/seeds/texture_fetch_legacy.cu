// LEGACY API: 1D texture REFERENCE over linear memory (tex1Dfetch on a
// texture<> global, cudaBindTexture / cudaUnbindTexture). Removed in
// CUDA 12; builds only with CUDA 11.x or older.
//
// Sparse gather and a 1D moving average that read their input through the
// texture cache, as pre-Kepler code commonly did instead of __ldg.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define THREADS_PER_BLOCK 128
#define WINDOW 5

texture<float, 1, cudaReadModeElementType> texInput;
texture<int, 1, cudaReadModeElementType> texIndex;

__device__ float windowAverage(int i, int n)
{
    float acc = 0.0f;
    int count = 0;
    for (int k = -WINDOW / 2; k <= WINDOW / 2; ++k) {
        int j = i + k;
        if (j >= 0 && j < n) {
            acc += tex1Dfetch(texInput, j);
            ++count;
        }
    }
    return acc / count;
}

__global__ void gatherKernel(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch(texInput, tex1Dfetch(texIndex, i));
}

__global__ void movingAverageKernel(float *out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = windowAverage(i, n);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : (1 << 18);

    std::vector<float> h_in(n);
    std::vector<int> h_idx(n);
    for (int i = 0; i < n; ++i) {
        h_in[i] = (float)i;
        h_idx[i] = (i * 31) % n;
    }

    float *d_in, *d_out;
    int *d_idx;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMalloc(&d_idx, n * sizeof(int));
    cudaMemcpy(d_in, h_in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_idx, h_idx.data(), n * sizeof(int), cudaMemcpyHostToDevice);

    cudaBindTexture(0, texInput, d_in, n * sizeof(float));
    cudaBindTexture(0, texIndex, d_idx, n * sizeof(int));

    int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
    gatherKernel<<<blocks, THREADS_PER_BLOCK>>>(d_out, n);
    movingAverageKernel<<<128, THREADS_PER_BLOCK>>>(d_out, n);
    cudaDeviceSynchronize();

    float check = 0.0f;
    cudaMemcpy(&check, d_out + 10, sizeof(float), cudaMemcpyDeviceToHost);
    printf("out[10] = %f\n", check);

    cudaUnbindTexture(texInput);
    cudaUnbindTexture(texIndex);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_idx);
    return 0;
}
