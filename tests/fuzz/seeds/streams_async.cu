// Overlapping transfers and compute with CUDA streams.
// The input is split into chunks; each chunk is copied in, processed and
// copied out on its own stream so copies overlap with kernels. All kernel
// launches here pass the full <<<grid, block, shmem, stream>>> configuration.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define NSTREAMS 4
#define THREADS 256

__device__ float polynomial(float x)
{
    return ((0.5f * x + 1.5f) * x - 2.0f) * x + 3.0f;
}

__global__ void processChunk(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = polynomial(in[i]) + sqrtf(fabsf(in[i]));
}

__global__ void blockMinMax(const float *in, float2 *result, int n)
{
    extern __shared__ float smem[];
    float *sMin = smem;
    float *sMax = smem + blockDim.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? in[i] : in[0];
    sMin[threadIdx.x] = v;
    sMax[threadIdx.x] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            sMin[threadIdx.x] = fminf(sMin[threadIdx.x], sMin[threadIdx.x + s]);
            sMax[threadIdx.x] = fmaxf(sMax[threadIdx.x], sMax[threadIdx.x + s]);
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) result[blockIdx.x] = make_float2(sMin[0], sMax[0]);
}

__global__ void fillValue(float *data, float value, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) data[i] = value;
}

int main()
{
    const int N = 1 << 24;
    const int chunk = N / NSTREAMS;
    const int chunkBlocks = chunk / THREADS;

    float *h_in, *h_out;
    cudaMallocHost(&h_in, N * sizeof(float));
    cudaMallocHost(&h_out, N * sizeof(float));
    for (int i = 0; i < N; ++i) h_in[i] = sinf(i * 0.001f);

    float *d_in, *d_out;
    float2 *d_minmax;
    cudaMalloc(&d_in, N * sizeof(float));
    cudaMalloc(&d_out, N * sizeof(float));
    cudaMalloc(&d_minmax, (N / THREADS) * sizeof(float2));

    cudaStream_t streams[NSTREAMS];
    for (int s = 0; s < NSTREAMS; ++s) cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking);

    for (int s = 0; s < NSTREAMS; ++s) {
        int offset = s * chunk;
        cudaMemcpyAsync(d_in + offset, h_in + offset, chunk * sizeof(float), cudaMemcpyHostToDevice, streams[s]);
        processChunk<<<chunkBlocks, THREADS, 0, streams[s]>>>(d_in + offset, d_out + offset, chunk);
        blockMinMax<<<chunkBlocks, THREADS, 2 * THREADS * sizeof(float), streams[s]>>>(
            d_out + offset, d_minmax + offset / THREADS, chunk);
        cudaMemcpyAsync(h_out + offset, d_out + offset, chunk * sizeof(float), cudaMemcpyDeviceToHost, streams[s]);
    }

    // A launch on the legacy default stream and one on the per-thread stream.
    fillValue<<<dim3(128), dim3(THREADS), 0, 0>>>(d_in, 0.0f, N);
    fillValue<<<dim3(64, 1, 1), dim3(512, 1, 1), 0, cudaStreamPerThread>>>(d_out, 1.0f, N);

    cudaDeviceSynchronize();
    printf("h_out[12345] = %f\n", h_out[12345]);

    for (int s = 0; s < NSTREAMS; ++s) cudaStreamDestroy(streams[s]);
    cudaFreeHost(h_in);
    cudaFreeHost(h_out);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_minmax);
    return 0;
}
