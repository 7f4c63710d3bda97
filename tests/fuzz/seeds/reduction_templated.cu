// Templated reduction in the style of the "reduce6" kernel: the block size
// is a template parameter so the unrolled tail is resolved at compile time,
// and the element type is generic. A host-side switch maps the runtime
// thread count onto one of the instantiations.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

// Dynamic shared memory cannot be declared with a template type directly,
// so a small wrapper provides a typed pointer per instantiation.
template <class T>
struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
    __device__ inline operator const T *() const
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

template <>
struct SharedMemory<double> {
    __device__ inline operator double *()
    {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;
    }
    __device__ inline operator const double *() const
    {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;
    }
};

template <unsigned int blockSize, class T>
__device__ void warpReduce(volatile T *sdata, unsigned int tid)
{
    if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
    if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
    if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
    if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
    if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
    if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

template <class T, unsigned int blockSize, bool nIsPow2>
__global__ void
reduceUnrolled(const T *g_idata, T *g_odata, unsigned int n)
{
    T *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
    unsigned int gridSize = blockSize * 2 * gridDim.x;

    T mySum = 0;
    while (i < n) {
        mySum += g_idata[i];
        if (nIsPow2 || i + blockSize < n) mySum += g_idata[i + blockSize];
        i += gridSize;
    }
    sdata[tid] = mySum;
    __syncthreads();

    if (blockSize >= 512) { if (tid < 256) sdata[tid] = mySum = mySum + sdata[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata[tid] = mySum = mySum + sdata[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) sdata[tid] = mySum = mySum + sdata[tid + 64]; __syncthreads(); }

    if (tid < 32) warpReduce<blockSize, T>(sdata, tid);
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

inline bool isPow2(unsigned int x) { return (x & (x - 1)) == 0; }

template <class T>
void reduce(int size, int threads, int blocks, const T *d_idata, T *d_odata)
{
    dim3 dimBlock(threads, 1, 1);
    dim3 dimGrid(blocks, 1, 1);
    // When there is only one warp per block, allocate two warps' worth of
    // shared memory so the unrolled tail does not index out of bounds.
    int smemSize = (threads <= 32) ? 2 * threads * sizeof(T) : threads * sizeof(T);

    if (isPow2(size)) {
        switch (threads) {
        case 512:
            reduceUnrolled<T, 512, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
            break;
        case 256:
            reduceUnrolled<T, 256, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
            break;
        case 128:
            reduceUnrolled<T, 128, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
            break;
        case 64:
            reduceUnrolled<T, 64, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
            break;
        default:
            reduceUnrolled<T, 32, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
            break;
        }
    } else {
        switch (threads) {
        case 512:
            reduceUnrolled<T, 512, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
            break;
        case 256:
            reduceUnrolled<T, 256, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
            break;
        default:
            reduceUnrolled<T, 128, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
            break;
        }
    }
}

// Explicit instantiations used by other translation units.
template void reduce<float>(int, int, int, const float *, float *);
template void reduce<double>(int, int, int, const double *, double *);
template __global__ void reduceUnrolled<int, 256, true>(const int *, int *, unsigned int);

int main()
{
    const unsigned int n = 1u << 22;
    const int threads = 256;
    const int blocks = 64;

    std::vector<float> h(n, 0.5f);
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, blocks * sizeof(float));
    cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);

    reduce<float>(n, threads, blocks, d_in, d_out);

    // Direct launch of a fully specified instantiation, then a final pass.
    reduceUnrolled<float, 256, false><<<blocks, threads, threads * sizeof(float)>>>(d_in, d_out, n - 3);
    reduceUnrolled<float, 64, true><<<1, 64, 64 * sizeof(float)>>>(d_out, d_out, blocks);

    float sum = 0.0f;
    cudaMemcpy(&sum, d_out, sizeof(float), cudaMemcpyDeviceToHost);
    printf("sum = %f\n", sum);
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
