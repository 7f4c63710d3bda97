// Two-channel colour grading: the kernel calls the __device__ helper
// gradeChannel twice (red, green); gradeChannel applies a per-channel gain,
// calls the second helper toneLookup (a tone curve in constant memory) and
// adds a per-channel bias. The grid covers the image exactly (512 x 512
// pixels = 1024 blocks of 256 threads), so the kernel has no bounds check.
//
// Hand-computed slice expectations (resources/help/analysis-rules.md), see
// br_device_helpers.slices.json. Launch <<<1024, 256>>>; no loops, all weights 1.
// Device-function calls are inlined (rule book 3): the callee's statements are
// listed right AFTER the caller statement that contains the call, with the
// callee's lines; gradeChannel appears twice, and toneLookup (called from
// gradeChannel) twice as well. Statement order (12 entries):
//   K1 59, K2 60, G1 53, G2 54, T1 47, T2 48, K3 61, G1 53, G2 54, T1 47, T2 48, K4 62
//   K1 line 59: int i = blockIdx.x * blockDim.x + threadIdx.x;   A=2. global (K2, K3, K4 use i).
//   K2 line 60: float r = gradeChannel(red[i], 0);    A=0, global 1 (its own access; the
//                callee's accesses are the callee statements'). global criterion.
//   G1 line 53: float gain = fminf(v * c_gain[ch], 1.0f);   A=2 (*, fminf), constant 1.
//                constant criterion. Its uses of the parameters v, ch can only reach the
//                call statement (K2/K3, which reads global memory): closure stops.
//   G2 line 54: return toneLookup(gain) + c_bias[ch];   A=1 (+), constant 1. constant
//                criterion. (gain -> G1: memory, stop.) The call is not arithmetic.
//   T1 line 47: int idx = (int)(x * 255.0f);   A=1 (*; the cast is not arithmetic).
//                constant: T2 uses idx. (x -> the call statement G2: memory, stop.)
//   T2 line 48: return c_lut[idx & 255];   A=1 (&), constant 1. constant criterion.
//   K3 line 61: float gr = gradeChannel(green[i], 1);   A=0, global 1. global criterion.
//   K4 line 62: luma[i] = 0.6f * r + 0.4f * gr;   A=3 (* + *), global 1. global criterion;
//                r, gr -> K2, K3 (memory statements, already members).
// Every data flow into or out of a helper (arguments -> parameters, return value ->
// caller) passes through a statement that accesses memory (K2, K3, G2), so the slices
// do not depend on how parameter binding and return values are modelled. The helpers'
// `return`s are the helpers' last statements, not early exits of the kernel, and no
// call sits under a condition or loop.
// C_GM = {K1,K2,K3,K4}: length 4, A = 2+0+0+3 = 5, global = 3.
// C_CM = {G1,G2,T1,T2} x 2: length 8, A = 2*(2+1+1+1) = 10, constant = 2*(1+1+1) = 6.
// Decision points: 0; 12 effective statements (the 12 entries above, inlined copies
// included); 0/12 = 0 -> sparse. No assumptions.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__constant__ float c_lut[256];
__constant__ float c_gain[2];
__constant__ float c_bias[2];

__device__ float toneLookup(float x)
{
    int idx = (int)(x * 255.0f); // T1
    return c_lut[idx & 255]; // T2
}

__device__ float gradeChannel(float v, int ch)
{
    float gain = fminf(v * c_gain[ch], 1.0f); // G1
    return toneLookup(gain) + c_bias[ch]; // G2
}

__global__ void gradePixels(const float *red, const float *green, float *luma)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x; // K1
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
