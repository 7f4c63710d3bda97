// tests/corpus/stencil_1d.cu: both radius-3 1D stencils over 2^26 elements (256 MiB in, 256 MiB
// out). stencil1D: int sums with a shared-memory halo, n / BLOCK_SIZE = 262144 blocks of
// BLOCK_SIZE (256, which the kernel's shared tile assumes), arguments (in, out, n).
// weightedStencil1D: float with the file's seven weights in constant memory (copied as the
// file's main does) and dynamic shared memory, the file's launch shape n / 512 = 131072 blocks of
// 512 and (512 + 2 * RADIUS) floats of shared memory, arguments (in, out, n).
#define main upstream_main
#include "../../../corpus/stencil_1d.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N = 1 << 26;
  int* iin = meas::buffer<int>(N, [](size_t i) { return int((i * 2654435761u) % 1000); });
  int* iout = meas::buffer<int>(N);
  float* fin = meas::buffer<float>(N, meas::rnd);
  float* fout = meas::buffer<float>(N);
  const float w[2 * RADIUS + 1] = {0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f};
  cudaMemcpyToSymbol(c_weights, w, sizeof(w));
  meas::run("stencil1d_int_64M", "stencil1D", "corpus_stencil_1d.cu", dim3(N / BLOCK_SIZE), dim3(BLOCK_SIZE),
            [&] { stencil1D<<<N / BLOCK_SIZE, BLOCK_SIZE>>>(iin, iout, N); });
  meas::run("stencil1d_weighted_64M", "weightedStencil1D", "corpus_stencil_1d.cu", dim3(N / 512), dim3(512),
            [&] { weightedStencil1D<<<N / 512, 512, (512 + 2 * RADIUS) * sizeof(float)>>>(fin, fout, N); });
  return 0;
}
