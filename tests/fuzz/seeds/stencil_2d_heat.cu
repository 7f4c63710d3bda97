// 2D heat diffusion with an explicit 5-point Jacobi stencil.
// heatStepShared stages a (BX+2) x (BY+2) tile with its halo in shared
// memory; the host ping-pongs two buffers for a number of time steps and
// re-applies Dirichlet boundaries with a 1D kernel after each step.
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>

#define BX 32
#define BY 8

__host__ __device__ inline int idx2d(int x, int y, int pitch) { return y * pitch + x; }

__device__ float laplacian(const float *tile, int tx, int ty, int tpitch)
{
    return tile[idx2d(tx - 1, ty, tpitch)] + tile[idx2d(tx + 1, ty, tpitch)] +
           tile[idx2d(tx, ty - 1, tpitch)] + tile[idx2d(tx, ty + 1, tpitch)] -
           4.0f * tile[idx2d(tx, ty, tpitch)];
}

__global__ void heatStepNaive(const float *u, float *uNew, int nx, int ny, float alpha)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x > 0 && y > 0 && x < nx - 1 && y < ny - 1) {
        float lap = u[idx2d(x - 1, y, nx)] + u[idx2d(x + 1, y, nx)] + u[idx2d(x, y - 1, nx)] +
                    u[idx2d(x, y + 1, nx)] - 4.0f * u[idx2d(x, y, nx)];
        uNew[idx2d(x, y, nx)] = u[idx2d(x, y, nx)] + alpha * lap;
    }
}

__global__ void heatStepShared(const float *u, float *uNew, int nx, int ny, float alpha)
{
    __shared__ float tile[(BY + 2) * (BX + 2)];
    const int tpitch = BX + 2;
    int x = blockIdx.x * BX + threadIdx.x;
    int y = blockIdx.y * BY + threadIdx.y;
    int tx = threadIdx.x + 1, ty = threadIdx.y + 1;

    bool inside = x < nx && y < ny;
    tile[idx2d(tx, ty, tpitch)] = inside ? u[idx2d(x, y, nx)] : 0.0f;
    if (threadIdx.x == 0 && x > 0) tile[idx2d(0, ty, tpitch)] = u[idx2d(x - 1, y, nx)];
    if (threadIdx.x == BX - 1 && x < nx - 1) tile[idx2d(BX + 1, ty, tpitch)] = u[idx2d(x + 1, y, nx)];
    if (threadIdx.y == 0 && y > 0) tile[idx2d(tx, 0, tpitch)] = u[idx2d(x, y - 1, nx)];
    if (threadIdx.y == BY - 1 && y < ny - 1) tile[idx2d(tx, BY + 1, tpitch)] = u[idx2d(x, y + 1, nx)];
    __syncthreads();

    if (x > 0 && y > 0 && x < nx - 1 && y < ny - 1)
        uNew[idx2d(x, y, nx)] = tile[idx2d(tx, ty, tpitch)] + alpha * laplacian(tile, tx, ty, tpitch);
}

__global__ void applyBoundary(float *u, int nx, int ny, float hot, float cold)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nx) {
        u[idx2d(i, 0, nx)] = hot;
        u[idx2d(i, ny - 1, nx)] = cold;
    }
    if (i < ny) {
        u[idx2d(0, i, nx)] = cold;
        u[idx2d(nx - 1, i, nx)] = cold;
    }
}

int main(int argc, char **argv)
{
    const int nx = 2048, ny = 2048;
    int steps = argc > 1 ? atoi(argv[1]) : 500;
    const float alpha = 0.2f;

    float *d_u, *d_uNew;
    cudaMalloc(&d_u, nx * ny * sizeof(float));
    cudaMalloc(&d_uNew, nx * ny * sizeof(float));
    cudaMemset(d_u, 0, nx * ny * sizeof(float));
    cudaMemset(d_uNew, 0, nx * ny * sizeof(float));

    dim3 block(BX, BY);
    dim3 grid(nx / BX, ny / BY);
    int boundaryThreads = 256;
    int boundaryBlocks = (std::max(nx, ny) + boundaryThreads - 1) / boundaryThreads;

    for (int s = 0; s < steps; ++s) {
        if (s % 2 == 0)
            heatStepShared<<<grid, block>>>(d_u, d_uNew, nx, ny, alpha);
        else
            heatStepNaive<<<grid, block>>>(d_u, d_uNew, nx, ny, alpha);
        applyBoundary<<<boundaryBlocks, boundaryThreads>>>(d_uNew, nx, ny, 100.0f, 0.0f);
        std::swap(d_u, d_uNew);
    }
    cudaDeviceSynchronize();

    std::vector<float> h(nx * ny);
    cudaMemcpy(h.data(), d_u, nx * ny * sizeof(float), cudaMemcpyDeviceToHost);
    printf("u(center) = %f after %d steps\n", h[idx2d(nx / 2, ny / 2, nx)], steps);

    cudaFree(d_u);
    cudaFree(d_uNew);
    return 0;
}
