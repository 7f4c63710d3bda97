/*
Common utilities for the CUDA code: error checking, the floatX precision
type and 128-bit packed loads/stores.
*/
#ifndef CUDA_COMMON_H
#define CUDA_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cublas_v2.h>
#include <cublasLt.h>

namespace cg = cooperative_groups;

#define WARP_SIZE 32U
#define CEIL_DIV(M, N) (((M) + (N) - 1) / (N))

// ----------------------------------------------------------------------------
// error checking

inline void cuda_check(cudaError_t error, const char *file, int line) {
    if (error != cudaSuccess) {
        printf("[CUDA ERROR] at file %s:%d:\n%s\n", file, line, cudaGetErrorString(error));
        exit(EXIT_FAILURE);
    }
}
#define cudaCheck(err) (cuda_check(err, __FILE__, __LINE__))

inline void cublas_check(cublasStatus_t status, const char *file, int line) {
    if (status != CUBLAS_STATUS_SUCCESS) {
        printf("[cuBLAS ERROR] %d at file %s:%d\n", (int)status, file, line);
        exit(EXIT_FAILURE);
    }
}
#define cublasCheck(status) (cublas_check((status), __FILE__, __LINE__))

// ----------------------------------------------------------------------------
// precision: parameters and activations in bf16, accumulation in fp32

typedef __nv_bfloat16 floatX;
#define CUBLAS_LOWP CUDA_R_16BF

// ----------------------------------------------------------------------------
// 128-bit packed values: 4 floats or 8 bf16 moved with one instruction

template <class T>
struct alignas(16) Packed128 {
    static constexpr int kCount = 16 / sizeof(T);
    T payload[kCount];

    __device__ T &operator[](int i) { return payload[i]; }
    __device__ const T &operator[](int i) const { return payload[i]; }

    __device__ static Packed128 from_bits(int4 bits) {
        Packed128 p;
        memcpy(p.payload, &bits, sizeof(bits));
        return p;
    }
    __device__ int4 to_bits() const {
        int4 bits;
        memcpy(&bits, payload, sizeof(bits));
        return bits;
    }
};

typedef Packed128<float> f128;
typedef Packed128<floatX> x128;

// aligned load, default caching
template <class T>
__device__ Packed128<T> load128(const T *address) {
    return Packed128<T>::from_bits(*reinterpret_cast<const int4 *>(address));
}
// aligned load with the streaming hint: data is read once
template <class T>
__device__ Packed128<T> load128cs(const T *address) {
    return Packed128<T>::from_bits(__ldcs(reinterpret_cast<const int4 *>(address)));
}
template <class T>
__device__ void store128(T *target, Packed128<T> value) {
    *reinterpret_cast<int4 *>(target) = value.to_bits();
}
// store with the streaming hint: output is not read again soon
template <class T>
__device__ void store128cs(T *target, Packed128<T> value) {
    __stcs(reinterpret_cast<int4 *>(target), value.to_bits());
}

// warp-wide sum through cooperative groups
__device__ inline float warp_sum(const cg::thread_block_tile<32> &warp, float val) {
    return cg::reduce(warp, val, cg::plus<float>());
}

#endif // CUDA_COMMON_H
