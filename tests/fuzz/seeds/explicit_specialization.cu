// Element-wise kernels written once as templates, with an explicit specialisation for
// double (two elements per thread) and an explicit instantiation for int: the analyser must
// list the template and the specialisation, each once, however many types instantiate them.
#include <cuda_runtime.h>

template <typename T>
__global__ void scaleKernel(T *data, T factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] *= factor;
}

// double: each thread scales two neighbours (one 16-byte access where aligned).
template <>
__global__ void scaleKernel<double>(double *data, double factor, int n)
{
    int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    if (i + 1 < n) {
        data[i] *= factor;
        data[i + 1] *= factor;
    } else if (i < n) {
        data[i] *= factor;
    }
}

template <typename T>
struct Clamp {
    T lo, hi;
    __device__ T apply(T v) const { return v < lo ? lo : (v > hi ? hi : v); }
};

template <typename T>
__device__ T squareOf(T v)
{
    return v * v;
}

template <typename Op, typename T>
__global__ void applyKernel(Op op, T *data, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        data[i] = squareOf(op.apply(data[i]));
}

// Built into the library for int callers elsewhere; not a definition of its own.
template __global__ void scaleKernel<int>(int *, int, int);

int main()
{
    const int n = 1 << 20;
    float *f = nullptr;
    double *d = nullptr;
    int *k = nullptr;
    cudaMalloc(&f, n * sizeof(float));
    cudaMalloc(&d, n * sizeof(double));
    cudaMalloc(&k, n * sizeof(int));
    scaleKernel<float><<<n / 256, 256>>>(f, 2.0f, n);
    scaleKernel<<<n / 512, 256>>>(d, 0.5, n);
    scaleKernel<int><<<n / 256, 256>>>(k, 3, n);
    applyKernel<<<1024, 256>>>(Clamp<float>{0.0f, 1.0f}, f, n);
    applyKernel<<<1024, 256>>>(Clamp<double>{-1.0, 1.0}, d, n);
    cudaDeviceSynchronize();
    cudaFree(f);
    cudaFree(d);
    cudaFree(k);
    return 0;
}
