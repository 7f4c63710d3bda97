// tests/corpus/stencil_2d_heat.cu: both 5-point Jacobi steps on a 4096 x 4096 grid with the
// file's block (BX x BY = 32 x 8) and grid (nx / BX, ny / BY); arguments (u, uNew, nx, ny, alpha).
#define main upstream_main
#include "../../../corpus/stencil_2d_heat.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int NX = 4096, NY = 4096;
  float* u = meas::buffer<float>(size_t(NX) * NY, meas::rnd);
  float* uNew = meas::buffer<float>(size_t(NX) * NY);
  meas::run("stencil2d_naive", "heatStepNaive", "corpus_stencil_2d_heat.cu", dim3(NX / BX, NY / BY), dim3(BX, BY),
            [&] { heatStepNaive<<<dim3(NX / BX, NY / BY), dim3(BX, BY)>>>(u, uNew, NX, NY, 0.2f); });
  meas::run("stencil2d_shared", "heatStepShared", "corpus_stencil_2d_heat.cu", dim3(NX / BX, NY / BY), dim3(BX, BY),
            [&] { heatStepShared<<<dim3(NX / BX, NY / BY), dim3(BX, BY)>>>(u, uNew, NX, NY, 0.2f); });
  return 0;
}
