// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: mirrors one CUDA header, so code finds each name where CUDA declares it.
// SliceWatt CUDA prelude: CUDA math API (float/double functions, C++ overloads, min/max).
#ifndef __SLICEWATT_MATH_FUNCTIONS_H
#define __SLICEWATT_MATH_FUNCTIONS_H
// Being a system header matters here, not just for silence: libstdc++'s
// <cmath> later declares constexpr float overloads (std::sin(float), ...)
// whose signatures match our __device__ ones; clang accepts that quietly only
// when the __device__ declaration lives in a system header (it then leaves
// the std:: one __host__), exactly as with clang's own CUDA wrapper headers.
#pragma clang system_header
#include "host_defines.h"

// In CUDA the C math functions are __host__ __device__. clang will not let a
// __host__ __device__ declaration coexist with the C library's __host__ one,
// so each function is declared twice instead:
//   * extern "C" on the host side, exactly as <math.h> declares it (so a later
//     <math.h>/<cmath> merely redeclares it, and host code works without it);
//   * a C++-linkage __device__ overload, which clang picks in device code.
// This header includes neither <math.h> nor <cmath>; cuda_runtime.h includes <math.h> after
// it, as nvcc's does (host code calls isfinite without an include), and the precompiled
// prelude pays for it once.
#define __SW_MATHFN(R, name, params) \
  extern "C" R name params noexcept; \
  __device__ R name params noexcept;
// C++ overloads CUDA adds for float arguments: device side only (the host
// side gets them from <cmath>, as with nvcc).
#define __SW_DEVFN(R, name, params) __device__ R name params noexcept;

// ---- Single precision (C names) ----
__SW_MATHFN(float, acosf, (float __x))
__SW_MATHFN(float, acoshf, (float __x))
__SW_MATHFN(float, asinf, (float __x))
__SW_MATHFN(float, asinhf, (float __x))
__SW_MATHFN(float, atanf, (float __x))
__SW_MATHFN(float, atanhf, (float __x))
__SW_MATHFN(float, cbrtf, (float __x))
__SW_MATHFN(float, ceilf, (float __x))
__SW_MATHFN(float, cosf, (float __x))
__SW_MATHFN(float, coshf, (float __x))
__SW_MATHFN(float, cospif, (float __x))
__SW_MATHFN(float, cyl_bessel_i0f, (float __x))
__SW_MATHFN(float, cyl_bessel_i1f, (float __x))
__SW_MATHFN(float, erfcf, (float __x))
__SW_MATHFN(float, erfcinvf, (float __x))
__SW_MATHFN(float, erfcxf, (float __x))
__SW_MATHFN(float, erff, (float __x))
__SW_MATHFN(float, erfinvf, (float __x))
__SW_MATHFN(float, exp10f, (float __x))
__SW_MATHFN(float, exp2f, (float __x))
__SW_MATHFN(float, expf, (float __x))
__SW_MATHFN(float, expm1f, (float __x))
__SW_MATHFN(float, fabsf, (float __x))
__SW_MATHFN(float, floorf, (float __x))
__SW_MATHFN(float, j0f, (float __x))
__SW_MATHFN(float, j1f, (float __x))
__SW_MATHFN(float, lgammaf, (float __x))
__SW_MATHFN(float, log10f, (float __x))
__SW_MATHFN(float, log1pf, (float __x))
__SW_MATHFN(float, log2f, (float __x))
__SW_MATHFN(float, logbf, (float __x))
__SW_MATHFN(float, logf, (float __x))
__SW_MATHFN(float, nearbyintf, (float __x))
__SW_MATHFN(float, normcdff, (float __x))
__SW_MATHFN(float, normcdfinvf, (float __x))
__SW_MATHFN(float, rcbrtf, (float __x))
__SW_MATHFN(float, rintf, (float __x))
__SW_MATHFN(float, roundf, (float __x))
__SW_MATHFN(float, rsqrtf, (float __x))
__SW_MATHFN(float, sinf, (float __x))
__SW_MATHFN(float, sinhf, (float __x))
__SW_MATHFN(float, sinpif, (float __x))
__SW_MATHFN(float, sqrtf, (float __x))
__SW_MATHFN(float, tanf, (float __x))
__SW_MATHFN(float, tanhf, (float __x))
__SW_MATHFN(float, tgammaf, (float __x))
__SW_MATHFN(float, truncf, (float __x))
__SW_MATHFN(float, y0f, (float __x))
__SW_MATHFN(float, y1f, (float __x))
__SW_MATHFN(float, atan2f, (float __x, float __y))
__SW_MATHFN(float, copysignf, (float __x, float __y))
__SW_MATHFN(float, fdimf, (float __x, float __y))
__SW_MATHFN(float, fmaxf, (float __x, float __y))
__SW_MATHFN(float, fminf, (float __x, float __y))
__SW_MATHFN(float, fmodf, (float __x, float __y))
__SW_MATHFN(float, hypotf, (float __x, float __y))
__SW_MATHFN(float, nextafterf, (float __x, float __y))
__SW_MATHFN(float, powf, (float __x, float __y))
__SW_MATHFN(float, remainderf, (float __x, float __y))
__SW_MATHFN(float, rhypotf, (float __x, float __y))
__SW_MATHFN(float, fmaf, (float __x, float __y, float __z))
__SW_MATHFN(float, norm3df, (float __x, float __y, float __z))
__SW_MATHFN(float, rnorm3df, (float __x, float __y, float __z))
__SW_MATHFN(float, norm4df, (float __x, float __y, float __z, float __w))
__SW_MATHFN(float, rnorm4df, (float __x, float __y, float __z, float __w))
__SW_MATHFN(float, frexpf, (float __x, int *__exp))
__SW_MATHFN(int, ilogbf, (float __x))
__SW_MATHFN(float, jnf, (int __n, float __x))
__SW_MATHFN(float, ynf, (int __n, float __x))
__SW_MATHFN(float, ldexpf, (float __x, int __exp))
__SW_MATHFN(long long, llrintf, (float __x))
__SW_MATHFN(long long, llroundf, (float __x))
__SW_MATHFN(long, lrintf, (float __x))
__SW_MATHFN(long, lroundf, (float __x))
__SW_MATHFN(float, modff, (float __x, float *__iptr))
__SW_MATHFN(float, nanf, (const char *__tagp))
__SW_MATHFN(float, remquof, (float __x, float __y, int *__quo))
__SW_MATHFN(float, scalblnf, (float __x, long __n))
__SW_MATHFN(float, scalbnf, (float __x, int __n))
__SW_MATHFN(void, sincosf, (float __x, float *__sptr, float *__cptr))
__SW_MATHFN(void, sincospif, (float __x, float *__sptr, float *__cptr))
__SW_MATHFN(float, normf, (int __dim, const float *__p))
__SW_MATHFN(float, rnormf, (int __dim, const float *__p))
__SW_MATHFN(float, fdividef, (float __x, float __y))

