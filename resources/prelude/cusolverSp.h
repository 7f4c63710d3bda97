// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: stand-in for cuSOLVER's sparse high-level API (cusolverSp.h): the handle, the
// CSR linear solvers (LU, QR, Cholesky), least squares, eigenvalue, reordering (symrcm, symamd, metisnd,
// perm) and batched QR calls. Declarations only.
#ifndef __SLICEWATT_CUSOLVERSP_H
#define __SLICEWATT_CUSOLVERSP_H
#pragma clang system_header
#define CUSOLVERSP_H_
#include "cuda_runtime.h"
#include "cuComplex.h"
#include "cusparse.h"
#include "cublas_v2.h"
#include "cusolver_common.h"

typedef struct cusolverSpContext *cusolverSpHandle_t;
typedef struct csrqrInfo *csrqrInfo_t;

#ifdef __cplusplus
extern "C" {
#endif
cusolverStatus_t cusolverSpCreate(cusolverSpHandle_t *handle);
cusolverStatus_t cusolverSpDestroy(cusolverSpHandle_t handle);
cusolverStatus_t cusolverSpSetStream(cusolverSpHandle_t handle, cudaStream_t streamId);
cusolverStatus_t cusolverSpGetStream(cusolverSpHandle_t handle, cudaStream_t *streamId);

cusolverStatus_t cusolverSpXcsrissymHost(cusolverSpHandle_t handle, int m, int nnzA, const cusparseMatDescr_t descrA,
                                         const int *csrRowPtrA, const int *csrEndPtrA, const int *csrColIndA,
                                         int *issym);

// Linear solve by LU (host only), QR and Cholesky
cusolverStatus_t cusolverSpScsrlsvluHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                       const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                       const float *b, float tol, int reorder, float *x, int *singularity);
cusolverStatus_t cusolverSpDcsrlsvluHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                       const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                       const double *b, double tol, int reorder, double *x, int *singularity);
cusolverStatus_t cusolverSpCcsrlsvluHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                       const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                       const cuComplex *b, float tol, int reorder, cuComplex *x, int *singularity);
cusolverStatus_t cusolverSpZcsrlsvluHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                       const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                       const cuDoubleComplex *b, double tol, int reorder, cuDoubleComplex *x, int *singularity);
cusolverStatus_t cusolverSpScsrlsvqr(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                       const float *csrVal, const int *csrRowPtr, const int *csrColInd,
                                       const float *b, float tol, int reorder, float *x, int *singularity);
cusolverStatus_t cusolverSpScsrlsvchol(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                         const float *csrVal, const int *csrRowPtr, const int *csrColInd,
                                         const float *b, float tol, int reorder, float *x, int *singularity);
cusolverStatus_t cusolverSpScsrlsvqrHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                       const float *csrVal, const int *csrRowPtr, const int *csrColInd,
                                       const float *b, float tol, int reorder, float *x, int *singularity);
cusolverStatus_t cusolverSpScsrlsvcholHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                         const float *csrVal, const int *csrRowPtr, const int *csrColInd,
                                         const float *b, float tol, int reorder, float *x, int *singularity);
cusolverStatus_t cusolverSpDcsrlsvqr(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                       const double *csrVal, const int *csrRowPtr, const int *csrColInd,
                                       const double *b, double tol, int reorder, double *x, int *singularity);
cusolverStatus_t cusolverSpDcsrlsvchol(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                         const double *csrVal, const int *csrRowPtr, const int *csrColInd,
                                         const double *b, double tol, int reorder, double *x, int *singularity);
cusolverStatus_t cusolverSpDcsrlsvqrHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                       const double *csrVal, const int *csrRowPtr, const int *csrColInd,
                                       const double *b, double tol, int reorder, double *x, int *singularity);
cusolverStatus_t cusolverSpDcsrlsvcholHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                         const double *csrVal, const int *csrRowPtr, const int *csrColInd,
                                         const double *b, double tol, int reorder, double *x, int *singularity);
cusolverStatus_t cusolverSpCcsrlsvqr(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                       const cuComplex *csrVal, const int *csrRowPtr, const int *csrColInd,
                                       const cuComplex *b, float tol, int reorder, cuComplex *x, int *singularity);
cusolverStatus_t cusolverSpCcsrlsvchol(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                         const cuComplex *csrVal, const int *csrRowPtr, const int *csrColInd,
                                         const cuComplex *b, float tol, int reorder, cuComplex *x, int *singularity);
