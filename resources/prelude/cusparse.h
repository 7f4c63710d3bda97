// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cuSPARSE generic API, the handle and descriptor types, enums and calls
// real projects use (CSR SpMV/SpMM). Declarations only.
#ifndef __SLICEWATT_CUSPARSE_H
#define __SLICEWATT_CUSPARSE_H
#pragma clang system_header
#define CUSPARSE_H_
#include "cuda_runtime.h"
#include "library_types.h"

typedef enum {
  CUSPARSE_STATUS_SUCCESS = 0,
  CUSPARSE_STATUS_NOT_INITIALIZED = 1,
  CUSPARSE_STATUS_ALLOC_FAILED = 2,
  CUSPARSE_STATUS_INVALID_VALUE = 3,
  CUSPARSE_STATUS_ARCH_MISMATCH = 4,
  CUSPARSE_STATUS_EXECUTION_FAILED = 6,
  CUSPARSE_STATUS_INTERNAL_ERROR = 7,
  CUSPARSE_STATUS_NOT_SUPPORTED = 10,
  CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} cusparseStatus_t;
typedef struct cusparseContext *cusparseHandle_t;
typedef struct cusparseMatDescr *cusparseMatDescr_t;
typedef struct cusparseSpVecDescr *cusparseSpVecDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
typedef enum { CUSPARSE_OPERATION_NON_TRANSPOSE = 0, CUSPARSE_OPERATION_TRANSPOSE = 1, CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2 } cusparseOperation_t;
typedef enum { CUSPARSE_INDEX_16U = 1, CUSPARSE_INDEX_32I = 2, CUSPARSE_INDEX_64I = 3 } cusparseIndexType_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum { CUSPARSE_ORDER_COL = 1, CUSPARSE_ORDER_ROW = 2 } cusparseOrder_t;
typedef enum {
  CUSPARSE_SPMV_ALG_DEFAULT = 0,
  CUSPARSE_SPMV_CSR_ALG1 = 2,
  CUSPARSE_SPMV_CSR_ALG2 = 3,
  CUSPARSE_SPMV_COO_ALG1 = 1,
  CUSPARSE_SPMV_COO_ALG2 = 4
} cusparseSpMVAlg_t;
typedef enum { CUSPARSE_SPMM_ALG_DEFAULT = 0, CUSPARSE_SPMM_CSR_ALG1 = 4, CUSPARSE_SPMM_CSR_ALG2 = 6 } cusparseSpMMAlg_t;

#ifdef __cplusplus
extern "C" {
#endif
cusparseStatus_t cusparseCreate(cusparseHandle_t *handle);
cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId);
const char *cusparseGetErrorString(cusparseStatus_t status);
cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr, long long rows, long long cols, long long nnz,
                                   void *csrRowOffsets, void *csrColInd, void *csrValues,
                                   cusparseIndexType_t csrRowOffsetsType, cusparseIndexType_t csrColIndType,
                                   cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t cusparseDestroySpMat(cusparseSpMatDescr_t spMatDescr);
cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr, long long size, void *values,
                                     cudaDataType valueType);
cusparseStatus_t cusparseDestroyDnVec(cusparseDnVecDescr_t dnVecDescr);
cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *dnMatDescr, long long rows, long long cols, long long ld,
                                     void *values, cudaDataType valueType, cusparseOrder_t order);
cusparseStatus_t cusparseDestroyDnMat(cusparseDnMatDescr_t dnMatDescr);
cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                                         cusparseSpMatDescr_t matA, cusparseDnVecDescr_t vecX, const void *beta,
                                         cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpMVAlg_t alg,
                                         size_t *bufferSize);
cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                              cusparseSpMatDescr_t matA, cusparseDnVecDescr_t vecX, const void *beta,
                              cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpMVAlg_t alg,
                              void *externalBuffer);
cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                         const void *alpha, cusparseSpMatDescr_t matA, cusparseDnMatDescr_t matB,
                                         const void *beta, cusparseDnMatDescr_t matC, cudaDataType computeType,
                                         cusparseSpMMAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                              const void *alpha, cusparseSpMatDescr_t matA, cusparseDnMatDescr_t matB,
                              const void *beta, cusparseDnMatDescr_t matC, cudaDataType computeType,
                              cusparseSpMMAlg_t alg, void *externalBuffer);
#ifdef __cplusplus
}
#endif
#endif
