// tests/corpus/bitonic_sort.cu: 2^26 random 32-bit keys (256 MiB). bitonicSortShared: the
// hybrid sort's first launch, each block sorting SHARED_SIZE (1024) keys in shared memory (55
// compare-exchange stages), n / 1024 = 65536 blocks of NUM_THREADS (256), argument (keys); in
// place, and each launch re-sorts the blocks it sorted before (the intermediate stages still swap).
// bitonicStepGlobal: one global compare-exchange step (j = 2^24, k = 2^25) with the file's main's
// shape, n / 512 = 131072 blocks of 512, arguments (keys, j, k), on its own copy of the keys; in
// place, so after the first launch every pair is in order and the launches measured only read
// (half the threads load two keys each; no swaps, no stores).
// Not measured: bitonicMergeShared (the same shared-memory network as the sort, fewer stages).
#define main upstream_main
#include "../../../corpus/bitonic_sort.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const uint N = 1u << 26;
  auto key = [](size_t i) { return uint(i * 2654435761u) ^ uint((i * 40503u) >> 7); };
  uint* keys = meas::buffer<uint>(N, key);
  uint* keys2 = meas::buffer<uint>(N, key);
  meas::run("bitonic_sortShared_64M", "bitonicSortShared", "corpus_bitonic_sort.cu", dim3(N / SHARED_SIZE), dim3(NUM_THREADS),
            [&] { bitonicSortShared<<<N / SHARED_SIZE, NUM_THREADS>>>(keys); });
  meas::run("bitonic_stepGlobal_64M", "bitonicStepGlobal", "corpus_bitonic_sort.cu", dim3(N / 512), dim3(512),
            [&] { bitonicStepGlobal<<<N / 512, 512>>>(keys2, 1 << 24, 1 << 25); });
  return 0;
}