cusolverStatus_t cusolverSpCcsrlsvqrHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                       const cuComplex *csrVal, const int *csrRowPtr, const int *csrColInd,
                                       const cuComplex *b, float tol, int reorder, cuComplex *x, int *singularity);
cusolverStatus_t cusolverSpCcsrlsvcholHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                         const cuComplex *csrVal, const int *csrRowPtr, const int *csrColInd,
                                         const cuComplex *b, float tol, int reorder, cuComplex *x, int *singularity);
cusolverStatus_t cusolverSpZcsrlsvqr(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                       const cuDoubleComplex *csrVal, const int *csrRowPtr, const int *csrColInd,
                                       const cuDoubleComplex *b, double tol, int reorder, cuDoubleComplex *x, int *singularity);
cusolverStatus_t cusolverSpZcsrlsvchol(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                         const cuDoubleComplex *csrVal, const int *csrRowPtr, const int *csrColInd,
                                         const cuDoubleComplex *b, double tol, int reorder, cuDoubleComplex *x, int *singularity);
cusolverStatus_t cusolverSpZcsrlsvqrHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                       const cuDoubleComplex *csrVal, const int *csrRowPtr, const int *csrColInd,
                                       const cuDoubleComplex *b, double tol, int reorder, cuDoubleComplex *x, int *singularity);
cusolverStatus_t cusolverSpZcsrlsvcholHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                         const cuDoubleComplex *csrVal, const int *csrRowPtr, const int *csrColInd,
                                         const cuDoubleComplex *b, double tol, int reorder, cuDoubleComplex *x, int *singularity);
// Least squares by QR (host only)
cusolverStatus_t cusolverSpScsrlsqvqrHost(cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,
                                        const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        const float *b, float tol, int *rankA, float *x, int *p, float *min_norm);
cusolverStatus_t cusolverSpDcsrlsqvqrHost(cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,
                                        const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        const double *b, double tol, int *rankA, double *x, int *p, double *min_norm);
cusolverStatus_t cusolverSpCcsrlsqvqrHost(cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,
                                        const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        const cuComplex *b, float tol, int *rankA, cuComplex *x, int *p, float *min_norm);
cusolverStatus_t cusolverSpZcsrlsqvqrHost(cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,
                                        const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        const cuDoubleComplex *b, double tol, int *rankA, cuDoubleComplex *x, int *p, double *min_norm);
// Eigenvalue by shift-inverse power method
cusolverStatus_t cusolverSpScsreigvsi(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                        const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        float mu0, const float *x0, int maxite, float eps, float *mu, float *x);
cusolverStatus_t cusolverSpScsreigvsiHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                        const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        float mu0, const float *x0, int maxite, float eps, float *mu, float *x);
cusolverStatus_t cusolverSpDcsreigvsi(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                        const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        double mu0, const double *x0, int maxite, double eps, double *mu, double *x);
cusolverStatus_t cusolverSpDcsreigvsiHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                        const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        double mu0, const double *x0, int maxite, double eps, double *mu, double *x);
cusolverStatus_t cusolverSpCcsreigvsi(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                        const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        cuComplex mu0, const cuComplex *x0, int maxite, float eps, cuComplex *mu, cuComplex *x);
cusolverStatus_t cusolverSpCcsreigvsiHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                        const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        cuComplex mu0, const cuComplex *x0, int maxite, float eps, cuComplex *mu, cuComplex *x);
cusolverStatus_t cusolverSpZcsreigvsi(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                        const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        cuDoubleComplex mu0, const cuDoubleComplex *x0, int maxite, double eps, cuDoubleComplex *mu, cuDoubleComplex *x);
cusolverStatus_t cusolverSpZcsreigvsiHost(cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,
                                        const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                        cuDoubleComplex mu0, const cuDoubleComplex *x0, int maxite, double eps, cuDoubleComplex *mu, cuDoubleComplex *x);
// Zero-free diagonal (host only)
cusolverStatus_t cusolverSpScsrzfdHost(cusolverSpHandle_t handle, int n, int nnz, const cusparseMatDescr_t descrA,
                                     const float *csrValA, const int *csrRowPtrA, const int *csrColIndA, int *P,
                                     int *numnz);
cusolverStatus_t cusolverSpDcsrzfdHost(cusolverSpHandle_t handle, int n, int nnz, const cusparseMatDescr_t descrA,
                                     const double *csrValA, const int *csrRowPtrA, const int *csrColIndA, int *P,
                                     int *numnz);
cusolverStatus_t cusolverSpCcsrzfdHost(cusolverSpHandle_t handle, int n, int nnz, const cusparseMatDescr_t descrA,
                                     const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA, int *P,
                                     int *numnz);
