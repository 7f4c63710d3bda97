// All-pairs gravitational N-body simulation.
// Positions (xyz + mass in w) are tiled through shared memory: each block
// loads blockDim.x bodies at a time and every thread accumulates the
// acceleration of its own body against the whole tile.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define SOFTENING_SQUARED 0.0025f
#define DEFAULT_BODIES 16384

__device__ float3 bodyBodyInteraction(float4 bi, float4 bj, float3 ai)
{
    float3 r;
    r.x = bj.x - bi.x;
    r.y = bj.y - bi.y;
    r.z = bj.z - bi.z;
    float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + SOFTENING_SQUARED;
    float invDist = rsqrtf(distSqr);
    float invDistCube = invDist * invDist * invDist;
    float s = bj.w * invDistCube;
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;
    return ai;
}

__device__ float3 tileCalculation(float4 myPosition, float3 accel)
{
    extern __shared__ float4 shPosition[];
#pragma unroll 8
    for (int i = 0; i < blockDim.x; i++)
        accel = bodyBodyInteraction(myPosition, shPosition[i], accel);
    return accel;
}

__device__ float3 computeBodyAccel(float4 bodyPos, const float4 *positions, int numTiles)
{
    extern __shared__ float4 shPosition[];
    float3 acc = {0.0f, 0.0f, 0.0f};
    for (int tile = 0; tile < numTiles; tile++) {
        shPosition[threadIdx.x] = positions[tile * blockDim.x + threadIdx.x];
        __syncthreads();
        acc = tileCalculation(bodyPos, acc);
        __syncthreads();
    }
    return acc;
}

__global__ void __launch_bounds__(256)
integrateBodies(float4 *newPos, float4 *newVel, const float4 *oldPos, const float4 *oldVel,
                float deltaTime, float damping, int numBodies)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= numBodies) return;

    float4 position = oldPos[index];
    float3 accel = computeBodyAccel(position, oldPos, numBodies / blockDim.x);

    float4 velocity = oldVel[index];
    velocity.x = (velocity.x + accel.x * deltaTime) * damping;
    velocity.y = (velocity.y + accel.y * deltaTime) * damping;
    velocity.z = (velocity.z + accel.z * deltaTime) * damping;

    position.x += velocity.x * deltaTime;
    position.y += velocity.y * deltaTime;
    position.z += velocity.z * deltaTime;

    newPos[index] = position;
    newVel[index] = velocity;
}

__global__ void kineticEnergy(const float4 *vel, float *energy, int numBodies)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < numBodies) {
        float4 v = vel[i];
        energy[i] = 0.5f * (v.x * v.x + v.y * v.y + v.z * v.z);
    }
}

static void randomise(std::vector<float4> &pos, std::vector<float4> &vel)
{
    for (size_t i = 0; i < pos.size(); ++i) {
        pos[i] = make_float4(rand() / (float)RAND_MAX * 2.0f - 1.0f, rand() / (float)RAND_MAX * 2.0f - 1.0f,
                             rand() / (float)RAND_MAX * 2.0f - 1.0f, 1.0f);
        vel[i] = make_float4(0.0f, 0.0f, 0.0f, 1.0f);
    }
}

int main(int argc, char **argv)
{
    int numBodies = argc > 1 ? atoi(argv[1]) : DEFAULT_BODIES;
    const int blockSize = 256;
    numBodies = (numBodies + blockSize - 1) / blockSize * blockSize;
    const int iterations = 10;

    std::vector<float4> hPos(numBodies), hVel(numBodies);
    randomise(hPos, hVel);

    float4 *dPos[2], *dVel[2];
    float *dEnergy;
    for (int i = 0; i < 2; ++i) {
        cudaMalloc(&dPos[i], numBodies * sizeof(float4));
        cudaMalloc(&dVel[i], numBodies * sizeof(float4));
    }
    cudaMalloc(&dEnergy, numBodies * sizeof(float));
    cudaMemcpy(dPos[0], hPos.data(), numBodies * sizeof(float4), cudaMemcpyHostToDevice);
    cudaMemcpy(dVel[0], hVel.data(), numBodies * sizeof(float4), cudaMemcpyHostToDevice);

    int numBlocks = numBodies / blockSize;
    const size_t sharedMemSize = blockSize * 4 * sizeof(float);
    int current = 0;
    for (int it = 0; it < iterations; ++it) {
        int next = 1 - current;
        integrateBodies<<<numBlocks, blockSize, sharedMemSize>>>(dPos[next], dVel[next], dPos[current],
                                                                 dVel[current], 0.001f, 0.995f, numBodies);
        current = next;
    }

    kineticEnergy<<<numBlocks, blockSize>>>(dVel[current], dEnergy, numBodies);
    std::vector<float> e(numBodies);
    cudaMemcpy(e.data(), dEnergy, numBodies * sizeof(float), cudaMemcpyDeviceToHost);
    double total = 0.0;
    for (float x : e) total += x;
    printf("%d bodies, kinetic energy after %d steps: %f\n", numBodies, iterations, total);

    for (int i = 0; i < 2; ++i) {
        cudaFree(dPos[i]);
        cudaFree(dVel[i]);
    }
    cudaFree(dEnergy);
    return 0;
}
