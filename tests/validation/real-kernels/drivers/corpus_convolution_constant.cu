// tests/corpus/convolution_constant.cu: the separable row and column filters (radius 8, taps in
// constant memory) on a 4096 x 4096 float image, with the file's blocks and launch shapes.
#define main upstream_main
#include "../../../corpus/convolution_constant.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int W = 4096, H = 4096;
  float* src = meas::buffer<float>(size_t(W) * H, meas::rnd);
  float* dst = meas::buffer<float>(size_t(W) * H);
  meas::run("convolutionConstant_rows", "convolutionRowsKernel", "corpus_convolution_constant.cu",
            dim3(W / (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X), H / ROWS_BLOCKDIM_Y), dim3(ROWS_BLOCKDIM_X, ROWS_BLOCKDIM_Y), [&] {
              convolutionRowsKernel<<<dim3(W / (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X), H / ROWS_BLOCKDIM_Y),
                                      dim3(ROWS_BLOCKDIM_X, ROWS_BLOCKDIM_Y)>>>(dst, src, W, H, W);
            });
  meas::run("convolutionConstant_columns", "convolutionColumnsKernel", "corpus_convolution_constant.cu",
            dim3(W / COLUMNS_BLOCKDIM_X, H / (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y)), dim3(COLUMNS_BLOCKDIM_X, COLUMNS_BLOCKDIM_Y), [&] {
              convolutionColumnsKernel<<<dim3(W / COLUMNS_BLOCKDIM_X, H / (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y)),
                                         dim3(COLUMNS_BLOCKDIM_X, COLUMNS_BLOCKDIM_Y)>>>(dst, src, W, H, W);
            });
  return 0;
}
