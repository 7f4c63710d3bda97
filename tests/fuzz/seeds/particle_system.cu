// A particle system wrapped in a host-side C++ class. The class owns the
// device buffers and launch configuration (member fields, so not known to
// a static reader) and launches the integration, boundary and binning
// kernels from its member functions.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

struct Particle {
    float3 pos;
    float3 vel;
};

__device__ __forceinline__ float3 add3(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }

__device__ __forceinline__ float3 scale3(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }

__device__ float reflect(float &p, float &v, float lo, float hi, float restitution)
{
    if (p < lo) {
        p = lo + (lo - p);
        v = -v * restitution;
        return 1.0f;
    }
    if (p > hi) {
        p = hi - (p - hi);
        v = -v * restitution;
        return 1.0f;
    }
    return 0.0f;
}

__global__ void integrate(Particle *p, int n, float dt, float3 gravity)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Particle q = p[i];
    q.vel = add3(q.vel, scale3(gravity, dt));
    q.pos = add3(q.pos, scale3(q.vel, dt));
    p[i] = q;
}

__global__ void collideWalls(Particle *p, int n, float box, float restitution, int *bounces)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Particle q = p[i];
    float hits = reflect(q.pos.x, q.vel.x, 0.0f, box, restitution) + reflect(q.pos.y, q.vel.y, 0.0f, box, restitution) +
                 reflect(q.pos.z, q.vel.z, 0.0f, box, restitution);
    p[i] = q;
    if (hits > 0.0f) atomicAdd(bounces, (int)hits);
}

__global__ void binParticles(const Particle *p, int n, float cellSize, int gridRes, int *cellCounts)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int cx = min(max((int)(p[i].pos.x / cellSize), 0), gridRes - 1);
    int cy = min(max((int)(p[i].pos.y / cellSize), 0), gridRes - 1);
    int cz = min(max((int)(p[i].pos.z / cellSize), 0), gridRes - 1);
    atomicAdd(&cellCounts[(cz * gridRes + cy) * gridRes + cx], 1);
}

class ParticleSystem {
public:
    ParticleSystem(int n, float box) : n_(n), box_(box), threads_(256)
    {
        blocks_ = (n_ + threads_ - 1) / threads_;
        cudaMalloc(&d_particles_, n_ * sizeof(Particle));
        cudaMalloc(&d_bounces_, sizeof(int));
        cudaMalloc(&d_cells_, kGridRes * kGridRes * kGridRes * sizeof(int));
        cudaMemset(d_bounces_, 0, sizeof(int));
        std::vector<Particle> h(n_);
        for (int i = 0; i < n_; ++i) {
            h[i].pos = make_float3(box * (i % 97) / 97.0f, box * (i % 89) / 89.0f, box * (i % 83) / 83.0f);
            h[i].vel = make_float3(0.0f, 0.0f, 0.0f);
        }
        cudaMemcpy(d_particles_, h.data(), n_ * sizeof(Particle), cudaMemcpyHostToDevice);
    }

    ~ParticleSystem()
    {
        cudaFree(d_particles_);
        cudaFree(d_bounces_);
        cudaFree(d_cells_);
    }

    void step(float dt)
    {
        integrate<<<blocks_, threads_>>>(d_particles_, n_, dt, make_float3(0.0f, -9.81f, 0.0f));
        collideWalls<<<blocks_, threads_>>>(d_particles_, n_, box_, 0.8f, d_bounces_);
    }

    void bin()
    {
        cudaMemset(d_cells_, 0, kGridRes * kGridRes * kGridRes * sizeof(int));
        binParticles<<<blocks_, 128>>>(d_particles_, n_, box_ / kGridRes, kGridRes, d_cells_);
    }

    int bounces() const
    {
        int b = 0;
        cudaMemcpy(&b, d_bounces_, sizeof(int), cudaMemcpyDeviceToHost);
        return b;
    }

private:
    static constexpr int kGridRes = 32;
    int n_;
    float box_;
    int threads_;
    int blocks_;
    Particle *d_particles_ = nullptr;
    int *d_bounces_ = nullptr;
    int *d_cells_ = nullptr;
};

int main()
{
    ParticleSystem sys(1 << 18, 10.0f);
    for (int s = 0; s < 100; ++s) sys.step(0.01f);
    sys.bin();
    cudaDeviceSynchronize();
    printf("wall bounces: %d\n", sys.bounces());
    return 0;
}
