/*
 * main.cu -- driver for the graph traversal and stencil benchmarks.
 *
 * Build:  nvcc -O2 -std=c++17 main.cu -o minibench
 * kernel.cu and kernel2.cu are #included below; do not compile them alone.
 * Usage:  ./minibench bfs <nodes> <degree> | hotspot <rows> <cols> <steps> | srad <lambda>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cuda_runtime.h>

#include "common.h"

#define MAX_THREADS_PER_BLOCK 512
#define BLOCK_SIZE 16

/* the SRAD image size is fixed at compile time in this build */
#define SRAD_ROWS 512
#define SRAD_COLS 512
#define SRAD_ITERS 4

/* chip parameters for the thermal model */
#define MAX_PD       (3.0e6)
#define PRECISION    0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI         100
#define FACTOR_CHIP  0.5
#define T_CHIP       0.0005
#define CHIP_HEIGHT  0.016
#define CHIP_WIDTH   0.016
#define AMB_TEMP     80.0

typedef float fp;

struct Node
{
    int starting;
    int no_of_edges;
};

struct ChipParams
{
    fp rx_inv, ry_inv, rz_inv;
    fp step_div_cap;
    fp amb_temp;
};

#include "kernel.cu"
#include "kernel2.cu"

static void
run_bfs(int no_of_nodes, int degree)
{
    int no_of_edges = no_of_nodes * degree;
    Node *h_nodes = (Node *)malloc(sizeof(Node) * no_of_nodes);
    int *h_edges = (int *)malloc(sizeof(int) * no_of_edges);
    int *h_cost = (int *)malloc(sizeof(int) * no_of_nodes);
    bool *h_frontier = (bool *)calloc(no_of_nodes, sizeof(bool));
    bool *h_visited = (bool *)calloc(no_of_nodes, sizeof(bool));

    srand(7);
    for (int i = 0; i < no_of_nodes; i++) {
        h_nodes[i].starting = i * degree;
        h_nodes[i].no_of_edges = degree;
        for (int e = 0; e < degree; e++)
            h_edges[i * degree + e] = rand() % no_of_nodes;
        h_cost[i] = -1;
    }
    h_frontier[0] = true;
    h_visited[0] = true;
    h_cost[0] = 0;

    Node *d_nodes;
    int *d_edges, *d_cost;
    bool *d_frontier, *d_next, *d_visited, *d_over;
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_nodes, sizeof(Node) * no_of_nodes));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_edges, sizeof(int) * no_of_edges));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_cost, sizeof(int) * no_of_nodes));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_frontier, sizeof(bool) * no_of_nodes));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_next, sizeof(bool) * no_of_nodes));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_visited, sizeof(bool) * no_of_nodes));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_over, sizeof(bool)));
    CUDA_SAFE_CALL(cudaMemcpy(d_nodes, h_nodes, sizeof(Node) * no_of_nodes, cudaMemcpyHostToDevice));
    CUDA_SAFE_CALL(cudaMemcpy(d_edges, h_edges, sizeof(int) * no_of_edges, cudaMemcpyHostToDevice));
    CUDA_SAFE_CALL(cudaMemcpy(d_cost, h_cost, sizeof(int) * no_of_nodes, cudaMemcpyHostToDevice));
    CUDA_SAFE_CALL(cudaMemcpy(d_frontier, h_frontier, sizeof(bool) * no_of_nodes, cudaMemcpyHostToDevice));
    CUDA_SAFE_CALL(cudaMemcpy(d_visited, h_visited, sizeof(bool) * no_of_nodes, cudaMemcpyHostToDevice));
    CUDA_SAFE_CALL(cudaMemset(d_next, 0, sizeof(bool) * no_of_nodes));

    int num_of_blocks = (no_of_nodes + MAX_THREADS_PER_BLOCK - 1) / MAX_THREADS_PER_BLOCK;
    dim3 grid(num_of_blocks, 1, 1);
    dim3 threads(MAX_THREADS_PER_BLOCK, 1, 1);

    int levels = 0;
    bool stop;
    clock_t t0 = clock();
    do {
        stop = false;
        CUDA_SAFE_CALL(cudaMemcpy(d_over, &stop, sizeof(bool), cudaMemcpyHostToDevice));
        bfs_expand<<<grid, threads, 0>>>(d_nodes, d_edges, d_frontier, d_next,
                                         d_visited, d_cost, no_of_nodes);
        bfs_commit<<<grid, threads, 0>>>(d_frontier, d_next, d_visited, d_over, no_of_nodes);
        CUDA_SAFE_CALL(cudaMemcpy(&stop, d_over, sizeof(bool), cudaMemcpyDeviceToHost));
        levels++;
    } while (stop);
    CUDA_SAFE_CALL(cudaMemcpy(h_cost, d_cost, sizeof(int) * no_of_nodes, cudaMemcpyDeviceToHost));
    printf("bfs: %d levels, cost[last] = %d, %.2f ms\n", levels, h_cost[no_of_nodes - 1],
           elapsed_ms(t0, clock()));

    cudaFree(d_nodes); cudaFree(d_edges); cudaFree(d_cost); cudaFree(d_frontier);
    cudaFree(d_next); cudaFree(d_visited); cudaFree(d_over);
    free(h_nodes); free(h_edges); free(h_cost); free(h_frontier); free(h_visited);
}

