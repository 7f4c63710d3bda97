// tests/corpus/branchy_kernels.cu: the element-wise activation with the file's runtime opcode
// fixed at OP_SOFTPLUS (expf + log1pf, three-way branch) over 2^26 floats in [-30, 30), so every
// warp diverges between x > 20, x < -20 and the log1pf path; the file's THREADS (256) per block,
// n / 256 blocks; arguments (in, out, n, OP_SOFTPLUS, 0.01). And the Collatz step counter
// (data-dependent while loop on 64-bit values, divergent) over the starts 1 .. 2^24 as the file
// fills them (160.6 steps on average, at most 704, at 15733191, so the file's maxSteps 1000 is
// never hit), n / 256 blocks of 256; arguments (starts, steps, n, 1000).
// Skipped: classifyKernel (if/else chain + atomics on 5 bins), to keep to two cases for this file.
#define main upstream_main
#include "../../../corpus/branchy_kernels.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N_ACT = 1 << 26;
  const int N_COLLATZ = 1 << 24;
  float* in = meas::buffer<float>(N_ACT, [](size_t i) { return -30.0f + 60.0f * meas::rnd(i); });
  float* out = meas::buffer<float>(N_ACT);
  unsigned int* starts = meas::buffer<unsigned int>(N_COLLATZ, [](size_t i) { return (unsigned int)(i + 1); });
  int* steps = meas::buffer<int>(N_COLLATZ);
  meas::run("branchy_activationSoftplus", "activationKernel", "corpus_branchy_kernels.cu", dim3(N_ACT / THREADS), dim3(THREADS),
            [&] { activationKernel<<<N_ACT / THREADS, THREADS>>>(in, out, N_ACT, OP_SOFTPLUS, 0.01f); });
  meas::run("branchy_collatzSteps", "collatzSteps", "corpus_branchy_kernels.cu", dim3(N_COLLATZ / THREADS), dim3(THREADS),
            [&] { collatzSteps<<<N_COLLATZ / THREADS, THREADS>>>(starts, steps, N_COLLATZ, 1000); });
  return 0;
}
