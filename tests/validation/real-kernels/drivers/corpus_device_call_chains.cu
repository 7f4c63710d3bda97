// tests/corpus/device_call_chains.cu: Gaussian noise through the __noinline__ Box-Muller helper
// (integer hashes, logf, sqrtf, sinf, cosf) writing 2^25 floats, and the double-precision Horner
// polynomial (the template helper's loop) over 2^25 doubles in and out (512 MiB) at degree 127
// instead of the file's 7, so its FP64 FMAs (and the uniform coefficient loads) weigh beside
// the memory traffic; the file's THREADS (128) per block and n / 128 blocks for both; arguments
// (out, n, seed) with the file's seed hashU32(12345) and (coeffs, 127, x, y, n).
// Skipped: pairwiseLcm (recursive gcd) and noisyPolynomial, to keep to two cases for this file.
#define main upstream_main
#include "../../../corpus/device_call_chains.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N = 1 << 25;
  const int DEGREE = 127;
  const unsigned int SEED = 0x912efcf7u;  // hashU32(12345u), the file's seed
  float* noise = meas::buffer<float>(N);
  double* coeffs = meas::buffer<double>(DEGREE + 1, [](size_t i) { return double(meas::rnd(i + 17)) / (DEGREE + 1); });
  double* x = meas::buffer<double>(N, [](size_t i) { return 2.0 * meas::rnd(i) - 1.0; });
  double* y = meas::buffer<double>(N);
  meas::run("callChains_gaussianNoise", "gaussianNoise", "corpus_device_call_chains.cu", dim3(N / THREADS), dim3(THREADS),
            [&] { gaussianNoise<<<N / THREADS, THREADS>>>(noise, N, SEED); });
  meas::run("callChains_polyDouble", "polyDouble", "corpus_device_call_chains.cu", dim3(N / THREADS), dim3(THREADS),
            [&] { polyDouble<<<N / THREADS, THREADS>>>(coeffs, DEGREE, x, y, N); });
  return 0;
}
