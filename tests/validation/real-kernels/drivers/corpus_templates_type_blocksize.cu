// tests/corpus/templates_type_blocksize.cu: double-precision instantiations over 2^25 doubles
// (256 MiB a vector). reduceKernel<double, 128, MaxOp> (explicitly instantiated by the file):
// the file's one-element-per-thread shape, (n + 127) / 128 = 262144 blocks of 128, a shared-memory
// tree per block, arguments (in, blockMax, n). axpbyKernel<double>: y = a x + b y in place with
// a = b = 0.5 (y tends to x, so it stays finite), (n + 255) / 256 = 131072 blocks of 256 as the
// file, arguments (0.5, x, 0.5, y, n) with x and y apart (the file passes one buffer as both).
// Not measured: convertKernel and the float instantiations (streaming kernels like many measured
// already) and reduceTwoPass (a host template launching reduceKernel twice).
#define main upstream_main
#include "../../../corpus/templates_type_blocksize.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N = 1 << 25;
  double* x = meas::buffer<double>(N, [](size_t i) { return double(meas::rnd(i)) - 0.5; });
  double* y = meas::buffer<double>(N, [](size_t i) { return double(meas::rnd(i + 11)); });
  double* blockMax = meas::buffer<double>((N + 127) / 128);
  meas::run("templates_reduceMax_double_32M", "reduceKernel", "corpus_templates_type_blocksize.cu", dim3((N + 127) / 128), dim3(128),
            [&] { reduceKernel<double, 128, MaxOp><<<(N + 127) / 128, 128>>>(x, blockMax, N); });
  meas::run("templates_axpby_double_32M", "axpbyKernel", "corpus_templates_type_blocksize.cu", dim3((N + 255) / 256), dim3(256),
            [&] { axpbyKernel<double><<<(N + 255) / 256, 256>>>(0.5, x, 0.5, y, N); });
  return 0;
}
