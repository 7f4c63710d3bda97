// do_while_zero.cu - SliceWatt rule test (R6): `do { ... } while (0)` from a macro is not
// a loop. Its header is no statement, its body statements keep the enclosing weight
// (no default trip count 10), and statements from a macro expansion are located on the
// line of the macro USE.
//
// SWAP_KEYS(a, b) expands to
//   do { unsigned int t_ = (a); (a) = (b); (b) = t_; } while (0)
// i.e. three statements on the use line: a declaration with initialiser and two
// assignments. Parenthesised lvalues `(s_key[pos]) = ...` are still stores.
//
// Kernel bitonicMergeShared (cuda-samples bitonic sort, merge stage in shared memory,
// keys only). First launch bitonicMergeShared<<<128, 256>>>.
//   Loop `for (stride = SHARED_SIZE / 2; stride > 0; stride >>= 1)`: 256,128,...,1 ->
//   9 trips (independent of the launch); header A = 1 (>>=; SHARED_SIZE / 2 is folded), weight 9.
//   SWAP_KEYS(s_key[pos], s_key[pos + stride]) at w=9:
//     unsigned int t_ = (s_key[pos]);              shared 1, A 0
//     (s_key[pos]) = (s_key[pos + stride]);        shared 2, A 1
//     (s_key[pos + stride]) = t_;                  shared 1, A 1
//     line total: statements=3 shared=4 A=2.
//   ddd and comparatorI feed only the shared compare -> SHM only; the global loads and
//   stores at the start and end are GM,SHM (they also touch s_key).
//   Decision points: 1 (the if); effective 15 -> sparse (a do/while(0) counted as a
//   loop header would make 16).
//
// Kernel bitonicMergeGlobal (cuda-samples, one global merge step per launch, keys only).
// First launch bitonicMergeGlobal<<<128, 256>>>; no loops: SWAP_KEYS(keyA, keyB) on
// registers has w=1 (not 10), statements=3, no access, A=0, and is in GM because the
// stores after it read keyA/keyB (register closure; the if that guards it joins as
// control skeleton). Decision points 1; effective 12 -> sparse.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define SHARED_SIZE 512
#define ARRAY_LEN 65536

#define SWAP_KEYS(a, b)          \
    do {                         \
        unsigned int t_ = (a);   \
        (a) = (b);               \
        (b) = t_;                \
    } while (0)

// Bitonic merge of SHARED_SIZE-element chunks once the stride fits in shared memory.
__global__ void bitonicMergeShared(unsigned int *d_key, unsigned int size, unsigned int dir) // EXPECT-KERNEL: decision_points=1 effective=15 class=sparse
{
    __shared__ unsigned int s_key[SHARED_SIZE];

    unsigned int *key = d_key + blockIdx.x * SHARED_SIZE + threadIdx.x;                 // EXPECT: statements=1 global=0 A=3 slices=GM,SHM w=1
    s_key[threadIdx.x] = key[0];                                                        // EXPECT: statements=1 global=1 shared=1 A=0 slices=GM,SHM w=1
    s_key[threadIdx.x + SHARED_SIZE / 2] = key[SHARED_SIZE / 2];                        // EXPECT: statements=1 global=1 shared=1 A=1 slices=GM,SHM w=1

    // Bitonic merge direction of this thread's comparator
    unsigned int comparatorI = (blockIdx.x * blockDim.x + threadIdx.x) & (ARRAY_LEN / 2 - 1); // EXPECT: statements=1 global=0 A=3 slices=SHM w=1
    unsigned int ddd = dir ^ ((comparatorI & (size / 2)) != 0);                         // EXPECT: statements=1 global=0 A=3 slices=SHM w=1

    for (unsigned int stride = SHARED_SIZE / 2; stride > 0; stride >>= 1) {             // EXPECT: statements=1 shared=0 A=1 slices=SHM w=9
        __syncthreads();                                                                // EXPECT: statements=1 shared=0 slices=SHM w=9
        unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));              // EXPECT: statements=1 shared=0 A=4 slices=SHM w=9
        if ((s_key[pos] > s_key[pos + stride]) == ddd)                                  // EXPECT: statements=1 global=0 shared=2 A=1 slices=SHM w=9
            SWAP_KEYS(s_key[pos], s_key[pos + stride]);                                 // EXPECT: statements=3 global=0 shared=4 A=2 slices=SHM w=9
    }

    __syncthreads();                                                                    // EXPECT: statements=1 shared=0 slices=SHM w=1
    key[0] = s_key[threadIdx.x];                                                        // EXPECT: statements=1 global=1 shared=1 A=0 slices=GM,SHM w=1
    key[SHARED_SIZE / 2] = s_key[threadIdx.x + SHARED_SIZE / 2];                        // EXPECT: statements=1 global=1 shared=1 A=1 slices=GM,SHM w=1
}

