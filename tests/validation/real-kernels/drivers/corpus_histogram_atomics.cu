// tests/corpus/histogram_atomics.cu: global and shared-memory atomics over 64 Mi random bytes,
// grid-stride loops with the file's THREADS (256) per block: 240 blocks for the global version
// (as the file), 1056 (8 per SM of a 132-SM GPU) for the shared one; arguments (data, n, bins).
#define main upstream_main
#include "../../../corpus/histogram_atomics.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const size_t N = size_t(64) << 20;
  unsigned char* data = meas::buffer<unsigned char>(N, [](size_t i) { return (unsigned char)((i * 2654435761u) >> 13); });
  unsigned int* bins = meas::buffer<unsigned int>(NUM_BINS);
  meas::run("histogram_global", "histogramGlobal", "corpus_histogram_atomics.cu", dim3(240), dim3(THREADS),
            [&] { histogramGlobal<<<240, THREADS>>>(data, N, bins); });
  meas::run("histogram_shared", "histogramShared", "corpus_histogram_atomics.cu", dim3(1056), dim3(THREADS),
            [&] { histogramShared<<<1056, THREADS>>>(data, N, bins); });
  return 0;
}
