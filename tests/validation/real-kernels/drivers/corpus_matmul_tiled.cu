// tests/corpus/matmul_tiled.cu: the naive and the shared-memory tiled multiply of two 2048 x 2048
// float matrices with the file's TILE x TILE (16 x 16) block and grid (N / TILE, M / TILE);
// arguments (A, B, C, M, N, K).
#define main upstream_main
#include "../../../corpus/matmul_tiled.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int DIM = 2048;
  float* a = meas::buffer<float>(size_t(DIM) * DIM, meas::rnd);
  float* b = meas::buffer<float>(size_t(DIM) * DIM, meas::rnd);
  float* c = meas::buffer<float>(size_t(DIM) * DIM);
  meas::run("matmul_naive_2048", "matMulNaive", "corpus_matmul_tiled.cu", dim3(DIM / TILE, DIM / TILE), dim3(TILE, TILE),
            [&] { matMulNaive<<<dim3(DIM / TILE, DIM / TILE), dim3(TILE, TILE)>>>(a, b, c, DIM, DIM, DIM); });
  meas::run("matmul_tiled_2048", "matMulTiled", "corpus_matmul_tiled.cu", dim3(DIM / TILE, DIM / TILE), dim3(TILE, TILE),
            [&] { matMulTiled<<<dim3(DIM / TILE, DIM / TILE), dim3(TILE, TILE)>>>(a, b, c, DIM, DIM, DIM); });
  return 0;
}
