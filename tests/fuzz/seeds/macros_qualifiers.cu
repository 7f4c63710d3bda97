// Kernels and device helpers declared through qualifier macros, the way many
// code bases hide __global__/__device__ behind portability headers.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define KERNEL __global__ void
#define GLOBAL __global__
#define DEVICE_INLINE __device__ __forceinline__
#define HOST_DEVICE __host__ __device__
#define RESTRICT __restrict__

#define BLOCK 128
#define N_ELEMS (1 << 20)
#define GRID(n) (((n) + BLOCK - 1) / BLOCK)

// Caffe-style grid-stride loop helper.
#define CUDA_KERNEL_LOOP(i, n)                                   \
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); \
         i += blockDim.x * gridDim.x)

HOST_DEVICE inline float lerp(float a, float b, float t)
{
    return a + t * (b - a);
}

HOST_DEVICE float smoothstep(float edge0, float edge1, float x)
{
    float t = (x - edge0) / (edge1 - edge0);
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    return t * t * (3.0f - 2.0f * t);
}

DEVICE_INLINE float sigmoid(float x)
{
    return 1.0f / (1.0f + __expf(-x));
}

KERNEL scaleKernel(float *RESTRICT data, float factor, int n)
{
    CUDA_KERNEL_LOOP(i, n) { data[i] *= factor; }
}

GLOBAL void blendKernel(const float *RESTRICT a, const float *RESTRICT b, float *RESTRICT out, float t, int n)
{
    CUDA_KERNEL_LOOP(i, n) { out[i] = lerp(a[i], b[i], t); }
}

KERNEL
smoothKernel(float *RESTRICT data, int n)
{
    CUDA_KERNEL_LOOP(i, n) { data[i] = smoothstep(0.0f, 1.0f, sigmoid(data[i])); }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    if (n > N_ELEMS) n = N_ELEMS;

    float *a, *b, *out;
    cudaMalloc(&a, N_ELEMS * sizeof(float));
    cudaMalloc(&b, N_ELEMS * sizeof(float));
    cudaMalloc(&out, N_ELEMS * sizeof(float));
    cudaMemset(a, 0, N_ELEMS * sizeof(float));
    cudaMemset(b, 0, N_ELEMS * sizeof(float));

    scaleKernel<<<GRID(N_ELEMS), BLOCK>>>(a, 2.0f, N_ELEMS);
    blendKernel<<<GRID(N_ELEMS), BLOCK>>>(a, b, out, 0.25f, N_ELEMS);
    smoothKernel<<<GRID(n), BLOCK>>>(out, n);
    cudaDeviceSynchronize();

    // The same helpers also run on the host.
    printf("lerp(1, 3, 0.5) = %f, smoothstep(0.5) = %f\n", lerp(1.0f, 3.0f, 0.5f),
           smoothstep(0.0f, 1.0f, 0.5f));

    cudaFree(a);
    cudaFree(b);
    cudaFree(out);
    return 0;
}
