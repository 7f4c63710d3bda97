// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude, PTX side: bodies for the prelude's most used device functions, for
// clang's NVPTX back end only (the PTX producer without a CUDA installation; PtxCompiler
// includes this after __slicewatt_prelude.h). Without them a call to atomicAdd or sqrtf stays
// a `call` to a function no PTX defines, and the instruction counts of METHOD §10 and the
// energy model of §9 miss the atomic or the square root. Each body is the hardware
// instruction CUDA's own headers reach through NVVM's builtins:
//   * atomics: atom.add, atom.exch, atom.min/max, atom.inc/dec, atom.and/or/xor, atom.cas;
//   * sqrt, fabs, fmin/fmax, fma, floor/ceil/trunc: their single PTX instruction;
//   * the fast intrinsics (__expf, __logf, __sinf, __cosf, __powf, __fdividef) and, [ours],
//     the accurate single-precision transcendentals expf, logf, sinf, cosf, powf, exp2f,
//     log2f, log10f, tanf: the special-function instruction (ex2, lg2, sin, cos .approx) and
//     its scaling multiply, as -use_fast_math compiles them. nvcc's accurate versions add a
//     few FMAs of range reduction around the same instruction; the class is the same.
// Double-precision transcendentals and the rest stay calls (unpriced): their libdevice
// expansions are long and not ours to guess.
#ifndef __SLICEWATT_PTX_BODIES_H
#define __SLICEWATT_PTX_BODIES_H
#if defined(__clang__) && defined(__CUDA_ARCH__)
#pragma clang system_header

#define __SW_BODY __device__ inline __attribute__((always_inline))

// ---- Atomics (generic addresses: the optimiser makes them .global or .shared) ----
__SW_BODY int atomicAdd(int *__a, int __v) { return __nvvm_atom_add_gen_i(__a, __v); }
__SW_BODY unsigned int atomicAdd(unsigned int *__a, unsigned int __v)
{
  return (unsigned int)__nvvm_atom_add_gen_i((int *)__a, (int)__v);
}
__SW_BODY unsigned long long atomicAdd(unsigned long long *__a, unsigned long long __v)
{
  return (unsigned long long)__nvvm_atom_add_gen_ll((long long *)__a, (long long)__v);
}
__SW_BODY float atomicAdd(float *__a, float __v) { return __nvvm_atom_add_gen_f(__a, __v); }
#if __CUDA_ARCH__ >= 600
__SW_BODY double atomicAdd(double *__a, double __v) { return __nvvm_atom_add_gen_d(__a, __v); }
#endif
__SW_BODY int atomicSub(int *__a, int __v) { return __nvvm_atom_add_gen_i(__a, -__v); }
__SW_BODY unsigned int atomicSub(unsigned int *__a, unsigned int __v)
{
  return (unsigned int)__nvvm_atom_add_gen_i((int *)__a, -(int)__v);
}
__SW_BODY int atomicExch(int *__a, int __v) { return __nvvm_atom_xchg_gen_i(__a, __v); }
__SW_BODY unsigned int atomicExch(unsigned int *__a, unsigned int __v)
{
  return (unsigned int)__nvvm_atom_xchg_gen_i((int *)__a, (int)__v);
}
__SW_BODY unsigned long long atomicExch(unsigned long long *__a, unsigned long long __v)
{
  return (unsigned long long)__nvvm_atom_xchg_gen_ll((long long *)__a, (long long)__v);
}
__SW_BODY float atomicExch(float *__a, float __v)
{
  return __int_as_float(__nvvm_atom_xchg_gen_i((int *)__a, __float_as_int(__v)));
}
__SW_BODY int atomicMin(int *__a, int __v) { return __nvvm_atom_min_gen_i(__a, __v); }
__SW_BODY unsigned int atomicMin(unsigned int *__a, unsigned int __v) { return __nvvm_atom_min_gen_ui(__a, __v); }
__SW_BODY int atomicMax(int *__a, int __v) { return __nvvm_atom_max_gen_i(__a, __v); }
__SW_BODY unsigned int atomicMax(unsigned int *__a, unsigned int __v) { return __nvvm_atom_max_gen_ui(__a, __v); }
__SW_BODY unsigned int atomicInc(unsigned int *__a, unsigned int __v) { return __nvvm_atom_inc_gen_ui(__a, __v); }
__SW_BODY unsigned int atomicDec(unsigned int *__a, unsigned int __v) { return __nvvm_atom_dec_gen_ui(__a, __v); }
__SW_BODY int atomicAnd(int *__a, int __v) { return __nvvm_atom_and_gen_i(__a, __v); }
__SW_BODY unsigned int atomicAnd(unsigned int *__a, unsigned int __v)
{
  return (unsigned int)__nvvm_atom_and_gen_i((int *)__a, (int)__v);
}
__SW_BODY int atomicOr(int *__a, int __v) { return __nvvm_atom_or_gen_i(__a, __v); }
__SW_BODY unsigned int atomicOr(unsigned int *__a, unsigned int __v)
{
  return (unsigned int)__nvvm_atom_or_gen_i((int *)__a, (int)__v);
}
__SW_BODY int atomicXor(int *__a, int __v) { return __nvvm_atom_xor_gen_i(__a, __v); }
__SW_BODY unsigned int atomicXor(unsigned int *__a, unsigned int __v)
{
  return (unsigned int)__nvvm_atom_xor_gen_i((int *)__a, (int)__v);
}
__SW_BODY int atomicCAS(int *__a, int __c, int __v) { return __nvvm_atom_cas_gen_i(__a, __c, __v); }
__SW_BODY unsigned int atomicCAS(unsigned int *__a, unsigned int __c, unsigned int __v)
{
  return (unsigned int)__nvvm_atom_cas_gen_i((int *)__a, (int)__c, (int)__v);
}
__SW_BODY unsigned long long atomicCAS(unsigned long long *__a, unsigned long long __c, unsigned long long __v)
{
  return (unsigned long long)__nvvm_atom_cas_gen_ll((long long *)__a, (long long)__c, (long long)__v);
}

