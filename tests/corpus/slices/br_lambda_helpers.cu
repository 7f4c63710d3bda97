// br_device_helpers.cu written as a kernel of today's CUDA: the two helpers are lambdas
// inside the kernel (gradeChannel captures toneLookup by reference) instead of __device__
// functions. A lambda's body runs where it is called, so the slices are exactly those of
// br_device_helpers.slices.json (same counts, same order), on this file's lines; the two
// lambda definitions are no statements (they run nothing where they stand). toneLookup is a
// generic lambda (`auto x`), called with a float.
//
// Hand-computed slice expectations (resources/help/analysis-rules.md), see
// br_lambda_helpers.slices.json. Launch <<<1024, 256>>>; no loops, all weights 1.
// Calls of a lambda are inlined like device-function calls (rule book 3): the lambda's
// statements are listed right AFTER the statement that calls it, with the lambda's lines.
// Statement order (12 entries):
//   K1 35, K2 45, G1 42, G2 43, T1 38, T2 39, K3 46, G1 42, G2 43, T1 38, T2 39, K4 47
//   K1 line 35: int i = blockIdx.x * blockDim.x + threadIdx.x;   A=2. global (K2, K3, K4 use i).
//   K2 line 45: float r = gradeChannel(red[i], 0);   A=0, global 1. global criterion.
//   G1 line 42: float gain = fminf(v * c_gain[ch], 1.0f);   A=2 (*, fminf), constant 1.
//   G2 line 43: return toneLookup(gain) + c_bias[ch];   A=1 (+), constant 1.
//   T1 line 38: int idx = (int)(x * 255.0f);   A=1 (*; the cast is not arithmetic).
//   T2 line 39: return c_lut[idx & 255];   A=1 (&), constant 1.
//   K3 line 46: float gr = gradeChannel(green[i], 1);   A=0, global 1. global criterion.
//   K4 line 47: luma[i] = 0.6f * r + 0.4f * gr;   A=3 (* + *), global 1. global criterion.
// C_GM = {K1,K2,K3,K4}: length 4, A = 5, global = 3.
// C_CM = {G1,G2,T1,T2} x 2: length 8, A = 10, constant = 6.
// Decision points: 0; 12 effective statements -> sparse. No assumptions.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__constant__ float c_lut[256];
__constant__ float c_gain[2];
__constant__ float c_bias[2];

__global__ void gradePixels(const float *red, const float *green, float *luma)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x; // K1
    // A tone curve in constant memory.
    auto toneLookup = [](auto x) { // generic: called with a float
        int idx = (int)(x * 255.0f); // T1
        return c_lut[idx & 255]; // T2
    };
    auto gradeChannel = [&](float v, int ch) {
        float gain = fminf(v * c_gain[ch], 1.0f); // G1
        return toneLookup(gain) + c_bias[ch]; // G2
    };
    float r = gradeChannel(red[i], 0); // K2
    float gr = gradeChannel(green[i], 1); // K3
    luma[i] = 0.6f * r + 0.4f * gr; // K4
}

int main()
{
    const int n = 512 * 512;
    std::vector<float> h_red(n), h_green(n);
    for (int i = 0; i < n; ++i) {
        h_red[i] = (i % 512) / 511.0f;
        h_green[i] = (i / 512) / 511.0f;
    }
    float h_lut[256];
    for (int k = 0; k < 256; ++k)
        h_lut[k] = (k / 255.0f) * (k / 255.0f);
    const float h_gain[2] = {1.1f, 0.9f};
    const float h_bias[2] = {0.01f, -0.02f};
    cudaMemcpyToSymbol(c_lut, h_lut, sizeof(h_lut));
    cudaMemcpyToSymbol(c_gain, h_gain, sizeof(h_gain));
    cudaMemcpyToSymbol(c_bias, h_bias, sizeof(h_bias));

    float *d_red, *d_green, *d_luma;
    cudaMalloc(&d_red, n * sizeof(float));
    cudaMalloc(&d_green, n * sizeof(float));
    cudaMalloc(&d_luma, n * sizeof(float));
    cudaMemcpy(d_red, h_red.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_green, h_green.data(), n * sizeof(float), cudaMemcpyHostToDevice);

    gradePixels<<<1024, 256>>>(d_red, d_green, d_luma);
    cudaDeviceSynchronize();

    std::vector<float> h_luma(n);
    cudaMemcpy(h_luma.data(), d_luma, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("luma[1000] = %f\n", h_luma[1000]);

    cudaFree(d_red);
    cudaFree(d_green);
    cudaFree(d_luma);
    return 0;
}
