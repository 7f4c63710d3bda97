// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cuRAND device API (generator states, curand_init, curand_* draws).
#ifndef __SLICEWATT_CURAND_KERNEL_H
#define __SLICEWATT_CURAND_KERNEL_H
#pragma clang system_header
// Include-guard names of the real header, which some code tests for.
#define CURAND_KERNEL_H_
#include "curand.h"

// State layouts only need to be complete types of plausible size (they are
// stored in arrays, allocated with cudaMalloc and copied); field names are ours.
struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
struct curandStateMRG32k3a {
  unsigned int s1[3], s2[3];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
struct curandStateSobol32 {
  unsigned int i, x, c, direction_vectors[32];
};
struct curandStateScrambledSobol32 {
  unsigned int i, x, c, direction_vectors[32];
};
struct curandStateSobol64 {
  unsigned long long i, x, c, direction_vectors[64];
};
struct curandStateScrambledSobol64 {
  unsigned long long i, x, c, direction_vectors[64];
};
struct curandStateMtgp32 {
  unsigned int s[1024];
  int offset, pIdx;
  void *k;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
typedef struct curandStateSobol32 curandStateSobol32_t;
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
typedef struct curandStateSobol64 curandStateSobol64_t;
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;
typedef struct curandStateMtgp32 curandStateMtgp32_t;

// Seeding: one overload per pseudo-random generator state.
#define __SW_CURAND_PRNG(S)                                                                                  \
  __device__ void curand_init(unsigned long long seed, unsigned long long subsequence,                       \
                              unsigned long long offset, S *state);                                          \
  __device__ unsigned int curand(S *state);                                                                  \
  __device__ float curand_uniform(S *state);                                                                 \
  __device__ double curand_uniform_double(S *state);                                                         \
  __device__ float curand_normal(S *state);                                                                  \
  __device__ double curand_normal_double(S *state);                                                          \
  __device__ float2 curand_normal2(S *state);                                                                \
  __device__ double2 curand_normal2_double(S *state);                                                        \
  __device__ float curand_log_normal(S *state, float mean, float stddev);                                    \
  __device__ double curand_log_normal_double(S *state, double mean, double stddev);                          \
  __device__ float2 curand_log_normal2(S *state, float mean, float stddev);                                  \
  __device__ unsigned int curand_poisson(S *state, double lambda);                                           \
  __device__ void skipahead(unsigned long long n, S *state);                                                 \
  __device__ void skipahead_sequence(unsigned long long n, S *state);
__SW_CURAND_PRNG(curandStateXORWOW_t)
__SW_CURAND_PRNG(curandStatePhilox4_32_10_t)
__SW_CURAND_PRNG(curandStateMRG32k3a_t)
#undef __SW_CURAND_PRNG
__device__ void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *state);
// Philox produces four values per call.
__device__ uint4 curand4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10_t *state);
__device__ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev);
__device__ uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda);
// Quasi-random generators.
__device__ void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset,
                            curandStateSobol32_t *state);
__device__ void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int scramble_c,
                            unsigned int offset, curandStateScrambledSobol32_t *state);
__device__ void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long offset,
                            curandStateSobol64_t *state);
__device__ unsigned int curand(curandStateSobol32_t *state);
__device__ unsigned int curand(curandStateScrambledSobol32_t *state);
__device__ unsigned long long curand(curandStateSobol64_t *state);
__device__ unsigned int curand(curandStateMtgp32_t *state);
__device__ float curand_uniform(curandStateSobol32_t *state);
__device__ float curand_uniform(curandStateScrambledSobol32_t *state);
__device__ float curand_uniform(curandStateSobol64_t *state);
__device__ float curand_uniform(curandStateMtgp32_t *state);
__device__ float curand_normal(curandStateSobol32_t *state);
__device__ float curand_normal(curandStateMtgp32_t *state);
__device__ double curand_uniform_double(curandStateSobol32_t *state);
__device__ double curand_normal_double(curandStateSobol32_t *state);

#endif