cusolverStatus_t cusolverSpZcsrzfdHost(cusolverSpHandle_t handle, int n, int nnz, const cusparseMatDescr_t descrA,
                                     const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA, int *P,
                                     int *numnz);
// Batched sparse QR
cusolverStatus_t cusolverSpScsrqrBufferInfoBatched(cusolverSpHandle_t handle, int m, int n, int nnz,
                                                  const cusparseMatDescr_t descrA, const float *csrVal,
                                                  const int *csrRowPtr, const int *csrColInd, int batchSize,
                                                  csrqrInfo_t info, size_t *internalDataInBytes,
                                                  size_t *workspaceInBytes);
cusolverStatus_t cusolverSpScsrqrsvBatched(cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,
                                          const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                          const float *b, float *x, int batchSize, csrqrInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpDcsrqrBufferInfoBatched(cusolverSpHandle_t handle, int m, int n, int nnz,
                                                  const cusparseMatDescr_t descrA, const double *csrVal,
                                                  const int *csrRowPtr, const int *csrColInd, int batchSize,
                                                  csrqrInfo_t info, size_t *internalDataInBytes,
                                                  size_t *workspaceInBytes);
cusolverStatus_t cusolverSpDcsrqrsvBatched(cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,
                                          const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                          const double *b, double *x, int batchSize, csrqrInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpCcsrqrBufferInfoBatched(cusolverSpHandle_t handle, int m, int n, int nnz,
                                                  const cusparseMatDescr_t descrA, const cuComplex *csrVal,
                                                  const int *csrRowPtr, const int *csrColInd, int batchSize,
                                                  csrqrInfo_t info, size_t *internalDataInBytes,
                                                  size_t *workspaceInBytes);
cusolverStatus_t cusolverSpCcsrqrsvBatched(cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,
                                          const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                          const cuComplex *b, cuComplex *x, int batchSize, csrqrInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpZcsrqrBufferInfoBatched(cusolverSpHandle_t handle, int m, int n, int nnz,
                                                  const cusparseMatDescr_t descrA, const cuDoubleComplex *csrVal,
                                                  const int *csrRowPtr, const int *csrColInd, int batchSize,
                                                  csrqrInfo_t info, size_t *internalDataInBytes,
                                                  size_t *workspaceInBytes);
cusolverStatus_t cusolverSpZcsrqrsvBatched(cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,
                                          const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                          const cuDoubleComplex *b, cuDoubleComplex *x, int batchSize, csrqrInfo_t info, void *pBuffer);

// Reordering and permutation (host)
cusolverStatus_t cusolverSpXcsrsymrcmHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                          const int *csrRowPtrA, const int *csrColIndA, int *p);
cusolverStatus_t cusolverSpXcsrsymmdqHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                          const int *csrRowPtrA, const int *csrColIndA, int *p);
cusolverStatus_t cusolverSpXcsrsymamdHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                          const int *csrRowPtrA, const int *csrColIndA, int *p);
cusolverStatus_t cusolverSpXcsrmetisndHost(cusolverSpHandle_t handle, int n, int nnzA,
                                           const cusparseMatDescr_t descrA, const int *csrRowPtrA,
                                           const int *csrColIndA, const int64_t *options, int *p);
cusolverStatus_t cusolverSpXcsrperm_bufferSizeHost(cusolverSpHandle_t handle, int m, int n, int nnzA,
                                                   const cusparseMatDescr_t descrA, const int *csrRowPtrA,
                                                   const int *csrColIndA, const int *p, const int *q,
                                                   size_t *bufferSizeInBytes);
cusolverStatus_t cusolverSpXcsrpermHost(cusolverSpHandle_t handle, int m, int n, int nnzA,
                                        const cusparseMatDescr_t descrA, int *csrRowPtrA, int *csrColIndA,
                                        const int *p, const int *q, int *map, void *pBuffer);

// Batched sparse QR: info object and symbolic analysis
cusolverStatus_t cusolverSpCreateCsrqrInfo(csrqrInfo_t *info);
cusolverStatus_t cusolverSpDestroyCsrqrInfo(csrqrInfo_t info);
cusolverStatus_t cusolverSpXcsrqrAnalysisBatched(cusolverSpHandle_t handle, int m, int n, int nnzA,
                                                 const cusparseMatDescr_t descrA, const int *csrRowPtrA,
                                                 const int *csrColIndA, csrqrInfo_t info);
#ifdef __cplusplus
}
#endif

#endif
