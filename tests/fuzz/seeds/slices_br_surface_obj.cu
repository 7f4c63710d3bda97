// In-place tone curve on a float image held in a CUDA array, through a
// surface OBJECT: each thread reads its pixel with surf2Dread, evaluates a
// degree-4 polynomial (Horner, coefficients in global memory) and writes the
// result back with surf2Dwrite. Surface x coordinates are in bytes.
//
// Hand-computed slice expectations (resources/help/analysis-rules.md), see
// br_surface_obj.slices.json. Launch <<<dim3(60, 135), dim3(32, 8)>>>.
// Surfaces count as texture space (rule book 2).
//   S1 line 37: int x = blockIdx.x * blockDim.x + threadIdx.x;   w=1, A=2. texture + global
//                (closure of S3 and of the surface coordinates).
//   S2 line 38: int y = blockIdx.y * blockDim.y + threadIdx.y;   w=1, A=2. texture + global.
//   S3 line 39: if (x >= width || y >= height)   w=1, A=0. texture + global: guards the
//                early return S4, which every later member follows.
//   S4 line 40: return;   w=1. texture + global (earlier return under a condition in
//                the same block).
//   S5 line 41: float v = surf2Dread<float>(surf, x * (int)sizeof(float), y);
//                w=1, A=1 (*; cast and sizeof are not arithmetic), tex 1. texture criterion.
//   S6 line 42: float acc = 0.0f;   w=1, A=0. texture (S9 uses acc) + global (S8 uses acc).
//   S7 line 43: for (int p = 0; p < DEGREE; ++p)   trip 4 (DEGREE macro), header
//                weight 4, A=1 (++p) per iteration. global: encloses S8, defines p.
//   S8 line 44: acc = acc * v + coeffs[p];   w=4, A=2 (* +), global 1. global criterion;
//                its use of v stops at S5 (texture).
//   S9 line 45: surf2Dwrite(acc, surf, x * (int)sizeof(float), y);   w=1, A=1, tex 1.
//                texture criterion; its use of acc reaches S6 (pure) and S8 (global: stop).
// C_TM = {S1,S2,S3,S4,S5,S6,S9}: length 7, A = 2+2+0+0+1+0+1 = 6, tex = 2.
// C_GM = {S1,S2,S3,S4,S6,S7,S8}: length 7, A = 2+2+0+0+0+4*1+4*2 = 16, global = 4*1 = 4.
// Decision points: 1 (S3); 9 effective statements; 1/9 = 0.111 >= 0.1 -> dense.
// No assumptions (the only loop has a known trip count).
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define DEGREE 4

__global__ void toneCurveSurface(cudaSurfaceObject_t surf, const float *coeffs, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x; // S1
    int y = blockIdx.y * blockDim.y + threadIdx.y; // S2
    if (x >= width || y >= height) // S3
        return; // S4
    float v = surf2Dread<float>(surf, x * (int)sizeof(float), y); // S5
    float acc = 0.0f; // S6
    for (int p = 0; p < DEGREE; ++p) // S7
        acc = acc * v + coeffs[p]; // S8
    surf2Dwrite(acc, surf, x * (int)sizeof(float), y); // S9
}

int main()
{
    const int width = 1920;
    const int height = 1080;
    std::vector<float> h_img(width * height);
    for (int i = 0; i < width * height; ++i)
        h_img[i] = (i % width) / (float)width;

    cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
    cudaArray_t img;
    cudaMallocArray(&img, &fmt, width, height, cudaArraySurfaceLoadStore);
    cudaMemcpy2DToArray(img, 0, 0, h_img.data(), width * sizeof(float), width * sizeof(float), height,
                        cudaMemcpyHostToDevice);

    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeArray;
    res.res.array.array = img;
    cudaSurfaceObject_t surf = 0;
    cudaCreateSurfaceObject(&surf, &res);

    const float h_coeffs[DEGREE] = {-0.5f, 0.75f, 0.6f, 0.05f};
    float *d_coeffs;
    cudaMalloc(&d_coeffs, sizeof(h_coeffs));
    cudaMemcpy(d_coeffs, h_coeffs, sizeof(h_coeffs), cudaMemcpyHostToDevice);

    dim3 block(32, 8);
    dim3 grid(60, 135);
    toneCurveSurface<<<grid, block>>>(surf, d_coeffs, width, height);
    cudaDeviceSynchronize();

    cudaMemcpy2DFromArray(h_img.data(), width * sizeof(float), img, 0, 0, width * sizeof(float), height,
                          cudaMemcpyDeviceToHost);
    printf("pixel(960, 540) = %f\n", h_img[540 * width + 960]);

    cudaDestroySurfaceObject(surf);
    cudaFreeArray(img);
    cudaFree(d_coeffs);
    return 0;
}