// ---- Double precision (C names) ----
__SW_MATHFN(double, acos, (double __x))
__SW_MATHFN(double, acosh, (double __x))
__SW_MATHFN(double, asin, (double __x))
__SW_MATHFN(double, asinh, (double __x))
__SW_MATHFN(double, atan, (double __x))
__SW_MATHFN(double, atanh, (double __x))
__SW_MATHFN(double, cbrt, (double __x))
__SW_MATHFN(double, ceil, (double __x))
__SW_MATHFN(double, cos, (double __x))
__SW_MATHFN(double, cosh, (double __x))
__SW_MATHFN(double, cospi, (double __x))
__SW_MATHFN(double, cyl_bessel_i0, (double __x))
__SW_MATHFN(double, cyl_bessel_i1, (double __x))
__SW_MATHFN(double, erfc, (double __x))
__SW_MATHFN(double, erfcinv, (double __x))
__SW_MATHFN(double, erfcx, (double __x))
__SW_MATHFN(double, erf, (double __x))
__SW_MATHFN(double, erfinv, (double __x))
__SW_MATHFN(double, exp10, (double __x))
__SW_MATHFN(double, exp2, (double __x))
__SW_MATHFN(double, exp, (double __x))
__SW_MATHFN(double, expm1, (double __x))
__SW_MATHFN(double, fabs, (double __x))
__SW_MATHFN(double, floor, (double __x))
__SW_MATHFN(double, j0, (double __x))
__SW_MATHFN(double, j1, (double __x))
__SW_MATHFN(double, lgamma, (double __x))
__SW_MATHFN(double, log10, (double __x))
__SW_MATHFN(double, log1p, (double __x))
__SW_MATHFN(double, log2, (double __x))
__SW_MATHFN(double, logb, (double __x))
__SW_MATHFN(double, log, (double __x))
__SW_MATHFN(double, nearbyint, (double __x))
__SW_MATHFN(double, normcdf, (double __x))
__SW_MATHFN(double, normcdfinv, (double __x))
__SW_MATHFN(double, rcbrt, (double __x))
__SW_MATHFN(double, rint, (double __x))
__SW_MATHFN(double, round, (double __x))
__SW_MATHFN(double, rsqrt, (double __x))
__SW_MATHFN(double, sin, (double __x))
__SW_MATHFN(double, sinh, (double __x))
__SW_MATHFN(double, sinpi, (double __x))
__SW_MATHFN(double, sqrt, (double __x))
__SW_MATHFN(double, tan, (double __x))
__SW_MATHFN(double, tanh, (double __x))
__SW_MATHFN(double, tgamma, (double __x))
__SW_MATHFN(double, trunc, (double __x))
__SW_MATHFN(double, y0, (double __x))
__SW_MATHFN(double, y1, (double __x))
__SW_MATHFN(double, atan2, (double __x, double __y))
__SW_MATHFN(double, copysign, (double __x, double __y))
__SW_MATHFN(double, fdim, (double __x, double __y))
__SW_MATHFN(double, fmax, (double __x, double __y))
__SW_MATHFN(double, fmin, (double __x, double __y))
__SW_MATHFN(double, fmod, (double __x, double __y))
__SW_MATHFN(double, hypot, (double __x, double __y))
__SW_MATHFN(double, nextafter, (double __x, double __y))
__SW_MATHFN(double, pow, (double __x, double __y))
__SW_MATHFN(double, remainder, (double __x, double __y))
__SW_MATHFN(double, rhypot, (double __x, double __y))
__SW_MATHFN(double, fma, (double __x, double __y, double __z))
__SW_MATHFN(double, norm3d, (double __x, double __y, double __z))
__SW_MATHFN(double, rnorm3d, (double __x, double __y, double __z))
__SW_MATHFN(double, norm4d, (double __x, double __y, double __z, double __w))
__SW_MATHFN(double, rnorm4d, (double __x, double __y, double __z, double __w))
__SW_MATHFN(double, frexp, (double __x, int *__exp))
__SW_MATHFN(int, ilogb, (double __x))
__SW_MATHFN(double, jn, (int __n, double __x))
__SW_MATHFN(double, yn, (int __n, double __x))
__SW_MATHFN(double, ldexp, (double __x, int __exp))
__SW_MATHFN(long long, llrint, (double __x))
__SW_MATHFN(long long, llround, (double __x))
__SW_MATHFN(long, lrint, (double __x))
__SW_MATHFN(long, lround, (double __x))
__SW_MATHFN(double, modf, (double __x, double *__iptr))
__SW_MATHFN(double, nan, (const char *__tagp))
__SW_MATHFN(double, remquo, (double __x, double __y, int *__quo))
__SW_MATHFN(double, scalbln, (double __x, long __n))
__SW_MATHFN(double, scalbn, (double __x, int __n))
__SW_MATHFN(void, sincos, (double __x, double *__sptr, double *__cptr))
__SW_MATHFN(void, sincospi, (double __x, double *__sptr, double *__cptr))
__SW_MATHFN(double, norm, (int __dim, const double *__p))
__SW_MATHFN(double, rnorm, (int __dim, const double *__p))

