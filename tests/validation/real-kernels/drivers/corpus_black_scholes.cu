// tests/corpus/black_scholes.cu: the pricing kernel over the file's OPT_N (4,000,000) options,
// two per thread, 128 threads per block and DIV_UP(OPT_N / 2, 128) blocks, as the file launches it.
#define main upstream_main
#include "../../../corpus/black_scholes.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  float2* call = meas::buffer<float2>(OPT_N / 2);
  float2* put = meas::buffer<float2>(OPT_N / 2);
  float2* s = meas::buffer<float2>(OPT_N / 2, [](size_t i) { return make_float2(5 + 25 * meas::rnd(i), 5 + 25 * meas::rnd(i + 7)); });
  float2* x = meas::buffer<float2>(OPT_N / 2, [](size_t i) { return make_float2(1 + 99 * meas::rnd(i + 3), 1 + 99 * meas::rnd(i + 5)); });
  float2* t = meas::buffer<float2>(OPT_N / 2, [](size_t i) { return make_float2(0.25f + 9.75f * meas::rnd(i + 1), 0.25f + 9.75f * meas::rnd(i + 9)); });
  meas::run("corpusBlackScholes_4M", "blackScholesGPU", "corpus_black_scholes.cu", dim3(DIV_UP((OPT_N / 2), 128)), dim3(128),
            [&] { blackScholesGPU<<<DIV_UP((OPT_N / 2), 128), 128>>>(call, put, s, x, t, OPT_N); });
  return 0;
}
