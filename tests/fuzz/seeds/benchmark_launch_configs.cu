// Micro-benchmark harness that sweeps launch configurations for simple
// bandwidth kernels and times each with CUDA events. The host code builds
// grid/block sizes in the many ways real harnesses do: loop variables,
// values queried from the device, locals that are later updated, constants.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define ELEMS (1 << 24)
#define REPEAT 20

__global__ void copyKernel(const float *__restrict__ in, float *__restrict__ out, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = in[i];
}

__global__ void stagedScale(const double *in, double *out, int n, double s)
{
    extern __shared__ double stage[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    stage[threadIdx.x] = (i < n) ? in[i] : 0.0;
    __syncthreads();
    if (i < n) out[i] = s * stage[blockDim.x - 1 - threadIdx.x];
}

static float timeMs(cudaEvent_t a, cudaEvent_t b)
{
    float ms = 0.0f;
    cudaEventSynchronize(b);
    cudaEventElapsedTime(&ms, a, b);
    return ms;
}

// Sweeps block sizes; `threads` changes every iteration here.
void sweepBlockSizes(const float *in, float *out, cudaEvent_t start, cudaEvent_t stop)
{
    int threads = 32;
    while (threads <= 1024) {
        cudaEventRecord(start);
        for (int r = 0; r < REPEAT; ++r)
            copyKernel<<<ELEMS / threads, threads>>>(in, out, ELEMS);
        cudaEventRecord(stop);
        printf("threads %4d: %.3f ms\n", threads, timeMs(start, stop) / REPEAT);
        threads *= 2;
    }
}

int main(int argc, char **argv)
{
    float *in, *out;
    double *din, *dout;
    cudaMalloc(&in, ELEMS * sizeof(float));
    cudaMalloc(&out, ELEMS * sizeof(float));
    cudaMalloc(&din, ELEMS * sizeof(double));
    cudaMalloc(&dout, ELEMS * sizeof(double));
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);

    sweepBlockSizes(in, out, start, stop);

    // Sweep grid sizes with a for-loop variable.
    for (int blocks = 16; blocks <= 4096; blocks *= 4) {
        cudaEventRecord(start);
        copyKernel<<<blocks, 256>>>(in, out, ELEMS);
        cudaEventRecord(stop);
        printf("blocks %4d: %.3f ms\n", blocks, timeMs(start, stop));
    }

    // Never modified after initialisation: known.
    int threads = 128;
    int waves = 8;
    copyKernel<<<waves * 80, threads>>>(in, out, ELEMS);

    // Overwritten by a device query through its address: unknown.
    int maxThreads = 1024;
    cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerBlock, 0);
    copyKernel<<<ELEMS / maxThreads, maxThreads>>>(in, out, ELEMS);

    // Incremented later: unknown even at the first launch.
    int gridGuess = 100;
    copyKernel<<<gridGuess, threads>>>(in, out, ELEMS);
    gridGuess++;
    copyKernel<<<gridGuess, threads>>>(in, out, ELEMS);

    // A whole dim3 reassigned after initialisation: unknown.
    dim3 tuned(256);
    if (argc > 2) tuned = dim3(atoi(argv[2]));
    copyKernel<<<ELEMS / 256 / 4, tuned>>>(in, out, ELEMS);

    // const, but initialised from a runtime value: unknown.
    const int userBlocks = argc > 1 ? atoi(argv[1]) : 512;
    copyKernel<<<userBlocks, threads>>>(in, out, ELEMS);

    // Unsigned and modulo arithmetic on constants, sizeof(double) shmem.
    const unsigned int tail = ELEMS % 1000u;
    const unsigned int tailBlocks = (tail + 255u) / 256u;
    stagedScale<<<tailBlocks, 256, 256 * sizeof(double)>>>(din, dout, (int)tail, 2.0);
    static constexpr int kStageThreads = 64;
    stagedScale<<<ELEMS / kStageThreads, kStageThreads, kStageThreads * sizeof(double)>>>(din, dout, ELEMS, 0.5);

    cudaDeviceSynchronize();
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(in);
    cudaFree(out);
    cudaFree(din);
    cudaFree(dout);
    return 0;
}
