// tests/corpus/reduction_shared.cu: interleaved and sequential-addressing block reductions over
// 2^24 floats, one element per thread, BLOCK_SIZE (256) threads and BLOCK_SIZE floats of dynamic
// shared memory per block; arguments (in, out, n).
#define main upstream_main
#include "../../../corpus/reduction_shared.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N = 1 << 24;
  const int BLOCKS = (N + BLOCK_SIZE - 1) / BLOCK_SIZE;
  float* in = meas::buffer<float>(N, meas::rnd);
  float* out = meas::buffer<float>(BLOCKS);
  meas::run("reductionShared_interleaved", "reduceInterleaved", "corpus_reduction_shared.cu", dim3(BLOCKS), dim3(BLOCK_SIZE),
            [&] { reduceInterleaved<<<BLOCKS, BLOCK_SIZE, BLOCK_SIZE * sizeof(float)>>>(in, out, N); });
  meas::run("reductionShared_sequential", "reduceSequential", "corpus_reduction_shared.cu", dim3(BLOCKS), dim3(BLOCK_SIZE),
            [&] { reduceSequential<<<BLOCKS, BLOCK_SIZE, BLOCK_SIZE * sizeof(float)>>>(in, out, N); });
  return 0;
}
