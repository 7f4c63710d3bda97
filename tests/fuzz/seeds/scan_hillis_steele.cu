// Inclusive prefix sum (Hillis-Steele), naive O(n log n) work.
//
// scanSingleBlock : double-buffered scan of up to blockDim.x elements in
//                   dynamic shared memory (two buffers, ping-pong).
// scanBlocks      : the same per block, also emitting each block's total.
// addBlockOffsets : adds the scanned block totals back to every element.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define SCAN_THREADS 512

__global__ void scanSingleBlock(const float *g_in, float *g_out, int n)
{
    extern __shared__ float temp[];  // 2 * n floats
    int tid = threadIdx.x;
    int pout = 0, pin = 1;

    temp[pout * n + tid] = (tid < n) ? g_in[tid] : 0.0f;
    __syncthreads();

    for (int offset = 1; offset < n; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (tid >= offset)
            temp[pout * n + tid] = temp[pin * n + tid] + temp[pin * n + tid - offset];
        else
            temp[pout * n + tid] = temp[pin * n + tid];
        __syncthreads();
    }
    if (tid < n) g_out[tid] = temp[pout * n + tid];
}

__global__ void scanBlocks(const float *g_in, float *g_out, float *g_blockSums, int n)
{
    extern __shared__ float buf[];
    float *a = buf;
    float *b = buf + blockDim.x;
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;

    a[tid] = (gid < n) ? g_in[gid] : 0.0f;
    __syncthreads();

    for (int offset = 1; offset < blockDim.x; offset <<= 1) {
        float v = a[tid];
        if (tid >= offset) v += a[tid - offset];
        b[tid] = v;
        __syncthreads();
        float *t = a; a = b; b = t;
    }
    if (gid < n) g_out[gid] = a[tid];
    if (g_blockSums && tid == blockDim.x - 1) g_blockSums[blockIdx.x] = a[tid];
}

__global__ void addBlockOffsets(float *g_data, const float *g_scannedSums, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && gid < n) g_data[gid] += g_scannedSums[blockIdx.x - 1];
}

// Scans n elements (n <= SCAN_THREADS * SCAN_THREADS) with two levels.
void inclusiveScan(const float *d_in, float *d_out, float *d_sums, int n)
{
    int numBlocks = (n + SCAN_THREADS - 1) / SCAN_THREADS;
    const size_t smem = 2 * SCAN_THREADS * sizeof(float);

    scanBlocks<<<numBlocks, SCAN_THREADS, smem>>>(d_in, d_out, d_sums, n);
    if (numBlocks > 1) {
        scanBlocks<<<1, SCAN_THREADS, smem>>>(d_sums, d_sums, nullptr, numBlocks);
        addBlockOffsets<<<numBlocks, SCAN_THREADS>>>(d_out, d_sums, n);
    }
}

int main(int argc, char **argv)
{
    const int smallN = 256;
    int n = argc > 1 ? atoi(argv[1]) : 100000;

    std::vector<float> h(n > smallN ? n : smallN, 1.0f);
    float *d_in, *d_out, *d_sums;
    cudaMalloc(&d_in, h.size() * sizeof(float));
    cudaMalloc(&d_out, h.size() * sizeof(float));
    cudaMalloc(&d_sums, SCAN_THREADS * sizeof(float));
    cudaMemcpy(d_in, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice);

    // Single-block scan: 256 threads, two 256-float buffers.
    scanSingleBlock<<<1, smallN, 2 * smallN * sizeof(float)>>>(d_in, d_out, smallN);
    cudaDeviceSynchronize();

    inclusiveScan(d_in, d_out, d_sums, n);

    float last = 0.0f;
    cudaMemcpy(&last, d_out + n - 1, sizeof(float), cudaMemcpyDeviceToHost);
    printf("scan[%d] = %.0f\n", n - 1, last);

    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_sums);
    return 0;
}
