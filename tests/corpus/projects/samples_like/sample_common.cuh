/* sample_common.cuh -- shared declarations of the vectorOps sample.
 *
 * Included by every .cu file of the sample, so the reduce<> kernel template
 * below is seen by three translation units.
 */
#ifndef SAMPLE_COMMON_CUH_
#define SAMPLE_COMMON_CUH_

#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

// helper functions and utilities to work with CUDA (cuda-samples/Common)
#include <helper_cuda.h>

// Runs a kernel launch expression and aborts if the launch failed.
#define checkKernelErrors(expr)                                           \
  do {                                                                    \
    expr;                                                                 \
                                                                          \
    cudaError_t __err = cudaGetLastError();                               \
    if (__err != cudaSuccess) {                                           \
      printf("Line %d: '%s' failed: %s\n", __LINE__, #expr,               \
             cudaGetErrorString(__err));                                  \
      abort();                                                            \
    }                                                                     \
  } while (0)

inline int iDivUp(int a, int b) { return (a % b != 0) ? (a / b + 1) : (a / b); }

// Block-wide sum: each block of BLOCK threads writes one partial sum.
template <int BLOCK>
__global__ void reduce(const float *in, float *out, int n) {
  static_assert(BLOCK >= 64 && (BLOCK & (BLOCK - 1)) == 0,
                "BLOCK must be a power of two >= 64");
  __shared__ float sdata[BLOCK];

  int tid = threadIdx.x;
  int i = blockIdx.x * BLOCK + tid;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();

#pragma unroll
  for (int s = BLOCK / 2; s >= 64; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }

  if (tid < 32) {
    float v = sdata[tid] + sdata[tid + 32];
    for (int offset = 16; offset > 0; offset >>= 1)
      v += __shfl_down_sync(0xffffffff, v, offset);
    if (tid == 0) out[blockIdx.x] = v;
  }
}

// Host-side launcher; n must be a multiple of BLOCK.
template <int BLOCK>
void launchReduce(const float *in, float *out, int n) {
  reduce<BLOCK><<<n / BLOCK, BLOCK>>>(in, out, n);
}

// Device vector with a kernel-launching member function (vectorOps.cu).
class VectorField {
 public:
  explicit VectorField(int n);
  ~VectorField();

  void upload(const float *h_src);
  void download(float *h_dst) const;
  void normalize(float scale);

  float *data() { return d_data_; }
  int size() const { return n_; }

 private:
  float *d_data_;
  int n_;

  // not copyable (declared, never defined)
  VectorField(const VectorField &);
  VectorField &operator=(const VectorField &);
};

// Launches through the runtime API (vectorOps.cu).
void runSaxpyLaunchApi(float a, const float *d_x, float *d_y, int n);
float runGridSumCooperative(const float *d_x, int n);
void runScaleBiasLaunchEx(float *d_x, float scale, float bias, int n,
                          cudaStream_t stream);

// Pre-Kepler reduction kept for comparison (legacyReduce.cu).
float legacyReduce(const float *d_in, int n);

#endif  // SAMPLE_COMMON_CUH_
