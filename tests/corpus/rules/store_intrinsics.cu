// store_intrinsics.cu - SliceWatt rule test (R8): cache-hinted loads and stores.
// `__ldcs(p)` (and the other __ld* forms) is one global load; `__stcs(p, v)`,
// `__stcg(p, v)`, `__stwb(p, v)`, `__stwt(p, v)` are one global store each. The address
// argument (`&re[i]`, or `reinterpret_cast<float4 *>(out) + i`) is an address: no access
// (a `+` in it still counts as arithmetic). The calls themselves are not arithmetic.
//
// Kernel splitComplexStreaming: splits interleaved complex samples into real,
// imaginary and magnitude planes with streaming (evict-first) loads and per-plane store
// hints; thread 0 of each block then writes a done flag with a write-through store.
// First launch <<<256, 256>>>: grid-stride loop over 1048576 float2, stride 65536 ->
// 16 trips, header A = 4. Everything is in GM.
// Decision points 1; effective 7 (loop, z, 3 stores, if, flag store) -> 0.14 -> dense.
//
// Kernel scaleStreaming: float4 streaming scale, one float4 per thread.
// First launch <<<1024, 256>>>, no loops. Decision points 1; effective 5 -> dense.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define N_SAMPLES 1048576
#define N_FLOATS 1048576

__global__ void splitComplexStreaming(const float2 *__restrict__ in, float *__restrict__ re, // EXPECT-KERNEL: decision_points=1 effective=7 class=dense
                                      float *__restrict__ im, float *__restrict__ mag,
                                      unsigned int *__restrict__ blockDone)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N_SAMPLES; i += blockDim.x * gridDim.x) { // EXPECT: statements=1 global=0 A=4 slices=GM w=16
        float2 z = __ldcs(&in[i]);                          // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=16
        __stcs(&re[i], z.x);                                // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=16
        __stcg(&im[i], z.y);                                // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=16
        __stwb(&mag[i], sqrtf(z.x * z.x + z.y * z.y));      // EXPECT: statements=1 global=1 shared=0 A=4 slices=GM w=16
    }
    if (threadIdx.x == 0)                                   // EXPECT: statements=1 global=0 A=0 slices=GM w=1
        __stwt(&blockDone[blockIdx.x], 1u);                 // EXPECT: statements=1 global=1 A=0 slices=GM w=1
}

__global__ void scaleStreaming(const float *__restrict__ in, float *__restrict__ out, float alpha) // EXPECT-KERNEL: decision_points=1 effective=5 class=dense
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;          // EXPECT: statements=1 A=2 slices=GM w=1
    if (i < N_FLOATS / 4) {                                 // EXPECT: statements=1 global=0 A=0 slices=GM w=1
        float4 v = __ldcs(reinterpret_cast<const float4 *>(in) + i);     // EXPECT: statements=1 global=1 shared=0 A=1 slices=GM w=1
        float4 r = {alpha * v.x, alpha * v.y, alpha * v.z, alpha * v.w}; // EXPECT: statements=1 global=0 A=4 slices=GM w=1
        __stcs(reinterpret_cast<float4 *>(out) + i, r);                  // EXPECT: statements=1 global=1 shared=0 A=1 slices=GM w=1
    }
}

int main()
{
    std::vector<float2> h_in(N_SAMPLES);
    for (int k = 0; k < N_SAMPLES; ++k) {
        h_in[k].x = (float)(k % 17) - 8.0f;
        h_in[k].y = (float)(k % 11) - 5.0f;
    }

    float2 *d_in;
    float *d_re, *d_im, *d_mag;
    unsigned int *d_done;
    const int blocks = 256;
    cudaMalloc(&d_in, N_SAMPLES * sizeof(float2));
    cudaMalloc(&d_re, N_SAMPLES * sizeof(float));
    cudaMalloc(&d_im, N_SAMPLES * sizeof(float));
    cudaMalloc(&d_mag, N_SAMPLES * sizeof(float));
    cudaMalloc(&d_done, blocks * sizeof(unsigned int));
    cudaMemcpy(d_in, h_in.data(), N_SAMPLES * sizeof(float2), cudaMemcpyHostToDevice);

    splitComplexStreaming<<<blocks, 256>>>(d_in, d_re, d_im, d_mag, d_done);

    float *d_scaled;
    cudaMalloc(&d_scaled, N_FLOATS * sizeof(float));
    scaleStreaming<<<N_FLOATS / 4 / 256, 256>>>(d_mag, d_scaled, 0.5f);
    cudaDeviceSynchronize();

    float h_mag1 = 0.0f;
    cudaMemcpy(&h_mag1, d_scaled + 1, sizeof(float), cudaMemcpyDeviceToHost);
    printf("|z[1]| / 2 = %f\n", h_mag1);

    cudaFree(d_in);
    cudaFree(d_re);
    cudaFree(d_im);
    cudaFree(d_mag);
    cudaFree(d_done);
    cudaFree(d_scaled);
    return 0;
}
