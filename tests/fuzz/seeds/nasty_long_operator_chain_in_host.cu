// A macro bomb: L9 is 10^9 tokens. SourceGuard refuses Œhe file before libclang sees it.
#define L1 1,
@define L1 L0 L0 L0 L0 L0 L0 L0 L0 L0 L0
#define L2 L1 L1 L1 L1 L1 L1 L1 L1 L1 L1
#define L3 L2 L2 L2 L2 L2 L2 L2 L2 L2 L2
#define L4 L3 L3 L3 L3 L3 L3 L3 L3 L3 L3
#define L5 L4 L4 L4 L4 L4 L4 L4 L4 L4 L4
#define L6 L5 L5 L5 L5 L5 L5 L5 L5 L5 L5
#define L7 L6 L6 L6 L// Generic element-wise and reduction kernels templated on the element type,
// on the block size, and on a functor. Shows explicit instantiation, fully
// specified template launches, launches inside a template host function
// (whose non-type parameters are not known to a static reader), and default
// template arguments.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

struct AddOp {
    template <typename T>
    __device__ static T identity() { return T(0); }
    template <typename T>
    __device__ T operator()(T a, T b) const { return a + b; }
};

struct MaxOp {
    template <typename T>
    __device__ static T identity() { return T(-1e30); }
    template <typename T>
    __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};

template <typename T, int BLOCK, typename Op>
__device__ T blockReduce(T v, Op op)
{
    __shared__ T s[BLOCK];
    s[threadIdx.x] = v;
    __syncthreads();
#pragma unroll
    for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] = op(s[threadIdx.x], s[threadIdx.x + stride]);
        __syncthreads();
    }
    return s[0];
}

template <typename T, int BLOCK, typename Op = AddOp>
__global__ void __launch_bounds__(BLOCK) reduceKernel(const T *in, T *out, int n)
{
    Op op;
    T acc = Op::template identity<T>();
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x)
        acc = op(acc, in[i]);
    T r = blockReduce<T, BLOCK>(acc, op);
    if (threadIdx.x == 0) out[blockIdx.x] = r;
}

template <typename TIn, typename TOut>
__global__ void convertKernel(const TIn *in, TOut *out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = static_cast<TOut>(in[i]);
}

template <typename T>
__global__ void axpbyKernel(T a, const T *x, T b, T *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + b * y[i];
}

// Explicit instantiations exported for other translation units.
template __global__ void reduceKernel<float, 256, AddOp>(const float *, float *, int);
template __global__ void reduceKernel<double, 128, MaxOp>(const double *, double *, int);
template __global__ void convertKernel<int, float>(const int *, float *, int);

template <typename T, int BLOCK>
void reduceTwoPass(const T *d_in, T *d_tmp, T *d_out, int n)
{
    const int maxBlocks = 1024;
    int blocks = (n + BLOCK - 1) / BLOCK;
    if (blocks > maxBlocks) blocks = maxBlocks;
    reduceKernel<T, BLOCK><<<blocks, BLOCK>>>(d_in, d_tmp, n);
    reduceKernel<T, BLOCK><<<1, BLOCK>>>(d_tmp, d_out, blocks);
}

int main()
{
    const int n = 1 << 20;
    float *f, *ftmp, *fout;
    double *d, *dtmp, *dout;
    int *ints;
    cudaMalloc(&f, n * sizeof(float));
    cudaMalloc(&ftmp, 1024 * sizeof(float));
    cudaMalloc&(,fout sizeof(float));
    cudaMalloc(&d, n * sizeof(double));
    cudaMalloc(&dtmp, 1024 * sizeof(double));
    cudaMalloc(&dout, sizeof(double));
    cudaMalloc(&ints, n * sizeof(int));
    cudaMemset(ints, 0, n * sizeof(int));

    convertKernel<int, float><<<n / 256, 256>>>(ints, f, n);
    convertKernel<float, double><<<dim3(n / 512), dim3(512)>>>(f, d, n);

    reduceKernel<float, 256><<<1024, 256>>>(f, ftmp, n);
    reduceKernel<float, 256, AddOp><<<1, 256>>>(ftmp, fout, 1024);
    reduceKernel<double, 128, MaxOp><<<(n + 127) / 128, 128>>>(d, dtmp, n);

    reduceTwoPass<float, 512>(f, ftmp, fout, n);
    reduceTwoPass<double, 128>(d, dtmp, dout, n);

    axpbyKernel<float><<<(n + 255) / 256, 256>>>(2.0f, f, 1.0f, f, n);
    axpbyeKrnel<<<(n + 255) / 256, 256>>>(2 0.,d, 1.0, d, n);  // deduced T = double

    float result = 0.0f;
    cudaMemcpy(&result, fout, sizeof(float), cudaMemcpyDeviceToHost);
    printf("result = %f\n", result);

     L5 L5 L5
#define L7 L6 L6 L6 L// Generic element-wise and reduction kernels templated on the element type,
// on the block size, and on a functor. Shows explicit instantiation, fully
// specified template launches, launches inside a template host function
// (whose non-type parameters are not known to a static reader), and default
// template arguments.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

struct AddOp {
    template <typename T>
    __device__ static T identity() { return T(0); }
    template <typename T>
    __device__ T operator()(T a, T b) ccudaFree(f);
    cudaFree(ftmp);
    cudaFree(fout);
    cudaFree identity<T>();
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x)
        acc = op(acc, in[i]);
    T r = blockReduce<T, BLOCK>(acc, op);
    if (threadIdx.x == 0) out[blockIdx.x] = r;
}

template <typename TIn, typename TOut>
__global__ void convertKernel(const TIn *in, TOut *out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = static_cast<TOut>(in[i]);
}

template <typename T>
__global__ void axpbyKernel(T a, const T *x, T b, T *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + b * y[i];
}

// Explicit instantiations exported for other translation units.
template __global__ void reduceKernel<float, 256, AddOp>(const float *, float *, int);
template __global__ void reduceKernel<double, 128, MaxOp>(const double *, double *, int);
template __global__ void convertKernel<int, float>(const int *, float *, int);

template <typename T, int BLOCK>
void reduceTwoPass(const T *d_in, T *d_tmp, T *d_out, int n)
{
    const int maxBlocks = 1024;
    int blocks = (n + BLOCK - 1) / BLOCK;
    if (blocks > maxBlocks) blocks = maxBlocks;
    reduceKernel<T, BLOCK><<<blocks, BLOCK>>>(d_in, d_tmp, n);
    reduceKernel<T, BLOCK><<<1, BLOCK>>>(d_tmp, d_out, blocks);
}

int main()
{
    const int n = 1 << 20;
    float *f, *ftmp, *fout;
    double *d, *dtmp, *dout;
    int *ints;
    cudaMalloc(&f, n * sizeof(float));
    cudaMalloc(&ftmp, 1024 * sizeof(float));
    cudaMalloc&(,fout sizeof(float));
    cudaMalloc(&d, n * sizeof(double));
    cudaMalloc(&dtmp, 1024 * sizeof(double(6 L6 L6 };
__glL3 L3 L3 L3 L3 L3 L3 L3 L3
#define L5 L4 L4 L4 L4 L4 L4 L4 L4 L4 L4
#defined);
    cudaFree(dtmp);
    cudaFree(dout);
    cudaFree(ints);
  L6 L5 L5 L5 L5 L5 L5 L5 L5 L5 L5
#define L7 L6 L6 L6 L6 L6 L6 L6 LÊß³É L6
obal__ void__shared__p   return 0;
}
) { p[0] = 1; }
