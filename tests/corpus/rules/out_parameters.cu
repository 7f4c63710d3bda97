// out_parameters.cu - SliceWatt rule test (R2, R3, R4): results leaving an inlined
// __device__ function through reference / pointer out-parameters and return values.
//
// Kernel BlackScholesGPU (cuda-samples BlackScholes): BlackScholesBodyGPU writes its two
// results through `float &CallResult, float &PutResult`; the kernel passes its locals
// callResult/putResult and stores them afterwards. R3: `CallResult = ...` defines the
// caller's callResult, so the store `d_CallResult[opt] = callResult;` pulls the whole
// pricing computation into the global slice (register closure), and the writes through
// the references are register writes (no memory access). cndGPU returns a value (R4):
// its statements feed `CNDD1 = cndGPU(d1);` and join GM as well.
// First launch: BlackScholesGPU<<<256, 128>>>. Grid-stride loop over OPT_N = 4194304
// options, stride 128 * 256 = 32768 -> 128 trips; everything in the loop (callees
// included) has w=128. Header A = 4 (* + in the init, += * in the step).
// cndGPU is called TWICE (CNDD1, CNDD2) on purpose: each line of cndGPU holds two
// inlined statements (statements=2) and its per-line A / accesses are the sum of both
// copies (both have the same weight 128).
//   A per statement (calls of __fdividef, rsqrtf, __logf, __expf, fabsf count 1 each;
//   unary minus counts 1, also on a literal such as -0.5f or -0.356563782f):
//     sqrtT = __fdividef(1.0F, rsqrtf(T));                    2
//     d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
//        fdividef, logf, /, +, +, *, *, *, *                    9
//     d2 = d1 - V * sqrtT;                                     2
//     expRT = __expf(-R * T);                                  3 (expf, unary -, *)
//     CallResult = S * CNDD1 - X * expRT * CNDD2;              4
//     PutResult = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);   6
//     K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));    4 per copy
//     cnd = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
//        2 outer *, expf, unary -, 2 *, then K* A1+ K* A2+ K* A3+ K* A4+ K*  = 15 per copy
//   Every statement of the kernel and of both helpers ends up in GM; no other slice.
//   Decision points: the `if (d > 0)` of cndGPU, twice = 2. Effective statements:
//   kernel 4 (loop header, call, two stores) + body 8 + cndGPU 2 x 11 = 34 -> sparse.
//
// Kernel rowRange: minmax writes through pointer parameters that receive the addresses
// of the caller's locals (`minmax(row, ROW_LEN, &lo, &hi)`): `*lo = mn;` defines the
// caller's lo (R3), is a register write (no access), and is in GM because
// `out[i] = (hi - lo) * scale;` uses lo. The pointer parameter v receives `row`, a
// pointer derived from the global parameter `in`, so `v[k]` is a global access.
// First launch rowRange<<<256, 256>>> (ROWS = 65536 rows of ROW_LEN = 8 floats).
// The minmax loop is bounded by its parameter n; whether the argument ROW_LEN is
// propagated into the callee is not fixed by the rule book, so no w= is given on the
// loop's lines. Decision points: 1 (if (i < ROWS)); effective 5 + 8 = 13 -> sparse.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define OPT_N 4194304
#define ROW_LEN 8
#define ROWS 65536

