// macro_operators.cu - SliceWatt rule test (R3): operators spelt inside a macro's
// definition count like written ones. libclang 14 reports every location inside a
// macro's expansion as the macro's use and has no operator kind, so before this rule
// the arithmetic of helper macros (CEIL_DIV, SQR, LERP, FMA_DIV) counted nothing, and a
// launch grid computed through CEIL_DIV stayed unknown.
//
// Kernel normalize (a softmax-style scaling with llm.c's helper macros), first launch
// normalize<<<CEIL_DIV(N_ROWS * WARP_SIZE, 256), 256>>> (grid 1024: known only when the
// macro's operators are read).
//   i: A = 2 (* and +).
//   int tiles = CEIL_DIV(n, TILE): (((n) + (TILE) - 1) / (TILE)): + - / -> A = 3.
//   float v = SQR(in[i]): ((in[i]) * (in[i])): global 2, A = 1.
//   float w = LERP(v, in[i + 1], 0.25f): ((v) + ((in[i + 1]) - (v)) * (0.25f)): global 1
//   (the i + 1 in the argument is an operator too: A = 1 + 3 = 4).
//   out[i] = v * w / tiles: global 1, A = 2 (written operators, as before).
//   SWAP(v, w): `do { float t_ = (v); (v) = (w); (w) = t_; } while (0)` keeps its three
//   statements with no arithmetic: an assignment spelt in a macro is still an assignment.
#include <cuda_runtime.h>

#define WARP_SIZE 32U
#define TILE 64
#define N_ROWS 8192
#define CEIL_DIV(M, N) (((M) + (N) - 1) / (N))
#define SQR(x) ((x) * (x))
#define LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define SWAP(a, b)       \
    do {                 \
        float t_ = (a);  \
        (a) = (b);       \
        (b) = t_;        \
    } while (0)

__global__ void normalize(const float* in, float* out, int n) // EXPECT-KERNEL: decision_points=0 class=sparse
{
    int i = blockIdx.x * blockDim.x + threadIdx.x; // EXPECT: statements=1 A=2
    int tiles = CEIL_DIV(n, TILE);                 // EXPECT: statements=1 A=3 global=0
    float v = SQR(in[i]);                          // EXPECT: statements=1 global=2 A=1
    float w = LERP(v, in[i + 1], 0.25f);           // EXPECT: statements=1 global=1 A=4
    SWAP(v, w);                                    // EXPECT: statements=3 A=0 global=0
    out[i] = v * w / tiles;                        // EXPECT: statements=1 global=1 A=2
}

int main()
{
    float *in, *out;
    cudaMalloc(&in, N_ROWS * WARP_SIZE * sizeof(float));
    cudaMalloc(&out, N_ROWS * WARP_SIZE * sizeof(float));
    normalize<<<CEIL_DIV(N_ROWS * WARP_SIZE, 256), 256>>>(in, out, N_ROWS * WARP_SIZE);
    cudaDeviceSynchronize();
    return 0;
}
