// 3D finite-difference stencils on a regular grid.
//   laplace7Naive  - 7-point Laplacian, one thread per cell, 3D blocks
//   laplace7ZMarch - 2.5D blocking: 2D thread blocks march along z keeping
//                    the z-neighbours in registers and the xy-plane in
//                    shared memory
//   fd8Order       - 8th-order (25-point) star stencil with coefficients in
//                    constant memory, also marching along z
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define BDIMX 32
#define BDIMY 16
#define RADIUS 4

__constant__ float c_coeff[RADIUS + 1];

__device__ __forceinline__ size_t cellIndex(int x, int y, int z, int nx, int ny)
{
    return ((size_t)z * ny + y) * nx + x;
}

__global__ void laplace7Naive(const float *in, float *out, int nx, int ny, int nz, float h2inv)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;

    size_t c = cellIndex(x, y, z, nx, ny);
    float sum = in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] +
                in[c - (size_t)nx * ny] + in[c + (size_t)nx * ny] - 6.0f * in[c];
    out[c] = sum * h2inv;
}

__global__ void laplace7ZMarch(const float *in, float *out, int nx, int ny, int nz, float h2inv)
{
    __shared__ float plane[BDIMY + 2][BDIMX + 2];
    int x = blockIdx.x * BDIMX + threadIdx.x;
    int y = blockIdx.y * BDIMY + threadIdx.y;
    int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
    bool active = x > 0 && y > 0 && x < nx - 1 && y < ny - 1;
    bool inBounds = x < nx && y < ny;

    float below = inBounds ? in[cellIndex(x, y, 0, nx, ny)] : 0.0f;
    float current = inBounds ? in[cellIndex(x, y, 1, nx, ny)] : 0.0f;
    for (int z = 1; z < nz - 1; ++z) {
        float above = inBounds ? in[cellIndex(x, y, z + 1, nx, ny)] : 0.0f;
        __syncthreads();
        plane[ty][tx] = current;
        if (threadIdx.x == 0 && x > 0) plane[ty][0] = in[cellIndex(x - 1, y, z, nx, ny)];
        if (threadIdx.x == BDIMX - 1 && x < nx - 1) plane[ty][BDIMX + 1] = in[cellIndex(x + 1, y, z, nx, ny)];
        if (threadIdx.y == 0 && y > 0) plane[0][tx] = in[cellIndex(x, y - 1, z, nx, ny)];
        if (threadIdx.y == BDIMY - 1 && y < ny - 1) plane[BDIMY + 1][tx] = in[cellIndex(x, y + 1, z, nx, ny)];
        __syncthreads();
        if (active) {
            float sum = plane[ty][tx - 1] + plane[ty][tx + 1] + plane[ty - 1][tx] + plane[ty + 1][tx] +
                        below + above - 6.0f * current;
            out[cellIndex(x, y, z, nx, ny)] = sum * h2inv;
        }
        below = current;
        current = above;
    }
}

__global__ void fd8Order(const float *in, float *out, int nx, int ny, int nz)
{
    __shared__ float tile[BDIMY + 2 * RADIUS][BDIMX + 2 * RADIUS];
    int x = blockIdx.x * BDIMX + threadIdx.x;
    int y = blockIdx.y * BDIMY + threadIdx.y;
    int tx = threadIdx.x + RADIUS, ty = threadIdx.y + RADIUS;
    bool valid = x >= RADIUS && y >= RADIUS && x < nx - RADIUS && y < ny - RADIUS;

    float behind[RADIUS], infront[RADIUS], current;
    for (int k = 0; k < RADIUS; ++k) {
        behind[k] = valid ? in[cellIndex(x, y, RADIUS - 1 - k, nx, ny)] : 0.0f;
        infront[k] = valid ? in[cellIndex(x, y, RADIUS + 1 + k, nx, ny)] : 0.0f;
    }
    current = valid ? in[cellIndex(x, y, RADIUS, nx, ny)] : 0.0f;

    for (int z = RADIUS; z < nz - RADIUS; ++z) {
        __syncthreads();
        if (threadIdx.y < RADIUS && valid) {
            tile[threadIdx.y][tx] = in[cellIndex(x, y - RADIUS, z, nx, ny)];
            tile[threadIdx.y + BDIMY + RADIUS][tx] = in[cellIndex(x, y + BDIMY, z, nx, ny)];
        }
        if (threadIdx.x < RADIUS && valid) {
            tile[ty][threadIdx.x] = in[cellIndex(x - RADIUS, y, z, nx, ny)];
            tile[ty][threadIdx.x + BDIMX + RADIUS] = in[cellIndex(x + BDIMX, y, z, nx, ny)];
        }
        tile[ty][tx] = current;
        __syncthreads();

        if (valid) {
            float v = c_coeff[0] * current;
#pragma unroll
            for (int r = 1; r <= RADIUS; ++r)
                v += c_coeff[r] * (infront[r - 1] + behind[r - 1] + tile[ty - r][tx] + tile[ty + r][tx] +
                                   tile[ty][tx - r] + tile[ty][tx + r]);
            out[cellIndex(x, y, z, nx, ny)] = v;
        }

#pragma unroll
        for (int k = RADIUS - 1; k > 0; --k) behind[k] = behind[k - 1];
        behind[0] = current;
        current = infront[0];
#pragma unroll
        for (int k = 0; k < RADIUS - 1; ++k) infront[k] = infront[k + 1];
        if (z + RADIUS + 1 < nz)
            infront[RADIUS - 1] = valid ? in[cellIndex(x, y, z + RADIUS + 1, nx, ny)] : 0.0f;
    }
}

int main()
{
    const int nx = 256, ny = 256, nz = 256;
    const size_t cells = (size_t)nx * ny * nz;

    float *d_in, *d_out;
    cudaMalloc(&d_in, cells * sizeof(float));
    cudaMalloc(&d_out, cells * sizeof(float));
    cudaMemset(d_in, 0, cells * sizeof(float));

    const float coeff[RADIUS + 1] = {-2.847222f, 1.6f, -0.2f, 0.025396825f, -0.001785714f};
    cudaMemcpyToSymbol(c_coeff, coeff, sizeof(coeff));

    dim3 block3(8, 8, 8);
    dim3 grid3(nx / 8, ny / 8, nz / 8);
    laplace7Naive<<<grid3, block3>>>(d_in, d_out, nx, ny, nz, 1.0f);

    dim3 block2(BDIMX, BDIMY);
    dim3 grid2((nx + BDIMX - 1) / BDIMX, (ny + BDIMY - 1) / BDIMY);
    laplace7ZMarch<<<grid2, block2>>>(d_in, d_out, nx, ny, nz, 1.0f);
    fd8Order<<<grid2, block2>>>(d_in, d_out, nx, ny, nz);
    cudaDeviceSynchronize();

    std::vector<float> h(16);
    cudaMemcpy(h.data(), d_out, h.size() * sizeof(float), cudaMemcpyDeviceToHost);
    printf("out[0] = %f\n", h[0]);

    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
