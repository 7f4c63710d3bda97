// tests/corpus/dynamic_shared_memory.cu: the template tile stager instantiated for double (FP64
// multiply, 2^25 doubles in and out, 512 MiB; 128 threads, 4 tiles per block and
// 128 * 4 * sizeof(double) bytes of dynamic shared memory as the file, n / (128 * 4) blocks;
// arguments (in, out, n, tilesPerBlock)), and the 96 KiB dynamic-shared-memory kernel (1024
// threads, 24 * 1024 * sizeof(float) bytes after the file's cudaFuncSetAttribute opt-in,
// n / 1024 blocks over 2^25 floats; arguments (data, n)).
// Skipped: reverseArray (one block of at most 1024 threads by construction, far below 20 us)
// and splitBuffers, to keep to two cases for this file.
#define main upstream_main
#include "../../../corpus/dynamic_shared_memory.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N_TILES = 1 << 25;
  const int TILES_PER_BLOCK = 4;
  const int TILE_THREADS = 128;
  const int N_BIG = 1 << 25;
  const int BIG_THREADS = 1024;
  const size_t BIG_SMEM = 24 * BIG_THREADS * sizeof(float);
  double* in = meas::buffer<double>(N_TILES, [](size_t i) { return double(meas::rnd(i)); });
  double* out = meas::buffer<double>(N_TILES);
  float* data = meas::buffer<float>(N_BIG);
  cudaFuncSetAttribute(largeSmemKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)BIG_SMEM);
  meas::run("dynamicSmem_stageTilesDouble", "stageTiles", "corpus_dynamic_shared_memory.cu",
            dim3(N_TILES / (TILE_THREADS * TILES_PER_BLOCK)), dim3(TILE_THREADS), [&] {
              stageTiles<double><<<N_TILES / (TILE_THREADS * TILES_PER_BLOCK), TILE_THREADS,
                                   TILE_THREADS * TILES_PER_BLOCK * sizeof(double)>>>(in, out, N_TILES, TILES_PER_BLOCK);
            });
  meas::run("dynamicSmem_largeSmemKernel", "largeSmemKernel", "corpus_dynamic_shared_memory.cu", dim3(N_BIG / BIG_THREADS), dim3(BIG_THREADS),
            [&] { largeSmemKernel<<<N_BIG / BIG_THREADS, BIG_THREADS, BIG_SMEM>>>(data, N_BIG); });
  return 0;
}
