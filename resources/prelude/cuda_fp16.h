// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: half precision (__half, __half2) types, conversions and arithmetic.
#ifndef __SLICEWATT_CUDA_FP16_H
#define __SLICEWATT_CUDA_FP16_H
#pragma clang system_header
// Include-guard names of the real header, which some code tests for.
#define __CUDA_FP16_H__
#define __CUDA_FP16_TYPES_EXIST__
#include "cuda_runtime.h"

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x;
  unsigned short y;
};

// Defaulted default constructors keep the types trivial, so they can be
// used for __shared__ arrays like the real ones.
struct __align__(2) __half {
protected:
  unsigned short __x;

public:
  __half() = default;
  __host__ __device__ __half(const __half_raw &hr);
  __host__ __device__ __half &operator=(const __half_raw &hr);
  __host__ __device__ operator __half_raw() const;
#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
  __host__ __device__ __half(float f);
  __host__ __device__ __half(double f);
  __host__ __device__ __half(short val);
  __host__ __device__ __half(unsigned short val);
  __host__ __device__ __half(int val);
  __host__ __device__ __half(unsigned int val);
  __host__ __device__ __half(long long val);
  __host__ __device__ __half(unsigned long long val);
  __host__ __device__ operator float() const;
  __host__ __device__ __half &operator=(float f);
  __host__ __device__ __half &operator=(double f);
  __host__ __device__ explicit operator short() const;
  __host__ __device__ explicit operator unsigned short() const;
  __host__ __device__ explicit operator int() const;
  __host__ __device__ explicit operator unsigned int() const;
  __host__ __device__ explicit operator long long() const;
  __host__ __device__ explicit operator unsigned long long() const;
  __host__ __device__ explicit operator bool() const;
#endif
};

struct __align__(4) __half2 {
  __half x;
  __half y;
  __half2() = default;
  __host__ __device__ __half2(const __half &a, const __half &b);
  __host__ __device__ __half2(const __half2_raw &h2r);
  __host__ __device__ __half2 &operator=(const __half2_raw &h2r);
  __host__ __device__ operator __half2_raw() const;
};

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;

// ---- Conversions ---------------------------------------------------------
__host__ __device__ __half __float2half(float a);
__host__ __device__ __half __float2half_rn(float a);
__host__ __device__ __half __float2half_rz(float a);
__host__ __device__ __half __float2half_rd(float a);
__host__ __device__ __half __float2half_ru(float a);
__host__ __device__ __half __double2half(double a);
__host__ __device__ float __half2float(__half a);
__host__ __device__ __half2 __float2half2_rn(float a);
__host__ __device__ __half2 __floats2half2_rn(float a, float b);
__host__ __device__ __half2 __float22half2_rn(float2 a);
__host__ __device__ float2 __half22float2(__half2 a);
__host__ __device__ float __low2float(__half2 a);
__host__ __device__ float __high2float(__half2 a);
__host__ __device__ __half __low2half(__half2 a);
__host__ __device__ __half __high2half(__half2 a);
__host__ __device__ __half2 __halves2half2(__half a, __half b);
__host__ __device__ __half2 __half2half2(__half a);
__host__ __device__ __half2 __lows2half2(__half2 a, __half2 b);
__host__ __device__ __half2 __highs2half2(__half2 a, __half2 b);
__host__ __device__ __half2 __low2half2(__half2 a);
__host__ __device__ __half2 __high2half2(__half2 a);
__host__ __device__ __half2 __lowhigh2highlow(__half2 a);
#define __SW_HALF_INTCONV(T, tag)                                                                        \
  __host__ __device__ __half __##tag##2half_rn(T i);                                                     \
  __host__ __device__ __half __##tag##2half_rz(T i);                                                     \
  __host__ __device__ __half __##tag##2half_rd(T i);                                                     \
  __host__ __device__ __half __##tag##2half_ru(T i);                                                     \
  __host__ __device__ T __half2##tag##_rn(__half h);                                                     \
  __host__ __device__ T __half2##tag##_rz(__half h);                                                     \
  __host__ __device__ T __half2##tag##_rd(__half h);                                                     \
  __host__ __device__ T __half2##tag##_ru(__half h);
__SW_HALF_INTCONV(int, int)
__SW_HALF_INTCONV(unsigned int, uint)
__SW_HALF_INTCONV(short, short)
__SW_HALF_INTCONV(unsigned short, ushort)
__SW_HALF_INTCONV(long long, ll)
__SW_HALF_INTCONV(unsigned long long, ull)
#undef __SW_HALF_INTCONV
__host__ __device__ short __half_as_short(__half h);
__host__ __device__ unsigned short __half_as_ushort(__half h);
__host__ __device__ __half __short_as_half(short i);
__host__ __device__ __half __ushort_as_half(unsigned short i);

