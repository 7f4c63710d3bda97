/*
Token/position encoder, LayerNorm, residual and GELU forward passes,
each a kernel plus a host launcher that picks the launch configuration.
*/
#pragma once

#include <math.h>
#include "cuda_common.h"

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

// ----------------------------------------------------------------------------
// kernels

// out[b,t,:] = wte[tokens[b,t],:] + wpe[t,:], x128::kCount channels per thread
__global__ void encoder_forward_kernel(floatX *out, const int *tokens, const floatX *wte,
                                       const floatX *wpe, int B, int T, int C) {
    int idx = (blockIdx.x * blockDim.x + threadIdx.x) * x128::kCount;
    if (idx >= B * T * C) { return; }
    int bt = idx / C;
    int t = bt % T;
    int c = idx % C;

    x128 tok = load128(wte + tokens[bt] * C + c);
    x128 pos = load128(wpe + t * C + c);
    x128 res;
    #pragma unroll
    for (int k = 0; k < x128::kCount; k++) {
        res[k] = (floatX)((float)tok[k] + (float)pos[k]);
    }
    store128(out + idx, res);
}

// one warp per row; also stores mean and 1/std of every row for the backward pass
__global__ void layernorm_forward_kernel(floatX *__restrict__ out, float *__restrict__ mean,
                                         float *__restrict__ rstd, const floatX *__restrict__ inp,
                                         const floatX *__restrict__ weight,
                                         const floatX *__restrict__ bias, int N, int C) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int row = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
    if (row >= N) { return; }
    const floatX *x = inp + row * C;

    float sum = 0.0f;
    for (int i = warp.thread_rank(); i < C; i += warp.size()) {
        sum += (float)x[i];
    }
    float m = warp_sum(warp, sum) / C;

    float sq = 0.0f;
    for (int i = warp.thread_rank(); i < C; i += warp.size()) {
        float d = (float)x[i] - m;
        sq += d * d;
    }
    float s = rsqrtf(warp_sum(warp, sq) / C + 1e-5f);

    if (warp.thread_rank() == 0) {
        __stcs(mean + row, m);
        __stcs(rstd + row, s);
    }

    floatX *o = out + row * C;
    for (int c = warp.thread_rank(); c < C; c += warp.size()) {
        float n = s * ((float)__ldcs(x + c) - m);
        __stcs(o + c, (floatX)(n * (float)weight[c] + (float)bias[c]));
    }
}

__global__ void residual_forward_kernel(floatX *out, const floatX *inp1, const floatX *inp2, int N) {
    int idx = (blockIdx.x * blockDim.x + threadIdx.x) * x128::kCount;
    if (idx >= N) { return; }

    x128 a = load128cs(inp1 + idx);
    x128 b = load128cs(inp2 + idx);
    x128 res;
    #pragma unroll
    for (int k = 0; k < x128::kCount; k++) {
        res[k] = (floatX)((float)a[k] + (float)b[k]);
    }
    store128(out + idx, res);
}

// tanh approximation of GELU
__global__ void gelu_forward_kernel(floatX *out, const floatX *inp, int N) {
    int idx = (blockIdx.x * blockDim.x + threadIdx.x) * x128::kCount;
    if (idx >= N) { return; }

    x128 packed_inp = load128cs(inp + idx);
    x128 packed_out;
    #pragma unroll
    for (int k = 0; k < x128::kCount; k++) {
        float xi = (float)packed_inp[k];
        float cube = 0.044715f * xi * xi * xi;
        packed_out[k] = (floatX)(0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube))));
    }
    // the GELU output is consumed by the next matmul: keep it in cache
    store128(out + idx, packed_out);
}

// ----------------------------------------------------------------------------
// launchers

void encoder_forward(floatX *out, const int *tokens, const floatX *wte, const floatX *wpe,
                     int B, int T, int C, cudaStream_t stream) {
    const int block_size = 256;
    const int N = B * T * C;
    const int grid_size = CEIL_DIV(N, block_size * x128::kCount);
    encoder_forward_kernel<<<grid_size, block_size, 0, stream>>>(out, tokens, wte, wpe, B, T, C);
    cudaCheck(cudaGetLastError());
}

void layernorm_forward(floatX *out, float *mean, float *rstd, const floatX *inp,
                       const floatX *weight, const floatX *bias, int N, int C, cudaStream_t stream) {
    const int block_size = 256;
    const int grid_size = CEIL_DIV(N * WARP_SIZE, block_size);
    layernorm_forward_kernel<<<grid_size, block_size, 0, stream>>>(out, mean, rstd, inp, weight, bias, N, C);
    cudaCheck(cudaGetLastError());
}

void residual_forward(floatX *out, const floatX *inp1, const floatX *inp2, int N, cudaStream_t stream) {
    const int block_size = 256;
    const int grid_size = CEIL_DIV(N, block_size * x128::kCount);
    residual_forward_kernel<<<grid_size, block_size, 0, stream>>>(out, inp1, inp2, N);
    cudaCheck(cudaGetLastError());
}

void gelu_forward(floatX *out, const floatX *inp, int N, cudaStream_t stream) {
    const int block_size = 256;
    const int grid_size = CEIL_DIV(N, block_size * x128::kCount);
    gelu_forward_kernel<<<grid_size, block_size, 0, stream>>>(out, inp, N);
    cudaCheck(cudaGetLastError());
}