// ---- C++ float overloads of the generic names (device side) ----
__SW_DEVFN(float, acos, (float __x))
__SW_DEVFN(float, acosh, (float __x))
__SW_DEVFN(float, asin, (float __x))
__SW_DEVFN(float, asinh, (float __x))
__SW_DEVFN(float, atan, (float __x))
__SW_DEVFN(float, atanh, (float __x))
__SW_DEVFN(float, cbrt, (float __x))
__SW_DEVFN(float, ceil, (float __x))
__SW_DEVFN(float, cos, (float __x))
__SW_DEVFN(float, cosh, (float __x))
__SW_DEVFN(float, cospi, (float __x))
__SW_DEVFN(float, cyl_bessel_i0, (float __x))
__SW_DEVFN(float, cyl_bessel_i1, (float __x))
__SW_DEVFN(float, erfc, (float __x))
__SW_DEVFN(float, erfcinv, (float __x))
__SW_DEVFN(float, erfcx, (float __x))
__SW_DEVFN(float, erf, (float __x))
__SW_DEVFN(float, erfinv, (float __x))
__SW_DEVFN(float, exp10, (float __x))
__SW_DEVFN(float, exp2, (float __x))
__SW_DEVFN(float, exp, (float __x))
__SW_DEVFN(float, expm1, (float __x))
__SW_DEVFN(float, fabs, (float __x))
__SW_DEVFN(float, floor, (float __x))
__SW_DEVFN(float, j0, (float __x))
__SW_DEVFN(float, j1, (float __x))
__SW_DEVFN(float, lgamma, (float __x))
__SW_DEVFN(float, log10, (float __x))
__SW_DEVFN(float, log1p, (float __x))
__SW_DEVFN(float, log2, (float __x))
__SW_DEVFN(float, logb, (float __x))
__SW_DEVFN(float, log, (float __x))
__SW_DEVFN(float, nearbyint, (float __x))
__SW_DEVFN(float, normcdf, (float __x))
__SW_DEVFN(float, normcdfinv, (float __x))
__SW_DEVFN(float, rcbrt, (float __x))
__SW_DEVFN(float, rint, (float __x))
__SW_DEVFN(float, round, (float __x))
__SW_DEVFN(float, rsqrt, (float __x))
__SW_DEVFN(float, sin, (float __x))
__SW_DEVFN(float, sinh, (float __x))
__SW_DEVFN(float, sinpi, (float __x))
__SW_DEVFN(float, sqrt, (float __x))
__SW_DEVFN(float, tan, (float __x))
__SW_DEVFN(float, tanh, (float __x))
__SW_DEVFN(float, tgamma, (float __x))
__SW_DEVFN(float, trunc, (float __x))
__SW_DEVFN(float, y0, (float __x))
__SW_DEVFN(float, y1, (float __x))
__SW_DEVFN(float, atan2, (float __x, float __y))
__SW_DEVFN(float, copysign, (float __x, float __y))
__SW_DEVFN(float, fdim, (float __x, float __y))
__SW_DEVFN(float, fmax, (float __x, float __y))
__SW_DEVFN(float, fmin, (float __x, float __y))
__SW_DEVFN(float, fmod, (float __x, float __y))
__SW_DEVFN(float, hypot, (float __x, float __y))
__SW_DEVFN(float, nextafter, (float __x, float __y))
__SW_DEVFN(float, pow, (float __x, float __y))
__SW_DEVFN(float, remainder, (float __x, float __y))
__SW_DEVFN(float, rhypot, (float __x, float __y))
__SW_DEVFN(float, fma, (float __x, float __y, float __z))
__SW_DEVFN(float, norm3d, (float __x, float __y, float __z))
__SW_DEVFN(float, rnorm3d, (float __x, float __y, float __z))
__SW_DEVFN(float, norm4d, (float __x, float __y, float __z, float __w))
__SW_DEVFN(float, rnorm4d, (float __x, float __y, float __z, float __w))
__SW_DEVFN(float, frexp, (float __x, int *__exp))
__SW_DEVFN(int, ilogb, (float __x))
__SW_DEVFN(float, jn, (int __n, float __x))
__SW_DEVFN(float, yn, (int __n, float __x))
__SW_DEVFN(float, ldexp, (float __x, int __exp))
__SW_DEVFN(long long, llrint, (float __x))
__SW_DEVFN(long long, llround, (float __x))
__SW_DEVFN(long, lrint, (float __x))
__SW_DEVFN(long, lround, (float __x))
__SW_DEVFN(float, modf, (float __x, float *__iptr))
__SW_DEVFN(float, remquo, (float __x, float __y, int *__quo))
__SW_DEVFN(float, scalbln, (float __x, long __n))
__SW_DEVFN(float, scalbn, (float __x, int __n))
__SW_DEVFN(void, sincos, (float __x, float *__sptr, float *__cptr))
__SW_DEVFN(void, sincospi, (float __x, float *__sptr, float *__cptr))
__SW_DEVFN(float, pow, (float __x, int __n))
__SW_DEVFN(double, pow, (double __x, int __n))
__SW_DEVFN(float, abs, (float __x))
__SW_DEVFN(double, abs, (double __x))
__SW_DEVFN(long, abs, (long __x))
__SW_DEVFN(long long, abs, (long long __x))
// Classification: macros in C, overloaded functions in C++.
__SW_DEVFN(bool, isnan, (float __x))
__SW_DEVFN(bool, isnan, (double __x))
__SW_DEVFN(bool, isinf, (float __x))
__SW_DEVFN(bool, isinf, (double __x))
__SW_DEVFN(bool, isfinite, (float __x))
__SW_DEVFN(bool, isfinite, (double __x))
__SW_DEVFN(bool, signbit, (float __x))
__SW_DEVFN(bool, signbit, (double __x))
__SW_DEVFN(int, __isnanf, (float __x))
__SW_DEVFN(int, __isnan, (double __x))
__SW_DEVFN(int, __isinff, (float __x))
__SW_DEVFN(int, __isinf, (double __x))
__SW_DEVFN(int, __finitef, (float __x))
__SW_DEVFN(int, __finite, (double __x))
__SW_DEVFN(int, __signbitf, (float __x))
__SW_DEVFN(int, __signbit, (double __x))

