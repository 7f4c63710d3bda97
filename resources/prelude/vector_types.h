// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: built-in vector types, dim3 and the threadIdx/blockIdx/... variables.
#ifndef __SLICEWATT_VECTOR_TYPES_H
#define __SLICEWATT_VECTOR_TYPES_H
#pragma clang system_header
// Include-guard names of the real header, which some code tests for.
#define __VECTOR_TYPES_H__
#include "host_defines.h"

// Alignments follow the CUDA ABI so sizeof/alignof in parsed code match nvcc.
struct char1 { char x; };
struct __align__(2) char2 { char x, y; };
struct char3 { char x, y, z; };
struct __align__(4) char4 { char x, y, z, w; };

struct uchar1 { unsigned char x; };
struct __align__(2) uchar2 { unsigned char x, y; };
struct uchar3 { unsigned char x, y, z; };
struct __align__(4) uchar4 { unsigned char x, y, z, w; };

struct short1 { short x; };
struct __align__(4) short2 { short x, y; };
struct short3 { short x, y, z; };
struct __align__(8) short4 { short x, y, z, w; };

struct ushort1 { unsigned short x; };
struct __align__(4) ushort2 { unsigned short x, y; };
struct ushort3 { unsigned short x, y, z; };
struct __align__(8) ushort4 { unsigned short x, y, z, w; };

struct int1 { int x; };
struct __align__(8) int2 { int x, y; };
struct int3 { int x, y, z; };
struct __align__(16) int4 { int x, y, z, w; };

struct uint1 { unsigned int x; };
struct __align__(8) uint2 { unsigned int x, y; };
struct uint3 { unsigned int x, y, z; };
struct __align__(16) uint4 { unsigned int x, y, z, w; };

struct __align__(8) long1 { long x; };
struct __align__(16) long2 { long x, y; };
struct long3 { long x, y, z; };
struct __align__(16) long4 { long x, y, z, w; };

struct __align__(8) ulong1 { unsigned long x; };
struct __align__(16) ulong2 { unsigned long x, y; };
struct ulong3 { unsigned long x, y, z; };
struct __align__(16) ulong4 { unsigned long x, y, z, w; };

struct __align__(8) longlong1 { long long x; };
struct __align__(16) longlong2 { long long x, y; };
struct longlong3 { long long x, y, z; };
struct __align__(16) longlong4 { long long x, y, z, w; };

struct __align__(8) ulonglong1 { unsigned long long x; };
struct __align__(16) ulonglong2 { unsigned long long x, y; };
struct ulonglong3 { unsigned long long x, y, z; };
struct __align__(16) ulonglong4 { unsigned long long x, y, z, w; };

struct float1 { float x; };
struct __align__(8) float2 { float x, y; };
struct float3 { float x, y, z; };
struct __align__(16) float4 { float x, y, z, w; };

struct __align__(8) double1 { double x; };
struct __align__(16) double2 { double x, y; };
struct double3 { double x, y, z; };
struct __align__(16) double4 { double x, y, z, w; };

// dim3 is uint3-compatible; constexpr constructors are implicitly
// __host__ __device__ under clang, as the real ones are declared.
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

// threadIdx, blockIdx, blockDim, gridDim and warpSize come from clang's own
// resource headers, exactly as with clang's CUDA wrapper.
#if __has_include("__clang_cuda_builtin_vars.h")
#include "__clang_cuda_builtin_vars.h"

// Conversions the builtin-vars header declares but leaves for the CUDA headers to define.
#define __SW_BUILTIN_CONV(T)                                                    \
  __device__ inline T::operator dim3() const { return dim3(x, y, z); }          \
  __device__ inline T::operator uint3() const { return uint3{x, y, z}; }
__SW_BUILTIN_CONV(__cuda_builtin_threadIdx_t)
__SW_BUILTIN_CONV(__cuda_builtin_blockIdx_t)
__SW_BUILTIN_CONV(__cuda_builtin_blockDim_t)
__SW_BUILTIN_CONV(__cuda_builtin_gridDim_t)
#undef __SW_BUILTIN_CONV
#else
// Without clang's resource headers (a libclang that cannot find its
// resource directory), fall back to nvcc's view: plain uint3/dim3 variables.
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
__device__ const int warpSize = 32;
#endif

#endif
