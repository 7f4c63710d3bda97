// Black-Scholes European option pricing, two options per thread.
// Market parameters live in __device__ / __constant__ variables (which are
// variables, not functions); the pricing formula is split into device
// helpers for the cumulative normal distribution and the option body.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define OPT_N 4000000
#define NUM_ITERATIONS 16
#define DIV_UP(a, b) (((a) + (b) - 1) / (b))

__constant__ float c_Riskfree = 0.02f;
__device__ float d_Volatility = 0.30f;
__managed__ int m_launches = 0;

__device__ inline float cndGPU(float d)
{
    const float A1 = 0.31938153f;
    const float A2 = -0.356563782f;
    const float A3 = 1.781477937f;
    const float A4 = -1.821255978f;
    const float A5 = 1.330274429f;
    const float RSQRT2PI = 0.39894228040143267793994605993438f;

    float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));
    float cnd = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    if (d > 0) cnd = 1.0f - cnd;
    return cnd;
}

__device__ inline void blackScholesBodyGPU(float &callResult, float &putResult, float S, float X, float T,
                                           float R, float V)
{
    float sqrtT = __fdividef(1.0f, rsqrtf(T));
    float d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
    float d2 = d1 - V * sqrtT;
    float CNDD1 = cndGPU(d1);
    float CNDD2 = cndGPU(d2);
    float expRT = __expf(-R * T);
    callResult = S * CNDD1 - X * expRT * CNDD2;
    putResult = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);
}

__launch_bounds__(128) __global__ void blackScholesGPU(float2 *__restrict__ d_CallResult,
                                                       float2 *__restrict__ d_PutResult,
                                                       const float2 *__restrict__ d_StockPrice,
                                                       const float2 *__restrict__ d_OptionStrike,
                                                       const float2 *__restrict__ d_OptionYears, int optN)
{
    const int opt = blockDim.x * blockIdx.x + threadIdx.x;
    if (opt < optN / 2) {
        float callResult1, callResult2, putResult1, putResult2;
        blackScholesBodyGPU(callResult1, putResult1, d_StockPrice[opt].x, d_OptionStrike[opt].x,
                            d_OptionYears[opt].x, c_Riskfree, d_Volatility);
        blackScholesBodyGPU(callResult2, putResult2, d_StockPrice[opt].y, d_OptionStrike[opt].y,
                            d_OptionYears[opt].y, c_Riskfree, d_Volatility);
        d_CallResult[opt] = make_float2(callResult1, callResult2);
        d_PutResult[opt] = make_float2(putResult1, putResult2);
    }
    if (opt == 0) atomicAdd(&m_launches, 1);
}

static float randFloat(float low, float high)
{
    float t = (float)rand() / (float)RAND_MAX;
    return (1.0f - t) * low + t * high;
}

int main()
{
    std::vector<float> hS(OPT_N), hX(OPT_N), hT(OPT_N);
    for (int i = 0; i < OPT_N; i++) {
        hS[i] = randFloat(5.0f, 30.0f);
        hX[i] = randFloat(1.0f, 100.0f);
        hT[i] = randFloat(0.25f, 10.0f);
    }

    float *dCall, *dPut, *dS, *dX, *dT;
    const size_t bytes = OPT_N * sizeof(float);
    cudaMalloc(&dCall, bytes);
    cudaMalloc(&dPut, bytes);
    cudaMalloc(&dS, bytes);
    cudaMalloc(&dX, bytes);
    cudaMalloc(&dT, bytes);
    cudaMemcpy(dS, hS.data(), bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dX, hX.data(), bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dT, hT.data(), bytes, cudaMemcpyHostToDevice);

    for (int i = 0; i < NUM_ITERATIONS; i++) {
        blackScholesGPU<<<DIV_UP((OPT_N / 2), 128), 128>>>((float2 *)dCall, (float2 *)dPut, (float2 *)dS,
                                                          (float2 *)dX, (float2 *)dT, OPT_N);
    }
    cudaDeviceSynchronize();

    std::vector<float> hCall(OPT_N);
    cudaMemcpy(hCall.data(), dCall, bytes, cudaMemcpyDeviceToHost);
    printf("call[0] = %f, launches = %d\n", hCall[0], m_launches);

    cudaFree(dCall);
    cudaFree(dPut);
    cudaFree(dS);
    cudaFree(dX);
    cudaFree(dT);
    return 0;
}
