// tests/corpus/spmv_csr.cu: y = A x for a banded 8 Mi x 8 Mi CSR matrix built on the host, 8
// nonzeros per row at columns row - 4 ... row + 3 (modulo the size, so every row has 8; rowPtr
// = 8 * row), random values and x: 256 MiB of values, 256 MiB of column indices, 32 MiB each of
// rowPtr, x and y. spmvCsrScalar: one row per thread, 65536 blocks of 128 (the file's explicit
// launch shape, rows / 128); spmvCsrVector<8>: 8 threads per row, blocks of 256 threads and
// rows / 32 blocks, as the file's launchVector<8> (which the file's heuristic picks for 8 per row).
// Arguments (rows, rowPtr, colIdx, values, x, y).
#define main upstream_main
#include "../../../corpus/spmv_csr.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int ROWS = 1 << 23;
  const int PER_ROW = 8;
  int* rowPtr = meas::buffer<int>(size_t(ROWS) + 1, [](size_t r) { return int(r * PER_ROW); });
  int* colIdx = meas::buffer<int>(size_t(ROWS) * PER_ROW,
                                  [](size_t j) { return int((j / PER_ROW + ROWS + j % PER_ROW - PER_ROW / 2) % ROWS); });
  float* values = meas::buffer<float>(size_t(ROWS) * PER_ROW, meas::rnd);
  float* x = meas::buffer<float>(ROWS, meas::rnd);
  float* y = meas::buffer<float>(ROWS);
  meas::run("spmv_csr_scalar_8M", "spmvCsrScalar", "corpus_spmv_csr.cu", dim3(ROWS / 128), dim3(128),
            [&] { spmvCsrScalar<<<ROWS / 128, 128>>>(ROWS, rowPtr, colIdx, values, x, y); });
  meas::run("spmv_csr_vector8_8M", "spmvCsrVector", "corpus_spmv_csr.cu", dim3(ROWS / (256 / 8)), dim3(256),
            [&] { spmvCsrVector<8><<<ROWS / (256 / 8), 256>>>(ROWS, rowPtr, colIdx, values, x, y); });
  return 0;
}
