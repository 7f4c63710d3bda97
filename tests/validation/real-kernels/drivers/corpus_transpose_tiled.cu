// tests/corpus/transpose_tiled.cu: the naive and the coalesced transpose of a 4096 x 4096 float
// matrix with the file's TILE_DIM x BLOCK_ROWS (32 x 8) block; the width comes from the grid.
#define main upstream_main
#include "../../../corpus/transpose_tiled.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int SIZE = 4096;
  float* idata = meas::buffer<float>(size_t(SIZE) * SIZE, meas::rnd);
  float* odata = meas::buffer<float>(size_t(SIZE) * SIZE);
  meas::run("transposeTiled_naive", "transposeNaive", "corpus_transpose_tiled.cu",
            dim3(SIZE / TILE_DIM, SIZE / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS),
            [&] { transposeNaive<<<dim3(SIZE / TILE_DIM, SIZE / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS)>>>(odata, idata); });
  meas::run("transposeTiled_coalesced", "transposeCoalesced", "corpus_transpose_tiled.cu",
            dim3(SIZE / TILE_DIM, SIZE / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS),
            [&] { transposeCoalesced<<<dim3(SIZE / TILE_DIM, SIZE / TILE_DIM), dim3(TILE_DIM, BLOCK_ROWS)>>>(odata, idata); });
  return 0;
}
