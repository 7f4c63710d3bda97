// Sobel edge magnitude over a float image read through a texture OBJECT
// (point sampling, clamped addressing): 8 tex2D<float> fetches per pixel,
// one global store of the gradient magnitude.
//
// Hand-computed slice expectations (resources/help/analysis-rules.md), see
// br_sobel_texobj.slices.json. Launch <<<dim3(40, 30), dim3(16, 16)>>>; no loops,
// all weights 1.
//   S1  line 39: int x = blockIdx.x * blockDim.x + threadIdx.x;  A=2. texture + global
//                 (closure of S3, S4, S16).
//   S2  line 40: int y = blockIdx.y * blockDim.y + threadIdx.y;  A=2. texture + global.
//   S3  line 41: if (x < width && y < height)   A=0 (&&, < not arithmetic).
//                 texture + global: encloses every member below.
//   S4  line 42: float fx = x + 0.5f;   A=1. texture (fetch coordinates).
//   S5  line 43: float fy = y + 0.5f;   A=1. texture.
//   S6  line 44: tl = tex2D<float>(tex, fx - 1, fy - 1)   A=2, tex 1.
//   S7  line 45: tc = tex2D<float>(tex, fx, fy - 1)       A=1, tex 1.
//   S8  line 46: tr = tex2D<float>(tex, fx + 1, fy - 1)   A=2, tex 1.
//   S9  line 47: ml = tex2D<float>(tex, fx - 1, fy)       A=1, tex 1.
//   S10 line 48: mr = tex2D<float>(tex, fx + 1, fy)       A=1, tex 1.
//   S11 line 49: bl = tex2D<float>(tex, fx - 1, fy + 1)   A=2, tex 1.
//   S12 line 50: bc = tex2D<float>(tex, fx, fy + 1)       A=1, tex 1.
//   S13 line 51: br = tex2D<float>(tex, fx + 1, fy + 1)   A=2, tex 1.
//                 S6-S13: texture criteria (the call is the one texture access;
//                 naming the object `tex` is not an extra access).
//   S14 line 52: gx = (tr + 2*mr + br) - (tl + 2*ml + bl)   A=7 (4 +, 2 *, 1 -).
//                 global: S16 uses gx; its uses of tr.. stop at S6-S13 (texture).
//   S15 line 53: gy = (bl + 2*bc + br) - (tl + 2*tc + tr)   A=7. global.
//   S16 line 54: out[y * width + x] = sqrtf(gx * gx + gy * gy)   A=6 (* + in the
//                 subscript, * + *, sqrtf), global 1. global criterion.
// C_TM = S1..S13: length 13, A = 2+2+0+1+1+(2+1+2+1+1+2+1+2) = 18, tex = 8.
// C_GM = {S1,S2,S3,S14,S15,S16}: length 6, A = 2+2+0+7+7+6 = 24, global = 1.
// Decision points: 1 (S3); 16 effective statements; 1/16 = 0.0625 -> sparse.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void sobelTexture(cudaTextureObject_t tex, float *out, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x; // S1
    int y = blockIdx.y * blockDim.y + threadIdx.y; // S2
    if (x < width && y < height) { // S3
        float fx = x + 0.5f; // S4
        float fy = y + 0.5f; // S5
        float tl = tex2D<float>(tex, fx - 1, fy - 1); // S6
        float tc = tex2D<float>(tex, fx, fy - 1); // S7
        float tr = tex2D<float>(tex, fx + 1, fy - 1); // S8
        float ml = tex2D<float>(tex, fx - 1, fy); // S9
        float mr = tex2D<float>(tex, fx + 1, fy); // S10
        float bl = tex2D<float>(tex, fx - 1, fy + 1); // S11
        float bc = tex2D<float>(tex, fx, fy + 1); // S12
        float br = tex2D<float>(tex, fx + 1, fy + 1); // S13
        float gx = (tr + 2.0f * mr + br) - (tl + 2.0f * ml + bl); // S14
        float gy = (bl + 2.0f * bc + br) - (tl + 2.0f * tc + tr); // S15
        out[y * width + x] = sqrtf(gx * gx + gy * gy); // S16
    }
}

int main()
{
    const int width = 640;
    const int height = 480;
    std::vector<float> h_img(width * height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            h_img[y * width + x] = (x / 40 + y / 40) % 2 ? 1.0f : 0.0f;

    cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
    cudaArray_t img;
    cudaMallocArray(&img, &fmt, width, height);
    cudaMemcpy2DToArray(img, 0, 0, h_img.data(), width * sizeof(float), width * sizeof(float), height,
                        cudaMemcpyHostToDevice);

    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeArray;
    res.res.array.array = img;
    cudaTextureDesc td = {};
    td.addressMode[0] = cudaAddressModeClamp;
    td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = 0;
    cudaTextureObject_t tex = 0;
    cudaCreateTextureObject(&tex, &res, &td, nullptr);

    float *d_out;
    cudaMalloc(&d_out, width * height * sizeof(float));

    dim3 block(16, 16);
    dim3 grid(40, 30);
    sobelTexture<<<grid, block>>>(tex, d_out, width, height);
    cudaDeviceSynchronize();

    std::vector<float> h_out(width * height);
    cudaMemcpy(h_out.data(), d_out, width * height * sizeof(float), cudaMemcpyDeviceToHost);
    printf("edge(40, 10) = %f\n", h_out[10 * width + 40]);

    cudaDestroyTextureObject(tex);
    cudaFreeArray(img);
    cudaFree(d_out);
    return 0;
}