// One compare-and-swap step of the bitonic merge directly in global memory, used while
// the stride is too large for shared memory.
__global__ void bitonicMergeGlobal(unsigned int *d_key, unsigned int size, unsigned int stride, unsigned int dir) // EXPECT-KERNEL: decision_points=1 effective=12 class=sparse
{
    unsigned int global_comparatorI = blockIdx.x * blockDim.x + threadIdx.x;            // EXPECT: statements=1 A=2 slices=GM w=1
    unsigned int comparatorI = global_comparatorI & (ARRAY_LEN / 2 - 1);                // EXPECT: statements=1 A=1 slices=GM w=1

    // Bitonic merge direction and position of this comparator
    unsigned int ddd = dir ^ ((comparatorI & (size / 2)) != 0);                         // EXPECT: statements=1 A=3 slices=GM w=1
    unsigned int pos = 2 * global_comparatorI - (global_comparatorI & (stride - 1));    // EXPECT: statements=1 A=4 slices=GM w=1

    unsigned int keyA = d_key[pos + 0];                                                 // EXPECT: statements=1 global=1 A=1 slices=GM w=1
    unsigned int keyB = d_key[pos + stride];                                            // EXPECT: statements=1 global=1 A=1 slices=GM w=1

    if ((keyA > keyB) == ddd)                                                           // EXPECT: statements=1 global=0 A=0 slices=GM w=1
        SWAP_KEYS(keyA, keyB);                                                          // EXPECT: statements=3 global=0 shared=0 A=0 slices=GM w=1

    d_key[pos + 0] = keyA;                                                              // EXPECT: statements=1 global=1 A=1 slices=GM w=1
    d_key[pos + stride] = keyB;                                                         // EXPECT: statements=1 global=1 A=1 slices=GM w=1
}

int main()
{
    std::vector<unsigned int> h_key(ARRAY_LEN);
    srand(2009);
    for (int i = 0; i < ARRAY_LEN; ++i)
        h_key[i] = (unsigned int)rand();

    unsigned int *d_key = nullptr;
    cudaMalloc(&d_key, ARRAY_LEN * sizeof(unsigned int));
    cudaMemcpy(d_key, h_key.data(), ARRAY_LEN * sizeof(unsigned int), cudaMemcpyHostToDevice);

    // Merge phase of an ascending sort (the SHARED_SIZE-element chunks are assumed to be
    // sorted already): global steps for large strides, then one shared-memory merge.
    const unsigned int dir = 1;
    for (unsigned int size = 2 * SHARED_SIZE; size <= ARRAY_LEN; size <<= 1) {
        for (unsigned int stride = size / 2; stride > 0; stride >>= 1) {
            if (stride >= SHARED_SIZE) {
                bitonicMergeGlobal<<<ARRAY_LEN / 512, 256>>>(d_key, size, stride, dir);
            } else {
                bitonicMergeShared<<<ARRAY_LEN / SHARED_SIZE, SHARED_SIZE / 2>>>(d_key, size, dir);
                break;
            }
        }
    }
    cudaDeviceSynchronize();

    cudaMemcpy(h_key.data(), d_key, ARRAY_LEN * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    int sorted = 1;
    for (int i = 1; i < ARRAY_LEN; ++i)
        if (h_key[i - 1] > h_key[i])
            sorted = 0;
    printf("bitonic merge: %s\n", sorted ? "sorted" : "not sorted");

    cudaFree(d_key);
    return 0;
}
