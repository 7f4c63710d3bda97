// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: stand-in for cusolverSp_LOWLEVEL_PREVIEW.h, cuSOLVER's low-level sparse API:
// the info objects and the analysis / buffer / factor / zero-pivot / solve steps of sparse LU (host),
// QR and Cholesky (host and device). Declarations only.
#ifndef __SLICEWATT_CUSOLVERSP_LOWLEVEL_PREVIEW_H
#define __SLICEWATT_CUSOLVERSP_LOWLEVEL_PREVIEW_H
#pragma clang system_header
#define CUSOLVERSP_LOWLEVEL_PREVIEW_H_
#include "cusolverSp.h"

typedef struct csrluInfoHost *csrluInfoHost_t;
typedef struct csrqrInfoHost *csrqrInfoHost_t;
typedef struct csrcholInfoHost *csrcholInfoHost_t;
typedef struct csrcholInfo *csrcholInfo_t;

#ifdef __cplusplus
extern "C" {
#endif
// Sparse LU, host path
cusolverStatus_t cusolverSpCreateCsrluInfoHost(csrluInfoHost_t *info);
cusolverStatus_t cusolverSpDestroyCsrluInfoHost(csrluInfoHost_t info);
cusolverStatus_t cusolverSpXcsrluAnalysisHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const int *csrRowPtrA, const int *csrColIndA, csrluInfoHost_t info);
cusolverStatus_t cusolverSpXcsrluNnzHost(cusolverSpHandle_t handle, int *nnzLRef, int *nnzURef, csrluInfoHost_t info);
cusolverStatus_t cusolverSpScsrluBufferInfoHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrluInfoHost_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpScsrluFactorHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                           const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                           csrluInfoHost_t info, float pivot_threshold, void *pBuffer);
cusolverStatus_t cusolverSpScsrluZeroPivotHost(cusolverSpHandle_t handle, csrluInfoHost_t info, float tol, int *position);
cusolverStatus_t cusolverSpScsrluSolveHost(cusolverSpHandle_t handle, int n, const float *b, float *x, csrluInfoHost_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpScsrluExtractHost(cusolverSpHandle_t handle, int *P, int *Q, const cusparseMatDescr_t descrL,
                                            float *csrValL, int *csrRowPtrL, int *csrColIndL,
                                            const cusparseMatDescr_t descrU, float *csrValU, int *csrRowPtrU,
                                            int *csrColIndU, csrluInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpDcsrluBufferInfoHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrluInfoHost_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpDcsrluFactorHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                           const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                           csrluInfoHost_t info, double pivot_threshold, void *pBuffer);
cusolverStatus_t cusolverSpDcsrluZeroPivotHost(cusolverSpHandle_t handle, csrluInfoHost_t info, double tol, int *position);
cusolverStatus_t cusolverSpDcsrluSolveHost(cusolverSpHandle_t handle, int n, const double *b, double *x, csrluInfoHost_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpDcsrluExtractHost(cusolverSpHandle_t handle, int *P, int *Q, const cusparseMatDescr_t descrL,
                                            double *csrValL, int *csrRowPtrL, int *csrColIndL,
                                            const cusparseMatDescr_t descrU, double *csrValU, int *csrRowPtrU,
                                            int *csrColIndU, csrluInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpCcsrluBufferInfoHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrluInfoHost_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpCcsrluFactorHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                           const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                           csrluInfoHost_t info, float pivot_threshold, void *pBuffer);
cusolverStatus_t cusolverSpCcsrluZeroPivotHost(cusolverSpHandle_t handle, csrluInfoHost_t info, float tol, int *position);
cusolverStatus_t cusolverSpCcsrluSolveHost(cusolverSpHandle_t handle, int n, const cuComplex *b, cuComplex *x, csrluInfoHost_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpCcsrluExtractHost(cusolverSpHandle_t handle, int *P, int *Q, const cusparseMatDescr_t descrL,
                                            cuComplex *csrValL, int *csrRowPtrL, int *csrColIndL,
                                            const cusparseMatDescr_t descrU, cuComplex *csrValU, int *csrRowPtrU,
                                            int *csrColIndU, csrluInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpZcsrluBufferInfoHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrluInfoHost_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpZcsrluFactorHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                           const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                           csrluInfoHost_t info, double pivot_threshold, void *pBuffer);
cusolverStatus_t cusolverSpZcsrluZeroPivotHost(cusolverSpHandle_t handle, csrluInfoHost_t info, double tol, int *position);
cusolverStatus_t cusolverSpZcsrluSolveHost(cusolverSpHandle_t handle, int n, const cuDoubleComplex *b, cuDoubleComplex *x, csrluInfoHost_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpZcsrluExtractHost(cusolverSpHandle_t handle, int *P, int *Q, const cusparseMatDescr_t descrL,
                                            cuDoubleComplex *csrValL, int *csrRowPtrL, int *csrColIndL,
                                            const cusparseMatDescr_t descrU, cuDoubleComplex *csrValU, int *csrRowPtrU,
                                            int *csrColIndU, csrluInfoHost_t info, void *pBuffer);
// Sparse QR, host path
cusolverStatus_t cusolverSpCreateCsrqrInfoHost(csrqrInfoHost_t *info);
cusolverStatus_t cusolverSpDestroyCsrqrInfoHost(csrqrInfoHost_t info);
cusolverStatus_t cusolverSpXcsrqrAnalysisHost(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const int *csrRowPtrA, const int *csrColIndA, csrqrInfoHost_t info);
cusolverStatus_t cusolverSpScsrqrBufferInfoHost(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrqrInfoHost_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpScsrqrSetupHost(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                         const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                         float mu, csrqrInfoHost_t info);
cusolverStatus_t cusolverSpScsrqrFactorHost(cusolverSpHandle_t handle, int m, int n, int nnzA, float *b, float *x, csrqrInfoHost_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpScsrqrZeroPivotHost(cusolverSpHandle_t handle, csrqrInfoHost_t info, float tol, int *position);
cusolverStatus_t cusolverSpScsrqrSolveHost(cusolverSpHandle_t handle, int m, int n, float *b, float *x, csrqrInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpDcsrqrBufferInfoHost(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrqrInfoHost_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpDcsrqrSetupHost(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                         const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                         double mu, csrqrInfoHost_t info);
cusolverStatus_t cusolverSpDcsrqrFactorHost(cusolverSpHandle_t handle, int m, int n, int nnzA, double *b, double *x, csrqrInfoHost_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpDcsrqrZeroPivotHost(cusolverSpHandle_t handle, csrqrInfoHost_t info, double tol, int *position);
cusolverStatus_t cusolverSpDcsrqrSolveHost(cusolverSpHandle_t handle, int m, int n, double *b, double *x, csrqrInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpCcsrqrBufferInfoHost(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrqrInfoHost_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpCcsrqrSetupHost(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                         const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                         cuComplex mu, csrqrInfoHost_t info);
cusolverStatus_t cusolverSpCcsrqrFactorHost(cusolverSpHandle_t handle, int m, int n, int nnzA, cuComplex *b, cuComplex *x, csrqrInfoHost_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpCcsrqrZeroPivotHost(cusolverSpHandle_t handle, csrqrInfoHost_t info, float tol, int *position);
cusolverStatus_t cusolverSpCcsrqrSolveHost(cusolverSpHandle_t handle, int m, int n, cuComplex *b, cuComplex *x, csrqrInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpZcsrqrBufferInfoHost(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrqrInfoHost_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpZcsrqrSetupHost(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                         const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                         cuDoubleComplex mu, csrqrInfoHost_t info);
cusolverStatus_t cusolverSpZcsrqrFactorHost(cusolverSpHandle_t handle, int m, int n, int nnzA, cuDoubleComplex *b, cuDoubleComplex *x, csrqrInfoHost_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpZcsrqrZeroPivotHost(cusolverSpHandle_t handle, csrqrInfoHost_t info, double tol, int *position);
cusolverStatus_t cusolverSpZcsrqrSolveHost(cusolverSpHandle_t handle, int m, int n, cuDoubleComplex *b, cuDoubleComplex *x, csrqrInfoHost_t info, void *pBuffer);
// Sparse QR, device path
cusolverStatus_t cusolverSpXcsrqrAnalysis(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const int *csrRowPtrA, const int *csrColIndA, csrqrInfo_t info);
cusolverStatus_t cusolverSpScsrqrBufferInfo(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrqrInfo_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpScsrqrSetup(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                         const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                         float mu, csrqrInfo_t info);
cusolverStatus_t cusolverSpScsrqrFactor(cusolverSpHandle_t handle, int m, int n, int nnzA, float *b, float *x, csrqrInfo_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpScsrqrZeroPivot(cusolverSpHandle_t handle, csrqrInfo_t info, float tol, int *position);
cusolverStatus_t cusolverSpScsrqrSolve(cusolverSpHandle_t handle, int m, int n, float *b, float *x, csrqrInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpDcsrqrBufferInfo(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrqrInfo_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpDcsrqrSetup(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                         const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                         double mu, csrqrInfo_t info);
cusolverStatus_t cusolverSpDcsrqrFactor(cusolverSpHandle_t handle, int m, int n, int nnzA, double *b, double *x, csrqrInfo_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpDcsrqrZeroPivot(cusolverSpHandle_t handle, csrqrInfo_t info, double tol, int *position);
cusolverStatus_t cusolverSpDcsrqrSolve(cusolverSpHandle_t handle, int m, int n, double *b, double *x, csrqrInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpCcsrqrBufferInfo(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrqrInfo_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpCcsrqrSetup(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                         const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                         cuComplex mu, csrqrInfo_t info);
cusolverStatus_t cusolverSpCcsrqrFactor(cusolverSpHandle_t handle, int m, int n, int nnzA, cuComplex *b, cuComplex *x, csrqrInfo_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpCcsrqrZeroPivot(cusolverSpHandle_t handle, csrqrInfo_t info, float tol, int *position);
cusolverStatus_t cusolverSpCcsrqrSolve(cusolverSpHandle_t handle, int m, int n, cuComplex *b, cuComplex *x, csrqrInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpZcsrqrBufferInfo(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                               csrqrInfo_t info, size_t *internalDataInBytes,
                                               size_t *workspaceInBytes);
cusolverStatus_t cusolverSpZcsrqrSetup(cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,
                                         const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                         cuDoubleComplex mu, csrqrInfo_t info);
cusolverStatus_t cusolverSpZcsrqrFactor(cusolverSpHandle_t handle, int m, int n, int nnzA, cuDoubleComplex *b, cuDoubleComplex *x, csrqrInfo_t info,
                                          void *pBuffer);
cusolverStatus_t cusolverSpZcsrqrZeroPivot(cusolverSpHandle_t handle, csrqrInfo_t info, double tol, int *position);
cusolverStatus_t cusolverSpZcsrqrSolve(cusolverSpHandle_t handle, int m, int n, cuDoubleComplex *b, cuDoubleComplex *x, csrqrInfo_t info, void *pBuffer);
// Sparse Cholesky, host path
cusolverStatus_t cusolverSpCreateCsrcholInfoHost(csrcholInfoHost_t *info);
cusolverStatus_t cusolverSpDestroyCsrcholInfoHost(csrcholInfoHost_t info);
cusolverStatus_t cusolverSpXcsrcholAnalysisHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const int *csrRowPtrA, const int *csrColIndA, csrcholInfoHost_t info);
cusolverStatus_t cusolverSpScsrcholBufferInfoHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                                 const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                                 csrcholInfoHost_t info, size_t *internalDataInBytes,
                                                 size_t *workspaceInBytes);
cusolverStatus_t cusolverSpScsrcholFactorHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                             csrcholInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpScsrcholZeroPivotHost(cusolverSpHandle_t handle, csrcholInfoHost_t info, float tol, int *position);
cusolverStatus_t cusolverSpScsrcholSolveHost(cusolverSpHandle_t handle, int n, const float *b, float *x, csrcholInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpDcsrcholBufferInfoHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                                 const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                                 csrcholInfoHost_t info, size_t *internalDataInBytes,
                                                 size_t *workspaceInBytes);
cusolverStatus_t cusolverSpDcsrcholFactorHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                             csrcholInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpDcsrcholZeroPivotHost(cusolverSpHandle_t handle, csrcholInfoHost_t info, double tol, int *position);
cusolverStatus_t cusolverSpDcsrcholSolveHost(cusolverSpHandle_t handle, int n, const double *b, double *x, csrcholInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpCcsrcholBufferInfoHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                                 const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                                 csrcholInfoHost_t info, size_t *internalDataInBytes,
                                                 size_t *workspaceInBytes);
cusolverStatus_t cusolverSpCcsrcholFactorHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                             csrcholInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpCcsrcholZeroPivotHost(cusolverSpHandle_t handle, csrcholInfoHost_t info, float tol, int *position);
cusolverStatus_t cusolverSpCcsrcholSolveHost(cusolverSpHandle_t handle, int n, const cuComplex *b, cuComplex *x, csrcholInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpZcsrcholBufferInfoHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                                 const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                                 csrcholInfoHost_t info, size_t *internalDataInBytes,
                                                 size_t *workspaceInBytes);
cusolverStatus_t cusolverSpZcsrcholFactorHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                             csrcholInfoHost_t info, void *pBuffer);
cusolverStatus_t cusolverSpZcsrcholZeroPivotHost(cusolverSpHandle_t handle, csrcholInfoHost_t info, double tol, int *position);
cusolverStatus_t cusolverSpZcsrcholSolveHost(cusolverSpHandle_t handle, int n, const cuDoubleComplex *b, cuDoubleComplex *x, csrcholInfoHost_t info, void *pBuffer);
// Sparse Cholesky, device path
cusolverStatus_t cusolverSpCreateCsrcholInfo(csrcholInfo_t *info);
cusolverStatus_t cusolverSpDestroyCsrcholInfo(csrcholInfo_t info);
cusolverStatus_t cusolverSpXcsrcholAnalysis(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                               const int *csrRowPtrA, const int *csrColIndA, csrcholInfo_t info);
cusolverStatus_t cusolverSpScsrcholBufferInfo(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                                 const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                                 csrcholInfo_t info, size_t *internalDataInBytes,
                                                 size_t *workspaceInBytes);
cusolverStatus_t cusolverSpScsrcholFactor(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const float *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                             csrcholInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpScsrcholZeroPivot(cusolverSpHandle_t handle, csrcholInfo_t info, float tol, int *position);
cusolverStatus_t cusolverSpScsrcholSolve(cusolverSpHandle_t handle, int n, const float *b, float *x, csrcholInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpScsrcholDiag(cusolverSpHandle_t handle, csrcholInfo_t info, float *diag);
cusolverStatus_t cusolverSpDcsrcholBufferInfo(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                                 const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                                 csrcholInfo_t info, size_t *internalDataInBytes,
                                                 size_t *workspaceInBytes);
cusolverStatus_t cusolverSpDcsrcholFactor(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const double *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                             csrcholInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpDcsrcholZeroPivot(cusolverSpHandle_t handle, csrcholInfo_t info, double tol, int *position);
cusolverStatus_t cusolverSpDcsrcholSolve(cusolverSpHandle_t handle, int n, const double *b, double *x, csrcholInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpDcsrcholDiag(cusolverSpHandle_t handle, csrcholInfo_t info, double *diag);
cusolverStatus_t cusolverSpCcsrcholBufferInfo(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                                 const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                                 csrcholInfo_t info, size_t *internalDataInBytes,
                                                 size_t *workspaceInBytes);
cusolverStatus_t cusolverSpCcsrcholFactor(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const cuComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                             csrcholInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpCcsrcholZeroPivot(cusolverSpHandle_t handle, csrcholInfo_t info, float tol, int *position);
cusolverStatus_t cusolverSpCcsrcholSolve(cusolverSpHandle_t handle, int n, const cuComplex *b, cuComplex *x, csrcholInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpCcsrcholDiag(cusolverSpHandle_t handle, csrcholInfo_t info, float *diag);
cusolverStatus_t cusolverSpZcsrcholBufferInfo(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                                 const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                                 csrcholInfo_t info, size_t *internalDataInBytes,
                                                 size_t *workspaceInBytes);
cusolverStatus_t cusolverSpZcsrcholFactor(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
                                             const cuDoubleComplex *csrValA, const int *csrRowPtrA, const int *csrColIndA,
                                             csrcholInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpZcsrcholZeroPivot(cusolverSpHandle_t handle, csrcholInfo_t info, double tol, int *position);
cusolverStatus_t cusolverSpZcsrcholSolve(cusolverSpHandle_t handle, int n, const cuDoubleComplex *b, cuDoubleComplex *x, csrcholInfo_t info, void *pBuffer);
cusolverStatus_t cusolverSpZcsrcholDiag(cusolverSpHandle_t handle, csrcholInfo_t info, double *diag);
#ifdef __cplusplus
}
#endif

#endif
