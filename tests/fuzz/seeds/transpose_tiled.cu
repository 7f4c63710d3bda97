// Matrix transpose through shared-memory tiles.
//
// Each block handles a TILE_DIM x TILE_DIM tile with TILE_DIM x BLOCK_ROWS
// threads, so every thread moves TILE_DIM / BLOCK_ROWS elements.
//   copySharedMem            - reference copy through shared memory
//   transposeNaive           - direct transpose, uncoalesced writes
//   transposeCoalesced       - tile staging, bank conflicts on column reads
//   transposeNoBankConflicts - tile padded by one column
//   transposeRect            - bounds-checked version for arbitrary sizes
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8
#define NUM_REPS 100

__global__ void copySharedMem(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM * TILE_DIM];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[(threadIdx.y + j) * TILE_DIM + threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * width + x] = tile[(threadIdx.y + j) * TILE_DIM + threadIdx.x];
}

__global__ void transposeNaive(float *odata, const float *idata)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[x * width + (y + j)] = idata[(y + j) * width + x];
}

__global__ void transposeCoalesced(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposeNoBankConflicts(float *odata, const float *idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    int width = gridDim.x * TILE_DIM;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposeRect(float *odata, const float *idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * cols + x];
    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols)
            odata[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

static bool check(const std::vector<float> &ref, const std::vector<float> &res)
{
    for (size_t i = 0; i < ref.size(); ++i)
        if (ref[i] != res[i]) return false;
    return true;
}

int main(int argc, char **argv)
{
    const int nx = 1024;
    const int ny = 1024;
    const int memSize = nx * ny * sizeof(float);

    dim3 dimGrid(nx / TILE_DIM, ny / TILE_DIM, 1);
    dim3 dimBlock(TILE_DIM, BLOCK_ROWS, 1);

    std::vector<float> h_idata(nx * ny), h_odata(nx * ny), gold(nx * ny);
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            h_idata[j * nx + i] = (float)(j * nx + i);
            gold[i * ny + j] = h_idata[j * nx + i];
        }

    float *d_idata, *d_odata;
    cudaMalloc(&d_idata, memSize);
    cudaMalloc(&d_odata, memSize);
    cudaMemcpy(d_idata, h_idata.data(), memSize, cudaMemcpyHostToDevice);

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    float ms = 0.0f;

    copySharedMem<<<dimGrid, dimBlock>>>(d_odata, d_idata);
    cudaEventRecord(start);
    for (int i = 0; i < NUM_REPS; i++)
        copySharedMem<<<dimGrid, dimBlock>>>(d_odata, d_idata);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms, start, stop);
    printf("copy:        %8.2f GB/s\n", 2e-6 * memSize * NUM_REPS / ms);

    transposeNaive<<<dimGrid, dimBlock>>>(d_odata, d_idata);
    cudaEventRecord(start);
    for (int i = 0; i < NUM_REPS; i++)
        transposeNaive<<<dimGrid, dimBlock>>>(d_odata, d_idata);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms, start, stop);
    printf("naive:       %8.2f GB/s\n", 2e-6 * memSize * NUM_REPS / ms);

    cudaEventRecord(start);
    for (int i = 0; i < NUM_REPS; i++)
        transposeCoalesced<<<dimGrid, dimBlock>>>(d_odata, d_idata);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms, start, stop);
    printf("coalesced:   %8.2f GB/s\n", 2e-6 * memSize * NUM_REPS / ms);

    cudaEventRecord(start);
    for (int i = 0; i < NUM_REPS; i++)
        transposeNoBankConflicts<<<dimGrid, dimBlock>>>(d_odata, d_idata);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms, start, stop);
    printf("no conflict: %8.2f GB/s\n", 2e-6 * memSize * NUM_REPS / ms);

    cudaMemcpy(h_odata.data(), d_odata, memSize, cudaMemcpyDeviceToHost);
    printf("square transpose %s\n", check(gold, h_odata) ? "PASSED" : "FAILED");

    // Rectangular matrix whose size comes from the command line.
    int rows = argc > 2 ? atoi(argv[1]) : 700;
    int cols = argc > 2 ? atoi(argv[2]) : 300;
    if (rows * cols > nx * ny) rows = cols = 512;
    dim3 rectGrid((cols + TILE_DIM - 1) / TILE_DIM, (rows + TILE_DIM - 1) / TILE_DIM);
    transposeRect<<<rectGrid, dimBlock>>>(d_odata, d_idata, rows, cols);
    cudaDeviceSynchronize();

    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(d_idata);
    cudaFree(d_odata);
    return 0;
}
