// cooperative_groups_helper.cu - SliceWatt rule test (shared memory through a pointer
// parameter, R2/R4 return values): the cooperative-groups reduction of the CUDA
// "Cooperative Groups" introduction (sum_kernel_block with thread_sum and reduce_sum).
// The kernel passes its `extern __shared__ int temp[]` to reduce_sum's `int *temp`
// parameter; the parameter takes the space of the pointer passed in (rules §3), so
// `temp[lane] = val;` is one shared access. thread_sum reads the input through
// `((int4 *)input)[i]`: R1, the cast keeps the global space -> one global access.
// First launch sum_kernel_block<<<16384, 256, 1024>>>.
//   `g.sync()` is cooperative groups' barrier, as __syncthreads (rules §5): no operation,
//   and a statement of the shared slice.
//   Loops: `i < n / 4` in thread_sum: n is thread_sum's parameter, passed the kernel's n,
//   which the launch gives (1 << 24, rules §3 into __device__ functions): a grid-stride loop
//   from the global index by 16384 * 256 = 4,194,304 while i < 2^22 -> 1 trip, w=1.
//   `i = g.size() / 2` (a call) is not resolved by the rule book -> default trip count 10
//   (an assumption), w=10.
//   Headers: thread_sum A = 5 (* + / += *), reduce_sum A = 2 (/ and /=).
//   Slices (statement-level register closure): block_sum = reduce_sum(g, temp, my_sum)
//   defines the parameters temp and val read by the shared store, and block_sum feeds
//   the global atomic -> GM,SHM; my_sum and g feed it -> GM,SHM; R4: both helpers'
//   returns feed calling statements that are GM,SHM -> GM,SHM, and so do thread_sum's
//   register statements feeding `return sum` (sum = 0, sum += ..., and its loop as
//   control skeleton). `val += temp[lane + i]` reads shared memory, so the closure from
//   `return val` stops there: reduce_sum's loop, lane and if are SHM only.
//   The int4 load is a global access, so the closure from `sum += ...` stops there: GM.
//   Decision points 2 (if (lane < i), if (g.thread_rank() == 0)); effective statements:
//   thread_sum 5 + reduce_sum 8 (two g.sync()) + kernel 5 = 18 -> 2/18 = 0.11 -> dense.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ int reduce_sum(cg::thread_group g, int *temp, int val)
{
    int lane = g.thread_rank();                              // EXPECT: statements=1 global=0 shared=0 A=0 slices=SHM w=1

    // Each iteration halves the number of active threads
    // Each thread adds its partial sum[i] to sum[lane+i]
    for (int i = g.size() / 2; i > 0; i /= 2) {              // EXPECT: statements=1 shared=0 A=2 slices=SHM w=10
        temp[lane] = val;                                    // EXPECT: statements=1 global=0 shared=1 A=0 slices=SHM w=10
        g.sync();                                            // EXPECT: statements=1 A=0 classes=none slices=SHM w=10
        if (lane < i)                                        // EXPECT: statements=1 shared=0 A=0 slices=SHM w=10
            val += temp[lane + i];                           // EXPECT: statements=1 global=0 shared=1 A=2 slices=SHM w=10
        g.sync();                                            // EXPECT: statements=1 A=0 classes=none slices=SHM w=10
    }
    // note: only thread 0 will return full sum
    return val;                                              // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM,SHM w=1
}

__device__ int thread_sum(int *input, int n)
{
    int sum = 0;                                             // EXPECT: statements=1 A=0 slices=GM,SHM w=1

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += blockDim.x * gridDim.x) { // EXPECT: statements=1 global=0 A=5 slices=GM,SHM w=1
        int4 in = ((int4 *)input)[i];                        // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=1
        sum += in.x + in.y + in.z + in.w;                    // EXPECT: statements=1 global=0 A=4 slices=GM,SHM w=1
    }
    return sum;                                              // EXPECT: statements=1 global=0 A=0 slices=GM,SHM w=1
}

__global__ void sum_kernel_block(int *sum, int *input, int n) // EXPECT-KERNEL: decision_points=2 effective=18 class=dense
{
    int my_sum = thread_sum(input, n);                       // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM,SHM w=1

    extern __shared__ int temp[];                            // EXPECT: statements=0
    auto g = cg::this_thread_block();                        // EXPECT: statements=1 A=0 slices=GM,SHM w=1
    int block_sum = reduce_sum(g, temp, my_sum);             // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM,SHM w=1

    if (g.thread_rank() == 0)                                // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM w=1
        atomicAdd(sum, block_sum);                           // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=1
}

int main()
{
    const int n = 1 << 24;
    const int blockSize = 256;
    const int nBlocks = (n / 4 + blockSize - 1) / blockSize;
    const int sharedBytes = blockSize * sizeof(int);

    std::vector<int> h_data(n, 1);
    int *d_sum, *d_data;
    cudaMalloc(&d_sum, sizeof(int));
    cudaMalloc(&d_data, n * sizeof(int));
    cudaMemcpy(d_data, h_data.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_sum, 0, sizeof(int));

    sum_kernel_block<<<nBlocks, blockSize, sharedBytes>>>(d_sum, d_data, n);
    cudaDeviceSynchronize();

    int h_sum = 0;
    cudaMemcpy(&h_sum, d_sum, sizeof(int), cudaMemcpyDeviceToHost);
    printf("sum = %d (expected %d)\n", h_sum, n);

    cudaFree(d_sum);
    cudaFree(d_data);
    return 0;
}
