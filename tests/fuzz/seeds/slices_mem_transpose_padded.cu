// mem_transpose_padded.cu - SliceWatt slice test: tiled transpose with a padded shared tile
// Hand computation of the expectations in mem_transpose_padded.slices.json, following
// resources/help/analysis-rules.md. Launch: transposePadded<<<grid, block>>> -> grid [32, 32, 1], block [32, 8, 1].
//
// stmt line weight arith  mem g/s/c/t  slices           why
// S1     38      1     2  0/0/0/0      global,shared    * +; defines x, used by S4 and (earlier definition) by S9
// S2     39      1     2  0/0/0/0      global,shared    * +; defines y, used by S4 and (earlier definition) by S9
// S3     40      4     1  0/0/0/0      global,shared    header +=; trip 32 / 8 = 4; skeleton of S4
// S4     41      4     4  1/1/0/0      global,shared    + in tile subscript, + * + in idata subscript; read idata, store tile
// S5     42      1     0  0/0/0/0      shared           __syncthreads
// S6     43      1     2  0/0/0/0      global,shared    * +; redefines x, used by S9
// S7     44      1     2  0/0/0/0      global,shared    * +; redefines y, used by S9
// S8     45      4     1  0/0/0/0      global,shared    header +=; trip 4; skeleton of S9
// S9     46      4     4  1/1/0/0      global,shared    + * + in odata subscript, + in tile subscript; store odata, read tile
//
// Trip counts S3, S8: j = 0; j < TILE_DIM (32); j += BLOCK_ROWS (8) -> 4 (does not depend on the launch).
// Flow-insensitive closure: S9 uses x, y -> all earlier definitions S1, S2, S6, S7 (all pure) are added.
// S4 uses x, y -> only S1, S2 (S6, S7 come later and are not in an enclosing loop).
// global   = {S1,S2,S3,S4,S6,S7,S8,S9}: length 8; arith = 2+2 + 4*1 + 4*4 + 2+2 + 4*1 + 4*4 = 48;
//            global = 4 + 4 = 8; shared = 4 + 4 = 8.
// shared   = {S1..S9}: length 9; arith = 48 (S5 adds 0); global = 8; shared = 8.
// constant, texture: empty.
// Decision points: 0 -> sparse. No assumptions.

#include <cstdio>
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8
constexpr int WIDTH = 1024;
constexpr int HEIGHT = 1024;

// idata: HEIGHT rows of WIDTH floats; odata: WIDTH rows of HEIGHT floats.
// The tile has one extra column so that column reads avoid bank conflicts.
__global__ void transposePadded(float* odata, const float* idata)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;                           // [S1]
    int y = blockIdx.y * TILE_DIM + threadIdx.y;                           // [S2]
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)                         // [S3]
        tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * WIDTH + x];   // [S4]
    __syncthreads();                                                       // [S5]
    x = blockIdx.y * TILE_DIM + threadIdx.x;                               // [S6]
    y = blockIdx.x * TILE_DIM + threadIdx.y;                               // [S7]
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)                         // [S8]
        odata[(y + j) * HEIGHT + x] = tile[threadIdx.x][threadIdx.y + j];  // [S9]
}

int main()
{
    const size_t bytes = (size_t)WIDTH * HEIGHT * sizeof(float);
    float* d_in = nullptr;
    float* d_out = nullptr;
    cudaMalloc(&d_in, bytes);
    cudaMalloc(&d_out, bytes);
    cudaMemset(d_in, 0, bytes);

    dim3 grid(WIDTH / TILE_DIM, HEIGHT / TILE_DIM);
    dim3 block(TILE_DIM, BLOCK_ROWS);
    transposePadded<<<grid, block>>>(d_out, d_in);
    cudaDeviceSynchronize();
    printf("transpose done\n");

    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
