// tests/corpus/warp_vote_compaction.cu: warp-aggregated compaction (ballot, one atomicAdd on one
// counter per warp and iteration, popc/shfl) over 2^26 floats with the file's grid-stride launch
// (min(n / 256, 4096) = 4096 blocks of 256, so 64 iterations a thread), and the __all_sync /
// __any_sync range check over 2^27 floats (512 MiB; n / (8 * WARP) blocks of 8 * WARP, as the file).
// Compaction: the counter is never reset (a case is one kernel launched back to back), so only
// 16 of the n values (one every n / 16) pass the threshold 1.5 (the rest in [0,1)): out (n floats)
// then holds n / 16 = 4 Mi launches' worth, far more than a case makes (tens of thousands);
// arguments (in, out, count, n, 1.5). Range check: values in [0, 80) inside [lo, hi] = [-10, 90]
// (the file's bounds), none negative, so it measures the all-valid path (votes, no atomicOr);
// arguments (in, n, lo, hi, flags).
// Skipped: countBlockPredicate (__syncthreads_count), to keep to two cases for this file.
#define main upstream_main
#include "../../../corpus/warp_vote_compaction.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N = 1 << 26;
  const int BLOCKS = 4096;
  const int THREADS = 256;
  float* in = meas::buffer<float>(N, [](size_t i) { return i % (N / 16) == 12345 ? 2.0f : meas::rnd(i); });
  float* out = meas::buffer<float>(N);
  int* count = meas::buffer<int>(1);
  const int N_RANGE = 1 << 27;
  float* range = meas::buffer<float>(N_RANGE, [](size_t i) { return 80.0f * meas::rnd(i); });
  int* flags = meas::buffer<int>(2);
  meas::run("warpVote_compactWarpAggregated", "compactWarpAggregated", "corpus_warp_vote_compaction.cu", dim3(BLOCKS), dim3(THREADS),
            [&] { compactWarpAggregated<<<BLOCKS, THREADS>>>(in, out, count, N, 1.5f); });
  meas::run("warpVote_validateRange", "validateRange", "corpus_warp_vote_compaction.cu", dim3(N_RANGE / (8 * WARP)), dim3(8 * WARP),
            [&] { validateRange<<<N_RANGE / (8 * WARP), 8 * WARP>>>(range, N_RANGE, -10.0f, 90.0f, flags); });
  return 0;
}