// ---- Integer absolute values (also in <stdlib.h>) ----
__SW_MATHFN(int, abs, (int __x))
__SW_MATHFN(long, labs, (long __x))
__SW_MATHFN(long long, llabs, (long long __x))
// Host side of abs(float) & co. for __host__ __device__ code: without this
// the host pass would silently pick the C abs(int). A non-template host
// overload would clash with libstdc++'s std::abs overloads (which its
// using-declarations pull into the same scopes); a template never does, and
// loses to them whenever they are visible.
template <class _T> struct __sw_abs_host {};
template <> struct __sw_abs_host<long> { typedef long type; };
template <> struct __sw_abs_host<long long> { typedef long long type; };
template <> struct __sw_abs_host<float> { typedef float type; };
template <> struct __sw_abs_host<double> { typedef double type; };
template <class _T> __host__ typename __sw_abs_host<_T>::type abs(_T __x) noexcept;

// ---- Integer arguments to the generic names ----
// Without these, sqrt(n) for an int n would be ambiguous between the float
// and double overloads in device code (libstdc++'s templates, which resolve
// it on the host side, exist only once <cmath> is included).
template <class _T> struct __sw_int_math {};
#define __SW_INTMATH(T) template <> struct __sw_int_math<T> { typedef double type; };
__SW_INTMATH(bool) __SW_INTMATH(char) __SW_INTMATH(signed char) __SW_INTMATH(unsigned char)
__SW_INTMATH(short) __SW_INTMATH(unsigned short) __SW_INTMATH(int) __SW_INTMATH(unsigned int)
__SW_INTMATH(long) __SW_INTMATH(unsigned long) __SW_INTMATH(long long) __SW_INTMATH(unsigned long long)
#undef __SW_INTMATH
// Inheriting keeps lookups of ::type SFINAE-friendly for unsupported types
// (long double, class types), so these templates simply drop out for them.
template <class _T> struct __sw_fp_math : __sw_int_math<_T> {};
template <> struct __sw_fp_math<float> { typedef float type; };
template <> struct __sw_fp_math<double> { typedef double type; };
// (__host__ __device__ so that naming it inside decltype is valid from either side.)
template <class _T> __host__ __device__ _T __sw_make();
#define __SW_INTFN1(name) \
  template <class _T> __device__ typename __sw_int_math<_T>::type name(_T __x) noexcept;
