// tests/corpus/reduction_templated.cu: the reduce6-style unrolled reduction instantiated for
// double, 256 threads and a power-of-two n (reduceUnrolled<double, 256, true>, FP64 adds) over
// 2^26 doubles (512 MiB): 1024 blocks of 256 threads with 256 * sizeof(double) bytes of dynamic
// shared memory, as the file's reduce() sizes it, so each thread loads 2 x 128 elements;
// arguments (g_idata, g_odata, n).
#define main upstream_main
#include "../../../corpus/reduction_templated.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const unsigned int N = 1u << 26;
  const int THREADS = 256;
  const int BLOCKS = 1024;
  double* in = meas::buffer<double>(N, [](size_t i) { return double(meas::rnd(i)); });
  double* out = meas::buffer<double>(BLOCKS);
  meas::run("reductionTemplated_double256", "reduceUnrolled", "corpus_reduction_templated.cu", dim3(BLOCKS), dim3(THREADS),
            [&] { reduceUnrolled<double, 256, true><<<BLOCKS, THREADS, THREADS * sizeof(double)>>>(in, out, N); });
  return 0;
}
