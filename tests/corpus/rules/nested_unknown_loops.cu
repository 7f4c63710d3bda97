// nested_unknown_loops.cu - SliceWatt rule test (R9): unknown loops nested in unknown
// loops multiply their default trip counts. A `while` gets the default trip count 10; a
// `while` inside it runs 10 times per outer iteration, so its header and body have
// weight 10 x 10 = 100. Both loops are listed as assumptions.
//
// Kernel triangleCountEdges: edge-centric triangle counting on a CSR graph with sorted
// adjacency lists. For each edge (u, v) the thread intersects N(u) and N(v) with a
// merge: the outer while walks N(u), the inner while gallops b forward in N(v) to the
// first neighbour >= the current one of u.
// First launch triangleCountEdges<<<2048, 256>>>.
//   Outer `while (a < aEnd && b < bEnd)`: w=10, A=0.
//   Inner `while (b < bEnd && colIdx[b] < ca)`: w=100; its condition reads colIdx[b]:
//   1 global access per evaluation. `++b;` in it: w=100, A=1.
//   `int a = rowPtr[u], aEnd = rowPtr[u + 1];`: one statement, 2 global loads, A=1.
//   `atomicAdd(count, (unsigned long long)found)`: 1 global access, the cast is not
//   arithmetic.
//   All statements end in GM (the count feeds the atomic; the loops and ifs are its
//   control skeleton). Decision points 2 (if (e < NUM_EDGES), the if in the loop; a
//   while is not one); effective 15 -> 2/15 = 0.13 -> dense.
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define NUM_NODES 65536
#define NUM_EDGES 524288
#define DEGREE 8

__global__ void triangleCountEdges(const int *__restrict__ rowPtr, const int *__restrict__ colIdx, // EXPECT-KERNEL: decision_points=2 effective=15 class=dense
                                   const int *__restrict__ edgeSrc, const int *__restrict__ edgeDst,
                                   unsigned long long *count)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;              // EXPECT: statements=1 global=0 A=2 slices=GM w=1
    if (e < NUM_EDGES) {                                        // EXPECT: statements=1 global=0 A=0 slices=GM w=1
        int u = edgeSrc[e];                                     // EXPECT: statements=1 global=1 A=0 slices=GM w=1
        int v = edgeDst[e];                                     // EXPECT: statements=1 global=1 A=0 slices=GM w=1
        int a = rowPtr[u], aEnd = rowPtr[u + 1];                // EXPECT: statements=1 global=2 A=1 slices=GM w=1
        int b = rowPtr[v], bEnd = rowPtr[v + 1];                // EXPECT: statements=1 global=2 A=1 slices=GM w=1
        int found = 0;                                          // EXPECT: statements=1 global=0 A=0 slices=GM w=1
        while (a < aEnd && b < bEnd) {                          // EXPECT: statements=1 global=0 A=0 slices=GM w=10
            int ca = colIdx[a];                                 // EXPECT: statements=1 global=1 A=0 slices=GM w=10
            while (b < bEnd && colIdx[b] < ca)                  // EXPECT: statements=1 global=1 A=0 slices=GM w=100
                ++b;                                            // EXPECT: statements=1 global=0 A=1 slices=GM w=100
            if (b < bEnd && colIdx[b] == ca)                    // EXPECT: statements=1 global=1 A=0 slices=GM w=10
                ++found;                                        // EXPECT: statements=1 global=0 A=1 slices=GM w=10
            ++a;                                                // EXPECT: statements=1 global=0 A=1 slices=GM w=10
        }
        atomicAdd(count, (unsigned long long)found);            // EXPECT: statements=1 global=1 A=0 slices=GM w=1
    }
}

int main()
{
    // A regular test graph: node n is linked to n+1 .. n+DEGREE (mod NUM_NODES), listed
    // in CSR with sorted neighbours; the edge list holds every (n, neighbour) pair.
    std::vector<int> h_rowPtr(NUM_NODES + 1), h_colIdx(NUM_EDGES);
    std::vector<int> h_src(NUM_EDGES), h_dst(NUM_EDGES);
    for (int n = 0; n <= NUM_NODES; ++n)
        h_rowPtr[n] = n * DEGREE;
    for (int n = 0; n < NUM_NODES; ++n) {
        std::vector<int> nb;
        for (int k = 1; k <= DEGREE; ++k)
            nb.push_back((n + k) % NUM_NODES);
        std::sort(nb.begin(), nb.end());
        for (int k = 0; k < DEGREE; ++k) {
            h_colIdx[n * DEGREE + k] = nb[k];
            h_src[n * DEGREE + k] = n;
            h_dst[n * DEGREE + k] = nb[k];
        }
    }

    int *d_rowPtr, *d_colIdx, *d_src, *d_dst;
    unsigned long long *d_count;
    cudaMalloc(&d_rowPtr, (NUM_NODES + 1) * sizeof(int));
    cudaMalloc(&d_colIdx, NUM_EDGES * sizeof(int));
    cudaMalloc(&d_src, NUM_EDGES * sizeof(int));
    cudaMalloc(&d_dst, NUM_EDGES * sizeof(int));
    cudaMalloc(&d_count, sizeof(unsigned long long));
    cudaMemcpy(d_rowPtr, h_rowPtr.data(), (NUM_NODES + 1) * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_colIdx, h_colIdx.data(), NUM_EDGES * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_src, h_src.data(), NUM_EDGES * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_dst, h_dst.data(), NUM_EDGES * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_count, 0, sizeof(unsigned long long));

    triangleCountEdges<<<NUM_EDGES / 256, 256>>>(d_rowPtr, d_colIdx, d_src, d_dst, d_count);
    cudaDeviceSynchronize();

    unsigned long long h_count = 0;
    cudaMemcpy(&h_count, d_count, sizeof(h_count), cudaMemcpyDeviceToHost);
    printf("closed wedges: %llu\n", h_count);

    cudaFree(d_rowPtr);
    cudaFree(d_colIdx);
    cudaFree(d_src);
    cudaFree(d_dst);
    cudaFree(d_count);
    return 0;
}
