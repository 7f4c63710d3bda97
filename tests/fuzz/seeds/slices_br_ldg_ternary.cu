// Soft thresholding (wavelet shrinkage), out = sign(v) * max(|v| - t, 0):
// the coefficients and one threshold per 32-element band are read-only and
// loaded through the read-only data cache with __ldg; the two ?: choose the
// magnitude and the sign.
//
// Hand-computed slice expectations (resources/help/analysis-rules.md), see
// br_ldg_ternary.slices.json. Launch <<<256, 128>>>; no loops, all weights 1.
//   S1 line 30: int i = blockIdx.x * blockDim.x + threadIdx.x;   A=2. global.
//   S2 line 31: if (i >= n)   A=0. global: guards the early return S3.
//   S3 line 32: return;   global: earlier return under a condition (S4-S8 follow it).
//   S4 line 33: float v = __ldg(&in[i]);   A=0, global 1 (the __ldg; &in[i] is an
//                address, no access). global criterion.
//   S5 line 34: float t = __ldg(&lambda[i >> 5]);   A=1 (>>), global 1. global criterion.
//   S6 line 35: float a = fabsf(v) - t;   A=2 (fabsf, -). global: closure via S7
//                (its uses of v, t stop at S4, S5).
//   S7 line 36: float mag = a > 0.0f ? a : 0.0f;   A=0, one ?: (decision point, part
//                of the statement). global: S8 uses mag.
//   S8 line 37: out[i] = v < 0.0f ? -mag : mag;   A=1 (unary -; both arms of ?: are
//                counted), global 1, one ?:. global criterion.
// C_GM = all 8: length 8, A = 2+0+0+0+1+2+0+1 = 6, global = 3. Other slices empty.
// Decision points: 1 if (S2) + 2 ?: (S7, S8) = 3; 8 effective statements;
// 3/8 = 0.375 -> dense. No assumptions.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void softThreshold(const float *__restrict__ in, const float *__restrict__ lambda,
                              float *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x; // S1
    if (i >= n) // S2
        return; // S3
    float v = __ldg(&in[i]); // S4
    float t = __ldg(&lambda[i >> 5]); // S5
    float a = fabsf(v) - t; // S6
    float mag = a > 0.0f ? a : 0.0f; // S7
    out[i] = v < 0.0f ? -mag : mag; // S8
}

int main()
{
    const int n = 32000;
    const int bands = (n + 31) / 32;
    std::vector<float> h_in(n), h_lambda(bands);
    for (int i = 0; i < n; ++i)
        h_in[i] = ((i * 7919) % 2001 - 1000) / 1000.0f;
    for (int b = 0; b < bands; ++b)
        h_lambda[b] = 0.05f + 0.001f * (b % 10);

    float *d_in, *d_lambda, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_lambda, bands * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_in, h_in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_lambda, h_lambda.data(), bands * sizeof(float), cudaMemcpyHostToDevice);

    softThreshold<<<256, 128>>>(d_in, d_lambda, d_out, n);
    cudaDeviceSynchronize();

    std::vector<float> h_out(n);
    cudaMemcpy(h_out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("out[12] = %f\n", h_out[12]);

    cudaFree(d_in);
    cudaFree(d_lambda);
    cudaFree(d_out);
    return 0;
}
