// shared_memory_struct_helper.cu - SliceWatt rule test (R1, R2, R4): the cuda-samples
// SharedMemory<T> wrapper. The kernel gets its dynamic shared buffer through the
// conversion operator `operator T*()`, so `sdata` is a pointer into shared memory and
// `sdata[tid]` is a shared access, not a register/local one.
//
// Kernel: reduce3 (cuda-samples "reduction", reduce3 flavour: first add during load,
// then a shared-memory tree), templated on the element type and the block size.
// First launch: reduce3<float, 256><<<2048, 256, 1024>>> -> blockDim.x = 256.
//
// How the numbers were computed (resources/help/analysis-rules.md + the new rules):
//  * `T *sdata = SharedMemory<T>();` calls the non-const `operator T*()` (the temporary
//    is not const). R2: the operator is inlined; its `return (T *)__smem;` is one
//    effective statement with no access (a cast of the array, no subscript). R1: the
//    C-style cast keeps the shared space, so sdata is shared. R4: the return feeds the
//    calling statement, which is in the shared slice (sdata is used by the shared
//    stores), so the return is in SHM too. `extern __shared__ int __smem[];` has no
//    initialiser: not a statement. The const operator and the double specialisation
//    are never called: their lines have no statements.
//  * Loop `for (s = blockDim.x / 2; s > 0; s >>= 1)`: 128,64,...,1 -> 8 trips; header
//    A = 2 (/ and >>=), weight 8.
//  * `sdata[tid] = mySum = mySum + sdata[tid + s];` is one statement: shared store +
//    shared load = 2 shared, A = 2 (the two +).
//  * mySum is defined only by statements that access memory (g_idata or sdata), so the
//    register closure stops there: the global store does not pull the shared statements
//    into GM and vice versa. tid is used by the shared subscripts and by the
//    `if (tid == 0)` that guards the global store -> GM,SHM.
//  * Decision points: ?: (1), if (i + blockSize < n), if (tid < s), if (tid == 0) = 4.
//    Effective statements: 14 in the kernel + 1 inlined return = 15. 4/15 = 0.27 -> dense.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

// Utility class used to avoid linker errors with extern unsized shared memory arrays
// with templated type.
template <class T>
struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int __smem[];                           // EXPECT: statements=0
        return (T *)__smem;                                       // EXPECT: statements=1 global=0 shared=0 A=0 slices=SHM w=1
    }

    __device__ inline operator const T *() const
    {
        extern __shared__ int __smem[];
        return (T *)__smem;                                       // EXPECT: statements=0
    }
};

// Specialised for double to avoid unaligned memory access compile errors.
template <>
struct SharedMemory<double> {
    __device__ inline operator double *()
    {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;                                // EXPECT: statements=0
    }
};

// Uses n/2 threads per block worth of data, adds two elements during the load and then
// reduces in shared memory.
template <class T, unsigned int blockSize>
__global__ void reduce3(T *g_idata, T *g_odata, unsigned int n)  // EXPECT-KERNEL: decision_points=4 effective=15 class=dense
{
    T *sdata = SharedMemory<T>();                                 // EXPECT: statements=1 global=0 shared=0 A=0 slices=SHM w=1

    // perform first level of reduction, reading from global memory, writing to shared memory
    unsigned int tid = threadIdx.x;                               // EXPECT: statements=1 A=0 slices=GM,SHM w=1
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x; // EXPECT: statements=1 global=0 A=3 slices=GM w=1

    T mySum = (i < n) ? g_idata[i] : 0;                           // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=1

    if (i + blockSize < n)                                        // EXPECT: statements=1 global=0 A=1 slices=GM w=1
        mySum += g_idata[i + blockSize];                          // EXPECT: statements=1 global=1 shared=0 A=2 slices=GM w=1

    sdata[tid] = mySum;                                           // EXPECT: statements=1 global=0 shared=1 A=0 slices=SHM w=1
    __syncthreads();                                              // EXPECT: statements=1 global=0 shared=0 A=0 slices=SHM w=1

    // do reduction in shared mem
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {       // EXPECT: statements=1 shared=0 A=2 slices=SHM w=8
        if (tid < s) {                                            // EXPECT: statements=1 shared=0 A=0 slices=SHM w=8
            sdata[tid] = mySum = mySum + sdata[tid + s];          // EXPECT: statements=1 global=0 shared=2 A=2 slices=SHM w=8
        }

        __syncthreads();                                          // EXPECT: statements=1 shared=0 A=0 slices=SHM w=8
    }

    // write result for this block to global mem
    if (tid == 0)                                                 // EXPECT: statements=1 shared=0 A=0 slices=GM w=1
        g_odata[blockIdx.x] = mySum;                              // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=1
}

int main()
{
    const int N = 1 << 20;
    const int threads = 256;
    const int blocks = N / (threads * 2);
    const int smemSize = threads * sizeof(float);

    std::vector<float> h_idata(N);
    for (int k = 0; k < N; ++k)
        h_idata[k] = (float)(k & 0xFF) / 255.0f;

    float *d_idata = nullptr;
    float *d_odata = nullptr;
    float *d_final = nullptr;
    cudaMalloc(&d_idata, N * sizeof(float));
    cudaMalloc(&d_odata, blocks * sizeof(float));
    cudaMalloc(&d_final, 4 * sizeof(float));
    cudaMemcpy(d_idata, h_idata.data(), N * sizeof(float), cudaMemcpyHostToDevice);

    // First pass: one partial sum per block.
    reduce3<float, 256><<<blocks, threads, smemSize>>>(d_idata, d_odata, N);
    // Second pass over the 2048 partial sums: 4 blocks of 256 threads, 512 values each.
    reduce3<float, 256><<<4, threads, smemSize>>>(d_odata, d_final, blocks);
    cudaDeviceSynchronize();

    float h_partial[4];
    cudaMemcpy(h_partial, d_final, sizeof(h_partial), cudaMemcpyDeviceToHost);
    double total = 0.0;
    for (int b = 0; b < 4; ++b)
        total += h_partial[b];
    printf("sum = %f\n", total);

    cudaFree(d_idata);
    cudaFree(d_odata);
    cudaFree(d_final);
    return 0;
}
