/*
 * legacyReduce.cu
 *
 * The sum reduction from the first (CUDA 2.x) version of this sample, kept
 * as a baseline. Written for pre-Fermi hardware and C++98 compilers: register
 * variables, __umul24 index arithmetic, a typedef'd C struct and a
 * warp-synchronous tail through a volatile pointer (only correct on
 * lock-step warps; see the shuffle version in sample_common.cuh).
 */

#include "sample_common.cuh"

#define LEGACY_THREADS 128

typedef struct {
  float *d_partial;
  float *h_partial;
  int numBlocks;
} ReducePlan;

__global__ void reduceLegacy(float *g_odata, const float *g_idata, unsigned int n)
{
  __shared__ float sdata[LEGACY_THREADS];

  // each thread loads two elements, LEGACY_THREADS apart
  register unsigned int tid = threadIdx.x;
  register unsigned int i = __umul24(blockIdx.x, LEGACY_THREADS * 2) + threadIdx.x;
  register float mySum = 0.0f;

  if (i < n)
    mySum = g_idata[i];
  if (i + LEGACY_THREADS < n)
    mySum += g_idata[i + LEGACY_THREADS];
  sdata[tid] = mySum;
  __syncthreads();

  for (unsigned int s = LEGACY_THREADS / 2; s > 32; s >>= 1)
  {
    if (tid < s)
      sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }

  if (tid < 32)
  {
    volatile float *smem = sdata;
    smem[tid] = mySum = mySum + smem[tid + 32];
    smem[tid] = mySum = mySum + smem[tid + 16];
    smem[tid] = mySum = mySum + smem[tid + 8];
    smem[tid] = mySum = mySum + smem[tid + 4];
    smem[tid] = mySum = mySum + smem[tid + 2];
    smem[tid] = mySum = mySum + smem[tid + 1];
  }

  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

static ReducePlan createPlan(int n)
{
  ReducePlan plan;
  plan.numBlocks = (n + LEGACY_THREADS * 2 - 1) / (LEGACY_THREADS * 2);
  plan.h_partial = (float *)malloc(plan.numBlocks * sizeof(float));
  checkCudaErrors(cudaMalloc((void **)&plan.d_partial, plan.numBlocks * sizeof(float)));
  return plan;
}

static void destroyPlan(ReducePlan *plan)
{
  checkCudaErrors(cudaFree(plan->d_partial));
  free(plan->h_partial);
  plan->d_partial = NULL;
  plan->h_partial = NULL;
}

float legacyReduce(const float *d_in, int n)
{
  ReducePlan plan = createPlan(n);

  dim3 dimBlock(LEGACY_THREADS, 1, 1);
  dim3 dimGrid(plan.numBlocks, 1, 1);
  checkKernelErrors((reduceLegacy<<<dimGrid, dimBlock>>>(plan.d_partial, d_in, n)));

  checkCudaErrors(cudaMemcpy(plan.h_partial, plan.d_partial,
                             plan.numBlocks * sizeof(float),
                             cudaMemcpyDeviceToHost));

  // second pass on the host, as the original sample did
  float sum = 0.0f;
  int b;
  for (b = 0; b < plan.numBlocks; b++)
    sum += plan.h_partial[b];

  destroyPlan(&plan);
  return sum;
}
