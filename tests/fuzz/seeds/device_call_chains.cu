// Device-function call graphs: multi-level helper chains, a recursive
// device function, __noinline__ helpers, a helper shared between host and
// device, a function template, and a helper that nothing calls.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define THREADS 128

__host__ __device__ inline unsigned int hashU32(unsigned int x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

__device__ float uniform01(unsigned int seed, unsigned int index)
{
    return (hashU32(seed ^ hashU32(index)) & 0x00ffffffU) / 16777216.0f;
}

__device__ __noinline__ float2 boxMuller(unsigned int seed, unsigned int index)
{
    float u1 = fmaxf(uniform01(seed, 2 * index), 1e-7f);
    float u2 = uniform01(seed, 2 * index + 1);
    float r = sqrtf(-2.0f * logf(u1));
    float theta = 6.2831853f * u2;
    return make_float2(r * cosf(theta), r * sinf(theta));
}

__device__ int gcdRecursive(int a, int b)
{
    return b == 0 ? a : gcdRecursive(b, a % b);
}

__device__ int lcm(int a, int b)
{
    return a / gcdRecursive(a, b) * b;
}

template <typename T>
__device__ T horner(const T *coeffs, int degree, T x)
{
    T acc = coeffs[degree];
    for (int i = degree - 1; i >= 0; --i) acc = acc * x + coeffs[i];
    return acc;
}

__device__ float evalNoisyPoly(const float *coeffs, int degree, unsigned int seed, unsigned int i)
{
    float2 noise = boxMuller(seed, i);
    return horner(coeffs, degree, noise.x) + 0.01f * noise.y;
}

// Kept for debugging; no kernel calls it.
__device__ void debugPrintThread(int tag)
{
    printf("tag %d: block %d thread %d\n", tag, blockIdx.x, threadIdx.x);
}

__global__ void gaussianNoise(float *out, int n, unsigned int seed)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = boxMuller(seed, i).x;
}

__global__ void pairwiseLcm(const int *a, const int *b, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (a[i] > 0 && b[i] > 0) ? lcm(a[i], b[i]) : 0;
}

__global__ void noisyPolynomial(const float *coeffs, int degree, float *out, int n, unsigned int seed)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = evalNoisyPoly(coeffs, degree, seed, i);
}

__global__ void polyDouble(const double *coeffs, int degree, const double *x, double *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = horner<double>(coeffs, degree, x[i]);
}

int main()
{
    const int n = 100000;
    float *out, *coeffs;
    int *a, *b, *l;
    double *dc, *dx, *dy;
    cudaMalloc(&out, n * sizeof(float));
    cudaMalloc(&coeffs, 8 * sizeof(float));
    cudaMalloc(&a, n * sizeof(int));
    cudaMalloc(&b, n * sizeof(int));
    cudaMalloc(&l, n * sizeof(int));
    cudaMalloc(&dc, 8 * sizeof(double));
    cudaMalloc(&dx, n * sizeof(double));
    cudaMalloc(&dy, n * sizeof(double));
    cudaMemset(coeffs, 0, 8 * sizeof(float));
    cudaMemset(a, 0, n * sizeof(int));
    cudaMemset(b, 0, n * sizeof(int));
    cudaMemset(dc, 0, 8 * sizeof(double));
    cudaMemset(dx, 0, n * sizeof(double));

    unsigned int seed = hashU32(12345u);  // host-side use of the shared helper
    const int blocks = (n + THREADS - 1) / THREADS;
    gaussianNoise<<<blocks, THREADS>>>(out, n, seed);
    pairwiseLcm<<<blocks, THREADS>>>(a, b, l, n);
    noisyPolynomial<<<blocks, THREADS>>>(coeffs, 7, out, n, seed);
    polyDouble<<<blocks, THREADS>>>(dc, 7, dx, dy, n);
    cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));

    cudaFree(out);
    cudaFree(coeffs);
    cudaFree(a);
    cudaFree(b);
    cudaFree(l);
    cudaFree(dc);
    cudaFree(dx);
    cudaFree(dy);
    return 0;
}
