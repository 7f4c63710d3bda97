// tests/corpus/scan_blelloch.cu: prescan, the first level of the file's recursive scan, launched
// alone over 2^26 random floats (256 MiB in, 256 MiB out): one ELEMS_PER_BLOCK (512) element
// Blelloch scan per block in shared memory, n / 512 = 131072 blocks of BLOCK_THREADS (256) with
// kSharedElems floats of dynamic shared memory, arguments (in, out, sums, n), the 131072 block
// sums written. Not measured: uniformAdd (a plain streaming add, like many kernels measured
// already) and the file's recursion (host code launching both in turn).
#define main upstream_main
#include "../../../corpus/scan_blelloch.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N = 1 << 26;
  const int BLOCKS = N / ELEMS_PER_BLOCK;
  float* in = meas::buffer<float>(N, meas::rnd);
  float* out = meas::buffer<float>(N);
  float* sums = meas::buffer<float>(BLOCKS);
  meas::run("scan_blelloch_prescan_64M", "prescan", "corpus_scan_blelloch.cu", dim3(BLOCKS), dim3(BLOCK_THREADS),
            [&] { prescan<<<BLOCKS, BLOCK_THREADS, kSharedElems * sizeof(float)>>>(in, out, sums, N); });
  return 0;
}
