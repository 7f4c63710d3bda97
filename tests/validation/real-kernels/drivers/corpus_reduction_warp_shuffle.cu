// tests/corpus/reduction_warp_shuffle.cu: grid-stride warp-shuffle reductions over 2^24 floats:
// one atomic per block (528 blocks of 512, four per SM of a 132-SM GPU), one atomic per warp
// (one element per thread), and the 256 x 256 maximum, as the file launches them.
#define main upstream_main
#include "../../../corpus/reduction_warp_shuffle.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N = 1 << 24;
  const int THREADS = 512;
  float* in = meas::buffer<float>(N, meas::rnd);
  float* out = meas::buffer<float>(256);
  meas::run("warpShuffle_deviceReduceAtomic", "deviceReduceAtomic", "corpus_reduction_warp_shuffle.cu", dim3(528), dim3(THREADS),
            [&] { deviceReduceAtomic<<<528, THREADS>>>(in, out, N); });
  meas::run("warpShuffle_warpReduceAtomic", "warpReduceAtomic", "corpus_reduction_warp_shuffle.cu", dim3(N / THREADS), dim3(THREADS),
            [&] { warpReduceAtomic<<<N / THREADS, THREADS>>>(in, out, N); });
  meas::run("warpShuffle_deviceMax", "deviceMax", "corpus_reduction_warp_shuffle.cu", dim3(256), dim3(256),
            [&] { deviceMax<<<256, 256>>>(in, out, N); });
  return 0;
}
