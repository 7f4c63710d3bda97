/*
Smoke test of one GPT-2 MLP block forward pass in bf16:
encoder -> layernorm -> fc (cuBLASLt) + bias -> GELU, plus a residual add
and the squared norm of the activations.

Compile:
nvcc -O3 -std=c++17 train_gpt2.cu -lcublas -lcublasLt -o train_gpt2
*/
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <vector>

#include <thrust/device_vector.h>
#include <thrust/device_ptr.h>
#include <thrust/reduce.h>
#include <thrust/functional.h>
#include <cub/cub.cuh>

#include "llmc/cuda_common.h"
#include "llmc/layers.cuh"
#include "llmc/matmul.cuh"

cudaDeviceProp deviceProp;

// ----------------------------------------------------------------------------
// global norm

// *out += sum of squares of data[0..count), one atomic per block
__global__ void __launch_bounds__(256) global_norm_squared_kernel(float *out, const floatX *data, size_t count) {
    typedef cub::BlockReduce<float, 256> BlockReduce;
    __shared__ BlockReduce::TempStorage temp_storage;

    float acc = 0.0f;
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count;
         i += (size_t)blockDim.x * gridDim.x) {
        float v = (float)data[i];
        acc += v * v;
    }
    float block_sum = BlockReduce(temp_storage).Sum(acc);
    if (threadIdx.x == 0) {
        atomicAdd(out, block_sum);
    }
}

void global_norm_squared(float *out, const floatX *values, size_t count, cudaStream_t stream) {
    const int block_size = 256;
    // a grid-stride loop: a couple of blocks per SM keep the GPU busy
    const int grid_size = deviceProp.multiProcessorCount * 2;
    cudaCheck(cudaMemsetAsync(out, 0, sizeof(float), stream));
    global_norm_squared_kernel<<<grid_size, block_size, 0, stream>>>(out, values, count);
    cudaCheck(cudaGetLastError());
}

// sum of a float buffer on the device, through thrust (used for sanity checks)
float device_sum_thrust(const float *d_values, size_t count) {
    thrust::device_ptr<const float> begin = thrust::device_pointer_cast(d_values);
    return thrust::reduce(begin, begin + count, 0.0f, thrust::plus<float>());
}

// ----------------------------------------------------------------------------
// host helpers

static std::vector<floatX> random_bf16(size_t n, float scale) {
    std::vector<floatX> v(n);
    for (size_t i = 0; i < n; i++) {
        v[i] = (floatX)(scale * (2.0f * (float)rand() / (float)RAND_MAX - 1.0f));
    }
    return v;
}