#define __SW_INTFN2(name) \
  template <class _A, class _B>                                                                  \
  __device__ decltype(__sw_make<typename __sw_fp_math<_A>::type>() +                              \
                      __sw_make<typename __sw_fp_math<_B>::type>())                               \
  name(_A __x, _B __y) noexcept;
__SW_INTFN1(acos)
__SW_INTFN1(acosh)
__SW_INTFN1(asin)
__SW_INTFN1(asinh)
__SW_INTFN1(atan)
__SW_INTFN1(atanh)
__SW_INTFN1(cbrt)
__SW_INTFN1(ceil)
__SW_INTFN1(cos)
__SW_INTFN1(cosh)
__SW_INTFN1(erfc)
__SW_INTFN1(erf)
__SW_INTFN1(exp2)
__SW_INTFN1(exp)
__SW_INTFN1(expm1)
__SW_INTFN1(fabs)
__SW_INTFN1(floor)
__SW_INTFN1(lgamma)
__SW_INTFN1(log10)
__SW_INTFN1(log1p)
__SW_INTFN1(log2)
__SW_INTFN1(logb)
__SW_INTFN1(log)
__SW_INTFN1(nearbyint)
__SW_INTFN1(rint)
__SW_INTFN1(round)
__SW_INTFN1(sin)
__SW_INTFN1(sinh)
__SW_INTFN1(sqrt)
__SW_INTFN1(tan)
__SW_INTFN1(tanh)
__SW_INTFN1(tgamma)
__SW_INTFN1(trunc)
__SW_INTFN2(atan2)
__SW_INTFN2(copysign)
__SW_INTFN2(fdim)
__SW_INTFN2(fmax)
__SW_INTFN2(fmin)
__SW_INTFN2(fmod)
__SW_INTFN2(hypot)
__SW_INTFN2(nextafter)
__SW_INTFN2(pow)
__SW_INTFN2(remainder)

