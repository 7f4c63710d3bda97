// tests/corpus/stencil_3d.cu: the naive 7-point Laplacian (8 x 8 x 8 blocks over the whole
// volume) and the z-marching 7-point and 8th-order stencils (BDIMX x BDIMY = 32 x 16 blocks over
// the xy plane, each thread walking z) on a 256^3 float volume, as the file launches them.
#define main upstream_main
#include "../../../corpus/stencil_3d.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int NX = 256, NY = 256, NZ = 256;
  float* in = meas::buffer<float>(size_t(NX) * NY * NZ, meas::rnd);
  float* out = meas::buffer<float>(size_t(NX) * NY * NZ);
  meas::run("stencil3d_laplace7Naive", "laplace7Naive", "corpus_stencil_3d.cu", dim3(NX / 8, NY / 8, NZ / 8), dim3(8, 8, 8),
            [&] { laplace7Naive<<<dim3(NX / 8, NY / 8, NZ / 8), dim3(8, 8, 8)>>>(in, out, NX, NY, NZ, 1.0f); });
  meas::run("stencil3d_laplace7ZMarch", "laplace7ZMarch", "corpus_stencil_3d.cu", dim3(NX / BDIMX, NY / BDIMY), dim3(BDIMX, BDIMY),
            [&] { laplace7ZMarch<<<dim3(NX / BDIMX, NY / BDIMY), dim3(BDIMX, BDIMY)>>>(in, out, NX, NY, NZ, 1.0f); });
  meas::run("stencil3d_fd8Order", "fd8Order", "corpus_stencil_3d.cu", dim3(NX / BDIMX, NY / BDIMY), dim3(BDIMX, BDIMY),
            [&] { fd8Order<<<dim3(NX / BDIMX, NY / BDIMY), dim3(BDIMX, BDIMY)>>>(in, out, NX, NY, NZ); });
  return 0;
}
