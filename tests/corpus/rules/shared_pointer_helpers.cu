// shared_pointer_helpers.cu - SliceWatt rule test (R1, R4): memory spaces that travel
// with pointer values.
//
// Kernel boxBlurRows: a horizontal 3-tap box blur. Each thread row of the block stages
// one image row (with a one-element halo on each side) in shared memory. The shared
// tile is declared INSIDE the __device__ helper tileRow (allowed in CUDA: one static
// allocation per block), and tileRow returns a pointer to the start of a row:
//   float* row = tileRow(threadIdx.y);  -> R1: the call gives the space of what the
//                                          `return &tile[r][0];` returns: shared.
//   float* centre = row + RADIUS;       -> R1: p + k keeps the shared space.
// The image rows are addressed with pointers derived from the kernel parameters by
// arithmetic (`in + y * width`): those stay global (rules §2), so `srcRow[x]` is a
// global access and `centre[threadIdx.x] = srcRow[x]` is 1 global + 1 shared.
// First launch: dim3 grid(32, 128), dim3 block(32, 8); no loops, every weight is 1.
//   tx = threadIdx.x is an int so that `centre[tx - 1]` indexes the left halo (an
//   unsigned threadIdx.x - 1 would wrap).
//   Slices: srcRow, row, centre, tx, x, y feed statements that touch both spaces -> GM,SHM.
//   `float sum = ...` reads shared only (SHM); its value reaches the global store, but a
//   defining statement with memory accesses stops the register closure, so dstRow and
//   the store are GM only. The returned pointer feeds `float* row = tileRow(...)`
//   (GM,SHM), so the inlined `return` is GM,SHM (R4).
//   Decision points: 2 ifs. Effective: 15 kernel statements + 1 inlined return = 16.
//   2/16 = 0.125 -> dense.
//
// Kernel binnedMean: per-block histogram of (sum, count) per key, the dynamic shared
// buffer is one `extern __shared__ char smem[]` cut into a float array and an int
// array:  float* s_sum = (float*)smem;  int* s_cnt = (int*)&s_sum[NUM_BINS];
// (R1: casts keep the space, &p[k] keeps it and is no access).
// First launch: binnedMean<<<256, 256, NUM_BINS * 8>>>.
//   Block-stride loops `b = threadIdx.x; b < 512; b += blockDim.x`: ceil(512/256) = 2
//   trips, header A = 1. Grid-stride loop: stride 256*256 = 65536, 1048576/65536 = 16
//   trips, header A = 4 (* + += *).
//   Atomics count one access of their pointer's space: atomicAdd(&s_sum[k], values[i])
//   is 1 shared (atomic) + 1 global (the value read).
//   The first loop's `b` and the last loop's `b` are different variables.
//   Decision points 0; effective 14 -> sparse.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define TILE_W 32
#define TILE_H 8
#define RADIUS 1
#define WIDTH 1024
#define HEIGHT 1024

#define NUM_BINS 512
#define N_VALUES 1048576

// Returns the start of shared-memory row r of the block's staging tile.
__device__ float *tileRow(int r)
{
    __shared__ float tile[TILE_H][TILE_W + 2 * RADIUS];        // EXPECT: statements=0
    return &tile[r][0];                                        // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM,SHM w=1
}

__global__ void boxBlurRows(const float *in, float *out, int width)  // EXPECT-KERNEL: decision_points=2 effective=16 class=dense
{
    int tx = threadIdx.x;                                      // EXPECT: statements=1 A=0 slices=GM,SHM w=1
    int x = blockIdx.x * TILE_W + tx;                          // EXPECT: statements=1 A=2 slices=GM,SHM w=1
    int y = blockIdx.y * TILE_H + threadIdx.y;                 // EXPECT: statements=1 A=2 slices=GM,SHM w=1
    const float *srcRow = in + y * width;                      // EXPECT: statements=1 global=0 shared=0 A=2 slices=GM,SHM w=1
    float *dstRow = out + y * width;                           // EXPECT: statements=1 global=0 shared=0 A=2 slices=GM w=1
    float *row = tileRow(threadIdx.y);                         // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM,SHM w=1
    float *centre = row + RADIUS;                              // EXPECT: statements=1 global=0 shared=0 A=1 slices=GM,SHM w=1

    centre[tx] = srcRow[x];                                    // EXPECT: statements=1 global=1 shared=1 A=0 slices=GM,SHM w=1
    if (tx == 0)                                               // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM,SHM w=1
        row[0] = srcRow[max(x - 1, 0)];                        // EXPECT: statements=1 global=1 shared=1 A=2 slices=GM,SHM w=1
    if (tx == TILE_W - 1)                                      // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM,SHM w=1
        row[TILE_W + 1] = srcRow[min(x + 1, width - 1)];       // EXPECT: statements=1 global=1 shared=1 A=3 slices=GM,SHM w=1
    __syncthreads();                                           // EXPECT: statements=1 global=0 shared=0 A=0 slices=SHM w=1

    float sum = centre[tx - 1] + centre[tx] + centre[tx + 1];  // EXPECT: statements=1 global=0 shared=3 A=4 slices=SHM w=1
    dstRow[x] = sum * 0.33333333f;                             // EXPECT: statements=1 global=1 shared=0 A=1 slices=GM w=1
}