template <class T>
static T *upload(const std::vector<T> &host) {
    T *device = NULL;
    cudaCheck(cudaMalloc((void **)&device, host.size() * sizeof(T)));
    cudaCheck(cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return device;
}

int main(int argc, char **argv) {
    constexpr int B = 4;      // batch size
    constexpr int T = 64;     // sequence length
    constexpr int C = 768;    // channels
    constexpr int OC = 4 * C; // MLP hidden size
    constexpr int V = 50304;  // padded vocabulary size

    cudaCheck(cudaSetDevice(0));
    cudaCheck(cudaGetDeviceProperties(&deviceProp, 0));
    printf("[System] device: %s, %d SMs\n", deviceProp.name, deviceProp.multiProcessorCount);

    cudaStream_t main_stream;
    cudaCheck(cudaStreamCreate(&main_stream));
    // legacy cuBLAS handle, kept on the same stream for the fp32 reference paths
    cublasHandle_t cublas_handle;
    cublasCheck(cublasCreate(&cublas_handle));
    cublasCheck(cublasSetStream(cublas_handle, main_stream));
    cublasCheck(cublasLtCreate(&cublaslt_handle));
    cudaCheck(cudaMalloc(&cublaslt_workspace, cublaslt_workspace_size));

    // parameters
    srand(1337);
    std::vector<int> h_tokens(B * T);
    for (int i = 0; i < B * T; i++) { h_tokens[i] = rand() % V; }
    int *d_tokens = upload(h_tokens);
    floatX *d_wte = upload(random_bf16((size_t)V * C, 0.02f));
    floatX *d_wpe = upload(random_bf16((size_t)T * C, 0.01f));
    floatX *d_ln_w = upload(std::vector<floatX>(C, (floatX)1.0f));
    floatX *d_ln_b = upload(std::vector<floatX>(C, (floatX)0.0f));
    floatX *d_fc_w = upload(random_bf16((size_t)OC * C, 0.02f));
    floatX *d_fc_b = upload(random_bf16(OC, 0.01f));

    // activations
    floatX *d_encoded, *d_ln, *d_fc, *d_gelu, *d_res;
    float *d_norm;
    cudaCheck(cudaMalloc((void **)&d_encoded, (size_t)B * T * C * sizeof(floatX)));
    cudaCheck(cudaMalloc((void **)&d_ln, (size_t)B * T * C * sizeof(floatX)));
    cudaCheck(cudaMalloc((void **)&d_fc, (size_t)B * T * OC * sizeof(floatX)));
    cudaCheck(cudaMalloc((void **)&d_gelu, (size_t)B * T * OC * sizeof(floatX)));
    cudaCheck(cudaMalloc((void **)&d_res, (size_t)B * T * C * sizeof(floatX)));
    cudaCheck(cudaMalloc((void **)&d_norm, sizeof(float)));
    thrust::device_vector<float> ln_mean(B * T);
    thrust::device_vector<float> ln_rstd(B * T);
    float *d_mean = thrust::raw_pointer_cast(ln_mean.data());
    float *d_rstd = thrust::raw_pointer_cast(ln_rstd.data());

    // forward
    encoder_forward(d_encoded, d_tokens, d_wte, d_wpe, B, T, C, main_stream);
    layernorm_forward(d_ln, d_mean, d_rstd, d_encoded, d_ln_w, d_ln_b, B * T, C, main_stream);
    matmul_forward_cublaslt(d_fc, d_ln, d_fc_w, d_fc_b, B * T, C, OC, main_stream);
    gelu_forward(d_gelu, d_fc, B * T * OC, main_stream);
    residual_forward(d_res, d_encoded, d_ln, B * T * C, main_stream);
    global_norm_squared(d_norm, d_gelu, (size_t)B * T * OC, main_stream);
    cudaCheck(cudaStreamSynchronize(main_stream));

    float norm2 = 0.0f;
    cudaCheck(cudaMemcpy(&norm2, d_norm, sizeof(float), cudaMemcpyDeviceToHost));
    float mean_of_means = device_sum_thrust(d_mean, B * T) / (B * T);
    printf("gelu activations: |x| = %f, layernorm mean of means = %f\n", sqrtf(norm2), mean_of_means);

    cudaCheck(cudaFree(d_tokens));
    cudaCheck(cudaFree(d_wte));
    cudaCheck(cudaFree(d_wpe));
    cudaCheck(cudaFree(d_ln_w));
    cudaCheck(cudaFree(d_ln_b));
    cudaCheck(cudaFree(d_fc_w));
    cudaCheck(cudaFree(d_fc_b));
    cudaCheck(cudaFree(d_encoded));
    cudaCheck(cudaFree(d_ln));
    cudaCheck(cudaFree(d_fc));
    cudaCheck(cudaFree(d_gelu));
    cudaCheck(cudaFree(d_res));
    cudaCheck(cudaFree(d_norm));
    cudaCheck(cudaFree(cublaslt_workspace));
    cublasCheck(cublasLtDestroy(cublaslt_handle));
    cublasCheck(cublasDestroy(cublas_handle));
    cudaCheck(cudaStreamDestroy(main_stream));
    return 0;
}
