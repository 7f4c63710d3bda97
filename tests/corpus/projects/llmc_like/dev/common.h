// In the style of llm.c's dev/cuda/common.h: it includes only the runtime and cuBLAS headers
// and relies on them for std::swap (nvcc's cuda_runtime.h includes <utility>) and for
// __nv_bfloat16 (cublas_api.h includes <cuda_bf16.h>), and for uintptr_t (<cstdint>).
#pragma once
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cublasLt.h>

typedef __nv_bfloat16 floatX;

// Packed 128-bit loads need 16-byte aligned buffers; nvcc's headers bring <cstdint>, so
// uintptr_t is there without an include of its own.
inline bool aligned16(const void* p) { return ((uintptr_t)p & 15) == 0; }
// The validators' check of a result, on bf16 and fp16 values as written.
__host__ __device__ inline bool finite_value(floatX v) { return isfinite(v) && !isnan(v) && !isinf(v); }
__host__ __device__ inline bool finite_half(__half v) { return isfinite(v) && !isinf(v); }

template <class T> T ceil_div(T dividend, T divisor) { return (dividend + divisor - 1) / divisor; }

// Benchmarks run the kernel both ways round, swapping the buffers between repetitions.
template <class T> void swap_buffers(T*& a, T*& b) { std::swap(a, b); }

inline std::pair<int, int> block_and_grid(int n, int block) { return std::make_pair(block, ceil_div(n, block)); }
