// A C-callable GPU library: kernels with C linkage (so they can be looked
// up by name from a driver-API loader), file-local static kernels, and a
// kernel that is forward-declared, launched, and only defined further down.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// Forward declarations (not definitions).
__global__ void finalizeKernel(float *data, int n, float scale);
__device__ float accumulate(float acc, float v);

extern "C" __global__ void vec_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

extern "C" {

__global__ void vec_scale(float *a, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] *= s;
}

__global__ void vec_prefix_block(const float *in, float *out, int n)
{
    __shared__ float buf[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    buf[threadIdx.x] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    if (threadIdx.x == 0) {
        float acc = 0.0f;
        for (int k = 0; k < blockDim.x; ++k) {
            acc = accumulate(acc, buf[k]);
            buf[k] = acc;
        }
    }
    __syncthreads();
    if (i < n) out[i] = buf[threadIdx.x];
}

}  // extern "C"

static __device__ float squareOf(float v) { return v * v; }

static __global__ void sumOfSquaresKernel(const float *in, float *out, int n)
{
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        acc = accumulate(acc, squareOf(in[i]));
    atomicAdd(out, acc);
}

extern "C" void lib_vec_add(const float *a, const float *b, float *c, int n, cudaStream_t stream)
{
    int threads = 256;
    int blocks = (n + threads - 1) / threads;
    vec_add<<<blocks, threads, 0, stream>>>(a, b, c, n);
}

extern "C" void lib_vec_scale(float *a, float s, int n, cudaStream_t stream)
{
    vec_scale<<<(n + 127) / 128, 128, 0, stream>>>(a, s, n);
    finalizeKernel<<<1, 1, 0, stream>>>(a, n, 1.0f);
}

extern "C" float lib_sum_of_squares(const float *d_in, int n)
{
    float *d_out, h_out = 0.0f;
    cudaMalloc(&d_out, sizeof(float));
    cudaMemset(d_out, 0, sizeof(float));
    sumOfSquaresKernel<<<120, 256>>>(d_in, d_out, n);
    cudaMemcpy(&h_out, d_out, sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(d_out);
    return h_out;
}

// Definitions of the forward-declared functions.
__device__ float accumulate(float acc, float v)
{
    return acc + v;
}

__global__ void finalizeKernel(float *data, int n, float scale)
{
    if (threadIdx.x == 0 && blockIdx.x == 0 && n > 0) data[n - 1] *= scale;
}

int main()
{
    const int n = 10000;
    float *a, *b, *c;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMalloc(&c, n * sizeof(float));
    cudaMemset(a, 0, n * sizeof(float));
    cudaMemset(b, 0, n * sizeof(float));

    lib_vec_add(a, b, c, n, 0);
    lib_vec_scale(c, 2.0f, n, 0);
    vec_prefix_block<<<(n + 255) / 256, 256>>>(c, a, n);
    printf("sum of squares = %f\n", lib_sum_of_squares(a, n));

    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    return 0;
}
