// tests/corpus/nbody.cu: one all-pairs integration step over 32768 bodies (256 threads per block,
// 128 blocks, a tile of 256 float4 in shared memory, as the file sizes it) and the kinetic energy
// kernel over the same bodies; arguments as in the file.
#define main upstream_main
#include "../../../corpus/nbody.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int BODIES = 32768;
  const int BLOCK = 256;
  float4* pos = meas::buffer<float4>(BODIES, [](size_t i) { return make_float4(meas::rnd(i), meas::rnd(i + 1), meas::rnd(i + 2), 1.0f); });
  float4* vel = meas::buffer<float4>(BODIES);
  float4* newPos = meas::buffer<float4>(BODIES);
  float4* newVel = meas::buffer<float4>(BODIES);
  float* energy = meas::buffer<float>(BODIES);
  meas::run("nbody_integrate_32k", "integrateBodies", "corpus_nbody.cu", dim3(BODIES / BLOCK), dim3(BLOCK), [&] {
    integrateBodies<<<BODIES / BLOCK, BLOCK, BLOCK * 4 * sizeof(float)>>>(newPos, newVel, pos, vel, 0.001f, 0.995f, BODIES);
  });
  meas::run("nbody_kineticEnergy_32k", "kineticEnergy", "corpus_nbody.cu", dim3(BODIES / BLOCK), dim3(BLOCK),
            [&] { kineticEnergy<<<BODIES / BLOCK, BLOCK>>>(vel, energy, BODIES); });
  return 0;
}
