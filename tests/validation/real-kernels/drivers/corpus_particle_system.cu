// tests/corpus/particle_system.cu: the integration step (in place over 2^24 24-byte particles,
// 384 MiB, the file's 256 threads per block, N / 256 blocks; arguments (p, n, dt, gravity), dt
// and gravity as the file) and the binning into the file's 32^3 cells (global atomics, the
// file's 128 threads per block but N / 128 blocks so every particle is binned; arguments (p, n,
// box / 32, 32, cellCounts) with the file's box 10). Each kernel has its own particle buffer,
// filled as the file's constructor does, so binning sees the file's spread of positions.
// Skipped: collideWalls, which in place only bounces on its first launch (a reflected particle
// stays in the box), so back to back it would measure its no-bounce path only.
#define main upstream_main
#include "../../../corpus/particle_system.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int N = 1 << 24;
  constexpr float BOX = 10.0f;
  const int GRID_RES = 32;
  auto fill = [](size_t i) {
    Particle q;
    q.pos = make_float3(BOX * (i % 97) / 97.0f, BOX * (i % 89) / 89.0f, BOX * (i % 83) / 83.0f);
    q.vel = make_float3(0.0f, 0.0f, 0.0f);
    return q;
  };
  Particle* moving = meas::buffer<Particle>(N, fill);
  Particle* binned = meas::buffer<Particle>(N, fill);
  int* cells = meas::buffer<int>(GRID_RES * GRID_RES * GRID_RES);
  meas::run("particleSystem_integrate", "integrate", "corpus_particle_system.cu", dim3(N / 256), dim3(256),
            [&] { integrate<<<N / 256, 256>>>(moving, N, 0.01f, make_float3(0.0f, -9.81f, 0.0f)); });
  meas::run("particleSystem_binParticles", "binParticles", "corpus_particle_system.cu", dim3(N / 128), dim3(128),
            [&] { binParticles<<<N / 128, 128>>>(binned, N, BOX / GRID_RES, GRID_RES, cells); });
  return 0;
}
