/*
Matrix multiplication through cuBLASLt, with a separate bias kernel.
*/
#pragma once

#include "cuda_common.h"

// cuBLASLt state, created once by the training program
static cublasLtHandle_t cublaslt_handle;
static void *cublaslt_workspace = NULL;
static const size_t cublaslt_workspace_size = 32 * 1024 * 1024;
static cublasComputeType_t cublas_compute = CUBLAS_COMPUTE_32F;

// out[row, :] += bias, two channels per thread (OC must be even)
__global__ void add_bias_kernel(floatX *out, const floatX *bias, int BT, int OC) {
    int idx = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    if (idx >= BT * OC) { return; }
    int col = idx % OC;
#if __CUDA_ARCH__ >= 800
    // packed bf16 add, native on Ampere and newer
    __nv_bfloat162 *o2 = reinterpret_cast<__nv_bfloat162 *>(out + idx);
    const __nv_bfloat162 b2 = *reinterpret_cast<const __nv_bfloat162 *>(bias + col);
    *o2 = __hadd2(*o2, b2);
#else
    // older GPUs: go through fp32
    out[idx] = (floatX)((float)out[idx] + (float)bias[col]);
    out[idx + 1] = (floatX)((float)out[idx + 1] + (float)bias[col + 1]);
#endif
}

// out (BT, OC) = inp (BT, C) @ weight (OC, C)^T [+ bias (OC)], all row-major.
// cuBLASLt is column-major, so this computes out^T = weight * inp^T.
void matmul_forward_cublaslt(floatX *out, const floatX *inp, const floatX *weight,
                             const floatX *bias, int BT, int C, int OC, cudaStream_t stream) {
    cublasLtMatmulDesc_t operation_desc;
    cublasLtMatmulPreference_t preference;
    cublasLtMatrixLayout_t weight_layout, input_layout, output_layout;
    cublasLtMatmulHeuristicResult_t heuristic;

    cublasOperation_t transa = CUBLAS_OP_T;
    cublasOperation_t transb = CUBLAS_OP_N;
    cublasCheck(cublasLtMatmulDescCreate(&operation_desc, cublas_compute, CUDA_R_32F));
    cublasCheck(cublasLtMatmulDescSetAttribute(operation_desc, CUBLASLT_MATMUL_DESC_TRANSA,
                                               &transa, sizeof(transa)));
    cublasCheck(cublasLtMatmulDescSetAttribute(operation_desc, CUBLASLT_MATMUL_DESC_TRANSB,
                                               &transb, sizeof(transb)));

    cublasCheck(cublasLtMatrixLayoutCreate(&weight_layout, CUBLAS_LOWP, C, OC, C));
    cublasCheck(cublasLtMatrixLayoutCreate(&input_layout, CUBLAS_LOWP, C, BT, C));
    cublasCheck(cublasLtMatrixLayoutCreate(&output_layout, CUBLAS_LOWP, OC, BT, OC));

    cublasCheck(cublasLtMatmulPreferenceCreate(&preference));
    cublasCheck(cublasLtMatmulPreferenceSetAttribute(preference,
                                                     CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                     &cublaslt_workspace_size,
                                                     sizeof(cublaslt_workspace_size)));

    int returned_results = 0;
    cublasCheck(cublasLtMatmulAlgoGetHeuristic(cublaslt_handle, operation_desc, weight_layout,
                                               input_layout, output_layout, output_layout,
                                               preference, 1, &heuristic, &returned_results));
    if (returned_results == 0) {
        printf("No cuBLASLt algorithm: BT=%d C=%d OC=%d\n", BT, C, OC);
        exit(EXIT_FAILURE);
    }

    const float alpha = 1.0f, beta = 0.0f;
    cublasCheck(cublasLtMatmul(cublaslt_handle, operation_desc, &alpha, weight, weight_layout,
                               inp, input_layout, &beta, out, output_layout, out, output_layout,
                               &heuristic.algo, cublaslt_workspace, cublaslt_workspace_size,
                               stream));

    cublasCheck(cublasLtMatmulPreferenceDestroy(preference));
    cublasCheck(cublasLtMatmulDescDestroy(operation_desc));
    cublasCheck(cublasLtMatrixLayoutDestroy(weight_layout));
    cublasCheck(cublasLtMatrixLayoutDestroy(input_layout));
    cublasCheck(cublasLtMatrixLayoutDestroy(output_layout));

    if (bias != NULL) {
        const int block_size = 256;
        const int grid_size = CEIL_DIV(BT * OC / 2, block_size);
        add_bias_kernel<<<grid_size, block_size, 0, stream>>>(out, bias, BT, OC);
        cudaCheck(cudaGetLastError());
    }
}
