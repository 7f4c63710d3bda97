// tests/corpus/launch_bounds_ldg.cu: the grid-stride dot product partials (__ldg loads of two
// 2^26-float vectors, 512 MiB, then a shared-memory tree per block) with the file's MAX_THREADS
// (256) per block and 1024 blocks, as the file's tuned launch (g_tunedThreads aside), so each
// thread walks 256 elements; arguments (n, x, y, partial).
#define main upstream_main
#include "../../../corpus/launch_bounds_ldg.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N = 1 << 26;
  const int BLOCKS = 1024;
  float* x = meas::buffer<float>(N, meas::rnd);
  float* y = meas::buffer<float>(N, [](size_t i) { return meas::rnd(i + 11); });
  float* partial = meas::buffer<float>(BLOCKS);
  meas::run("launchBoundsLdg_dotPartial", "dotPartial", "corpus_launch_bounds_ldg.cu", dim3(BLOCKS), dim3(MAX_THREADS),
            [&] { dotPartial<<<BLOCKS, MAX_THREADS>>>(N, x, y, partial); });
  return 0;
}
