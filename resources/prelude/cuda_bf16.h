// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: bfloat16 (__nv_bfloat16, __nv_bfloat162) minimal API.
#ifndef __SLICEWATT_CUDA_BF16_H
#define __SLICEWATT_CUDA_BF16_H
#pragma clang system_header
// Include-guard names of the real header, which some code tests for.
#define __CUDA_BF16_H__
#define __CUDA_BF16_TYPES_EXIST__
// Reuses the intrinsic/operator declaration macros of cuda_fp16.h: the
// bfloat16 API spells its arithmetic with the same names (__hadd, ...).
#include "cuda_fp16.h"

struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

struct __align__(2) __nv_bfloat16 {
protected:
  unsigned short __x;

public:
  __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &hr);
  __host__ __device__ operator __nv_bfloat16_raw() const;
#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  __host__ __device__ __nv_bfloat16(float f);
  __host__ __device__ __nv_bfloat16(double f);
  __host__ __device__ __nv_bfloat16(int val);
  __host__ __device__ __nv_bfloat16(unsigned int val);
  __host__ __device__ operator float() const;
  __host__ __device__ __nv_bfloat16 &operator=(float f);
  __host__ __device__ explicit operator int() const;
  __host__ __device__ explicit operator bool() const;
#endif
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;
  __nv_bfloat162() = default;
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &h2r);
  __host__ __device__ operator __nv_bfloat162_raw() const;
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

__host__ __device__ __nv_bfloat16 __float2bfloat16(float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rz(float a);
__host__ __device__ __nv_bfloat16 __double2bfloat16(double a);
__host__ __device__ float __bfloat162float(__nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float a);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2 a);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b);
__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a);
__host__ __device__ __nv_bfloat16 __int2bfloat16_rn(int i);
__host__ __device__ int __bfloat162int_rz(__nv_bfloat16 h);
__host__ __device__ short __bfloat16_as_short(__nv_bfloat16 h);
__host__ __device__ unsigned short __bfloat16_as_ushort(__nv_bfloat16 h);
__host__ __device__ __nv_bfloat16 __short_as_bfloat16(short i);
__host__ __device__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short i);

__SW_HALF_API(__nv_bfloat16, __nv_bfloat162)
#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
__SW_HALF_OPERATORS(__nv_bfloat16)
__SW_HALF_OPERATORS(__nv_bfloat162)
#endif

#endif
