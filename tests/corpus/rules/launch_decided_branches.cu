// launch_decided_branches.cu - SliceWatt rule test (analysis-rules §6): an `if` whose
// condition names only what the launch gives (kernel arguments, template parameters, launch
// dimensions, constants) is the same for every thread; once the launch gives the values, one
// arm runs with probability 1 and the other 0, instead of the default 0.5 each.
//
// Kernel transformSamples, launched <<<128, 128>>>(out, nullptr, 3 * 1048576) as
// cuda-samples' quasirandomGenerator launches inverseCNDKernel: `if (d_Input)` is false, so
// the then-arm's lines have p=0 and the else-arm's p=1. Each loop runs
// ceil(3145728 / 16384) = 192 trips (w=192); the then-arm's loop keeps its weight, but never
// runs.
// Kernel blockReduce<256>, launched <<<64, 256>>>: `if (blockSize >= 512)` is false (p=0 for
// its arm), `if (blockSize >= 256)` true; the bounds check `tid < 128` inside it passes 128 of
// 256 threads: p=0.5. `if (n > 0 && !exclusive)` with n = 4096 and exclusive = 0: true, p=1.
// Kernel scaleOrCopy: launched through a host function with NULL for `scale`, one call
// above: p=0 for `if (scale)`'s arm. `if (alpha != 0.0f)` compares a float: the analysis
// reads integers only, so it stays a two-way branch (p=0.5).
// Kernel maybeAccumulate: its `acc` starts as nullptr but is allocated by a helper that takes
// it by reference (`allocate(acc, 4096)`), so at the launch it is no constant: p=0.5.
#include <cuda_runtime.h>

#include <cstddef>

#define PATHS (3 * 1048576)

__device__ float moroInverse(unsigned int d)
{
    const float x = (d + 0.5f) * (1.0f / 4294967296.0f);
    return x * 2.0f - 1.0f;
}

__global__ void transformSamples(float *d_Output, const unsigned int *d_Input, unsigned int pathN)
{
    unsigned int distance = ((unsigned int)-1) / (pathN + 1);
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    unsigned int threadN = blockDim.x * gridDim.x;
    if (d_Input) {
        for (unsigned int pos = tid; pos < pathN; pos += threadN) { // EXPECT: w=192 p=0
            unsigned int d = d_Input[pos];                           // EXPECT: global=1 w=192 p=0
            d_Output[pos] = moroInverse(d);                          // EXPECT: p=0
        }
    } else {
        for (unsigned int pos = tid; pos < pathN; pos += threadN) { // EXPECT: w=192 p=1
            unsigned int d = (pos + 1) * distance;                   // EXPECT: A=2 w=192 p=1
            d_Output[pos] = moroInverse(d);                          // EXPECT: p=1
        }
    }
}

template <unsigned int blockSize>
__global__ void blockReduce(const int *in, int *out, int n, int exclusive)
{
    __shared__ int sdata[blockSize];
    unsigned int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockSize + tid];
    __syncthreads();
    if (blockSize >= 512) {
        if (tid < 256)
            sdata[tid] += sdata[tid + 256];                          // EXPECT: shared=3 p=0
        __syncthreads();
    }
    if (blockSize >= 256) {
        if (tid < 128)
            sdata[tid] += sdata[tid + 128];                          // EXPECT: shared=3 p=0.5
        __syncthreads();
    }
    if (n > 0 && !exclusive)
        out[blockIdx.x] = sdata[0];                                  // EXPECT: global=1 shared=1 p=1
}

__global__ void scaleOrCopy(float *y, const float *x, const float *scale, float alpha, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = x[i];
    if (scale)
        v *= scale[i];                                               // EXPECT: global=1 p=0
    if (alpha != 0.0f)
        v *= alpha;                                                  // EXPECT: A=1 p=0.5
    y[i] = v;
}

__global__ void maybeAccumulate(float *y, const float *acc, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && acc)
        y[i] += acc[i];
    if (acc)
        y[i] *= 2.0f;                                                // EXPECT: global=2 A=1 p=0.5
}

static void allocate(float *&p, int n)
{
    cudaMalloc(&p, n * sizeof(float));
}

static void launchScale(float *y, const float *x, const float *scale, int n)
{
    scaleOrCopy<<<(n + 255) / 256, 256>>>(y, x, scale, 0.5f, n);
}

int main()
{
    float *out = nullptr;
    int *ints = nullptr;
    float *acc = nullptr;
    cudaMalloc(&out, PATHS * sizeof(float));
    cudaMalloc(&ints, 64 * 256 * sizeof(int));
    allocate(acc, 4096);
    transformSamples<<<128, 128>>>(out, nullptr, PATHS);
    blockReduce<256><<<64, 256>>>(ints, ints, 4096, 0);
    launchScale(out, out, NULL, 4096);
    maybeAccumulate<<<16, 256>>>(out, acc, 4096);
    cudaDeviceSynchronize();
    return 0;
}
