// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: stand-in for cuSOLVER's dense API (cusolverDn.h): the handle, the LAPACK-like
// S/D/C/Z calls for Cholesky, LU, QR, SVD and symmetric eigensolvers, and the 64-bit generic X calls most
// used. Declarations only.
#ifndef __SLICEWATT_CUSOLVERDN_H
#define __SLICEWATT_CUSOLVERDN_H
#pragma clang system_header
#define CUSOLVERDN_H_
#include "cuda_runtime.h"
#include "cuComplex.h"
#include "cublas_v2.h"
#include "cusolver_common.h"

typedef struct cusolverDnContext *cusolverDnHandle_t;
typedef struct cusolverDnParams *cusolverDnParams_t;
typedef struct syevjInfo *syevjInfo_t;
typedef struct gesvdjInfo *gesvdjInfo_t;
typedef enum { CUSOLVERDN_GETRF = 0, CUSOLVERDN_POTRF = 1 } cusolverDnFunction_t;

#ifdef __cplusplus
extern "C" {
#endif
cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId);
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *streamId);
cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t *params);
cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params);
cusolverStatus_t cusolverDnSetAdvOptions(cusolverDnParams_t params, cusolverDnFunction_t function,
                                         cusolverAlgMode_t algo);
cusolverStatus_t cusolverDnCreateSyevjInfo(syevjInfo_t *info);
cusolverStatus_t cusolverDnDestroySyevjInfo(syevjInfo_t info);
cusolverStatus_t cusolverDnXsyevjSetTolerance(syevjInfo_t info, double tolerance);
cusolverStatus_t cusolverDnXsyevjSetMaxSweeps(syevjInfo_t info, int max_sweeps);
cusolverStatus_t cusolverDnCreateGesvdjInfo(gesvdjInfo_t *info);
cusolverStatus_t cusolverDnDestroyGesvdjInfo(gesvdjInfo_t info);

// Cholesky factorization and solve
cusolverStatus_t cusolverDnSpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, float *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnSpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, float *A, int lda, float *Workspace, int Lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnSpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs, const float *A, int lda,
                                 float *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnSpotri_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, float *A, int lda, int *lwork);
cusolverStatus_t cusolverDnSpotri(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, float *A, int lda, float *work, int lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnDpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, double *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnDpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, double *A, int lda, double *Workspace, int Lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnDpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs, const double *A, int lda,
                                 double *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnDpotri_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, double *A, int lda, int *lwork);
cusolverStatus_t cusolverDnDpotri(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, double *A, int lda, double *work, int lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnCpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, cuComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnCpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, cuComplex *A, int lda, cuComplex *Workspace, int Lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnCpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs, const cuComplex *A, int lda,
                                 cuComplex *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnCpotri_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, cuComplex *A, int lda, int *lwork);
cusolverStatus_t cusolverDnCpotri(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, cuComplex *A, int lda, cuComplex *work, int lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnZpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, cuDoubleComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnZpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, cuDoubleComplex *A, int lda, cuDoubleComplex *Workspace, int Lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnZpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs, const cuDoubleComplex *A, int lda,
                                 cuDoubleComplex *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnZpotri_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, cuDoubleComplex *A, int lda, int *lwork);
cusolverStatus_t cusolverDnZpotri(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, cuDoubleComplex *A, int lda, cuDoubleComplex *work, int lwork,
                                 int *devInfo);
// LU factorization and solve
cusolverStatus_t cusolverDnSgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, float *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnSgetrf(cusolverDnHandle_t handle, int m, int n, float *A, int lda, float *Workspace, int *devIpiv,
                                 int *devInfo);
cusolverStatus_t cusolverDnSgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs, const float *A, int lda,
                                 const int *devIpiv, float *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnDgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, double *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnDgetrf(cusolverDnHandle_t handle, int m, int n, double *A, int lda, double *Workspace, int *devIpiv,
                                 int *devInfo);
cusolverStatus_t cusolverDnDgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs, const double *A, int lda,
                                 const int *devIpiv, double *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnCgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, cuComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnCgetrf(cusolverDnHandle_t handle, int m, int n, cuComplex *A, int lda, cuComplex *Workspace, int *devIpiv,
                                 int *devInfo);
cusolverStatus_t cusolverDnCgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs, const cuComplex *A, int lda,
                                 const int *devIpiv, cuComplex *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnZgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, cuDoubleComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnZgetrf(cusolverDnHandle_t handle, int m, int n, cuDoubleComplex *A, int lda, cuDoubleComplex *Workspace, int *devIpiv,
                                 int *devInfo);
cusolverStatus_t cusolverDnZgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n, int nrhs, const cuDoubleComplex *A, int lda,
                                 const int *devIpiv, cuDoubleComplex *B, int ldb, int *devInfo);
