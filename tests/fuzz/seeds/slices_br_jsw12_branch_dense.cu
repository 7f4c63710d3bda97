// JSW12 Fig. 6 (branch-dense example): four ints, v4 read from the input,
// v2 = 0, v3 = -2, then
//   if (c1) { if (c2) v1 = 3; else v2 = 5 * v4 / v1; } else v1 = 10;
// The paper profiled c1: 10000 executions, 1570 then / 8430 else; c2: 1570
// executions, 1560 then / 10 else, so the arithmetic-heavy arm (v2 = 5*v4/v1)
// runs with probability 0.001. The launch below runs exactly 10000 threads.
//
// Hand-computed slice expectations (resources/help/analysis-rules.md), see
// br_jsw12_branch_dense.slices.json. Launch <<<40, 250>>>; no loops, all weights 1.
//   S1  line 35: int tid = blockIdx.x * blockDim.x + threadIdx.x;  A=2 (* +). global: S3/S11 use tid.
//   S2  line 36: int v1 = 1;   A=0 (declaration with an initialiser: effective; the next
//                 line, int v2, v3, v4; has no initialiser and is not effective).
//                 global: S11 and S9 use v1.
//   S3  line 38: v4 = input[tid];          global 1. global criterion.
//   S4  line 39: v2 = 0;                   A=0. global: S11 uses v2.
//   S5  line 40: v3 = -2;                  A=1 (unary minus, rule book 3). global: S11 and S6 use v3.
//   S6  line 41: if (v4 > v3 + 16)         c1, A=1 (+). global: skeleton of S8/S9/S10.
//   S7  line 42: if (v4 < 4096)            c2, A=0. global: skeleton of S8/S9.
//   S8  line 43: v1 = 3;                   A=0. global: S11 uses v1 (closure).
//   S9  line 45: v2 = 5 * v4 / v1;         A=2 (* /). global: S11 uses v2 (closure);
//                 its use of v4 stops at S3 (memory), v1 -> S2, S8 (already members).
//   S10 line 47: v1 = 10;                 A=0. global: S11 uses v1 (closure).
//   S11 line 48: output[tid] = v1 + v2 + v3;  A=2 (+ +), global 1. global criterion.
// S8, S9, S10 enter C_GM through the register closure; the ifs that enclose
// them (S6, S7) enter as their control skeleton, with the closure of the
// conditions (v4 -> S3 is memory, stops; v3 -> S5).
// C_GM = all 11 statements: A = 2+1+1+2+2 = 8, global = 2. Other slices empty.
// Decision points: 2 (S6, S7); 11 effective statements; 2/11 = 0.18 -> dense.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void branchDense(const int *input, int *output)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x; // S1
    int v1 = 1; // S2
    int v2, v3, v4;
    v4 = input[tid]; // S3
    v2 = 0; // S4
    v3 = -2; // S5
    if (v4 > v3 + 16) { // S6
        if (v4 < 4096) // S7
            v1 = 3; // S8
        else
            v2 = 5 * v4 / v1; // S9
    } else
        v1 = 10; // S10
    output[tid] = v1 + v2 + v3; // S11
}

int main()
{
    const int n = 10000;
    std::vector<int> h_in(n);
    for (int i = 0; i < n; ++i)
        h_in[i] = (i * 37) % 5000;

    int *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice);

    branchDense<<<40, 250>>>(d_in, d_out);
    cudaDeviceSynchronize();

    std::vector<int> h_out(n);
    cudaMemcpy(h_out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long sum = 0;
    for (int i = 0; i < n; ++i)
        sum += h_out[i];
    printf("checksum = %lld\n", sum);

    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
