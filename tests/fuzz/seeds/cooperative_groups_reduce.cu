// Reductions expressed with cooperative groups.
//   sumBlockGroup  - generic group reduction over a thread_block
//   sumTiled       - warp tiles (tiled_partition<32>) with shfl_down
//   sumCgReduce    - cg::reduce on tiles plus one atomic per tile
//   sumTiny        - 8-thread tiles for very short rows
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

// Works for any group type: thread_block, thread_block_tile<N>, ...
template <typename Group>
__device__ float groupReduceSum(Group g, float *temp, float val)
{
    int lane = g.thread_rank();
    for (int i = g.size() / 2; i > 0; i /= 2) {
        temp[lane] = val;
        g.sync();
        if (lane < i) val += temp[lane + i];
        g.sync();
    }
    return val;  // only rank 0 holds the full sum
}

template <int TileSize>
__device__ float tileShuffleSum(cg::thread_block_tile<TileSize> tile, float val)
{
    for (int offset = tile.size() / 2; offset > 0; offset /= 2)
        val += tile.shfl_down(val, offset);
    return val;
}

__device__ float threadSum(const float *in, int n)
{
    float sum = 0.0f;
    cg::grid_group grid = cg::this_grid();
    for (int i = grid.thread_rank(); i < n; i += grid.size())
        sum += in[i];
    return sum;
}

__global__ void sumBlockGroup(const float *in, float *out, int n)
{
    extern __shared__ float temp[];
    cg::thread_block block = cg::this_thread_block();
    float mySum = threadSum(in, n);
    float blockSum = groupReduceSum(block, temp, mySum);
    if (block.thread_rank() == 0) atomicAdd(out, blockSum);
}

__global__ void sumTiled(const float *in, float *out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    float mySum = threadSum(in, n);
    float tileSum = tileShuffleSum<32>(tile, mySum);
    if (tile.thread_rank() == 0) atomicAdd(out, tileSum);
}

__global__ void sumCgReduce(const float *in, float *out, int n)
{
    auto block = cg::this_thread_block();
    auto tile = cg::tiled_partition<32>(block);
    float mySum = threadSum(in, n);
    float tileSum = cg::reduce(tile, mySum, cg::plus<float>());
    if (tile.thread_rank() == 0) atomicAdd(out, tileSum);
}

__global__ void sumTiny(const float *in, float *rowSums, int rows)
{
    auto block = cg::this_thread_block();
    auto tile8 = cg::tiled_partition<8>(block);
    int row = blockIdx.x * (blockDim.x / 8) + threadIdx.x / 8;
    float v = (row < rows) ? in[row * 8 + tile8.thread_rank()] : 0.0f;
    v = tileShuffleSum<8>(tile8, v);
    if (row < rows && tile8.thread_rank() == 0) rowSums[row] = v;
}

int main()
{
    const int n = 1 << 22;
    const int blockSize = 256;
    const int gridSize = 1024;

    std::vector<float> h(n, 1.0f);
    float *d_in, *d_out, *d_rows;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, sizeof(float));
    cudaMalloc(&d_rows, (n / 8) * sizeof(float));
    cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);

    float result;
    cudaMemset(d_out, 0, sizeof(float));
    sumBlockGroup<<<gridSize, blockSize, blockSize * sizeof(float)>>>(d_in, d_out, n);
    cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost);
    printf("block group: %.0f\n", result);

    cudaMemset(d_out, 0, sizeof(float));
    sumTiled<<<gridSize, blockSize>>>(d_in, d_out, n);
    cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost);
    printf("tiled:       %.0f\n", result);

    cudaMemset(d_out, 0, sizeof(float));
    sumCgReduce<<<gridSize, blockSize>>>(d_in, d_out, n);
    cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost);
    printf("cg::reduce:  %.0f\n", result);

    const int rows = n / 8;
    sumTiny<<<rows / (blockSize / 8), blockSize>>>(d_in, d_rows, rows);
    cudaDeviceSynchronize();

    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_rows);
    return 0;
}
