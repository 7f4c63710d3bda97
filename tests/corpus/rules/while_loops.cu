// while_loops.cu - SliceWatt rule test (analysis-rules §4): a `while` whose variable the
// loop writes once, in a statement of its own body, is counted like the `for` it could be
// written as, from the value the writes before it leave: cuda-samples' reduce6 reads its
// input with a grid-stride `while` whose step is doubled before the loop.
//
// Kernel gridStrideSum<256>, first launch gridStrideSum<256><<<64, 256>>>(in, out, N) with
// N = 2^20:
//   `gridSize = blockSize * gridDim.x` = 256 * 64, then `gridSize = gridSize << 1`: 32768
//   at the loop. `i` starts at blockIdx.x * blockSize * 2 + threadIdx.x, 0 for the count
//   (thread indices in a start count as 0). `while (i < n)` with `i += gridSize`:
//   ceil(2^20 / 32768) = 32 trips: header and body w=32.
//   `while (s > 0)` from s = blockDim.x / 2 = 128, `s >>= 1`: 128, 64, ..., 1: 8 trips.
// Kernel countdown: `while (left > 0)` whose step `--left` sits inside an `if`: not a
// statement of the body, so the default 10 trips. `while (j < 16)` after `if (flag) j = 4;`:
// the write before the loop is conditional, so j's start is unknown: 10 trips.
#include <cuda_runtime.h>

#define N (1 << 20)
#define THREADS 256
#define BLOCKS 64

template <unsigned int blockSize> __global__ void gridStrideSum(const float *in, float *out, unsigned int n)
{
    __shared__ float sdata[blockSize];
    unsigned int tid = threadIdx.x;                               // EXPECT: statements=1 A=0 w=1
    unsigned int gridSize = blockSize * gridDim.x;                // EXPECT: statements=1 A=1 w=1
    float sum = 0.0f;                                             // EXPECT: statements=1 A=0 w=1
    unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;    // EXPECT: statements=1 A=3 w=1
    gridSize = gridSize << 1;                                     // EXPECT: statements=1 A=1 w=1
    while (i < n) {                                               // EXPECT: statements=1 A=0 w=32
        sum += in[i];                                             // EXPECT: statements=1 global=1 A=1 w=32
        sum += in[i + blockSize];                                 // EXPECT: statements=1 global=1 A=2 w=32
        i += gridSize;                                            // EXPECT: statements=1 A=1 w=32
    }
    sdata[tid] = sum;                                             // EXPECT: statements=1 shared=1 w=1
    __syncthreads();
    unsigned int s = blockDim.x / 2;                              // EXPECT: statements=1 A=1 w=1
    while (s > 0) {                                               // EXPECT: statements=1 A=0 w=8
        if (tid < s)                                              // EXPECT: statements=1 A=0 w=8
            sdata[tid] += sdata[tid + s];                         // EXPECT: statements=1 shared=3 A=2 w=8
        __syncthreads();
        s >>= 1;                                                  // EXPECT: statements=1 A=1 w=8
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

__global__ void countdown(int *data, int left, int flag)
{
    int t = threadIdx.x;
    while (left > 0) {                                            // EXPECT: statements=1 A=0 w=10
        data[t] += left;                                          // EXPECT: statements=1 global=2 A=1 w=10
        if (data[t] > 100)
            --left;                                               // EXPECT: statements=1 A=1
    }
    int j = 0;
    if (flag)
        j = 4;
    while (j < 16) {                                              // EXPECT: statements=1 A=0 w=10
        data[t + j] = j;                                          // EXPECT: statements=1 global=1 A=1 w=10
        ++j;
    }
}

// Kernel reruns, launched reruns<<<1, 256>>>(data, 4096, 4, 1): passes = 4.
//   A while inside `for (p < passes)` whose variable is set before the for: its second run
//   starts where the first ended, so its start is unknown: 10 trips, w = 4 x 10 = 40.
//   `stride = blockDim.x` in the else-arm of an if inside the same for reaches the then-arm's
//   loop on the next pass: stride unknown, 10 trips, w = 40.
//   `k = 5;` after `case 0:`'s first statement is skipped on the way to `case 1:`: k's start
//   unknown, 10 trips (w = 10).
__global__ void reruns(int *data, int n, int passes, int m)
{
    int t = threadIdx.x;
    int i = t;
    int stride = 1;
    for (int p = 0; p < passes; ++p) {                            // EXPECT: statements=1 A=1 w=4
        while (i < n) {                                           // EXPECT: statements=1 A=0 w=40
            data[i] += p;
            i += blockDim.x;
        }
        if (p > 0) {
            for (int j = t; j < n; j += stride)                   // EXPECT: statements=1 A=1 w=40
                data[j] += 1;
        } else {
            stride = blockDim.x;
        }
    }
    int k = 0;
    switch (m) {
    case 0:
        data[0] = 1;
        k = 5;
        break;
    case 1:
        while (k < 64) {                                          // EXPECT: statements=1 A=0 w=10
            data[k] = k;
            k += 8;
        }
        break;
    }
}

int main()
{
    float *in, *out;
    int *data;
    cudaMalloc(&in, N * sizeof(float));
    cudaMalloc(&out, BLOCKS * sizeof(float));
    cudaMalloc(&data, 1024 * sizeof(int));
    gridStrideSum<THREADS><<<BLOCKS, THREADS>>>(in, out, N);
    countdown<<<1, 256>>>(data, 8, 1);
    reruns<<<1, 256>>>(data, 4096, 4, 1);
    cudaDeviceSynchronize();
    cudaFree(in);
    cudaFree(out);
    cudaFree(data);
    return 0;
}
