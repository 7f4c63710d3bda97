// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: qualifier macros and compiler-identity macros (what nvcc predefines).
#ifndef __SLICEWATT_HOST_DEFINES_H
#define __SLICEWATT_HOST_DEFINES_H
// The real header's guard: thrust and cub test it to know the qualifiers are defined
// (they would undefine __host__ and __device__ otherwise).
#define __HOST_DEFINES_H__
#pragma clang system_header

// Identify ourselves so sources can special-case SliceWatt's parser.
#define __SLICEWATT__ 1

// nvcc defines these; clang only defines __CUDA__ (and __CUDA_ARCH__ in the
// device pass), so code guarded on __CUDACC__ would otherwise see plain C++.
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 140
// clang treats constexpr functions as __host__ __device__ and accepts
// __device__ lambdas natively, i.e. it behaves like nvcc with
// --expt-relaxed-constexpr --extended-lambda; advertise that.
#define __CUDACC_RELAXED_CONSTEXPR__ 1
#define __CUDACC_EXTENDED_LAMBDA__ 1
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000
#endif
#ifndef __CUDART_API_VERSION
#define __CUDART_API_VERSION 12000
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 12000
#endif

// Execution-space and memory-space qualifiers map onto clang's CUDA attributes.
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
// clang 14 only honours 'managed' for HIP; a managed variable is a device
// variable that host code may also touch, which is what 'device' gives us.
#define __managed__ __attribute__((device))
// CUDA 12 allows a third argument (max blocks per cluster) that clang 14's
// launch_bounds rejects, so exactly three macro arguments drop the third.
// Any other count passes through untouched, so that an argument such as
// Traits<A, B>::threads (two macro arguments) still reaches clang whole.
#define __launch_bounds__(...)                                                                     \
  __SW_LB_SELECT(__VA_ARGS__, __SW_LB_ALL, __SW_LB_ALL, __SW_LB_3, __SW_LB_ALL, __SW_LB_ALL, 0)(__VA_ARGS__)
#define __SW_LB_SELECT(_1, _2, _3, _4, _5, NAME, ...) NAME
#define __SW_LB_ALL(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __SW_LB_3(maxThreads, minBlocks, maxBlocksPerCluster) __attribute__((launch_bounds(maxThreads, minBlocks)))
#define __forceinline__ __inline__ __attribute__((always_inline))
// libstdc++ 12 spells __attribute__((__noinline__)) (shared_ptr_base.h), so a
// macro expanding to an attribute would break <memory>; an empty expansion is
// valid both as a declaration specifier and inside __attribute__(()).
#define __noinline__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __CUDA_ALIGN__(n) __align__(n)
#define __inline_hint__
// __restrict__ is already a GNU keyword with the CUDA meaning; not redefined.
#if __has_attribute(grid_constant)
#define __grid_constant__ __attribute__((grid_constant))
#else
#define __grid_constant__
#endif
// Kernel-shape hints newer than clang 14; accepted and dropped.
#define __maxnreg__(n)
#define __cluster_dims__(...)
#define __nv_pure__

// Markers NVIDIA's own headers use on their declarations.
#define __device_builtin__
#define __cudart_builtin__
#define __device_builtin_texture_type__ __attribute__((device_builtin_texture_type))
#define __device_builtin_surface_type__ __attribute__((device_builtin_surface_type))
#define CUDARTAPI
#define CUDART_CB
#define CUDAAPI
#define CUDA_CB
#define __CUDA_DEPRECATED

#endif
