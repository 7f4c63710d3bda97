// Kernels organised in namespaces, as in a small image-processing library.
// Two kernels share the name `normalize` in different namespaces; launches
// use qualified names, using-declarations and namespace aliases.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

namespace imgproc {

namespace detail {

__device__ inline int clampIndex(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

__device__ float boxSample(const float *img, int x, int y, int w, int h)
{
    float s = 0.0f;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            s += img[clampIndex(y + dy, 0, h - 1) * w + clampIndex(x + dx, 0, w - 1)];
    return s / 9.0f;
}

}  // namespace detail

namespace filters {

__global__ void boxBlur(const float *in, float *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) out[y * w + x] = detail::boxSample(in, x, y, w, h);
}

__global__ void threshold(const float *in, unsigned char *mask, int n, float t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) mask[i] = in[i] > t ? 255 : 0;
}

}  // namespace filters

__global__ void normalize(float *img, int n, float minV, float maxV)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) img[i] = (img[i] - minV) / (maxV - minV);
}

}  // namespace imgproc

namespace audio::dsp {

__device__ float softClip(float x)
{
    return x / (1.0f + fabsf(x));
}

__global__ void normalize(float *samples, int n, float gain)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) samples[i] = softClip(samples[i] * gain);
}

__global__ void mixStereo(const float *left, const float *right, float *mono, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) mono[i] = softClip(0.5f * (left[i] + right[i]));
}

}  // namespace audio::dsp

namespace fx = imgproc::filters;
using audio::dsp::mixStereo;

int main()
{
    const int w = 1280, h = 720;
    const int n = w * h;
    const int samples = 48000;

    float *img, *blurred, *audioBuf, *right, *mono;
    unsigned char *mask;
    cudaMalloc(&img, n * sizeof(float));
    cudaMalloc(&blurred, n * sizeof(float));
    cudaMalloc(&mask, n);
    cudaMalloc(&audioBuf, samples * sizeof(float));
    cudaMalloc(&right, samples * sizeof(float));
    cudaMalloc(&mono, samples * sizeof(float));
    cudaMemset(img, 0, n * sizeof(float));
    cudaMemset(audioBuf, 0, samples * sizeof(float));
    cudaMemset(right, 0, samples * sizeof(float));

    dim3 block(16, 16);
    dim3 grid(w / 16, h / 16);
    imgproc::filters::boxBlur<<<grid, block>>>(img, blurred, w, h);
    fx::threshold<<<n / 256, 256>>>(blurred, mask, n, 0.5f);
    imgproc::normalize<<<n / 256, 256>>>(blurred, n, 0.0f, 1.0f);

    audio::dsp::normalize<<<(samples + 127) / 128, 128>>>(audioBuf, samples, 2.0f);
    mixStereo<<<(samples + 127) / 128, 128>>>(audioBuf, right, mono, samples);

    cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));

    cudaFree(img);
    cudaFree(blurred);
    cudaFree(mask);
    cudaFree(audioBuf);
    cudaFree(right);
    cudaFree(mono);
    return 0;
}
