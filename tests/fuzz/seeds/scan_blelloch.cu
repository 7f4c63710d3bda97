// Work-efficient exclusive scan (Blelloch up-sweep / down-sweep) with
// padding to avoid shared-memory bank conflicts, extended to large arrays
// by recursively scanning the per-block sums.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

#define BLOCK_THREADS 256
#define ELEMS_PER_BLOCK (2 * BLOCK_THREADS)

// Shared memory needed for ELEMS_PER_BLOCK padded elements.
constexpr int kSharedElems = ELEMS_PER_BLOCK + CONFLICT_FREE_OFFSET(ELEMS_PER_BLOCK - 1);

__device__ __forceinline__ int paddedIndex(int i)
{
    return i + CONFLICT_FREE_OFFSET(i);
}

__device__ void upSweep(float *temp, int n, int thid, int &offset)
{
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[paddedIndex(bi)] += temp[paddedIndex(ai)];
        }
        offset *= 2;
    }
}

__device__ void downSweep(float *temp, int n, int thid, int offset)
{
    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            float t = temp[paddedIndex(ai)];
            temp[paddedIndex(ai)] = temp[paddedIndex(bi)];
            temp[paddedIndex(bi)] += t;
        }
    }
    __syncthreads();
}

__global__ void prescan(const float *g_in, float *g_out, float *g_sums, int n)
{
    extern __shared__ float temp[];
    int thid = threadIdx.x;
    int base = blockIdx.x * ELEMS_PER_BLOCK;
    int ai = thid;
    int bi = thid + ELEMS_PER_BLOCK / 2;

    temp[paddedIndex(ai)] = (base + ai < n) ? g_in[base + ai] : 0.0f;
    temp[paddedIndex(bi)] = (base + bi < n) ? g_in[base + bi] : 0.0f;

    int offset = 1;
    upSweep(temp, ELEMS_PER_BLOCK, thid, offset);

    if (thid == 0) {
        int last = paddedIndex(ELEMS_PER_BLOCK - 1);
        if (g_sums) g_sums[blockIdx.x] = temp[last];
        temp[last] = 0.0f;
    }
    downSweep(temp, ELEMS_PER_BLOCK, thid, offset);

    if (base + ai < n) g_out[base + ai] = temp[paddedIndex(ai)];
    if (base + bi < n) g_out[base + bi] = temp[paddedIndex(bi)];
}

__global__ void uniformAdd(float *g_data, const float *g_incr, int n)
{
    __shared__ float incr;
    if (threadIdx.x == 0) incr = g_incr[blockIdx.x];
    __syncthreads();

    int idx = blockIdx.x * ELEMS_PER_BLOCK + threadIdx.x;
    if (idx < n) g_data[idx] += incr;
    if (idx + BLOCK_THREADS < n) g_data[idx + BLOCK_THREADS] += incr;
}

// Recursively scans `n` elements. `scratch` must hold the block sums for
// every level of the recursion.
static void prescanRecursive(const float *d_in, float *d_out, float *scratch, int n)
{
    int blocks = (n + ELEMS_PER_BLOCK - 1) / ELEMS_PER_BLOCK;
    const size_t shmem = kSharedElems * sizeof(float);

    if (blocks == 1) {
        prescan<<<1, BLOCK_THREADS, shmem>>>(d_in, d_out, nullptr, n);
        return;
    }

    float *sums = scratch;
    float *scannedSums = scratch + blocks;
    prescan<<<blocks, BLOCK_THREADS, shmem>>>(d_in, d_out, sums, n);
    prescanRecursive(sums, scannedSums, scratch + 2 * blocks, blocks);
    uniformAdd<<<blocks, BLOCK_THREADS>>>(d_out, scannedSums, n);
}

int main()
{
    const int n = 1000000;
    std::vector<float> h(n, 1.0f);

    float *d_in, *d_out, *d_scratch;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMalloc(&d_scratch, n * sizeof(float));
    cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);

    prescanRecursive(d_in, d_out, d_scratch, n);

    // One more direct launch over the first block to sanity-check alone.
    prescan<<<dim3(1), dim3(BLOCK_THREADS), kSharedElems * sizeof(float)>>>(d_in, d_out, d_scratch, ELEMS_PER_BLOCK);

    std::vector<float> out(n);
    cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("out[%d] = %.0f (expected %d)\n", n - 1, out[n - 1], n - 1);

    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_scratch);
    return 0;
}