// Polynomial approximation of the cumulative normal distribution function.
__device__ inline float cndGPU(float d)
{
    const float A1 = 0.31938153f;                               // EXPECT: statements=2 global=0 A=0 slices=GM w=128
    const float A2 = -0.356563782f;                             // EXPECT: statements=2 global=0 A=2 slices=GM w=128
    const float A3 = 1.781477937f;                              // EXPECT: statements=2 A=0 slices=GM w=128
    const float A4 = -1.821255978f;                             // EXPECT: statements=2 A=2 slices=GM w=128
    const float A5 = 1.330274429f;                              // EXPECT: statements=2 A=0 slices=GM w=128
    const float RSQRT2PI = 0.39894228040143267793994605993438f; // EXPECT: statements=2 A=0 slices=GM w=128

    float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d))); // EXPECT: statements=2 global=0 A=8 slices=GM w=128

    float cnd = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5))))); // EXPECT: statements=2 global=0 A=30 slices=GM w=128

    if (d > 0)                                                  // EXPECT: statements=2 A=0 slices=GM w=128
        cnd = 1.0f - cnd;                                       // EXPECT: statements=2 global=0 A=2 slices=GM w=128

    return cnd;                                                 // EXPECT: statements=2 global=0 A=0 slices=GM w=128
}

// Black-Scholes formula for both call and put.
__device__ inline void BlackScholesBodyGPU(float &CallResult, float &PutResult,
                                           float S, // Stock price
                                           float X, // Option strike
                                           float T, // Option years
                                           float R, // Riskless rate
                                           float V) // Volatility rate
{
    float sqrtT, expRT;                                         // EXPECT: statements=0
    float d1, d2, CNDD1, CNDD2;                                 // EXPECT: statements=0

    sqrtT = __fdividef(1.0F, rsqrtf(T));                        // EXPECT: statements=1 global=0 A=2 slices=GM w=128
    d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT); // EXPECT: statements=1 global=0 A=9 slices=GM w=128
    d2 = d1 - V * sqrtT;                                        // EXPECT: statements=1 global=0 A=2 slices=GM w=128

    CNDD1 = cndGPU(d1);                                         // EXPECT: statements=1 global=0 A=0 slices=GM w=128
    CNDD2 = cndGPU(d2);                                         // EXPECT: statements=1 global=0 A=0 slices=GM w=128

    // Calculate Call and Put simultaneously
    expRT = __expf(-R * T);                                     // EXPECT: statements=1 global=0 A=3 slices=GM w=128
    CallResult = S * CNDD1 - X * expRT * CNDD2;                 // EXPECT: statements=1 global=0 shared=0 A=4 slices=GM w=128
    PutResult = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1); // EXPECT: statements=1 global=0 shared=0 A=6 slices=GM w=128
}

// Process an array of optN options on the GPU, grid-stride over the options.
__launch_bounds__(128) __global__ void BlackScholesGPU(float *__restrict__ d_CallResult, // EXPECT-KERNEL: decision_points=2 effective=34 class=sparse
                                                       float *__restrict__ d_PutResult,
                                                       const float *__restrict__ d_StockPrice,
                                                       const float *__restrict__ d_OptionStrike,
                                                       const float *__restrict__ d_OptionYears,
                                                       float Riskfree, float Volatility)
{
    for (int opt = blockDim.x * blockIdx.x + threadIdx.x; opt < OPT_N; opt += blockDim.x * gridDim.x) { // EXPECT: statements=1 global=0 A=4 slices=GM w=128
        float callResult, putResult;                            // EXPECT: statements=0
        BlackScholesBodyGPU(callResult, putResult, d_StockPrice[opt], d_OptionStrike[opt], d_OptionYears[opt], Riskfree, Volatility); // EXPECT: statements=1 global=3 shared=0 A=0 slices=GM w=128
        d_CallResult[opt] = callResult;                         // EXPECT: statements=1 global=1 A=0 slices=GM w=128
        d_PutResult[opt] = putResult;                           // EXPECT: statements=1 global=1 A=0 slices=GM w=128
    }
}

