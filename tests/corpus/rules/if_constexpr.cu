// if_constexpr.cu - SliceWatt rule test (R5): `if constexpr` is not a runtime branch.
// The `if constexpr` line is no statement and no decision point; only the selected arm
// is read, as if its statements were written in the enclosing block; the discarded
// arm's lines have no statements. The condition is evaluated with the template
// arguments of the kernel's FIRST launch in the file (a later launch with other
// arguments does not change the expectations), or with namespace-scope constexprs.
//
// Kernel stencil1d<bool kUseShared>: 7-point 1D box stencil (RADIUS 3), staged in shared
// memory or read straight from global memory. First launch stencil1d<true><<<4096, 256>>>
// -> the shared arm is read; the global arm (else) has statements=0.
//   Loop `for (int k = -RADIUS; k <= RADIUS; ++k)`: -3..3 -> 7 trips; header A = 2
//   (the unary minus of the init and ++k, once per iteration).
//   `if constexpr (kAverage)` with the namespace constexpr kAverage = true: selects
//   `result *= kInvWidth;` (A = 1).
//   Ternaries: `s[l - RADIUS] = (g >= RADIUS) ? in[g - RADIUS] : 0.0f;` 1 shared store,
//   1 global load, A = 2, one decision point; the second one A = 3.
//   Slices: result is read by the shared-slice `result += s[l + k]` and by the global
//   store, so its declaration is GM,SHM; `result *= kInvWidth` comes after the loop
//   (not an earlier definition for the loop body), so it is GM only.
//   Decision points: if (threadIdx.x < RADIUS) + 2 ?: = 3; effective statements:
//   g, result, l, s[l]=, if, 2 ternary stores, sync, for, result+=, result*=, store = 12.
//   3/12 = 0.25 -> dense.
//
// Kernel axpy<typename T>: y = a*x + y. `if constexpr (sizeof(T) == 8)` keeps a scalar
// path for doubles; other types take four elements per thread through float4 accesses.
// First launch axpy<float><<<1024, 256>>> -> sizeof(float) == 8 is false: the else arm
// is read. `reinterpret_cast<const float4 *>(x)[i]` is one global access (R1: the cast
// keeps the space). Decision points 0; effective i, xv, yv, r, store = 5 -> sparse.
// cuda_fp16.h is included (for toFloat below), so its overloaded __half operators are in
// scope: `a * xv.x` on the dependent T is then a nameless call to the overload set
// `operator*`, not a binary operator; it still counts as one operation (A = 8 on `r`).
//
// Kernel toFloat<typename T> (mixed-precision conversion, as in llm.c and ggml): two type
// traits. First launch toFloat<__half><<<4096, 256>>> -> `std::is_same<T, float>::value`
// is false (__half and float are different types: the copy arm is discarded) and
// `std::is_same_v<T, __half>` is true (the scaled arm is kept). The condition lines are no
// statements; the store converts (__half2float, a library call: 1) and scales (1): A = 2.
// Effective i, the if, the return, the store = 4; decision points 1: 0.25 -> dense.
#include <cstdio>
#include <type_traits>
#include <vector>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define RADIUS 3
#define BLOCK 256
#define N_ELEMS 1048576

constexpr bool kAverage = true;
constexpr float kInvWidth = 1.0f / (2 * RADIUS + 1);

template <bool kUseShared>
__global__ void stencil1d(const float *in, float *out) // EXPECT-KERNEL: decision_points=3 effective=12 class=dense
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;               // EXPECT: statements=1 A=2 slices=GM,SHM w=1
    float result = 0.0f;                                         // EXPECT: statements=1 A=0 slices=GM,SHM w=1
    if constexpr (kUseShared) {                                  // EXPECT: statements=0
        __shared__ float s[BLOCK + 2 * RADIUS];                  // EXPECT: statements=0
        int l = threadIdx.x + RADIUS;                            // EXPECT: statements=1 A=1 slices=GM,SHM w=1
        s[l] = in[g];                                            // EXPECT: statements=1 global=1 shared=1 A=0 slices=GM,SHM w=1
        if (threadIdx.x < RADIUS) {                              // EXPECT: statements=1 A=0 slices=GM,SHM w=1
            s[l - RADIUS] = (g >= RADIUS) ? in[g - RADIUS] : 0.0f;     // EXPECT: statements=1 global=1 shared=1 A=2 slices=GM,SHM w=1
            s[l + BLOCK] = (g + BLOCK < N_ELEMS) ? in[g + BLOCK] : 0.0f; // EXPECT: statements=1 global=1 shared=1 A=3 slices=GM,SHM w=1
        }
        __syncthreads();                                         // EXPECT: statements=1 global=0 shared=0 slices=SHM w=1
        for (int k = -RADIUS; k <= RADIUS; ++k)                  // EXPECT: statements=1 global=0 shared=0 A=2 slices=SHM w=7
            result += s[l + k];                                  // EXPECT: statements=1 global=0 shared=1 A=2 slices=SHM w=7
    } else {
        for (int k = -RADIUS; k <= RADIUS; ++k) {                // EXPECT: statements=0
            int j = g + k;                                       // EXPECT: statements=0
            if (j >= 0 && j < N_ELEMS)                           // EXPECT: statements=0
                result += in[j];                                 // EXPECT: statements=0
        }
    }
    if constexpr (kAverage)                                      // EXPECT: statements=0
        result *= kInvWidth;                                     // EXPECT: statements=1 global=0 A=1 slices=GM w=1
    out[g] = result;                                             // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=1
}