// QR factorization
cusolverStatus_t cusolverDnSgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, float *A, int lda, int *lwork);
cusolverStatus_t cusolverDnSgeqrf(cusolverDnHandle_t handle, int m, int n, float *A, int lda, float *TAU, float *Workspace, int Lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnDgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, double *A, int lda, int *lwork);
cusolverStatus_t cusolverDnDgeqrf(cusolverDnHandle_t handle, int m, int n, double *A, int lda, double *TAU, double *Workspace, int Lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnCgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, cuComplex *A, int lda, int *lwork);
cusolverStatus_t cusolverDnCgeqrf(cusolverDnHandle_t handle, int m, int n, cuComplex *A, int lda, cuComplex *TAU, cuComplex *Workspace, int Lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnZgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, cuDoubleComplex *A, int lda, int *lwork);
cusolverStatus_t cusolverDnZgeqrf(cusolverDnHandle_t handle, int m, int n, cuDoubleComplex *A, int lda, cuDoubleComplex *TAU, cuDoubleComplex *Workspace, int Lwork,
                                 int *devInfo);
// Applying and forming Q (orm/unm, org/ung)
cusolverStatus_t cusolverDnSormqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m,
                                            int n, int k, const float *A, int lda, const float *tau, const float *C,
                                            int ldc, int *lwork);
cusolverStatus_t cusolverDnSormqr(cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m, int n, int k,
                                 const float *A, int lda, const float *tau, float *C, int ldc, float *work, int lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnSorgqr_bufferSize(cusolverDnHandle_t handle, int m, int n, int k, const float *A, int lda, const float *tau,
                                            int *lwork);
cusolverStatus_t cusolverDnSorgqr(cusolverDnHandle_t handle, int m, int n, int k, float *A, int lda, const float *tau, float *work,
                                 int lwork, int *info);
cusolverStatus_t cusolverDnDormqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m,
                                            int n, int k, const double *A, int lda, const double *tau, const double *C,
                                            int ldc, int *lwork);
cusolverStatus_t cusolverDnDormqr(cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m, int n, int k,
                                 const double *A, int lda, const double *tau, double *C, int ldc, double *work, int lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnDorgqr_bufferSize(cusolverDnHandle_t handle, int m, int n, int k, const double *A, int lda, const double *tau,
                                            int *lwork);
cusolverStatus_t cusolverDnDorgqr(cusolverDnHandle_t handle, int m, int n, int k, double *A, int lda, const double *tau, double *work,
                                 int lwork, int *info);
cusolverStatus_t cusolverDnCunmqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m,
                                            int n, int k, const cuComplex *A, int lda, const cuComplex *tau, const cuComplex *C,
                                            int ldc, int *lwork);
cusolverStatus_t cusolverDnCunmqr(cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m, int n, int k,
                                 const cuComplex *A, int lda, const cuComplex *tau, cuComplex *C, int ldc, cuComplex *work, int lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnCungqr_bufferSize(cusolverDnHandle_t handle, int m, int n, int k, const cuComplex *A, int lda, const cuComplex *tau,
                                            int *lwork);
cusolverStatus_t cusolverDnCungqr(cusolverDnHandle_t handle, int m, int n, int k, cuComplex *A, int lda, const cuComplex *tau, cuComplex *work,
                                 int lwork, int *info);
cusolverStatus_t cusolverDnZunmqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m,
                                            int n, int k, const cuDoubleComplex *A, int lda, const cuDoubleComplex *tau, const cuDoubleComplex *C,
                                            int ldc, int *lwork);
cusolverStatus_t cusolverDnZunmqr(cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m, int n, int k,
                                 const cuDoubleComplex *A, int lda, const cuDoubleComplex *tau, cuDoubleComplex *C, int ldc, cuDoubleComplex *work, int lwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnZungqr_bufferSize(cusolverDnHandle_t handle, int m, int n, int k, const cuDoubleComplex *A, int lda, const cuDoubleComplex *tau,
                                            int *lwork);
cusolverStatus_t cusolverDnZungqr(cusolverDnHandle_t handle, int m, int n, int k, cuDoubleComplex *A, int lda, const cuDoubleComplex *tau, cuDoubleComplex *work,
                                 int lwork, int *info);
// Singular value decomposition
cusolverStatus_t cusolverDnSgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int *lwork);
cusolverStatus_t cusolverDnSgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt, int m, int n, float *A, int lda,
                                 float *S, float *U, int ldu, float *VT, int ldvt, float *work, int lwork, float *rwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnDgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int *lwork);
cusolverStatus_t cusolverDnDgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt, int m, int n, double *A, int lda,
                                 double *S, double *U, int ldu, double *VT, int ldvt, double *work, int lwork, double *rwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnCgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int *lwork);
cusolverStatus_t cusolverDnCgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt, int m, int n, cuComplex *A, int lda,
                                 float *S, cuComplex *U, int ldu, cuComplex *VT, int ldvt, cuComplex *work, int lwork, float *rwork,
                                 int *devInfo);
