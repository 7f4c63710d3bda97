// packed_accesses.cu - SliceWatt rule test (R3, issue 47): code that moves a vector type or
// a 16-byte aligned struct in one instruction makes one access of 16 (or 8) bytes, not
// several small ones (analysis-rules §3), and a bounds guard on a scaled index passes for
// the threads whose own index passes (§6).
//
// Every kernel moves n = 1000 floats, four a thread: grid 4 × block 64 = 256 threads, and
// i = 4 · (blockIdx.x · 64 + threadIdx.x) < 1000 holds for the 250 threads below 250:
// p = 250 / 256 = 0.9765625 for the guarded lines.
//
// Kernel scaleFloat4: a float4 load and a float4 store through reinterpret_cast: one global
// access of 16 bytes each.
// Kernel copyPacked: llm.c's Packed128 (alignas(16), filled by memcpy from an int4) loaded
// with __ldcs and stored with __stcs from templates whose calls are dependent: 16 bytes in
// and 16 out; the payload is a local array (no global access).
// Kernel copyInt4: `__ldcs` on `int4*` and a plain int4 store: 16 bytes each.
// Kernel halfPairs: float2, 8 bytes a load and a store, two floats a thread (i = 2 · gid
// < 1000 holds for all 256 threads: p = 1).
#include <cuda_runtime.h>
#include <cstring>

template <class ElementType>
struct alignas(16) Packed128 {
    Packed128() = default;
    __device__ explicit Packed128(int4 bits) { memcpy(&payload, &bits, sizeof(bits)); }
    __device__ ElementType& operator[](int index) { return payload[index]; }
    __device__ const ElementType& operator[](int index) const { return payload[index]; }
    __device__ int4 get_bits() const
    {
        int4 bits;
        memcpy(&bits, &payload, sizeof(bits));
        return bits;
    }
    static constexpr const int size = sizeof(int4) / sizeof(ElementType);
    ElementType payload[size];
};

template <class ElementType>
__device__ Packed128<ElementType> load128cs(const ElementType* address)
{
    return Packed128<ElementType>{__ldcs(reinterpret_cast<const int4*>(address))}; // EXPECT: global=1 bytes=16
}

template <class ElementType>
__device__ void store128cs(ElementType* target, Packed128<ElementType> value)
{
    __stcs(reinterpret_cast<int4*>(target), value.get_bits()); // EXPECT: global=1 bytes=16
}

__global__ void scaleFloat4(float* out, const float* in, int n)
{
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    if (i < n) {
        float4 v = reinterpret_cast<const float4*>(in)[i / 4]; // EXPECT: global=1 bytes=16 p=0.9765625
        v.x *= 2.0f;
        reinterpret_cast<float4*>(out)[i / 4] = v; // EXPECT: global=1 bytes=16 p=0.9765625
    }
}

__global__ void copyPacked(float* out, const float* in, int n)
{
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * Packed128<float>::size;
    if (i < n) {
        Packed128<float> packed = load128cs(in + i); // EXPECT: global=0 p=0.9765625
        for (int k = 0; k < Packed128<float>::size; ++k)
            packed[k] *= 2.0f; // EXPECT: global=0 w=4
        store128cs(out + i, packed); // EXPECT: global=0 p=0.9765625
    }
}

__global__ void copyInt4(int* out, const int* in, int n)
{
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    if (i < n) {
        int4 v = __ldcs(reinterpret_cast<const int4*>(in) + i / 4); // EXPECT: global=1 bytes=16 p=0.9765625
        *reinterpret_cast<int4*>(out + i) = v; // EXPECT: global=1 bytes=16 p=0.9765625
    }
}

__global__ void halfPairs(float* out, const float* in, int n)
{
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
    if (i < n) {
        float2 v = reinterpret_cast<const float2*>(in)[i / 2]; // EXPECT: global=1 bytes=8 p=1
        reinterpret_cast<float2*>(out)[i / 2] = v; // EXPECT: global=1 bytes=8 p=1
    }
}

int main()
{
    float *in, *out;
    cudaMalloc(&in, 1000 * sizeof(float));
    cudaMalloc(&out, 1000 * sizeof(float));
    scaleFloat4<<<4, 64>>>(out, in, 1000);
    copyPacked<<<4, 64>>>(out, in, 1000);
    copyInt4<<<4, 64>>>(reinterpret_cast<int*>(out), reinterpret_cast<const int*>(in), 1000);
    halfPairs<<<4, 64>>>(out, in, 1000);
    return 0;
}
