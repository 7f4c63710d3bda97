// tests/corpus/scan_hillis_steele.cu: the per-block Hillis-Steele scan (double-buffered in
// 2 * SCAN_THREADS floats of dynamic shared memory, log2(512) = 9 rounds with a barrier each)
// over 2^25 floats, the file's SCAN_THREADS (512) per block and n / 512 blocks, each writing its
// block total; arguments (g_in, g_out, g_blockSums, n), as the file's inclusiveScan launches it.
// Skipped: scanSingleBlock (one block by construction, far below 20 us) and addBlockOffsets
// (a plain streaming add), to keep to one case for this file.
#define main upstream_main
#include "../../../corpus/scan_hillis_steele.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N = 1 << 25;
  const int BLOCKS = N / SCAN_THREADS;
  float* in = meas::buffer<float>(N, meas::rnd);
  float* out = meas::buffer<float>(N);
  float* sums = meas::buffer<float>(BLOCKS);
  meas::run("scanHillisSteele_scanBlocks", "scanBlocks", "corpus_scan_hillis_steele.cu", dim3(BLOCKS), dim3(SCAN_THREADS),
            [&] { scanBlocks<<<BLOCKS, SCAN_THREADS, 2 * SCAN_THREADS * sizeof(float)>>>(in, out, sums, N); });
  return 0;
}
