// half_conversions.cu - SliceWatt rule test (R7): loads of __half values through
// class-type conversions. `(float)x[i]`, `float(y[i])` and the implicit `float wv = w[i];`
// with `const __half *` kernel parameters each read one global element; the conversion
// itself is a call of the prelude's `__half::operator float()`, which is neither
// arithmetic nor an access of its own.
// The results are written back with `out[i] = __float2half(r);`: one global store (an
// assignment to a global lvalue; for the class type __half it is a call of the trivial
// copy assignment operator). __float2half is a prelude intrinsic whose arithmetic count
// the rule book leaves open, so that line carries no A=.
//
// Kernel halfAxpby: out = w * (alpha * x + beta * y), fp16 storage, fp32 math.
// First launch halfAxpby<<<4096, 256>>>; no loops, w=1. Everything is in GM.
// Decision points 1 (if (i < N_ELEMS)); effective 7 -> 1/7 = 0.14 -> dense.
//
// Kernel halfDotPartial: per-block partial dot products of two fp16 vectors with fp32
// accumulation in a shared-memory tree. First launch halfDotPartial<<<128, 256>>>:
//   grid-stride loop: stride 256 * 128 = 32768, 1048576 / 32768 = 32 trips, header A=4;
//   tree loop `s = blockDim.x / 2; s > 0; s >>= 1`: 8 trips, header A=2.
//   `acc += (float)a[i] * float(b[i]);`: 2 global loads, A=2 (+= and *).
//   acc's declaration is GM,SHM (read by the global-slice `acc += ...` and by the
//   shared store `s_acc[tid] = acc`); the grid-stride header only encloses global
//   statements (acc += ... is a memory statement, so the closure from the shared store
//   stops there) -> GM.
//   Decision points 2; effective 12 (tid, acc, loop, acc +=, store, sync, loop, if, +=,
//   sync, if, store) -> 2/12 = 0.17 -> dense.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define N_ELEMS 1048576
#define THREADS 256

__global__ void halfAxpby(const __half *__restrict__ x, const __half *__restrict__ y, // EXPECT-KERNEL: decision_points=1 effective=7 class=dense
                          const __half *__restrict__ w, __half *__restrict__ out,
                          float alpha, float beta)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;         // EXPECT: statements=1 global=0 A=2 slices=GM w=1
    if (i < N_ELEMS) {                                     // EXPECT: statements=1 global=0 A=0 slices=GM w=1
        float xv = (float)x[i];                            // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=1
        float yv = float(y[i]);                            // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=1
        float wv = w[i];                                   // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=1
        float r = wv * (alpha * xv + beta * yv);           // EXPECT: statements=1 global=0 A=4 slices=GM w=1
        out[i] = __float2half(r);                          // EXPECT: statements=1 global=1 shared=0 slices=GM w=1
    }
}

__global__ void halfDotPartial(const __half *__restrict__ a, const __half *__restrict__ b, float *partial) // EXPECT-KERNEL: decision_points=2 effective=12 class=dense
{
    __shared__ float s_acc[THREADS];
    int tid = threadIdx.x;                                 // EXPECT: statements=1 A=0 slices=GM,SHM w=1

    float acc = 0.0f;                                      // EXPECT: statements=1 A=0 slices=GM,SHM w=1
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N_ELEMS; i += blockDim.x * gridDim.x) // EXPECT: statements=1 global=0 A=4 slices=GM w=32
        acc += (float)a[i] * float(b[i]);                  // EXPECT: statements=1 global=2 shared=0 A=2 slices=GM w=32
    s_acc[tid] = acc;                                      // EXPECT: statements=1 global=0 shared=1 A=0 slices=SHM w=1
    __syncthreads();                                       // EXPECT: statements=1 shared=0 slices=SHM w=1

    for (int s = blockDim.x / 2; s > 0; s >>= 1) {         // EXPECT: statements=1 A=2 slices=SHM w=8
        if (tid < s)                                       // EXPECT: statements=1 A=0 slices=SHM w=8
            s_acc[tid] += s_acc[tid + s];                  // EXPECT: statements=1 global=0 shared=3 A=2 slices=SHM w=8
        __syncthreads();                                   // EXPECT: statements=1 shared=0 slices=SHM w=8
    }
    if (tid == 0)                                          // EXPECT: statements=1 A=0 slices=GM,SHM w=1
        partial[blockIdx.x] = s_acc[0];                    // EXPECT: statements=1 global=1 shared=1 A=0 slices=GM,SHM w=1
}

int main()
{
    std::vector<__half> h_x(N_ELEMS), h_y(N_ELEMS), h_w(N_ELEMS);
    for (int k = 0; k < N_ELEMS; ++k) {
        h_x[k] = __float2half((float)(k % 7) * 0.25f);
        h_y[k] = __float2half((float)(k % 5) * 0.5f);
        h_w[k] = __float2half(1.0f);
    }

    const size_t bytes = N_ELEMS * sizeof(__half);
    __half *d_x, *d_y, *d_w, *d_out;
    cudaMalloc(&d_x, bytes);
    cudaMalloc(&d_y, bytes);
    cudaMalloc(&d_w, bytes);
    cudaMalloc(&d_out, bytes);
    cudaMemcpy(d_x, h_x.data(), bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d_y, h_y.data(), bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d_w, h_w.data(), bytes, cudaMemcpyHostToDevice);

    halfAxpby<<<N_ELEMS / THREADS, THREADS>>>(d_x, d_y, d_w, d_out, 2.0f, -1.0f);

    const int blocks = 128;
    float *d_partial;
    cudaMalloc(&d_partial, blocks * sizeof(float));
    halfDotPartial<<<blocks, THREADS>>>(d_x, d_y, d_partial);
    cudaDeviceSynchronize();

    std::vector<float> h_partial(blocks);
    cudaMemcpy(h_partial.data(), d_partial, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    double dot = 0.0;
    for (int k = 0; k < blocks; ++k)
        dot += h_partial[k];
    printf("x . y = %f\n", dot);

    cudaFree(d_x);
    cudaFree(d_y);
    cudaFree(d_w);
    cudaFree(d_out);
    cudaFree(d_partial);
    return 0;
}
