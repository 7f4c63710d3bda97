// Control-flow heavy kernels: element-wise activations selected by a
// runtime opcode (switch), a piecewise colour classifier (if / else if
// chains), and a collatz step counter with data-dependent loop trip counts.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

enum OpType { OP_RELU = 0, OP_LEAKY_RELU, OP_SIGMOID, OP_TANH, OP_GELU, OP_ELU, OP_SOFTPLUS, OP_IDENTITY, NUM_OPS };

#define THREADS 256

__device__ float tanhApprox(float x)
{
    if (x > 4.97f) return 1.0f;
    if (x < -4.97f) return -1.0f;
    float x2 = x * x;
    float a = x * (135135.0f + x2 * (17325.0f + x2 * (378.0f + x2)));
    float b = 135135.0f + x2 * (62370.0f + x2 * (3150.0f + x2 * 28.0f));
    return a / b;
}

__device__ float gelu(float x)
{
    const float k = 0.7978845608f;  // sqrt(2 / pi)
    return 0.5f * x * (1.0f + tanhApprox(k * (x + 0.044715f * x * x * x)));
}

__device__ float applyActivation(float x, int op, float alpha)
{
    switch (op) {
    case OP_RELU:
        return x > 0.0f ? x : 0.0f;
    case OP_LEAKY_RELU:
        return x > 0.0f ? x : alpha * x;
    case OP_SIGMOID:
        return 1.0f / (1.0f + expf(-x));
    case OP_TANH:
        return tanhApprox(x);
    case OP_GELU:
        return gelu(x);
    case OP_ELU:
        if (x >= 0.0f)
            return x;
        else
            return alpha * (expf(x) - 1.0f);
    case OP_SOFTPLUS:
        if (x > 20.0f) return x;
        else if (x < -20.0f) return expf(x);
        return log1pf(expf(x));
    case OP_IDENTITY:
    default:
        return x;
    }
}

__global__ void activationKernel(const float *in, float *out, int n, int op, float alpha)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i];
    if (isnan(v)) {
        out[i] = 0.0f;
    } else if (isinf(v)) {
        out[i] = v > 0.0f ? 1e30f : -1e30f;
    } else {
        out[i] = applyActivation(v, op, alpha);
    }
}

__device__ int classifyPixel(unsigned char r, unsigned char g, unsigned char b)
{
    int maxc = r > g ? (r > b ? r : b) : (g > b ? g : b);
    int minc = r < g ? (r < b ? r : b) : (g < b ? g : b);
    if (maxc < 40) return 0;                  // black
    else if (minc > 215) return 1;            // white
    else if (maxc - minc < 20) return 2;      // grey
    else if (r == maxc && g >= b) return 3;   // red-yellow
    else if (r == maxc) return 4;             // magenta-red
    else if (g == maxc) return 5;             // green
    else return 6;                            // blue
}

__global__ void classifyKernel(const uchar3 *pixels, int *labels, int *histogram, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        uchar3 p = pixels[i];
        int label = classifyPixel(p.x, p.y, p.z);
        labels[i] = label;
        switch (label) {
        case 0:
        case 1:
        case 2:
            atomicAdd(&histogram[0], 1);
            break;
        case 3:
        case 4:
            atomicAdd(&histogram[1], 1);
            break;
        default:
            atomicAdd(&histogram[label - 3], 1);
        }
    }
}

__global__ void collatzSteps(const unsigned int *starts, int *steps, int n, int maxSteps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long v = starts[i];
    int s = 0;
    while (v != 1) {
        if (s >= maxSteps) {
            s = -1;
            break;
        }
        if (v & 1) v = 3 * v + 1;
        else v >>= 1;
        ++s;
    }
    steps[i] = s;
}

int main()
{
    const int n = 1 << 20;
    const int blocks = (n + THREADS - 1) / THREADS;

    float *in, *out;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    cudaMemset(in, 0, n * sizeof(float));

    for (int op = 0; op < NUM_OPS; ++op) {
        activationKernel<<<blocks, THREADS>>>(in, out, n, op, 0.01f);
    }

    uchar3 *pixels;
    int *labels, *hist;
    cudaMalloc(&pixels, n * sizeof(uchar3));
    cudaMalloc(&labels, n * sizeof(int));
    cudaMalloc(&hist, 8 * sizeof(int));
    cudaMemset(pixels, 0x80, n * sizeof(uchar3));
    cudaMemset(hist, 0, 8 * sizeof(int));
    classifyKernel<<<blocks / 4, THREADS>>>(pixels, labels, hist, n);

    unsigned int *starts;
    int *steps;
    cudaMalloc(&starts, n * sizeof(unsigned int));
    cudaMalloc(&steps, n * sizeof(int));
    std::vector<unsigned int> h(n);
    for (int i = 0; i < n; ++i) h[i] = i + 1;
    cudaMemcpy(starts, h.data(), n * sizeof(unsigned int), cudaMemcpyHostToDevice);
    collatzSteps<<<blocks, THREADS>>>(starts, steps, n, 1000);

    int hh[8];
    cudaMemcpy(hh, hist, sizeof(hh), cudaMemcpyDeviceToHost);
    printf("grey pixels: %d\n", hh[0]);

    cudaFree(in);
    cudaFree(out);
    cudaFree(pixels);
    cudaFree(labels);
    cudaFree(hist);
    cudaFree(starts);
    cudaFree(steps);
    return 0;
}
