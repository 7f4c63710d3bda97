// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cuBLAS v2 API, common subset (handle, BLAS-1/2/3, GemmEx, batched GEMM).
#ifndef __SLICEWATT_CUBLAS_V2_H
#define __SLICEWATT_CUBLAS_V2_H
#pragma clang system_header
#define CUBLAS_V2_H_
#define CUBLAS_API_H_
#include "cuda_runtime.h"
#include "cuComplex.h"
#include "cuda_fp16.h"
#include "cuda_bf16.h" // as cublas_api.h does: __nv_bfloat16 comes with cuBLAS
#include "library_types.h"

typedef enum {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_ALLOC_FAILED = 3,
  CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_ARCH_MISMATCH = 8,
  CUBLAS_STATUS_MAPPING_ERROR = 11,
  CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_INTERNAL_ERROR = 14,
  CUBLAS_STATUS_NOT_SUPPORTED = 15,
  CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2, CUBLAS_OP_HERMITAN = 2, CUBLAS_OP_CONJG = 3 } cublasOperation_t;
typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1, CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum {
  CUBLAS_DEFAULT_MATH = 0,
  CUBLAS_TENSOR_OP_MATH = 1,
  CUBLAS_PEDANTIC_MATH = 2,
  CUBLAS_TF32_TENSOR_OP_MATH = 3,
  CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16
} cublasMath_t;
typedef enum {
  CUBLAS_GEMM_DEFAULT = -1,
  CUBLAS_GEMM_ALGO0 = 0,
  CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99,
  CUBLAS_GEMM_ALGO0_TENSOR_OP = 100
} cublasGemmAlgo_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64,
  CUBLAS_COMPUTE_16F_PEDANTIC = 65,
  CUBLAS_COMPUTE_32F = 68,
  CUBLAS_COMPUTE_32F_PEDANTIC = 69,
  CUBLAS_COMPUTE_32F_FAST_16F = 74,
  CUBLAS_COMPUTE_32F_FAST_16BF = 75,
  CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_64F = 70,
  CUBLAS_COMPUTE_64F_PEDANTIC = 71,
  CUBLAS_COMPUTE_32I = 72,
  CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;

typedef struct cublasContext *cublasHandle_t;

extern "C" {
cublasStatus_t cublasCreate(cublasHandle_t *handle);
cublasStatus_t cublasDestroy(cublasHandle_t handle);
cublasStatus_t cublasGetVersion(cublasHandle_t handle, int *version);
cublasStatus_t cublasSetStream(cublasHandle_t handle, cudaStream_t streamId);
cublasStatus_t cublasGetStream(cublasHandle_t handle, cudaStream_t *streamId);
cublasStatus_t cublasSetPointerMode(cublasHandle_t handle, cublasPointerMode_t mode);
cublasStatus_t cublasGetPointerMode(cublasHandle_t handle, cublasPointerMode_t *mode);
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
cublasStatus_t cublasSetWorkspace(cublasHandle_t handle, void *workspace, size_t workspaceSizeInBytes);
const char *cublasGetStatusName(cublasStatus_t status);
const char *cublasGetStatusString(cublasStatus_t status);
cublasStatus_t cublasSetVector(int n, int elemSize, const void *x, int incx, void *devicePtr, int incy);
cublasStatus_t cublasGetVector(int n, int elemSize, const void *x, int incx, void *y, int incy);
cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb);
cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb);
cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void *hostPtr, int incx, void *devicePtr, int incy,
                                    cudaStream_t stream);
cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void *devicePtr, int incx, void *hostPtr, int incy,
                                    cudaStream_t stream);
cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb,
                                    cudaStream_t stream);
cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb,
                                    cudaStream_t stream);

