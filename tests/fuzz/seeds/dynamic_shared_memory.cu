// Dynamic shared memory patterns.
//   reverseArray       - single extern __shared__ array sized at launch
//   splitBuffers       - one allocation carved into a float and an int array
//   stageTiles<T>      - typed view of a raw byte buffer in a template kernel
//   largeSmemKernel    - opts in to more than 48 KiB of dynamic shared memory
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

__global__ void reverseArray(int *d, int n)
{
    extern __shared__ int s[];
    int t = threadIdx.x;
    int tr = n - t - 1;
    s[t] = d[t];
    __syncthreads();
    d[t] = s[tr];
}

__global__ void splitBuffers(const float *values, const int *keys, float *outValues, int *outKeys, int n)
{
    extern __shared__ float shared[];
    float *sValues = shared;                          // blockDim.x floats
    int *sKeys = reinterpret_cast<int *>(&sValues[blockDim.x]);  // blockDim.x ints

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        sValues[threadIdx.x] = values[i];
        sKeys[threadIdx.x] = keys[i];
    }
    __syncthreads();
    int j = blockDim.x - 1 - threadIdx.x;
    int src = blockIdx.x * blockDim.x + j;
    if (i < n && src < n) {
        outValues[i] = sValues[j];
        outKeys[i] = sKeys[j];
    }
}

template <typename T>
__global__ void stageTiles(const T *in, T *out, int n, int tilesPerBlock)
{
    extern __shared__ unsigned char smemRaw[];
    T *tile = reinterpret_cast<T *>(smemRaw);
    int base = blockIdx.x * blockDim.x * tilesPerBlock;
    for (int t = 0; t < tilesPerBlock; ++t) {
        int i = base + t * blockDim.x + threadIdx.x;
        tile[t * blockDim.x + threadIdx.x] = (i < n) ? in[i] : T(0);
    }
    __syncthreads();
    for (int t = 0; t < tilesPerBlock; ++t) {
        int i = base + t * blockDim.x + threadIdx.x;
        if (i < n) out[i] = tile[(tilesPerBlock - 1 - t) * blockDim.x + threadIdx.x] * T(2);
    }
}

__global__ void largeSmemKernel(float *data, int n)
{
    extern __shared__ float big[];
    int perThread = 24;
    for (int k = 0; k < perThread; ++k)
        big[k * blockDim.x + threadIdx.x] = (float)k;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float acc = 0.0f;
        for (int k = 0; k < perThread; ++k) acc += big[k * blockDim.x + (threadIdx.x + k) % blockDim.x];
        data[i] = acc;
    }
}

int main(int argc, char **argv)
{
    const int n = 64;
    int h[n];
    for (int i = 0; i < n; ++i) h[i] = i;
    int *d_d;
    cudaMalloc(&d_d, n * sizeof(int));
    cudaMemcpy(d_d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    reverseArray<<<1, n, n * sizeof(int)>>>(d_d, n);

    const int count = 1 << 16;
    int threads = 256;
    float *values, *outValues;
    int *keys, *outKeys;
    cudaMalloc(&values, count * sizeof(float));
    cudaMalloc(&outValues, count * sizeof(float));
    cudaMalloc(&keys, count * sizeof(int));
    cudaMalloc(&outKeys, count * sizeof(int));
    splitBuffers<<<count / threads, threads, threads * (sizeof(float) + sizeof(int))>>>(values, keys, outValues,
                                                                                        outKeys, count);

    const int tilesPerBlock = 4;
    stageTiles<float><<<count / (threads * tilesPerBlock), threads, threads * tilesPerBlock * sizeof(float)>>>(
        values, outValues, count, tilesPerBlock);
    stageTiles<double><<<count / (128 * tilesPerBlock), 128, 128 * tilesPerBlock * sizeof(double)>>>(
        reinterpret_cast<const double *>(values), reinterpret_cast<double *>(outValues), count / 2, tilesPerBlock);

    // 96 KiB of dynamic shared memory requires an explicit opt-in.
    int bigThreads = argc > 1 ? atoi(argv[1]) : 1024;
    size_t bigSmem = 24 * bigThreads * sizeof(float);
    cudaFuncSetAttribute(largeSmemKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bigSmem);
    largeSmemKernel<<<count / bigThreads, bigThreads, bigSmem>>>(values, count);

    cudaDeviceSynchronize();
    cudaMemcpy(h, d_d, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("h[0] = %d (expected %d)\n", h[0], n - 1);

    cudaFree(d_d);
    cudaFree(values);
    cudaFree(outValues);
    cudaFree(keys);
    cudaFree(outKeys);
    return 0;
}
