// In the style of llm.c's dev/cuda/common.h: it includes only the runtime and cuBLAS headers
// and relies on them for std::swap (nvcc's cuda_runtime.h includes <utility>) and for
// __nv_bfloat16 (cublas_api.h includes <cuda_bf16.h>).
#pragma once
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cublasLt.h>

typedef __nv_bfloat16 floatX;

template <class T> T ceil_div(T dividend, T divisor) { return (dividend + divisor - 1) / divisor; }

// Benchmarks run the kernel both ways round, swapping the buffers between repetitions.
template <class T> void swap_buffers(T*& a, T*& b) { std::swap(a, b); }

inline std::pair<int, int> block_and_grid(int n, int block) { return std::make_pair(block, ceil_div(n, block)); }
