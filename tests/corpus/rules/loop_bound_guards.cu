// loop_bound_guards.cu - SliceWatt rule test (analysis-rules §6): a bounds check whose bound
// is the variable of an enclosing loop (`if (tid < s)` in a tree reduction) passes for a
// different share of the block at every trip: its then-arm probability is the average over
// the values the loop gives the variable, counted in whole warps where the index is
// threadIdx.x (a warp with one passing lane runs the arm).
//
// Kernel treeReduce, launched <<<64, 256>>>: `s` takes 128, 64, 32, 16, 8, 4, 2, 1 (8 trips).
// Warps of 8 with a passing lane: 4, 2, 1, 1, 1, 1, 1, 1, shares 0.5, 0.25 and six times
// 0.125: (0.5 + 0.25 + 6 · 0.125) / 8 = 0.1875.
// The same tree written as a while with its step last gives the same 0.1875; a while that
// steps before the guard keeps 0.5.
// Kernel interleaved: `if (index < blockDim.x)` with index = 2 · stride · tid is no position
// plus a constant: the default 0.5 stays (nothing is invented for it).
#include <cuda_runtime.h>

__global__ void treeReduce(const float *in, float *out)
{
    __shared__ float sdata[256];
    unsigned int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {     // EXPECT: w=8 p=1
        if (tid < s)                                             // EXPECT: w=8 p=1
            sdata[tid] += sdata[tid + s];                        // EXPECT: shared=3 w=8 p=0.1875
        __syncthreads();
    }
    unsigned int t = blockDim.x / 2;
    while (t > 0) {                                              // EXPECT: w=8 p=1
        if (tid < t)
            sdata[tid] += sdata[tid + t];                        // EXPECT: shared=3 w=8 p=0.1875
        __syncthreads();
        t >>= 1;
    }
    // The step first: the guard sees 128 … 1 while the condition saw 256 … 2, so the values
    // the loop gives are not the guard's: the default 0.5 stays.
    unsigned int u = blockDim.x;
    while (u > 1) {                                              // EXPECT: w=8 p=1
        u >>= 1;
        if (tid < u)
            sdata[tid] += sdata[tid + u];                        // EXPECT: shared=3 w=8 p=0.5
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

__global__ void interleaved(float *data)
{
    __shared__ float sdata[256];
    unsigned int tid = threadIdx.x;
    sdata[tid] = data[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) { // EXPECT: w=8
        unsigned int index = 2 * stride * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + stride];               // EXPECT: shared=3 w=8 p=0.5
        __syncthreads();
    }
    if (tid == 0)
        data[blockIdx.x] = sdata[0];
}

int main()
{
    float *in = nullptr;
    float *out = nullptr;
    cudaMalloc(&in, 64 * 256 * sizeof(float));
    cudaMalloc(&out, 64 * sizeof(float));
    treeReduce<<<64, 256>>>(in, out);
    interleaved<<<64, 256>>>(in);
    cudaDeviceSynchronize();
    return 0;
}