static void
run_hotspot(int grid_rows, int grid_cols, int steps)
{
    int size = grid_rows * grid_cols;
    fp *h_temp = (fp *)malloc(size * sizeof(fp));
    fp *h_power = (fp *)malloc(size * sizeof(fp));
    random_matrix(h_temp, grid_rows, grid_cols, 320.0f, 340.0f);
    random_matrix(h_power, grid_rows, grid_cols, 0.0f, 1.0e-3f);

    fp grid_height = CHIP_HEIGHT / grid_rows;
    fp grid_width = CHIP_WIDTH / grid_cols;
    fp cap = FACTOR_CHIP * SPEC_HEAT_SI * T_CHIP * grid_width * grid_height;
    fp max_slope = MAX_PD / (FACTOR_CHIP * T_CHIP * SPEC_HEAT_SI);
    ChipParams p;
    p.rx_inv = (2.0 * K_SI * T_CHIP * grid_height) / grid_width;
    p.ry_inv = (2.0 * K_SI * T_CHIP * grid_width) / grid_height;
    p.rz_inv = (K_SI * grid_height * grid_width) / T_CHIP;
    p.step_div_cap = (PRECISION / max_slope) / cap;
    p.amb_temp = AMB_TEMP;

    fp *d_temp[2], *d_power;
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_temp[0], size * sizeof(fp)));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_temp[1], size * sizeof(fp)));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_power, size * sizeof(fp)));
    CUDA_SAFE_CALL(cudaMemcpy(d_temp[0], h_temp, size * sizeof(fp), cudaMemcpyHostToDevice));
    CUDA_SAFE_CALL(cudaMemcpy(d_power, h_power, size * sizeof(fp), cudaMemcpyHostToDevice));

    int blockCols = (grid_cols + BLOCK_SIZE - 1) / BLOCK_SIZE;
    int blockRows = (grid_rows + BLOCK_SIZE - 1) / BLOCK_SIZE;
    dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
    dim3 dimGrid(blockCols, blockRows);

    int src = 0, dst = 1;
    for (int t = 0; t < steps; t++) {
        calculate_temp<<<dimGrid, dimBlock>>>(d_power, d_temp[src], d_temp[dst],
                                              grid_cols, grid_rows, p);
        src = 1 - src;
        dst = 1 - dst;
    }
    CUDA_SAFE_CALL(cudaMemcpy(h_temp, d_temp[src], size * sizeof(fp), cudaMemcpyDeviceToHost));
    printf("hotspot: T[0] = %f\n", h_temp[0]);

    cudaFree(d_temp[0]); cudaFree(d_temp[1]); cudaFree(d_power);
    free(h_temp); free(h_power);
}

static void
run_srad(fp lambda)
{
    const int size_I = SRAD_ROWS * SRAD_COLS;
    fp *h_J = (fp *)malloc(size_I * sizeof(fp));
    random_matrix(h_J, SRAD_ROWS, SRAD_COLS, 0.5f, 1.5f);

    fp *d_J, *d_C, *d_dN, *d_dS, *d_dW, *d_dE;
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_J, size_I * sizeof(fp)));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_C, size_I * sizeof(fp)));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_dN, size_I * sizeof(fp)));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_dS, size_I * sizeof(fp)));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_dW, size_I * sizeof(fp)));
    CUDA_SAFE_CALL(cudaMalloc((void **)&d_dE, size_I * sizeof(fp)));
    CUDA_SAFE_CALL(cudaMemcpy(d_J, h_J, size_I * sizeof(fp), cudaMemcpyHostToDevice));

    dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
    dim3 dimGrid(SRAD_COLS / BLOCK_SIZE, SRAD_ROWS / BLOCK_SIZE);

    for (int iter = 0; iter < SRAD_ITERS; iter++) {
        /* statistics of the whole image give the speckle scale q0 */
        double sum = 0.0, sum2 = 0.0;
        for (int i = 0; i < size_I; i++) {
            sum += h_J[i];
            sum2 += (double)h_J[i] * h_J[i];
        }
        double mean = sum / size_I;
        double var = sum2 / size_I - mean * mean;
        fp q0sqr = (fp)(var / (mean * mean));

        srad_coeff<<<dimGrid, dimBlock>>>(d_J, d_C, d_dN, d_dS, d_dW, d_dE,
                                          SRAD_COLS, SRAD_ROWS, q0sqr);
        srad_update<<<dimGrid, dimBlock>>>(d_J, d_C, d_dN, d_dS, d_dW, d_dE,
                                           SRAD_COLS, SRAD_ROWS, lambda);
        CUDA_SAFE_CALL(cudaMemcpy(h_J, d_J, size_I * sizeof(fp), cudaMemcpyDeviceToHost));
    }
    printf("srad: J[centre] = %f\n", h_J[size_I / 2 + SRAD_COLS / 2]);

    cudaFree(d_J); cudaFree(d_C); cudaFree(d_dN); cudaFree(d_dS); cudaFree(d_dW); cudaFree(d_dE);
    free(h_J);
}

int
main(int argc, char **argv)
{
    if (argc < 2)
        fatal("usage: minibench bfs|hotspot|srad ...");
    if (!strcmp(argv[1], "bfs") && argc == 4)
        run_bfs(atoi(argv[2]), atoi(argv[3]));
    else if (!strcmp(argv[1], "hotspot") && argc == 5)
        run_hotspot(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
    else if (!strcmp(argv[1], "srad") && argc == 3)
        run_srad((fp)atof(argv[2]));
    else
        fatal("bad arguments");
    return 0;
}
