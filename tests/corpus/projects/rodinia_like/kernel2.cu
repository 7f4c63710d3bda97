/*
 * kernel2.cu -- thermal step (hotspot) and speckle-reducing diffusion (srad).
 *
 * Included by main.cu; uses BLOCK_SIZE, fp and ChipParams from there and
 * IN_RANGE / clamp_idx from common.h.
 */
#ifndef _STENCIL_KERNELS_CU_
#define _STENCIL_KERNELS_CU_

/* One explicit Euler step of the chip temperature on a 5-point stencil. */
__global__ void
calculate_temp(const fp *power, const fp *temp_src, fp *temp_dst,
               int grid_cols, int grid_rows, ChipParams p)
{
    __shared__ fp tile[BLOCK_SIZE + 2][BLOCK_SIZE + 2];

    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int col = blockIdx.x * BLOCK_SIZE + tx;
    int row = blockIdx.y * BLOCK_SIZE + ty;
    int c = clamp_idx(col, grid_cols);
    int r = clamp_idx(row, grid_rows);

    tile[ty + 1][tx + 1] = temp_src[r * grid_cols + c];
    /* halo: edge threads fetch one more cell, replicated at the chip border */
    if (tx == 0)
        tile[ty + 1][0] = temp_src[r * grid_cols + clamp_idx(col - 1, grid_cols)];
    if (tx == BLOCK_SIZE - 1)
        tile[ty + 1][BLOCK_SIZE + 1] = temp_src[r * grid_cols + clamp_idx(col + 1, grid_cols)];
    if (ty == 0)
        tile[0][tx + 1] = temp_src[clamp_idx(row - 1, grid_rows) * grid_cols + c];
    if (ty == BLOCK_SIZE - 1)
        tile[BLOCK_SIZE + 1][tx + 1] = temp_src[clamp_idx(row + 1, grid_rows) * grid_cols + c];
    __syncthreads();

    if (!IN_RANGE(col, 0, grid_cols - 1) || !IN_RANGE(row, 0, grid_rows - 1))
        return;

    fp centre = tile[ty + 1][tx + 1];
    fp delta = p.step_div_cap *
               (power[row * grid_cols + col] +
                (tile[ty + 2][tx + 1] + tile[ty][tx + 1] - 2.0f * centre) * p.ry_inv +
                (tile[ty + 1][tx + 2] + tile[ty + 1][tx] - 2.0f * centre) * p.rx_inv +
                (p.amb_temp - centre) * p.rz_inv);
    temp_dst[row * grid_cols + col] = centre + delta;
}

/* SRAD pass 1: directional derivatives and the diffusion coefficient. */
__global__ void
srad_coeff(const fp *J, fp *C, fp *dN, fp *dS, fp *dW, fp *dE,
           int cols, int rows, fp q0sqr)
{
    __shared__ fp s_J[BLOCK_SIZE][BLOCK_SIZE];

    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int col = blockIdx.x * BLOCK_SIZE + tx;
    int row = blockIdx.y * BLOCK_SIZE + ty;
    int idx = row * cols + col;

    s_J[ty][tx] = J[idx];
    __syncthreads();

    /* neighbours inside the tile come from shared memory, the rest from global */
    fp jc = s_J[ty][tx];
    fp jn = (ty > 0) ? s_J[ty - 1][tx] : J[clamp_idx(row - 1, rows) * cols + col];
    fp js = (ty < BLOCK_SIZE - 1) ? s_J[ty + 1][tx] : J[clamp_idx(row + 1, rows) * cols + col];
    fp jw = (tx > 0) ? s_J[ty][tx - 1] : J[row * cols + clamp_idx(col - 1, cols)];
    fp je = (tx < BLOCK_SIZE - 1) ? s_J[ty][tx + 1] : J[row * cols + clamp_idx(col + 1, cols)];

    fp n = jn - jc, s = js - jc, w = jw - jc, e = je - jc;
    fp g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    fp lap = (n + s + w + e) / jc;
    fp num = 0.5f * g2 - (1.0f / 16.0f) * (lap * lap);
    fp den = 1.0f + 0.25f * lap;
    fp qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
    fp coef = 1.0f / (1.0f + den);

    dN[idx] = n;
    dS[idx] = s;
    dW[idx] = w;
    dE[idx] = e;
    C[idx] = coef < 0.0f ? 0.0f : (coef > 1.0f ? 1.0f : coef);
}

/* SRAD pass 2: divergence of the weighted gradient, image update. */
__global__ void
srad_update(fp *J, const fp *C, const fp *dN, const fp *dS, const fp *dW,
            const fp *dE, int cols, int rows, fp lambda)
{
    int col = blockIdx.x * BLOCK_SIZE + threadIdx.x;
    int row = blockIdx.y * BLOCK_SIZE + threadIdx.y;
    int idx = row * cols + col;

    fp cn = C[idx];
    fp cs = C[clamp_idx(row + 1, rows) * cols + col];
    fp ce = C[row * cols + clamp_idx(col + 1, cols)];
    fp div = cn * dN[idx] + cs * dS[idx] + cn * dW[idx] + ce * dE[idx];

    J[idx] += 0.25f * lambda * div;
}

#endif /* _STENCIL_KERNELS_CU_ */