// BLAS-1 (S/D; C/Z where commonly used)
#define __SW_BLAS1(P, T)                                                                              \
  cublasStatus_t cublas##P##axpy(cublasHandle_t handle, int n, const T *alpha, const T *x, int incx, T *y,  \
                                 int incy);                                                                \
  cublasStatus_t cublas##P##copy(cublasHandle_t handle, int n, const T *x, int incx, T *y, int incy);      \
  cublasStatus_t cublas##P##swap(cublasHandle_t handle, int n, T *x, int incx, T *y, int incy);            \
  cublasStatus_t cublas##P##scal(cublasHandle_t handle, int n, const T *alpha, T *x, int incx);
__SW_BLAS1(S, float)
__SW_BLAS1(D, double)
__SW_BLAS1(C, cuComplex)
__SW_BLAS1(Z, cuDoubleComplex)
#undef __SW_BLAS1
cublasStatus_t cublasSdot(cublasHandle_t handle, int n, const float *x, int incx, const float *y, int incy,
                          float *result);
cublasStatus_t cublasDdot(cublasHandle_t handle, int n, const double *x, int incx, const double *y, int incy,
                          double *result);
cublasStatus_t cublasSnrm2(cublasHandle_t handle, int n, const float *x, int incx, float *result);
cublasStatus_t cublasDnrm2(cublasHandle_t handle, int n, const double *x, int incx, double *result);
cublasStatus_t cublasSasum(cublasHandle_t handle, int n, const float *x, int incx, float *result);
cublasStatus_t cublasDasum(cublasHandle_t handle, int n, const double *x, int incx, double *result);
cublasStatus_t cublasIsamax(cublasHandle_t handle, int n, const float *x, int incx, int *result);
cublasStatus_t cublasIdamax(cublasHandle_t handle, int n, const double *x, int incx, int *result);
cublasStatus_t cublasIsamin(cublasHandle_t handle, int n, const float *x, int incx, int *result);
cublasStatus_t cublasIdamin(cublasHandle_t handle, int n, const double *x, int incx, int *result);

// BLAS-2 / BLAS-3
#define __SW_BLAS23(P, T)                                                                                   \
  cublasStatus_t cublas##P##gemv(cublasHandle_t handle, cublasOperation_t trans, int m, int n, const T *alpha, \
                                 const T *A, int lda, const T *x, int incx, const T *beta, T *y, int incy);   \
  cublasStatus_t cublas##P##ger(cublasHandle_t handle, int m, int n, const T *alpha, const T *x, int incx,     \
                                const T *y, int incy, T *A, int lda);                                         \
  cublasStatus_t cublas##P##gemm(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,   \
                                 int m, int n, int k, const T *alpha, const T *A, int lda, const T *B, int ldb, \
                                 const T *beta, T *C, int ldc);                                               \
  cublasStatus_t cublas##P##gemmBatched(cublasHandle_t handle, cublasOperation_t transa,                      \
                                        cublasOperation_t transb, int m, int n, int k, const T *alpha,        \
                                        const T *const Aarray[], int lda, const T *const Barray[], int ldb,   \
                                        const T *beta, T *const Carray[], int ldc, int batchCount);           \
  cublasStatus_t cublas##P##gemmStridedBatched(                                                               \
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,         \
      const T *alpha, const T *A, int lda, long long strideA, const T *B, int ldb, long long strideB,         \
      const T *beta, T *C, int ldc, long long strideC, int batchCount);                                       \
  cublasStatus_t cublas##P##trsm(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,         \
                                 cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const T *alpha, \
                                 const T *A, int lda, T *B, int ldb);                                         \
  cublasStatus_t cublas##P##syrk(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
                                 int k, const T *alpha, const T *A, int lda, const T *beta, T *C, int ldc);   \
  cublasStatus_t cublas##P##geam(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,   \
                                 int m, int n, const T *alpha, const T *A, int lda, const T *beta, const T *B, \
                                 int ldb, T *C, int ldc);
