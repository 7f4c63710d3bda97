/*
 * common.h -- small helpers shared by the benchmark drivers.
 */
#ifndef _COMMON_H_
#define _COMMON_H_

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <cuda_runtime.h>

#define CUDA_SAFE_CALL(call)                                                  \
    do {                                                                      \
        cudaError_t err_ = (call);                                            \
        if (err_ != cudaSuccess) {                                            \
            fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,  \
                    cudaGetErrorString(err_));                                \
            exit(EXIT_FAILURE);                                               \
        }                                                                     \
    } while (0)

#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))
#define MIN(a, b) ((a) <= (b) ? (a) : (b))
#define MAX(a, b) ((a) >= (b) ? (a) : (b))

/* index clamped to [0, n-1]: replicates the border cell */
__device__ __forceinline__ int
clamp_idx(int i, int n)
{
    return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

static void
fatal(const char *msg)
{
    fprintf(stderr, "error: %s\n", msg);
    exit(1);
}

static double
elapsed_ms(clock_t start, clock_t end)
{
    return 1000.0 * (double)(end - start) / CLOCKS_PER_SEC;
}

/* fills m with uniform values in [lo, hi) */
static void
random_matrix(float *m, int rows, int cols, float lo, float hi)
{
    for (int i = 0; i < rows * cols; i++)
        m[i] = lo + (hi - lo) * ((float)rand() / ((float)RAND_MAX + 1.0f));
}

#endif /* _COMMON_H_ */
