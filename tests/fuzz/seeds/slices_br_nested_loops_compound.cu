// Banded 1D filter accumulated into an output image: for each of ROWS rows,
// each thread (one per column) filters TAPS neighbours with coefficients from
// constant memory and adds the result to out (out[...] += v); it then counts
// the pass in passes[i]++. The grid covers the width exactly (64 x 128 =
// 8192 columns), so there is no bounds check.
//
// Hand-computed slice expectations (resources/help/analysis-rules.md), see
// br_nested_loops_compound.slices.json. Launch <<<64, 128>>>.
//   S1 line 38: int i = blockIdx.x * blockDim.x + threadIdx.x;   w=1, A=2. global + constant.
//   S2 line 39: for (int r = 0; r < ROWS; ++r)   trip 8; header w=8, A=1 (++r).
//                global + constant: encloses S3-S6.
//   S3 line 40: float v = 0.0f;   w=8, A=0. global + constant: S5 and S6 use v.
//   S4 line 41: for (int t = 0; t < TAPS; ++t)   trip 5 inside trip 8; header
//                w=8*5=40, A=1. global + constant: encloses S5.
//   S5 line 42: v += in[r * width + i + t] * c_taps[t];   w=40, A=5 (+=, *, +, +, *),
//                global 1, constant 1. criterion of both global and constant.
//   S6 line 43: out[r * width + i] += v;   w=8, A=3 (*, +, +=), global 2 (compound
//                assignment: load + store). global criterion.
//   S7 line 45: passes[i]++;   w=1, A=1 (++), global 2 (increment: load + store).
//                global criterion.
// C_GM = all 7: length 7, A = 2 + 8*1 + 8*0 + 40*1 + 40*5 + 8*3 + 1*1 = 275,
//        global = 40*1 + 8*2 + 1*2 = 58, constant = 40*1 = 40 (S5's constant access).
// C_CM = {S1,S2,S3,S4,S5}: length 5, A = 2 + 8 + 0 + 40 + 200 = 250,
//        global = 40 (S5's global access), constant = 40.
// Decision points: 0; 7 effective statements -> sparse. No assumptions (both loops
// have known trip counts from the ROWS and TAPS macros).
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define ROWS 8
#define TAPS 5

__constant__ float c_taps[TAPS];

__global__ void bandFilterAccumulate(const float *in, float *out, int *passes, int width)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x; // S1
    for (int r = 0; r < ROWS; ++r) { // S2
        float v = 0.0f; // S3
        for (int t = 0; t < TAPS; ++t) // S4
            v += in[r * width + i + t] * c_taps[t]; // S5
        out[r * width + i] += v; // S6
    }
    passes[i]++; // S7
}

int main()
{
    const int width = 64 * 128;
    const int inSize = ROWS * width + TAPS;
    std::vector<float> h_in(inSize);
    for (int k = 0; k < inSize; ++k)
        h_in[k] = (k % 17) * 0.25f;
    const float h_taps[TAPS] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};
    cudaMemcpyToSymbol(c_taps, h_taps, sizeof(h_taps));

    float *d_in, *d_out;
    int *d_passes;
    cudaMalloc(&d_in, inSize * sizeof(float));
    cudaMalloc(&d_out, ROWS * width * sizeof(float));
    cudaMalloc(&d_passes, width * sizeof(int));
    cudaMemcpy(d_in, h_in.data(), inSize * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0, ROWS * width * sizeof(float));
    cudaMemset(d_passes, 0, width * sizeof(int));

    bandFilterAccumulate<<<64, 128>>>(d_in, d_out, d_passes, width);
    cudaDeviceSynchronize();

    std::vector<float> h_out(ROWS * width);
    cudaMemcpy(h_out.data(), d_out, ROWS * width * sizeof(float), cudaMemcpyDeviceToHost);
    printf("out[100] = %f\n", h_out[100]);

    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_passes);
    return 0;
}
