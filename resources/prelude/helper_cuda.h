// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: stand-in for the CUDA samples' helper_cuda.h (error checking, device pick).
#ifndef __SLICEWATT_HELPER_CUDA_H
#define __SLICEWATT_HELPER_CUDA_H
#pragma clang system_header
// Include-guard names of the real header, which some code tests for.
#define COMMON_HELPER_CUDA_H_
// The samples' header brings these C headers along and sample code relies
// on that; they are cheap (unlike <cmath> or the stream headers).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda_runtime.h"
#include "helper_string.h"

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

// The samples define these inline in the header; declarations suffice here.
template <typename T> void check(T result, char const *const func, const char *const file, int const line);
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
void __getLastCudaError(const char *errorMessage, const char *file, const int line);
void __printLastCudaError(const char *errorMessage, const char *file, const int line);
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)
#define printLastCudaError(msg) __printLastCudaError(msg, __FILE__, __LINE__)

const char *_cudaGetErrorEnum(cudaError_t error);
#ifdef __cuda_cuda_h__
const char *_cudaGetErrorEnum(CUresult error);
#endif
#ifdef CURAND_H_
const char *_cudaGetErrorEnum(curandStatus_t error);
#endif

#ifndef MAX
#define MAX(a, b) (a > b ? a : b)
#endif
#ifndef MIN
#define MIN(a, b) (a < b ? a : b)
#endif

int ftoi(float value);
int _ConvertSMVer2Cores(int major, int minor);
const char *_ConvertSMVer2ArchName(int major, int minor);
int gpuDeviceInit(int devID);
int gpuGetMaxGflopsDeviceId();
int findCudaDevice(int argc, const char **argv);
int findIntegratedGPU();
bool checkCudaCapabilities(int major_version, int minor_version);

#endif