// ---- Arithmetic, comparison and math -------------------------------------
// Shared with cuda_bf16.h, whose types use the same intrinsic names.
#define __SW_HALF_API(H, H2)                                                                             \
  __host__ __device__ H __hadd(H a, H b);                                                                \
  __host__ __device__ H __hsub(H a, H b);                                                                \
  __host__ __device__ H __hmul(H a, H b);                                                                \
  __host__ __device__ H __hdiv(H a, H b);                                                                \
  __host__ __device__ H __hadd_rn(H a, H b);                                                             \
  __host__ __device__ H __hsub_rn(H a, H b);                                                             \
  __host__ __device__ H __hmul_rn(H a, H b);                                                             \
  __host__ __device__ H __hadd_sat(H a, H b);                                                            \
  __host__ __device__ H __hsub_sat(H a, H b);                                                            \
  __host__ __device__ H __hmul_sat(H a, H b);                                                            \
  __host__ __device__ H __hfma(H a, H b, H c);                                                           \
  __host__ __device__ H __hfma_sat(H a, H b, H c);                                                       \
  __host__ __device__ H __hfma_relu(H a, H b, H c);                                                      \
  __host__ __device__ H __hneg(H a);                                                                     \
  __host__ __device__ H __habs(H a);                                                                     \
  __host__ __device__ H __hmax(H a, H b);                                                                \
  __host__ __device__ H __hmin(H a, H b);                                                                \
  __host__ __device__ H __hmax_nan(H a, H b);                                                            \
  __host__ __device__ H __hmin_nan(H a, H b);                                                            \
  __host__ __device__ bool __heq(H a, H b);                                                              \
  __host__ __device__ bool __hne(H a, H b);                                                              \
  __host__ __device__ bool __hle(H a, H b);                                                              \
  __host__ __device__ bool __hge(H a, H b);                                                              \
  __host__ __device__ bool __hlt(H a, H b);                                                              \
  __host__ __device__ bool __hgt(H a, H b);                                                              \
  __host__ __device__ bool __hequ(H a, H b);                                                             \
  __host__ __device__ bool __hneu(H a, H b);                                                             \
  __host__ __device__ bool __hleu(H a, H b);                                                             \
  __host__ __device__ bool __hgeu(H a, H b);                                                             \
  __host__ __device__ bool __hltu(H a, H b);                                                             \
  __host__ __device__ bool __hgtu(H a, H b);                                                             \
  __host__ __device__ bool __hisnan(H a);                                                                \
  __host__ __device__ int __hisinf(H a);                                                                 \
  __host__ __device__ H2 __hadd2(H2 a, H2 b);                                                            \
  __host__ __device__ H2 __hsub2(H2 a, H2 b);                                                            \
  __host__ __device__ H2 __hmul2(H2 a, H2 b);                                                            \
  __host__ __device__ H2 __h2div(H2 a, H2 b);                                                            \
  __host__ __device__ H2 __hadd2_sat(H2 a, H2 b);                                                        \
  __host__ __device__ H2 __hsub2_sat(H2 a, H2 b);                                                        \
  __host__ __device__ H2 __hmul2_sat(H2 a, H2 b);                                                        \
  __host__ __device__ H2 __hfma2(H2 a, H2 b, H2 c);                                                      \
  __host__ __device__ H2 __hfma2_sat(H2 a, H2 b, H2 c);                                                  \
  __host__ __device__ H2 __hfma2_relu(H2 a, H2 b, H2 c);                                                 \
  __host__ __device__ H2 __hcmadd(H2 a, H2 b, H2 c);                                                     \
  __host__ __device__ H2 __hneg2(H2 a);                                                                  \
  __host__ __device__ H2 __habs2(H2 a);                                                                  \
  __host__ __device__ H2 __hmax2(H2 a, H2 b);                                                            \
  __host__ __device__ H2 __hmin2(H2 a, H2 b);                                                            \
  __host__ __device__ H2 __heq2(H2 a, H2 b);                                                             \
  __host__ __device__ H2 __hne2(H2 a, H2 b);                                                             \
  __host__ __device__ H2 __hle2(H2 a, H2 b);                                                             \
  __host__ __device__ H2 __hge2(H2 a, H2 b);                                                             \
  __host__ __device__ H2 __hlt2(H2 a, H2 b);                                                             \
  __host__ __device__ H2 __hgt2(H2 a, H2 b);                                                             \
  __host__ __device__ bool __hbeq2(H2 a, H2 b);                                                          \
  __host__ __device__ bool __hbne2(H2 a, H2 b);                                                          \
  __host__ __device__ bool __hble2(H2 a, H2 b);                                                          \
  __host__ __device__ bool __hbge2(H2 a, H2 b);                                                          \
  __host__ __device__ bool __hblt2(H2 a, H2 b);                                                          \
  __host__ __device__ bool __hbgt2(H2 a, H2 b);                                                          \
  __host__ __device__ H2 __hisnan2(H2 a);                                                                \
  __host__ __device__ H hsqrt(H a);                                                                      \
  __host__ __device__ H hrsqrt(H a);                                                                     \
  __host__ __device__ H hrcp(H a);                                                                       \
  __host__ __device__ H hexp(H a);                                                                       \
  __host__ __device__ H hexp2(H a);                                                                      \
  __host__ __device__ H hexp10(H a);                                                                     \
  __host__ __device__ H hlog(H a);                                                                       \
  __host__ __device__ H hlog2(H a);                                                                      \
  __host__ __device__ H hlog10(H a);                                                                     \
  __host__ __device__ H hsin(H a);                                                                       \
  __host__ __device__ H hcos(H a);                                                                       \
  __host__ __device__ H htanh(H a);                                                                      \
  __host__ __device__ H hceil(H a);                                                                      \
  __host__ __device__ H hfloor(H a);                                                                     \
  __host__ __device__ H htrunc(H a);                                                                     \
  __host__ __device__ H hrint(H a);                                                                      \
  __host__ __device__ H2 h2sqrt(H2 a);                                                                   \
  __host__ __device__ H2 h2rsqrt(H2 a);                                                                  \
  __host__ __device__ H2 h2rcp(H2 a);                                                                    \
  __host__ __device__ H2 h2exp(H2 a);                                                                    \
  __host__ __device__ H2 h2exp2(H2 a);                                                                   \
  __host__ __device__ H2 h2exp10(H2 a);                                                                  \
  __host__ __device__ H2 h2log(H2 a);                                                                    \
  __host__ __device__ H2 h2log2(H2 a);                                                                   \
  __host__ __device__ H2 h2log10(H2 a);                                                                  \
  __host__ __device__ H2 h2sin(H2 a);                                                                    \
  __host__ __device__ H2 h2cos(H2 a);                                                                    \
  __host__ __device__ H2 h2ceil(H2 a);                                                                   \
  __host__ __device__ H2 h2floor(H2 a);                                                                  \
  __host__ __device__ H2 h2trunc(H2 a);                                                                  \
  __host__ __device__ H2 h2rint(H2 a);                                                                   \
  __device__ H atomicAdd(H *address, H val);                                                             \
  __device__ H2 atomicAdd(H2 *address, H2 val);
