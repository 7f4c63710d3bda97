// Stream compaction with warp vote intrinsics.
//   compactWarpAggregated - each warp ballots its predicate, the leader
//                           reserves space with one atomicAdd, lanes write
//                           to leader_base + popc(ballot & lanemask_lt)
//   countBlockPredicate   - __syncthreads_count per block
//   validateRange         - __all_sync / __any_sync checks
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>

#define WARP 32

__device__ __forceinline__ unsigned int laneId()
{
    unsigned int id;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
    return id;
}

__device__ __forceinline__ unsigned int lanemaskLt()
{
    unsigned int mask;
    asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
    return mask;
}

__device__ int warpAggregatedReserve(int *counter, bool pred)
{
    unsigned int active = __activemask();
    unsigned int ballot = __ballot_sync(active, pred);
    int leader = __ffs(active) - 1;
    int base = 0;
    if (laneId() == (unsigned int)leader) base = atomicAdd(counter, __popc(ballot));
    base = __shfl_sync(active, base, leader);
    return base + __popc(ballot & lanemaskLt());
}

__global__ void compactWarpAggregated(const float *in, float *out, int *count, int n, float threshold)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float v = in[i];
        bool keep = v > threshold;
        int pos = warpAggregatedReserve(count, keep);
        if (keep) out[pos] = v;
    }
}

__global__ void countBlockPredicate(const float *in, int *blockCounts, int n, float threshold)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int pred = (i < n) && in[i] > threshold;
    int c = __syncthreads_count(pred);
    if (threadIdx.x == 0) blockCounts[blockIdx.x] = c;
}

__global__ void validateRange(const float *in, int n, float lo, float hi, int *flags)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool ok = (i >= n) || (in[i] >= lo && in[i] <= hi);
    bool allOk = __all_sync(0xffffffffu, ok);
    bool anyNeg = __any_sync(0xffffffffu, i < n && in[i] < 0.0f);
    if (laneId() == 0) {
        if (!allOk) atomicOr(&flags[0], 1);
        if (anyNeg) atomicOr(&flags[1], 1);
    }
}

int compact(const float *d_in, float *d_out, int *d_count, int n, float threshold)
{
    cudaMemset(d_count, 0, sizeof(int));
    int blocks = std::min((n + 255) / 256, 4096);
    compactWarpAggregated<<<blocks, 256>>>(d_in, d_out, d_count, n, threshold);
    int h_count = 0;
    cudaMemcpy(&h_count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
    return h_count;
}

int main()
{
    const int n = 1 << 22;
    std::vector<float> h(n);
    for (int i = 0; i < n; ++i) h[i] = (float)((i * 37) % 100) - 10.0f;

    float *d_in, *d_out;
    int *d_count, *d_blockCounts, *d_flags;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMalloc(&d_count, sizeof(int));
    cudaMalloc(&d_blockCounts, (n / 512) * sizeof(int));
    cudaMalloc(&d_flags, 2 * sizeof(int));
    cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_flags, 0, 2 * sizeof(int));

    int kept = compact(d_in, d_out, d_count, n, 50.0f);
    countBlockPredicate<<<n / 512, 512>>>(d_in, d_blockCounts, n, 50.0f);
    validateRange<<<n / (8 * WARP), 8 * WARP>>>(d_in, n, -10.0f, 90.0f, d_flags);

    int flags[2];
    cudaMemcpy(flags, d_flags, sizeof(flags), cudaMemcpyDeviceToHost);
    printf("kept %d of %d, out-of-range=%d, negatives=%d\n", kept, n, flags[0], flags[1]);

    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_count);
    cudaFree(d_blockCounts);
    cudaFree(d_flags);
    return 0;
}
