// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cuComplex.h single/double complex helpers (built on float2/double2).
#ifndef __SLICEWATT_CUCOMPLEX_H
#define __SLICEWATT_CUCOMPLEX_H
#pragma clang system_header
#define CU_COMPLEX_H_
#include "vector_types.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#define __SW_CX(T, R, sfx)                                                                             \
  __host__ __device__ R cuCreal##sfx(T x);                                                             \
  __host__ __device__ R cuCimag##sfx(T x);                                                             \
  __host__ __device__ T cuConj##sfx(T x);                                                              \
  __host__ __device__ T cuCadd##sfx(T x, T y);                                                         \
  __host__ __device__ T cuCsub##sfx(T x, T y);                                                         \
  __host__ __device__ T cuCmul##sfx(T x, T y);                                                         \
  __host__ __device__ T cuCdiv##sfx(T x, T y);                                                         \
  __host__ __device__ R cuCabs##sfx(T x);                                                              \
  __host__ __device__ T cuCfma##sfx(T x, T y, T d);
__SW_CX(cuFloatComplex, float, f)
__SW_CX(cuDoubleComplex, double, )
#undef __SW_CX
__host__ __device__ cuFloatComplex make_cuFloatComplex(float r, float i);
__host__ __device__ cuDoubleComplex make_cuDoubleComplex(double r, double i);
__host__ __device__ cuComplex make_cuComplex(float x, float y);
__host__ __device__ cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c);
__host__ __device__ cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c);

#endif