cusolverStatus_t cusolverDnZgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int *lwork);
cusolverStatus_t cusolverDnZgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt, int m, int n, cuDoubleComplex *A, int lda,
                                 double *S, cuDoubleComplex *U, int ldu, cuDoubleComplex *VT, int ldvt, cuDoubleComplex *work, int lwork, double *rwork,
                                 int *devInfo);
// Symmetric / Hermitian eigenvalue problems
cusolverStatus_t cusolverDnSsyevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                                            const float *A, int lda, const float *W, int *lwork);
cusolverStatus_t cusolverDnSsyevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, float *A, int lda,
                                 float *W, float *work, int lwork, int *info);
cusolverStatus_t cusolverDnSsyevj_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                                            const float *A, int lda, const float *W, int *lwork, syevjInfo_t params);
cusolverStatus_t cusolverDnSsyevj(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, float *A, int lda,
                                 float *W, float *work, int lwork, int *info, syevjInfo_t params);
cusolverStatus_t cusolverDnDsyevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                                            const double *A, int lda, const double *W, int *lwork);
cusolverStatus_t cusolverDnDsyevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, double *A, int lda,
                                 double *W, double *work, int lwork, int *info);
cusolverStatus_t cusolverDnDsyevj_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                                            const double *A, int lda, const double *W, int *lwork, syevjInfo_t params);
cusolverStatus_t cusolverDnDsyevj(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, double *A, int lda,
                                 double *W, double *work, int lwork, int *info, syevjInfo_t params);
cusolverStatus_t cusolverDnCheevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                                            const cuComplex *A, int lda, const float *W, int *lwork);
cusolverStatus_t cusolverDnCheevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, cuComplex *A, int lda,
                                 float *W, cuComplex *work, int lwork, int *info);
cusolverStatus_t cusolverDnCheevj_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                                            const cuComplex *A, int lda, const float *W, int *lwork, syevjInfo_t params);
cusolverStatus_t cusolverDnCheevj(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, cuComplex *A, int lda,
                                 float *W, cuComplex *work, int lwork, int *info, syevjInfo_t params);
cusolverStatus_t cusolverDnZheevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                                            const cuDoubleComplex *A, int lda, const double *W, int *lwork);
cusolverStatus_t cusolverDnZheevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, cuDoubleComplex *A, int lda,
                                 double *W, cuDoubleComplex *work, int lwork, int *info);
cusolverStatus_t cusolverDnZheevj_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,
                                            const cuDoubleComplex *A, int lda, const double *W, int *lwork, syevjInfo_t params);
cusolverStatus_t cusolverDnZheevj(cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, cuDoubleComplex *A, int lda,
                                 double *W, cuDoubleComplex *work, int lwork, int *info, syevjInfo_t params);

// 64-bit generic API
cusolverStatus_t cusolverDnXpotrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
                                             cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA,
                                             const void *A, int64_t lda, cudaDataType computeType,
                                             size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXpotrf(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasFillMode_t uplo,
                                  int64_t n, cudaDataType dataTypeA, void *A, int64_t lda, cudaDataType computeType,
                                  void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
                                  size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXpotrs(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasFillMode_t uplo,
                                  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void *A, int64_t lda,
                                  cudaDataType dataTypeB, void *B, int64_t ldb, int *info);
cusolverStatus_t cusolverDnXgetrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m,
                                             int64_t n, cudaDataType dataTypeA, const void *A, int64_t lda,
                                             cudaDataType computeType, size_t *workspaceInBytesOnDevice,
                                             size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgetrf(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m, int64_t n,
                                  cudaDataType dataTypeA, void *A, int64_t lda, int64_t *ipiv,
                                  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
                                  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXgetrs(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasOperation_t trans,
                                  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void *A, int64_t lda,
                                  const int64_t *ipiv, cudaDataType dataTypeB, void *B, int64_t ldb, int *info);
cusolverStatus_t cusolverDnXgeqrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m,
                                             int64_t n, cudaDataType dataTypeA, const void *A, int64_t lda,
                                             cudaDataType dataTypeTau, const void *tau, cudaDataType computeType,
                                             size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgeqrf(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m, int64_t n,
                                  cudaDataType dataTypeA, void *A, int64_t lda, cudaDataType dataTypeTau, void *tau,
                                  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
                                  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXsyevd_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
                                             cusolverEigMode_t jobz, cublasFillMode_t uplo, int64_t n,
                                             cudaDataType dataTypeA, const void *A, int64_t lda,
                                             cudaDataType dataTypeW, const void *W, cudaDataType computeType,
                                             size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXsyevd(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
                                  cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
                                  cudaDataType dataTypeW, void *W, cudaDataType computeType, void *bufferOnDevice,
                                  size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
                                  int *info);
#ifdef __cplusplus
}
#endif

#endif