__global__ void binnedMean(const float *values, const int *keys, float *binSum, int *binCount)  // EXPECT-KERNEL: decision_points=0 effective=14 class=sparse
{
    extern __shared__ char smem[];                             // EXPECT: statements=0
    float *s_sum = (float *)smem;                              // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM,SHM w=1
    int *s_cnt = (int *)&s_sum[NUM_BINS];                      // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM,SHM w=1

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) { // EXPECT: statements=1 A=1 slices=SHM w=2
        s_sum[b] = 0.0f;                                       // EXPECT: statements=1 global=0 shared=1 A=0 slices=SHM w=2
        s_cnt[b] = 0;                                          // EXPECT: statements=1 global=0 shared=1 A=0 slices=SHM w=2
    }
    __syncthreads();                                           // EXPECT: statements=1 shared=0 slices=SHM w=1

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N_VALUES; i += blockDim.x * gridDim.x) { // EXPECT: statements=1 global=0 A=4 slices=GM,SHM w=16
        int k = keys[i];                                       // EXPECT: statements=1 global=1 shared=0 A=0 slices=GM w=16
        atomicAdd(&s_sum[k], values[i]);                       // EXPECT: statements=1 global=1 shared=1 A=0 slices=GM,SHM w=16
        atomicAdd(&s_cnt[k], 1);                               // EXPECT: statements=1 global=0 shared=1 A=0 slices=SHM w=16
    }
    __syncthreads();                                           // EXPECT: statements=1 shared=0 slices=SHM w=1

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) { // EXPECT: statements=1 A=1 slices=GM,SHM w=2
        atomicAdd(&binSum[b], s_sum[b]);                       // EXPECT: statements=1 global=1 shared=1 A=0 slices=GM,SHM w=2
        atomicAdd(&binCount[b], s_cnt[b]);                     // EXPECT: statements=1 global=1 shared=1 A=0 slices=GM,SHM w=2
    }
}

int main()
{
    // Box blur over a WIDTH x HEIGHT image.
    const int pixels = WIDTH * HEIGHT;
    std::vector<float> h_img(pixels);
    for (int p = 0; p < pixels; ++p)
        h_img[p] = (float)((p * 7) % 13);
    float *d_img = nullptr;
    float *d_blur = nullptr;
    cudaMalloc(&d_img, pixels * sizeof(float));
    cudaMalloc(&d_blur, pixels * sizeof(float));
    cudaMemcpy(d_img, h_img.data(), pixels * sizeof(float), cudaMemcpyHostToDevice);

    dim3 block(TILE_W, TILE_H);
    dim3 grid(WIDTH / TILE_W, HEIGHT / TILE_H);
    boxBlurRows<<<grid, block>>>(d_img, d_blur, WIDTH);

    // Per-key sums and counts of N_VALUES samples.
    std::vector<float> h_values(N_VALUES);
    std::vector<int> h_keys(N_VALUES);
    for (int v = 0; v < N_VALUES; ++v) {
        h_values[v] = (float)(v % 100) * 0.01f;
        h_keys[v] = (v * 2654435761u) % NUM_BINS;
    }
    float *d_values = nullptr;
    int *d_keys = nullptr;
    float *d_binSum = nullptr;
    int *d_binCount = nullptr;
    cudaMalloc(&d_values, N_VALUES * sizeof(float));
    cudaMalloc(&d_keys, N_VALUES * sizeof(int));
    cudaMalloc(&d_binSum, NUM_BINS * sizeof(float));
    cudaMalloc(&d_binCount, NUM_BINS * sizeof(int));
    cudaMemcpy(d_values, h_values.data(), N_VALUES * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_keys, h_keys.data(), N_VALUES * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_binSum, 0, NUM_BINS * sizeof(float));
    cudaMemset(d_binCount, 0, NUM_BINS * sizeof(int));

    const int smemBytes = NUM_BINS * (sizeof(float) + sizeof(int));
    binnedMean<<<256, 256, smemBytes>>>(d_values, d_keys, d_binSum, d_binCount);
    cudaDeviceSynchronize();

    std::vector<float> h_sum(NUM_BINS);
    std::vector<int> h_count(NUM_BINS);
    cudaMemcpy(h_sum.data(), d_binSum, NUM_BINS * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_count.data(), d_binCount, NUM_BINS * sizeof(int), cudaMemcpyDeviceToHost);
    printf("bin 0: mean %f over %d samples\n", h_count[0] ? h_sum[0] / h_count[0] : 0.0f, h_count[0]);

    cudaFree(d_img);
    cudaFree(d_blur);
    cudaFree(d_values);
    cudaFree(d_keys);
    cudaFree(d_binSum);
    cudaFree(d_binCount);
    return 0;
}