__SW_BLAS23(S, float)
__SW_BLAS23(D, double)
__SW_BLAS23(C, cuComplex)
__SW_BLAS23(Z, cuDoubleComplex)
#undef __SW_BLAS23
cublasStatus_t cublasHgemm(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                           int k, const __half *alpha, const __half *A, int lda, const __half *B, int ldb,
                           const __half *beta, __half *C, int ldc);
cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                            int k, const void *alpha, const void *A, cudaDataType Atype, int lda, const void *B,
                            cudaDataType Btype, int ldb, const void *beta, void *C, cudaDataType Ctype, int ldc,
                            cublasComputeType_t computeType, cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t handle, cublasOperation_t transa,
                                          cublasOperation_t transb, int m, int n, int k, const void *alpha,
                                          const void *A, cudaDataType Atype, int lda, long long strideA,
                                          const void *B, cudaDataType Btype, int ldb, long long strideB,
                                          const void *beta, void *C, cudaDataType Ctype, int ldc,
                                          long long strideC, int batchCount, cublasComputeType_t computeType,
                                          cublasGemmAlgo_t algo);
}

// cublas_api.h declares the v2 entry points as cublasXxx_v2 and cublas_v2.h maps the plain names onto
// them; here the plain names are the declarations, so code spelling the _v2 names directly is mapped back.
#define cublasCreate_v2 cublasCreate
#define cublasDestroy_v2 cublasDestroy
#define cublasGetVersion_v2 cublasGetVersion
#define cublasSetStream_v2 cublasSetStream
#define cublasGetStream_v2 cublasGetStream
#define cublasGetPointerMode_v2 cublasGetPointerMode
#define cublasSetPointerMode_v2 cublasSetPointerMode
#define cublasSdot_v2 cublasSdot
#define cublasDdot_v2 cublasDdot
#define cublasSnrm2_v2 cublasSnrm2
#define cublasDnrm2_v2 cublasDnrm2
#define cublasSasum_v2 cublasSasum
#define cublasDasum_v2 cublasDasum
#define cublasIsamax_v2 cublasIsamax
#define cublasIdamax_v2 cublasIdamax
#define cublasIsamin_v2 cublasIsamin
#define cublasIdamin_v2 cublasIdamin
#define cublasSaxpy_v2 cublasSaxpy
#define cublasScopy_v2 cublasScopy
#define cublasSscal_v2 cublasSscal
#define cublasSswap_v2 cublasSswap
#define cublasSgemv_v2 cublasSgemv
#define cublasSgemm_v2 cublasSgemm
#define cublasStrsm_v2 cublasStrsm
#define cublasSsyrk_v2 cublasSsyrk
#define cublasDaxpy_v2 cublasDaxpy
#define cublasDcopy_v2 cublasDcopy
#define cublasDscal_v2 cublasDscal
#define cublasDswap_v2 cublasDswap
#define cublasDgemv_v2 cublasDgemv
#define cublasDgemm_v2 cublasDgemm
#define cublasDtrsm_v2 cublasDtrsm
#define cublasDsyrk_v2 cublasDsyrk
#define cublasCaxpy_v2 cublasCaxpy
#define cublasCcopy_v2 cublasCcopy
#define cublasCscal_v2 cublasCscal
#define cublasCswap_v2 cublasCswap
#define cublasCgemv_v2 cublasCgemv
#define cublasCgemm_v2 cublasCgemm
#define cublasCtrsm_v2 cublasCtrsm
#define cublasCsyrk_v2 cublasCsyrk
#define cublasZaxpy_v2 cublasZaxpy
#define cublasZcopy_v2 cublasZcopy
#define cublasZscal_v2 cublasZscal
#define cublasZswap_v2 cublasZswap
#define cublasZgemv_v2 cublasZgemv
#define cublasZgemm_v2 cublasZgemm
#define cublasZtrsm_v2 cublasZtrsm
#define cublasZsyrk_v2 cublasZsyrk
#define cublasSger_v2 cublasSger
#define cublasDger_v2 cublasDger

#endif
