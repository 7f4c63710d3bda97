/*
 * main.cu -- vectorOps sample driver.
 *
 * Fills a vector on the device, reduces it with three different kernels,
 * runs saxpy / scale-bias through the launch APIs and checks the results.
 */

// System includes
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// CUDA runtime
#include <cuda_runtime.h>

// helper functions and utilities to work with CUDA
#include <helper_cuda.h>

#include "sample_common.cuh"

__global__ void initData(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = (float)(i & 15) / 16.0f;
}

static bool closeEnough(float a, float b) {
  return fabsf(a - b) <= 1e-3f * fmaxf(1.0f, fabsf(b));
}

int main(int argc, char **argv) {
  printf("%s Starting...\n\n", argv[0]);
  int dev = findCudaDevice(argc, (const char **)argv);
  (void)dev;

  const int n = 1 << 20;
  const float expected = (n / 16) * (15.0f * 16.0f / 2.0f) / 16.0f;

  float *d_in, *d_y, *d_partial;
  checkCudaErrors(cudaMalloc((void **)&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_y, n * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_partial, (n / 256) * sizeof(float)));
  checkCudaErrors(cudaMemset(d_y, 0, n * sizeof(float)));

  dim3 block(256);
  dim3 grid(n / 256);
  checkKernelErrors((initData<<<grid, block>>>(d_in, n)));

  // 1) templated host launcher, second pass on the host
  launchReduce<256>(d_in, d_partial, n);
  checkCudaErrors(cudaGetLastError());
  float *h_partial = (float *)malloc((n / 256) * sizeof(float));
  checkCudaErrors(cudaMemcpy(h_partial, d_partial, (n / 256) * sizeof(float),
                             cudaMemcpyDeviceToHost));
  float sumTemplate = 0.0f;
  for (int b = 0; b < n / 256; b++) sumTemplate += h_partial[b];

  // 2) the original pre-Kepler kernel
  float sumLegacy = legacyReduce(d_in, n);

  // 3) y = 2 * x + 0 through cudaLaunchKernel, summed cooperatively
  runSaxpyLaunchApi(2.0f, d_in, d_y, n);
  float sumCoop = runGridSumCooperative(d_y, n);

  // y = 0.5 * y + 1 through cudaLaunchKernelEx on a stream
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  runScaleBiasLaunchEx(d_y, 0.5f, 1.0f, n, stream);
  checkCudaErrors(cudaStreamSynchronize(stream));

  // member-function launch on a copy of the input
  float *h_data = (float *)malloc(n * sizeof(float));
  checkCudaErrors(cudaMemcpy(h_data, d_in, n * sizeof(float),
                             cudaMemcpyDeviceToHost));
  VectorField field(n);
  field.upload(h_data);
  field.normalize(1.0f / expected);
  field.download(h_data);

  bool ok = closeEnough(sumTemplate, expected) && closeEnough(sumLegacy, expected) &&
            closeEnough(sumCoop, 2.0f * expected);
  printf("template %.1f  legacy %.1f  cooperative %.1f  (expected %.1f)\n",
         sumTemplate, sumLegacy, sumCoop, expected);

  checkCudaErrors(cudaStreamDestroy(stream));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_y));
  checkCudaErrors(cudaFree(d_partial));
  free(h_partial);
  free(h_data);

  printf("%s\n", ok ? "Result = PASS" : "Result = FAIL");
  exit(ok ? EXIT_SUCCESS : EXIT_FAILURE);
}
