// Element-wise "ALU" kernel: every block reads its operation code from a
// small table in constant memory and applies it to a[i], b[i]; the result is
// clamped to [0, 1] with an if / else-if chain and stored.
//
// Hand-computed slice expectations (resources/help/analysis-rules.md), see
// br_switch_dense.slices.json. Launch <<<128, 256>>>; no loops, all weights 1.
//   S1  line 44: int i = blockIdx.x * blockDim.x + threadIdx.x;   A=2. global + constant
//                 (closure of S2's condition).
//   S2  line 45: if (i < n)   A=0. global + constant: encloses everything below.
//   S3  line 46: int op = c_opcode[blockIdx.x & 7];   A=1 (&), constant 1. constant
//                 criterion only: the switch S7 uses op, but the closure stops at a
//                 statement that accesses memory, so S3 is NOT in C_GM.
//   S4  line 47: float x = a[i];   global 1. global criterion.
//   S5  line 48: float y = b[i];   global 1. global criterion.
//   S6  line 49: float r = 0.0f;   A=0. global: S19 (and S15, S17) use r.
//   S7  line 50: switch (op)       A=0. global (encloses S8, S9, S12-S14) + constant
//                 (encloses S10).
//   S8  line 52: r = x + y;        case 0, A=1. global (closure of S19 through r).
//   S9  line 55: r = x - y;        case 1, A=1. global.
//   S10 line 58: r = x * y * c_scale[op];   case 2, A=2, constant 1. constant criterion;
//                 a definition of r that touches memory, so not in C_GM.
//   S11 line 61: if (y != 0.0f)    case 3, A=0. global: encloses S12, S13.
//   S12 line 62: r = x / y;        A=1. global.
//   S13 line 64: r = 0.0f;         A=0. global.
//   S14 line 67: r = x;            default, A=0. global.
//   S15 line 70: if (r > 1.0f)     A=0. global: encloses S16 and the else-if S17.
//   S16 line 71: r = 1.0f;         A=0. global.
//   S17 line 72: else if (r < 0.0f)   a new if, A=0. global: encloses S18.
//   S18 line 73: r = 0.0f;         A=0. global.
//   S19 line 74: out[i] = r;       global 1. global criterion.
// C_GM = all but S3 and S10: length 17, A = 2+1+1+1 = 5, global = 3.
// C_CM = {S1,S2,S3,S7,S10}: length 5, A = 2+0+1+0+2 = 5, constant = 2.
// Decision points: ifs S2, S11, S15, S17 (4) + case labels 0..3 (4, default not
// counted) = 8; 19 effective statements; 8/19 = 0.42 -> dense.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__constant__ int c_opcode[8];
__constant__ float c_scale[8];

__global__ void applyOpcode(const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x; // S1
    if (i < n) { // S2
        int op = c_opcode[blockIdx.x & 7]; // S3
        float x = a[i]; // S4
        float y = b[i]; // S5
        float r = 0.0f; // S6
        switch (op) { // S7
        case 0:
            r = x + y; // S8
            break;
        case 1:
            r = x - y; // S9
            break;
        case 2:
            r = x * y * c_scale[op]; // S10
            break;
        case 3:
            if (y != 0.0f) // S11
                r = x / y; // S12
            else
                r = 0.0f; // S13
            break;
        default:
            r = x; // S14
            break;
        }
        if (r > 1.0f) // S15
            r = 1.0f; // S16
        else if (r < 0.0f) // S17
            r = 0.0f; // S18
        out[i] = r; // S19
    }
}

int main()
{
    const int n = 128 * 256;
    std::vector<float> h_a(n), h_b(n);
    for (int i = 0; i < n; ++i) {
        h_a[i] = (i % 100) / 100.0f;
        h_b[i] = (i % 37) / 37.0f + 0.01f;
    }
    const int h_ops[8] = {0, 1, 2, 3, 4, 2, 1, 0};
    const float h_scale[8] = {1.0f, 1.0f, 0.5f, 1.0f, 1.0f, 0.25f, 1.0f, 1.0f};
    cudaMemcpyToSymbol(c_opcode, h_ops, sizeof(h_ops));
    cudaMemcpyToSymbol(c_scale, h_scale, sizeof(h_scale));

    float *d_a, *d_b, *d_out;
    cudaMalloc(&d_a, n * sizeof(float));
    cudaMalloc(&d_b, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_a, h_a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, h_b.data(), n * sizeof(float), cudaMemcpyHostToDevice);

    applyOpcode<<<128, 256>>>(d_a, d_b, d_out, n);
    cudaDeviceSynchronize();

    std::vector<float> h_out(n);
    cudaMemcpy(h_out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("out[300] = %f\n", h_out[300]);

    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_out);
    return 0;
}