__SW_HALF_API(__half, __half2)

// Operators (unless disabled, as in the real header).
#define __SW_HALF_OPERATORS(H)                                                                           \
  __host__ __device__ H operator+(const H &lh, const H &rh);                                             \
  __host__ __device__ H operator-(const H &lh, const H &rh);                                             \
  __host__ __device__ H operator*(const H &lh, const H &rh);                                             \
  __host__ __device__ H operator/(const H &lh, const H &rh);                                             \
  __host__ __device__ H &operator+=(H &lh, const H &rh);                                                 \
  __host__ __device__ H &operator-=(H &lh, const H &rh);                                                 \
  __host__ __device__ H &operator*=(H &lh, const H &rh);                                                 \
  __host__ __device__ H &operator/=(H &lh, const H &rh);                                                 \
  __host__ __device__ H &operator++(H &h);                                                               \
  __host__ __device__ H &operator--(H &h);                                                               \
  __host__ __device__ H operator++(H &h, int);                                                           \
  __host__ __device__ H operator--(H &h, int);                                                           \
  __host__ __device__ H operator+(const H &h);                                                           \
  __host__ __device__ H operator-(const H &h);                                                           \
  __host__ __device__ bool operator==(const H &lh, const H &rh);                                         \
  __host__ __device__ bool operator!=(const H &lh, const H &rh);                                         \
  __host__ __device__ bool operator>(const H &lh, const H &rh);                                          \
  __host__ __device__ bool operator<(const H &lh, const H &rh);                                          \
  __host__ __device__ bool operator>=(const H &lh, const H &rh);                                         \
  __host__ __device__ bool operator<=(const H &lh, const H &rh);
#if !defined(__CUDA_NO_HALF_OPERATORS__)
__SW_HALF_OPERATORS(__half)
#endif
#if !defined(__CUDA_NO_HALF2_OPERATORS__)
__SW_HALF_OPERATORS(__half2)
#endif

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

#endif
