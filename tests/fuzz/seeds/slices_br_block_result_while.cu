// Population count of 32-bit seeds with Kernighan's loop (while x != 0:
// clear the lowest set bit). Thread 0 of every block records how many valid
// items its block handles (a per-block result); threads past the end of the
// input leave early. n = 16200 is not a multiple of the block size, so the
// last block has idle threads.
//
// Hand-computed slice expectations (resources/help/analysis-rules.md), see
// br_block_result_while.slices.json. Launch <<<64, 256>>>.
//   S1  line 36: int i = blockIdx.x * blockDim.x + threadIdx.x;   w=1, A=2. global.
//   S2  line 37: if (threadIdx.x == 0)   w=1, A=0. global: encloses S3 (then-arm
//                 probability 1/blockDim.x, not part of this file's expectations).
//   S3  line 38: blockValid[blockIdx.x] = min(n - i, (int)blockDim.x);   w=1,
//                 A=2 (-, min), global 1. global criterion. It comes BEFORE the early
//                 return, so it is not control dependent on S4/S5.
//   S4  line 39: if (i >= n)   w=1, A=0. global: guards the early return S5.
//   S5  line 40: return;       w=1. global: earlier return under a condition in the
//                 same block as S6-S11.
//   S6  line 41: unsigned int x = seeds[i];   w=1, global 1. global criterion.
//   S7  line 42: int count = 0;   w=1, A=0. global: S11 uses count.
//   S8  line 43: while (x != 0)   while loop: default trip count 10 (assumption);
//                 header weight 10, A=0. global: encloses S9, S10 (skeleton).
//   S9  line 44: x &= x - 1;      w=10, A=2 (&= counts one, - one). global: the
//                 condition of S8 uses x (closure of a skeleton condition).
//   S10 line 45: ++count;        w=10, A=1. global: S11 uses count.
//   S11 line 47: steps[i] = count;   w=1, global 1. global criterion.
// C_GM = all 11: length 11, A = 2+0+2+0+0+0+0+10*0+10*2+10*1+0 = 34,
//        global = 1+1+1 = 3. Other slices empty.
// Decision points: 2 (S2, S4; a while is not one); 11 effective statements;
// 2/11 = 0.18 -> dense. Assumptions: the while at S8.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void popcountSeeds(const unsigned int *seeds, int *steps, int *blockValid, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x; // S1
    if (threadIdx.x == 0) // S2
        blockValid[blockIdx.x] = min(n - i, (int)blockDim.x); // S3
    if (i >= n) // S4
        return; // S5
    unsigned int x = seeds[i]; // S6
    int count = 0; // S7
    while (x != 0) { // S8
        x &= x - 1; // S9
        ++count; // S10
    }
    steps[i] = count; // S11
}

int main()
{
    const int n = 16200;
    std::vector<unsigned int> h_seeds(n);
    for (int i = 0; i < n; ++i)
        h_seeds[i] = 2654435761u * (unsigned int)i;

    unsigned int *d_seeds;
    int *d_steps, *d_valid;
    cudaMalloc(&d_seeds, n * sizeof(unsigned int));
    cudaMalloc(&d_steps, n * sizeof(int));
    cudaMalloc(&d_valid, 64 * sizeof(int));
    cudaMemcpy(d_seeds, h_seeds.data(), n * sizeof(unsigned int), cudaMemcpyHostToDevice);

    popcountSeeds<<<64, 256>>>(d_seeds, d_steps, d_valid, n);
    cudaDeviceSynchronize();

    std::vector<int> h_steps(n), h_valid(64);
    cudaMemcpy(h_steps.data(), d_steps, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_valid.data(), d_valid, 64 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("popcount(seed[5]) = %d, last block valid = %d\n", h_steps[5], h_valid[63]);

    cudaFree(d_seeds);
    cudaFree(d_steps);
    cudaFree(d_valid);
    return 0;
}
