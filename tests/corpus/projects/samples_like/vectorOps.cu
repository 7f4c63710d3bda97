/* vectorOps.cu -- vector kernels started through the different launch APIs:
 * cudaLaunchKernel with an argument array, cudaLaunchCooperativeKernel for a
 * grid-synchronising kernel, cudaLaunchKernelEx with a launch configuration,
 * and <<<>>> from a class member function.
 */
#include <cooperative_groups.h>

#include "sample_common.cuh"

namespace cg = cooperative_groups;

__global__ void saxpy(float a, const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    y[i] = a * x[i] + y[i];
  }
}

// Persistent grid-wide sum; grid.sync() needs a cooperative launch.
__global__ void gridSum(const float *x, float *partial, float *result, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  extern __shared__ float smem[];

  float acc = 0.0f;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n;
       i += grid.size()) {
    acc += x[i];
  }
  smem[block.thread_rank()] = acc;
  block.sync();

  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) smem[threadIdx.x] += smem[threadIdx.x + s];
    block.sync();
  }
  if (block.thread_rank() == 0) partial[blockIdx.x] = smem[0];

  grid.sync();

  if (grid.thread_rank() == 0) {
    float total = 0.0f;
    for (unsigned int b = 0; b < gridDim.x; b++) total += partial[b];
    *result = total;
  }
}

__global__ void scaleBias(float *x, float scale, float bias, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    x[i] = x[i] * scale + bias;
  }
}

__global__ void normalizeKernel(float *v, int n, float scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= scale;
}

VectorField::VectorField(int n) : d_data_(NULL), n_(n) {
  checkCudaErrors(cudaMalloc((void **)&d_data_, n_ * sizeof(float)));
}

VectorField::~VectorField() { cudaFree(d_data_); }

void VectorField::upload(const float *h_src) {
  checkCudaErrors(cudaMemcpy(d_data_, h_src, n_ * sizeof(float),
                             cudaMemcpyHostToDevice));
}

void VectorField::download(float *h_dst) const {
  checkCudaErrors(cudaMemcpy(h_dst, d_data_, n_ * sizeof(float),
                             cudaMemcpyDeviceToHost));
}

void VectorField::normalize(float scale) {
  dim3 block(256);
  dim3 grid(iDivUp(n_, 256));
  checkKernelErrors((normalizeKernel<<<grid, block>>>(d_data_, n_, scale)));
}

void runSaxpyLaunchApi(float a, const float *d_x, float *d_y, int n) {
  // equivalent to saxpy<<<64, 256>>>(a, d_x, d_y, n)
  void *args[] = {&a, &d_x, &d_y, &n};
  checkCudaErrors(cudaLaunchKernel((void *)saxpy, dim3(64), dim3(256), args, 0, 0));
}

float runGridSumCooperative(const float *d_x, int n) {
  int dev = 0;
  checkCudaErrors(cudaGetDevice(&dev));

  int supportsCoopLaunch = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&supportsCoopLaunch,
                                         cudaDevAttrCooperativeLaunch, dev));
  if (!supportsCoopLaunch) {
    printf("Selected GPU does not support cooperative launch, waiving.\n");
    exit(EXIT_WAIVED);
  }

  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, dev));

  const int threads = 256;
  size_t smemSize = threads * sizeof(float);
  int numBlocksPerSm = 0;
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &numBlocksPerSm, gridSum, threads, smemSize));

  dim3 dimBlock(threads, 1, 1);
  dim3 dimGrid(deviceProp.multiProcessorCount * numBlocksPerSm, 1, 1);

  float *d_partial, *d_result;
  checkCudaErrors(cudaMalloc((void **)&d_partial, dimGrid.x * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_result, sizeof(float)));

  void *kernelArgs[] = {(void *)&d_x, (void *)&d_partial, (void *)&d_result,
                        (void *)&n};
  checkCudaErrors(cudaLaunchCooperativeKernel((void *)gridSum, dimGrid, dimBlock,
                                              kernelArgs, smemSize, 0));

  float h_result = 0.0f;
  checkCudaErrors(cudaMemcpy(&h_result, d_result, sizeof(float),
                             cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaFree(d_partial));
  checkCudaErrors(cudaFree(d_result));
  return h_result;
}

void runScaleBiasLaunchEx(float *d_x, float scale, float bias, int n,
                          cudaStream_t stream) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(128);
  config.blockDim = dim3(256);
  config.dynamicSmemBytes = 0;
  config.stream = stream;

  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributePriority;
  attribute[0].val.priority = 0;
  config.attrs = attribute;
  config.numAttrs = 1;

  checkCudaErrors(cudaLaunchKernelEx(&config, scaleBias, d_x, scale, bias, n));
}
