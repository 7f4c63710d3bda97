// nested_loop_averages.cu - SliceWatt rule test (§4 nested loops over an enclosing loop's
// variable, §3 cooperative-groups barriers): the bitonic sort of one shared array per block
// (cuda-samples sortingNetworks) and a triangular accumulation.
// First launch bitonicShared<<<1024, 512>>>(d_key, 1024, 0).
//   Outer `for (size = 2; size < arrayLength; size <<= 1)`: arrayLength = 1024 at the launch,
//   size = 2, 4, …, 512: 9 trips, w=9.
//   Inner `for (stride = size / 2; stride > 0; stride >>= 1)`: its start names the outer
//   loop's variable, the same for every thread, so its count is averaged over the outer
//   values: size / 2 = 1 … 256 gives 1 … 9 trips, 5 on average, and the body runs 9 x 5 = 45
//   times (the count of the sorting network's merge steps), w=45. Read at the outer loop's
//   first value it would be 1 (w=9).
//   The final merge `for (stride = arrayLength / 2; …)`: 10 trips, w=10.
//   `cg::sync(cta)` and `cta.sync()` are the block's barrier, as __syncthreads: no
//   operation (classes=none, A=0) and a statement of the shared slice.
// Kernel triangle<<<64, 256>>>: `for (i = 0; i < 8; ++i)` w=8, `for (j = 0; j < i; ++j)` runs
//   0 … 7 times, 3.5 on average: w=28 (8 x 3.5). Under a loop of 2048 values the inner count
//   is unknown: the default 10, w=20480.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define SHARED_SIZE 1024U

__device__ inline void compareSwap(unsigned &a, unsigned &b, unsigned dir)
{
    if ((a > b) == dir) {
        unsigned t = a;
        a = b;
        b = t;
    }
}

__global__ void bitonicShared(unsigned *d_key, unsigned arrayLength, unsigned dir)
{
    cg::thread_block cta = cg::this_thread_block();
    __shared__ unsigned s_key[SHARED_SIZE];
    d_key += blockIdx.x * SHARED_SIZE + threadIdx.x;
    s_key[threadIdx.x] = d_key[0];
    s_key[threadIdx.x + SHARED_SIZE / 2] = d_key[SHARED_SIZE / 2];

    for (unsigned size = 2; size < arrayLength; size <<= 1) {    // EXPECT: w=9
        unsigned ddd = dir ^ ((threadIdx.x & (size / 2)) != 0); // EXPECT: w=9
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) { // EXPECT: w=45
            cg::sync(cta);                                      // EXPECT: statements=1 A=0 classes=none slices=SHM w=45
            unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1)); // EXPECT: w=45
            compareSwap(s_key[pos], s_key[pos + stride], ddd);  // EXPECT: w=45
        }
    }
    for (unsigned stride = arrayLength / 2; stride > 0; stride >>= 1) { // EXPECT: w=10
        cta.sync();                                             // EXPECT: statements=1 A=0 classes=none slices=SHM w=10
        unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1)); // EXPECT: w=10
        compareSwap(s_key[pos], s_key[pos + stride], dir);      // EXPECT: w=10
    }
    cta.sync();
    d_key[0] = s_key[threadIdx.x];
    d_key[SHARED_SIZE / 2] = s_key[threadIdx.x + SHARED_SIZE / 2];
}

__global__ void triangle(const float *in, float *out)
{
    __shared__ float tile[8];
    if (threadIdx.x < 8)
        tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    float acc = 0.0f;
    for (int i = 0; i < 8; ++i) {                               // EXPECT: w=8
        for (int j = 0; j < i; ++j)                             // EXPECT: w=28
            acc += tile[j] * tile[i];                           // EXPECT: w=28
    }
    // 2048 values of i are more than the average is taken over (1024): `j < i` is unknown and
    // takes the default 10 (said as an assumption), not the 0 trips of i's first value.
    for (int i = 0; i < 2048; ++i) {                            // EXPECT: w=2048
        for (int j = 0; j < i; ++j)                             // EXPECT: w=20480
            acc -= tile[j & 7];                                 // EXPECT: w=20480
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main()
{
    unsigned *d_key = nullptr;
    float *in = nullptr, *out = nullptr;
    cudaMalloc(&d_key, 1024 * 1024 * sizeof(unsigned));
    cudaMalloc(&in, 8 * sizeof(float));
    cudaMalloc(&out, 64 * 256 * sizeof(float));
    bitonicShared<<<1024, 512>>>(d_key, 1024, 0);
    triangle<<<64, 256>>>(in, out);
    cudaDeviceSynchronize();
    return 0;
}