// Smallest and largest of v[0..n-1], returned through lo and hi.
__device__ void minmax(const float *v, int n, float *lo, float *hi)
{
    float mn = v[0];                                            // EXPECT: statements=1 global=1 A=0 slices=GM w=1
    float mx = mn;                                              // EXPECT: statements=1 global=0 A=0 slices=GM w=1
    for (int k = 1; k < n; ++k) {                               // EXPECT: statements=1 global=0 A=1 slices=GM
        float x = v[k];                                         // EXPECT: statements=1 global=1 A=0 slices=GM
        mn = fminf(mn, x);                                      // EXPECT: statements=1 global=0 A=1 slices=GM
        mx = fmaxf(mx, x);                                      // EXPECT: statements=1 global=0 A=1 slices=GM
    }
    *lo = mn;                                                   // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM w=1
    *hi = mx;                                                   // EXPECT: statements=1 global=0 shared=0 A=0 slices=GM w=1
}

// Dynamic range (max - min) of every ROW_LEN-float row, scaled.
__global__ void rowRange(const float *in, float *out, float scale) // EXPECT-KERNEL: decision_points=1 effective=13 class=sparse
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;              // EXPECT: statements=1 A=2 slices=GM w=1
    if (i < ROWS) {                                             // EXPECT: statements=1 A=0 slices=GM w=1
        const float *row = in + i * ROW_LEN;                    // EXPECT: statements=1 global=0 A=2 slices=GM w=1
        float lo, hi;                                           // EXPECT: statements=0
        minmax(row, ROW_LEN, &lo, &hi);                         // EXPECT: statements=1 global=0 A=0 slices=GM w=1
        out[i] = (hi - lo) * scale;                             // EXPECT: statements=1 global=1 A=2 slices=GM w=1
    }
}

static float randFloat(float low, float high)
{
    float t = (float)rand() / (float)RAND_MAX;
    return (1.0f - t) * low + t * high;
}

int main()
{
    const float RISKFREE = 0.02f;
    const float VOLATILITY = 0.30f;

    std::vector<float> h_StockPrice(OPT_N), h_OptionStrike(OPT_N), h_OptionYears(OPT_N);
    srand(5347);
    for (int i = 0; i < OPT_N; i++) {
        h_StockPrice[i] = randFloat(5.0f, 30.0f);
        h_OptionStrike[i] = randFloat(1.0f, 100.0f);
        h_OptionYears[i] = randFloat(0.25f, 10.0f);
    }

    const size_t optBytes = OPT_N * sizeof(float);
    float *d_CallResult, *d_PutResult, *d_StockPrice, *d_OptionStrike, *d_OptionYears;
    cudaMalloc(&d_CallResult, optBytes);
    cudaMalloc(&d_PutResult, optBytes);
    cudaMalloc(&d_StockPrice, optBytes);
    cudaMalloc(&d_OptionStrike, optBytes);
    cudaMalloc(&d_OptionYears, optBytes);
    cudaMemcpy(d_StockPrice, h_StockPrice.data(), optBytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d_OptionStrike, h_OptionStrike.data(), optBytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d_OptionYears, h_OptionYears.data(), optBytes, cudaMemcpyHostToDevice);

    BlackScholesGPU<<<256, 128>>>(d_CallResult, d_PutResult, d_StockPrice, d_OptionStrike,
                                  d_OptionYears, RISKFREE, VOLATILITY);

    // Reuse the stock prices as ROWS x ROW_LEN samples for the range kernel.
    float *d_range;
    cudaMalloc(&d_range, ROWS * sizeof(float));
    rowRange<<<ROWS / 256, 256>>>(d_StockPrice, d_range, 0.5f);
    cudaDeviceSynchronize();

    float h_call0 = 0.0f, h_range0 = 0.0f;
    cudaMemcpy(&h_call0, d_CallResult, sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(&h_range0, d_range, sizeof(float), cudaMemcpyDeviceToHost);
    printf("call[0] = %f, range[0] = %f\n", h_call0, h_range0);

    cudaFree(d_CallResult);
    cudaFree(d_PutResult);
    cudaFree(d_StockPrice);
    cudaFree(d_OptionStrike);
    cudaFree(d_OptionYears);
    cudaFree(d_range);
    return 0;
}