// ---- min / max ----
// CUDA declares these __host__ __device__ in the global namespace; the C
// library has no functions of these names, so one declaration suffices.
#define __SW_MINMAX(R, A, B) \
  __host__ __device__ R min(A __a, B __b); \
  __host__ __device__ R max(A __a, B __b);
__SW_MINMAX(int, int, int)
__SW_MINMAX(unsigned int, unsigned int, unsigned int)
__SW_MINMAX(unsigned int, int, unsigned int)
__SW_MINMAX(unsigned int, unsigned int, int)
__SW_MINMAX(long, long, long)
__SW_MINMAX(unsigned long, unsigned long, unsigned long)
__SW_MINMAX(unsigned long, long, unsigned long)
__SW_MINMAX(unsigned long, unsigned long, long)
__SW_MINMAX(long long, long long, long long)
__SW_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__SW_MINMAX(unsigned long long, long long, unsigned long long)
__SW_MINMAX(unsigned long long, unsigned long long, long long)
__SW_MINMAX(float, float, float)
__SW_MINMAX(double, double, double)
__SW_MINMAX(double, float, double)
__SW_MINMAX(double, double, float)
#undef __SW_MINMAX
__host__ __device__ unsigned int umin(unsigned int __a, unsigned int __b);
__host__ __device__ unsigned int umax(unsigned int __a, unsigned int __b);
__host__ __device__ long long llmin(long long __a, long long __b);
__host__ __device__ long long llmax(long long __a, long long __b);
__host__ __device__ unsigned long long ullmin(unsigned long long __a, unsigned long long __b);
__host__ __device__ unsigned long long ullmax(unsigned long long __a, unsigned long long __b);

// ---- std:: spellings ----
// nvcc pre-includes <cmath>, so std::sqrt & co. work in CUDA code without an
// #include. Re-exporting the global overloads gives the same; when <cmath>
// arrives later its using-declarations and overloads merge with these.
namespace std {
using ::abs;
using ::acos;
using ::acosh;
using ::asin;
using ::asinh;
using ::atan;
using ::atan2;
using ::atanh;
using ::cbrt;
using ::ceil;
using ::copysign;
using ::cos;
using ::cosh;
using ::erf;
using ::erfc;
using ::exp;
using ::exp2;
using ::expm1;
using ::fabs;
using ::fdim;
using ::floor;
using ::fma;
using ::fmax;
using ::fmin;
using ::fmod;
using ::frexp;
using ::hypot;
using ::ilogb;
using ::isfinite;
using ::isinf;
using ::isnan;
using ::ldexp;
using ::lgamma;
using ::llrint;
using ::llround;
using ::log;
using ::log10;
using ::log1p;
using ::log2;
using ::logb;
using ::lrint;
using ::lround;
using ::modf;
using ::nan;
using ::nearbyint;
using ::nextafter;
using ::pow;
using ::remainder;
using ::remquo;
using ::rint;
using ::round;
using ::scalbln;
using ::scalbn;
using ::signbit;
using ::sin;
using ::sinh;
using ::sqrt;
using ::tan;
using ::tanh;
using ::tgamma;
using ::trunc;
using ::labs;
using ::llabs;
} // namespace std

// ---- <math.h> macros (nvcc pre-includes <math.h>) ----
// glibc's spellings; a later <math.h> redefines them silently.
#define HUGE_VAL (__builtin_huge_val ())
#define HUGE_VALF (__builtin_huge_valf ())
#define HUGE_VALL (__builtin_huge_vall ())
#define INFINITY (__builtin_inff ())
#define NAN (__builtin_nanf (""))
#define MAXFLOAT 3.40282347e+38F
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

#undef __SW_MATHFN
#undef __SW_DEVFN
#undef __SW_INTFN1
#undef __SW_INTFN2

#endif
