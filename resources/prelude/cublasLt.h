// SPDX-License-Identifier: GPL-3.0-or-later
// SliceWatt CUDA prelude: cuBLASLt API, the subset real projects call (llm.c-style matmuls with
// epilogues): handle, matmul/layout/preference descriptors with their attributes, heuristics,
// cublasLtMatmul. Declarations only: SliceWatt analyses kernels, it never calls cuBLASLt.
#ifndef __SLICEWATT_CUBLASLT_H
#define __SLICEWATT_CUBLASLT_H
#pragma clang system_header
#define CUBLASLT_H_
#include "cublas_v2.h"
#include "library_types.h"

typedef struct cublasLtContext* cublasLtHandle_t;
typedef struct cublasLtMatmulDescOpaque_st* cublasLtMatmulDesc_t;
typedef struct cublasLtMatrixLayoutOpaque_st* cublasLtMatrixLayout_t;
typedef struct cublasLtMatmulPreferenceOpaque_st* cublasLtMatmulPreference_t;
typedef struct cublasLtMatrixTransformDescOpaque_st* cublasLtMatrixTransformDesc_t;
typedef struct {
  unsigned long long data[8];
} cublasLtMatmulAlgo_t;
typedef struct {
  cublasLtMatmulAlgo_t algo;
  size_t workspaceSize;
  cublasStatus_t state;
  float wavesCount;
  int reserved[4];
} cublasLtMatmulHeuristicResult_t;

typedef enum {
  CUBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0,
  CUBLASLT_MATMUL_DESC_SCALE_TYPE = 1,
  CUBLASLT_MATMUL_DESC_POINTER_MODE = 2,
  CUBLASLT_MATMUL_DESC_TRANSA = 3,
  CUBLASLT_MATMUL_DESC_TRANSB = 4,
  CUBLASLT_MATMUL_DESC_TRANSC = 5,
  CUBLASLT_MATMUL_DESC_FILL_MODE = 6,
  CUBLASLT_MATMUL_DESC_EPILOGUE = 7,
  CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8,
  CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE = 10,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 11,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 12,
  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 13,
  CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE = 14,
  CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET = 15,
  CUBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17,
  CUBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18,
  CUBLASLT_MATMUL_DESC_C_SCALE_POINTER = 19,
  CUBLASLT_MATMUL_DESC_D_SCALE_POINTER = 20,
  CUBLASLT_MATMUL_DESC_AMAX_D_POINTER = 21,
  CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26,
  CUBLASLT_MATMUL_DESC_FAST_ACCUM = 25
} cublasLtMatmulDescAttributes_t;

typedef enum {
  CUBLASLT_EPILOGUE_DEFAULT = 1,
  CUBLASLT_EPILOGUE_RELU = 2,
  CUBLASLT_EPILOGUE_RELU_AUX = 130,
  CUBLASLT_EPILOGUE_BIAS = 4,
  CUBLASLT_EPILOGUE_RELU_BIAS = 6,
  CUBLASLT_EPILOGUE_RELU_AUX_BIAS = 134,
  CUBLASLT_EPILOGUE_DRELU = 136,
  CUBLASLT_EPILOGUE_DRELU_BGRAD = 152,
  CUBLASLT_EPILOGUE_GELU = 32,
  CUBLASLT_EPILOGUE_GELU_AUX = 160,
  CUBLASLT_EPILOGUE_GELU_BIAS = 36,
  CUBLASLT_EPILOGUE_GELU_AUX_BIAS = 164,
  CUBLASLT_EPILOGUE_DGELU = 192,
  CUBLASLT_EPILOGUE_DGELU_BGRAD = 208,
  CUBLASLT_EPILOGUE_BGRADA = 256,
  CUBLASLT_EPILOGUE_BGRADB = 512
} cublasLtEpilogue_t;

typedef enum {
  CUBLASLT_MATRIX_LAYOUT_TYPE = 0,
  CUBLASLT_MATRIX_LAYOUT_ORDER = 1,
  CUBLASLT_MATRIX_LAYOUT_ROWS = 2,
  CUBLASLT_MATRIX_LAYOUT_COLS = 3,
  CUBLASLT_MATRIX_LAYOUT_LD = 4,
  CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5,
  CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6
} cublasLtMatrixLayoutAttribute_t;

typedef enum {
  CUBLASLT_ORDER_COL = 0,
  CUBLASLT_ORDER_ROW = 1,
  CUBLASLT_ORDER_COL32 = 2,
  CUBLASLT_ORDER_COL4_4R2_8C = 3,
  CUBLASLT_ORDER_COL32_2R_4R4 = 4
} cublasLtOrder_t;

typedef enum {
  CUBLASLT_MATMUL_PREF_SEARCH_MODE = 0,
  CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,
  CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK = 3,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES = 5,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES = 6,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES = 7,
  CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES = 8
} cublasLtMatmulPreferenceAttributes_t;

#ifdef __cplusplus
extern "C" {
#endif
cublasStatus_t cublasLtCreate(cublasLtHandle_t* lightHandle);
cublasStatus_t cublasLtDestroy(cublasLtHandle_t lightHandle);
size_t cublasLtGetVersion(void);
cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t* matmulDesc, cublasComputeType_t computeType,
                                        cudaDataType_t scaleType);
cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t matmulDesc);
cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
                                              const void* buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t* matLayout, cudaDataType type, unsigned long long rows,
                                          unsigned long long cols, long long ld);
cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout);
cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t matLayout, cublasLtMatrixLayoutAttribute_t attr,
                                                const void* buf, size_t sizeInBytes);
cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t* pref);
cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref);
cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t pref,
                                                    cublasLtMatmulPreferenceAttributes_t attr, const void* buf,
                                                    size_t sizeInBytes);
cublasStatus_t cublasLtMatmulAlgoGetHeuristic(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc,
                                              cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
                                              cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
                                              cublasLtMatmulPreference_t preference, int requestedAlgoCount,
                                              cublasLtMatmulHeuristicResult_t heuristicResultsArray[],
                                              int* returnAlgoCount);
cublasStatus_t cublasLtMatmul(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc, const void* alpha,
                              const void* A, cublasLtMatrixLayout_t Adesc, const void* B, cublasLtMatrixLayout_t Bdesc,
                              const void* beta, const void* C, cublasLtMatrixLayout_t Cdesc, void* D,
                              cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t* algo, void* workspace,
                              size_t workspaceSizeInBytes, cudaStream_t stream);
#ifdef __cplusplus
}
#endif

#endif