template <typename T>
__global__ void axpy(T a, const T *__restrict__ x, T *__restrict__ y) // EXPECT-KERNEL: decision_points=0 effective=5 class=sparse
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;               // EXPECT: statements=1 A=2 slices=GM w=1
    if constexpr (sizeof(T) == 8) {                              // EXPECT: statements=0
        y[i] = a * x[i] + y[i];                                  // EXPECT: statements=0
    } else {
        // four elements per thread with 16-byte vector accesses
        float4 xv = reinterpret_cast<const float4 *>(x)[i];      // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=1
        float4 yv = reinterpret_cast<const float4 *>(y)[i];      // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=1
        float4 r = {a * xv.x + yv.x, a * xv.y + yv.y, a * xv.z + yv.z, a * xv.w + yv.w}; // EXPECT: statements=1 global=0 A=8 slices=GM w=1
        reinterpret_cast<float4 *>(y)[i] = r;                    // EXPECT: statements=1 global=1 A=0 slices=GM w=1
    }
}

template <typename T>
__global__ void toFloat(const T *in, float *out, int n) // EXPECT-KERNEL: decision_points=1 effective=4 class=dense
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;               // EXPECT: statements=1 A=2 slices=GM w=1
    if (i >= n)                                                  // EXPECT: statements=1 slices=GM
        return;
    if constexpr (std::is_same<T, float>::value) {               // EXPECT: statements=0
        out[i] = in[i];                                          // EXPECT: statements=0
    } else if constexpr (std::is_same_v<T, __half>) {            // EXPECT: statements=0
        out[i] = __half2float(in[i]) * 0.5f;                     // EXPECT: statements=1 global=2 A=2 slices=GM w=1
    }
}

int main()
{
    std::vector<float> h_in(N_ELEMS);
    for (int k = 0; k < N_ELEMS; ++k)
        h_in[k] = (float)(k % 10);

    float *d_in, *d_out;
    cudaMalloc(&d_in, N_ELEMS * sizeof(float));
    cudaMalloc(&d_out, N_ELEMS * sizeof(float));
    cudaMemcpy(d_in, h_in.data(), N_ELEMS * sizeof(float), cudaMemcpyHostToDevice);

    // Shared-memory variant first, then the plain global-memory variant for comparison.
    stencil1d<true><<<N_ELEMS / BLOCK, BLOCK>>>(d_in, d_out);
    stencil1d<false><<<N_ELEMS / BLOCK, BLOCK>>>(d_in, d_out);

    // y = 2 x + y, four floats per thread; then the scalar double version.
    axpy<float><<<N_ELEMS / 4 / 256, 256>>>(2.0f, d_in, d_out);

    double *d_x, *d_y;
    cudaMalloc(&d_x, N_ELEMS * sizeof(double));
    cudaMalloc(&d_y, N_ELEMS * sizeof(double));
    cudaMemset(d_x, 0, N_ELEMS * sizeof(double));
    cudaMemset(d_y, 0, N_ELEMS * sizeof(double));
    axpy<double><<<N_ELEMS / 256, 256>>>(2.0, d_x, d_y);

    __half *d_h;
    cudaMalloc(&d_h, N_ELEMS * sizeof(__half));
    toFloat<__half><<<N_ELEMS / 256, 256>>>(d_h, d_out, N_ELEMS);
    cudaDeviceSynchronize();

    float h_out0 = 0.0f;
    cudaMemcpy(&h_out0, d_out, sizeof(float), cudaMemcpyDeviceToHost);
    printf("out[0] = %f\n", h_out0);

    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_x);
    cudaFree(d_y);
    return 0;
}