// ---- One instruction each ----
__SW_BODY float sqrtf(float __x) noexcept { return __nvvm_sqrt_rn_f(__x); }
__SW_BODY float sqrt(float __x) noexcept { return __nvvm_sqrt_rn_f(__x); }
__SW_BODY double sqrt(double __x) noexcept { return __nvvm_sqrt_rn_d(__x); }
__SW_BODY float rsqrtf(float __x) noexcept { return __nvvm_rsqrt_approx_f(__x); }
__SW_BODY float rsqrt(float __x) noexcept { return __nvvm_rsqrt_approx_f(__x); }
__SW_BODY double rsqrt(double __x) noexcept { return __nvvm_rsqrt_approx_d(__x); }
__SW_BODY float fabsf(float __x) noexcept { return __nvvm_fabs_f(__x); }
__SW_BODY float fabs(float __x) noexcept { return __nvvm_fabs_f(__x); }
__SW_BODY double fabs(double __x) noexcept { return __nvvm_fabs_d(__x); }
__SW_BODY float fminf(float __x, float __y) noexcept { return __nvvm_fmin_f(__x, __y); }
__SW_BODY float fmaxf(float __x, float __y) noexcept { return __nvvm_fmax_f(__x, __y); }
__SW_BODY float fmin(float __x, float __y) noexcept { return __nvvm_fmin_f(__x, __y); }
__SW_BODY float fmax(float __x, float __y) noexcept { return __nvvm_fmax_f(__x, __y); }
__SW_BODY double fmin(double __x, double __y) noexcept { return __nvvm_fmin_d(__x, __y); }
__SW_BODY double fmax(double __x, double __y) noexcept { return __nvvm_fmax_d(__x, __y); }
__SW_BODY float fmaf(float __x, float __y, float __z) noexcept { return __nvvm_fma_rn_f(__x, __y, __z); }
__SW_BODY double fma(double __x, double __y, double __z) noexcept { return __nvvm_fma_rn_d(__x, __y, __z); }
__SW_BODY float floorf(float __x) noexcept { return __nvvm_floor_f(__x); }
__SW_BODY float ceilf(float __x) noexcept { return __nvvm_ceil_f(__x); }
__SW_BODY float truncf(float __x) noexcept { return __nvvm_trunc_f(__x); }
__SW_BODY double floor(double __x) noexcept { return __nvvm_floor_d(__x); }
__SW_BODY double ceil(double __x) noexcept { return __nvvm_ceil_d(__x); }
__SW_BODY float __fdividef(float __x, float __y) { return __nvvm_div_approx_f(__x, __y); }
__SW_BODY float __saturatef(float __x) { return __nvvm_saturate_f(__x); }

// ---- Special-function instructions ----
__SW_BODY float __expf(float __x) { return __nvvm_ex2_approx_f(__x * 1.4426950409f); }
__SW_BODY float __logf(float __x) { return __nvvm_lg2_approx_f(__x) * 0.6931471806f; }
__SW_BODY float __sinf(float __x) { return __nvvm_sin_approx_f(__x); }
__SW_BODY float __cosf(float __x) { return __nvvm_cos_approx_f(__x); }
__SW_BODY float __powf(float __x, float __y) { return __nvvm_ex2_approx_f(__y * __nvvm_lg2_approx_f(__x)); }
__SW_BODY float expf(float __x) noexcept { return __expf(__x); }
__SW_BODY float exp(float __x) noexcept { return __expf(__x); }
__SW_BODY float exp2f(float __x) noexcept { return __nvvm_ex2_approx_f(__x); }
__SW_BODY float logf(float __x) noexcept { return __logf(__x); }
__SW_BODY float log(float __x) noexcept { return __logf(__x); }
__SW_BODY float log2f(float __x) noexcept { return __nvvm_lg2_approx_f(__x); }
__SW_BODY float log10f(float __x) noexcept { return __nvvm_lg2_approx_f(__x) * 0.3010299957f; }
__SW_BODY float sinf(float __x) noexcept { return __sinf(__x); }
__SW_BODY float sin(float __x) noexcept { return __sinf(__x); }
__SW_BODY float cosf(float __x) noexcept { return __cosf(__x); }
__SW_BODY float cos(float __x) noexcept { return __cosf(__x); }
__SW_BODY float tanf(float __x) noexcept { return __fdividef(__sinf(__x), __cosf(__x)); }
__SW_BODY float powf(float __x, float __y) noexcept { return __powf(__x, __y); }
__SW_BODY float pow(float __x, float __y) noexcept { return __powf(__x, __y); }

#undef __SW_BODY
#endif
#endif
