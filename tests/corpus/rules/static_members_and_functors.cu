// static_members_and_functors.cu - SliceWatt rule test (R2): member functions of the
// project's own classes are inlined like __device__ functions, with their arguments bound
// to their parameters in order. A static member call `Loader::load(in, i)` has no object:
// `in` binds `p` (so `p[i]` is a global load); a functor call `s(v)` is `operator()` on the
// object `s`, whose argument `v` binds `v`.
//
// Kernel scaleAll, launched scaleAll<<<64, 256>>>: no loops (w=1), no branches.
//  * `return p[i] + 1.0f;` (inlined at the load call): global 1, A 1 (+), in GM (criterion).
//  * `float v = Loader::load(in, i);` no access of its own; v is read by the global store,
//    so the register closure puts it in GM.
//  * `out[i] = s(v);` one global store; `operator()` is inlined: `return v * factor;`
//    A 1, no access (`factor` is a member of the by-value functor: a register), and it feeds
//    the store's value, so it is in GM.
//  * Effective statements: i, v, load's return, the store, operator()'s return = 5.
#include <cstdio>
#include <cuda_runtime.h>

struct Scale {
    float factor;
    __device__ float operator()(float v) const { return v * factor; }           // EXPECT: statements=1 global=0 A=1 slices=GM w=1
};

struct Loader {
    __device__ static float load(const float *p, int i) { return p[i] + 1.0f; } // EXPECT: statements=1 global=1 A=1 slices=GM w=1
};

__global__ void scaleAll(const float *in, float *out, Scale s)                   // EXPECT-KERNEL: decision_points=0 effective=5 class=sparse
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;                               // EXPECT: statements=1 global=0 A=2 slices=GM w=1
    float v = Loader::load(in, i);                                               // EXPECT: statements=1 global=0 A=0 slices=GM w=1
    out[i] = s(v);                                                               // EXPECT: statements=1 global=1 A=0 slices=GM w=1
}

int main()
{
    const int n = 64 * 256;
    float *in = nullptr;
    float *out = nullptr;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    Scale s{0.5f};
    scaleAll<<<64, 256>>>(in, out, s);
    cudaDeviceSynchronize();
    cudaFree(in);
    cudaFree(out);
    printf("done\n");
    return 0;
}
