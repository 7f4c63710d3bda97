// Mandelbrot / Julia fractal renderer writing RGBA pixels.
// escapeTime is templated on the real type so the same code serves the
// float and double kernels; colouring uses a branchy palette function.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define WIDTH 1920
#define HEIGHT 1080
#define TILE_X 16
#define TILE_Y 16

template <typename Real>
__device__ int escapeTime(Real zx, Real zy, Real cx, Real cy, int maxIter)
{
    int it = 0;
    while (it < maxIter) {
        Real x2 = zx * zx, y2 = zy * zy;
        if (x2 + y2 > Real(4)) break;
        zy = Real(2) * zx * zy + cy;
        zx = x2 - y2 + cx;
        ++it;
    }
    return it;
}

__device__ uchar4 palette(int it, int maxIter)
{
    if (it >= maxIter) return make_uchar4(0, 0, 0, 255);
    float t = (float)it / maxIter;
    unsigned char r, g, b;
    if (t < 0.16f) {
        r = (unsigned char)(t / 0.16f * 32);
        g = (unsigned char)(t / 0.16f * 107);
        b = (unsigned char)(100 + t / 0.16f * 103);
    } else if (t < 0.42f) {
        r = (unsigned char)(32 + (t - 0.16f) / 0.26f * 205);
        g = (unsigned char)(107 + (t - 0.16f) / 0.26f * 148);
        b = (unsigned char)(203 + (t - 0.16f) / 0.26f * 52);
    } else if (t < 0.6425f) {
        r = 237 + (unsigned char)((t - 0.42f) / 0.2225f * 18);
        g = 255 - (unsigned char)((t - 0.42f) / 0.2225f * 85);
        b = 255 - (unsigned char)((t - 0.42f) / 0.2225f * 255);
    } else {
        r = 255 - (unsigned char)((t - 0.6425f) / 0.3575f * 255);
        g = 170 - (unsigned char)((t - 0.6425f) / 0.3575f * 168);
        b = 0;
    }
    return make_uchar4(r, g, b, 255);
}

__global__ void mandelbrotFloat(uchar4 *img, float x0, float y0, float scale, int maxIter)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= WIDTH || py >= HEIGHT) return;
    float cx = x0 + px * scale, cy = y0 + py * scale;
    img[py * WIDTH + px] = palette(escapeTime<float>(0.0f, 0.0f, cx, cy, maxIter), maxIter);
}

__global__ void mandelbrotDouble(uchar4 *img, double x0, double y0, double scale, int maxIter)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= WIDTH || py >= HEIGHT) return;
    double cx = x0 + px * scale, cy = y0 + py * scale;
    img[py * WIDTH + px] = palette(escapeTime<double>(0.0, 0.0, cx, cy, maxIter), maxIter);
}

__global__ void juliaFloat(uchar4 *img, float cRe, float cIm, float scale, int maxIter)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px < WIDTH && py < HEIGHT) {
        float zx = (px - WIDTH / 2) * scale, zy = (py - HEIGHT / 2) * scale;
        img[py * WIDTH + px] = palette(escapeTime(zx, zy, cRe, cIm, maxIter), maxIter);
    }
}

int main(int argc, char **argv)
{
    int frames = argc > 1 ? atoi(argv[1]) : 30;
    uchar4 *d_img;
    cudaMalloc(&d_img, WIDTH * HEIGHT * sizeof(uchar4));

    dim3 threads(TILE_X, TILE_Y);
    dim3 grid((WIDTH + TILE_X - 1) / TILE_X, (HEIGHT + TILE_Y - 1) / TILE_Y);

    double cx = -0.743643887037151, cy = 0.131825904205330;
    double scale = 3.0 / WIDTH;
    for (int f = 0; f < frames; ++f, scale *= 0.9) {
        int maxIter = 256 + 32 * f;
        double x0 = cx - scale * WIDTH / 2, y0 = cy - scale * HEIGHT / 2;
        if (scale > 1e-6)
            mandelbrotFloat<<<grid, threads>>>(d_img, (float)x0, (float)y0, (float)scale, maxIter);
        else
            mandelbrotDouble<<<grid, threads>>>(d_img, x0, y0, scale, maxIter);
    }

    juliaFloat<<<dim3(WIDTH / 32, HEIGHT / 8), dim3(32, 8)>>>(d_img, -0.8f, 0.156f, 0.002f, 512);
    cudaDeviceSynchronize();

    std::vector<uchar4> h(WIDTH * HEIGHT);
    cudaMemcpy(h.data(), d_img, h.size() * sizeof(uchar4), cudaMemcpyDeviceToHost);
    printf("centre pixel = (%d, %d, %d)\n", h[HEIGHT / 2 * WIDTH + WIDTH / 2].x, h[HEIGHT / 2 * WIDTH + WIDTH / 2].y,
           h[HEIGHT / 2 * WIDTH + WIDTH / 2].z);
    cudaFree(d_img);
    return 0;
}
