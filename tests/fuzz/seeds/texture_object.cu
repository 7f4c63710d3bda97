// Image resampling through the texture object API.
//   transformKernel - rotates and scales an image sampled with tex2D<float>
//   sobelTex        - Sobel edge magnitude using clamped border fetches
//   gatherLinear    - 1D tex1Dfetch<float> from a linear-memory texture
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define BLOCK_X 16
#define BLOCK_Y 16

struct Image {
    int width;
    int height;
    std::vector<float> pixels;
};

__device__ float fetchPixel(cudaTextureObject_t tex, float x, float y)
{
    // +0.5 addresses texel centres with unnormalised coordinates.
    return tex2D<float>(tex, x + 0.5f, y + 0.5f);
}

__device__ float sobelMagnitude(cudaTextureObject_t tex, float x, float y)
{
    float ul = fetchPixel(tex, x - 1, y - 1), um = fetchPixel(tex, x, y - 1), ur = fetchPixel(tex, x + 1, y - 1);
    float ml = fetchPixel(tex, x - 1, y), mr = fetchPixel(tex, x + 1, y);
    float ll = fetchPixel(tex, x - 1, y + 1), lm = fetchPixel(tex, x, y + 1), lr = fetchPixel(tex, x + 1, y + 1);
    float gx = (ur + 2.0f * mr + lr) - (ul + 2.0f * ml + ll);
    float gy = (ll + 2.0f * lm + lr) - (ul + 2.0f * um + ur);
    return sqrtf(gx * gx + gy * gy);
}

__global__ void transformKernel(float *output, cudaTextureObject_t texObj, int width, int height, float theta)
{
    unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;

    float u = x / (float)width - 0.5f;
    float v = y / (float)height - 0.5f;
    float tu = u * cosf(theta) - v * sinf(theta) + 0.5f;
    float tv = v * cosf(theta) + u * sinf(theta) + 0.5f;

    // Normalised coordinates with wrap addressing.
    output[y * width + x] = tex2D<float>(texObj, tu, tv);
}

__global__ void sobelTex(float *output, cudaTextureObject_t texObj, int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        output[y * width + x] = sobelMagnitude(texObj, (float)x, (float)y);
}

__global__ void gatherLinear(float *out, cudaTextureObject_t texLinear, const int *indices, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<float>(texLinear, indices[i]);
}

static cudaTextureObject_t makeArrayTexture(cudaArray_t array, bool normalized)
{
    cudaResourceDesc resDesc = {};
    resDesc.resType = cudaResourceTypeArray;
    resDesc.res.array.array = array;

    cudaTextureDesc texDesc = {};
    texDesc.addressMode[0] = normalized ? cudaAddressModeWrap : cudaAddressModeClamp;
    texDesc.addressMode[1] = normalized ? cudaAddressModeWrap : cudaAddressModeClamp;
    texDesc.filterMode = cudaFilterModeLinear;
    texDesc.readMode = cudaReadModeElementType;
    texDesc.normalizedCoords = normalized ? 1 : 0;

    cudaTextureObject_t tex = 0;
    cudaCreateTextureObject(&tex, &resDesc, &texDesc, nullptr);
    return tex;
}

int main()
{
    Image img;
    img.width = 512;
    img.height = 384;
    img.pixels.resize(img.width * img.height);
    for (int i = 0; i < img.width * img.height; ++i) img.pixels[i] = (float)(i % 251) / 250.0f;

    cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    cudaArray_t cuArray;
    cudaMallocArray(&cuArray, &channelDesc, img.width, img.height);
    cudaMemcpy2DToArray(cuArray, 0, 0, img.pixels.data(), img.width * sizeof(float),
                        img.width * sizeof(float), img.height, cudaMemcpyHostToDevice);

    cudaTextureObject_t texNorm = makeArrayTexture(cuArray, true);
    cudaTextureObject_t texClamp = makeArrayTexture(cuArray, false);

    float *d_out;
    cudaMalloc(&d_out, img.width * img.height * sizeof(float));

    // Grid derived from a struct field: unknown.
    dim3 dimBlock(BLOCK_X, BLOCK_Y, 1);
    dim3 dimGrid((img.width + BLOCK_X - 1) / BLOCK_X, (img.height + BLOCK_Y - 1) / BLOCK_Y, 1);
    transformKernel<<<dimGrid, dimBlock>>>(d_out, texNorm, img.width, img.height, 0.5f);
    sobelTex<<<dimGrid, dimBlock>>>(d_out, texClamp, img.width, img.height);

    // Linear-memory texture over an index-gathered buffer.
    const int n = 4096;
    float *d_lin;
    int *d_idx;
    cudaMalloc(&d_lin, n * sizeof(float));
    cudaMalloc(&d_idx, n * sizeof(int));
    std::vector<int> idx(n);
    for (int i = 0; i < n; ++i) idx[i] = (i * 7) % n;
    cudaMemcpy(d_idx, idx.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_lin, img.pixels.data(), n * sizeof(float), cudaMemcpyHostToDevice);

    cudaResourceDesc linRes = {};
    linRes.resType = cudaResourceTypeLinear;
    linRes.res.linear.devPtr = d_lin;
    linRes.res.linear.desc = cudaCreateChannelDesc<float>();
    linRes.res.linear.sizeInBytes = n * sizeof(float);
    cudaTextureDesc linTex = {};
    linTex.readMode = cudaReadModeElementType;
    cudaTextureObject_t texLinear = 0;
    cudaCreateTextureObject(&texLinear, &linRes, &linTex, nullptr);

    gatherLinear<<<n / 128, 128>>>(d_out, texLinear, d_idx, n);
    cudaDeviceSynchronize();
    printf("texture object kernels finished: %s\n", cudaGetErrorString(cudaGetLastError()));

    cudaDestroyTextureObject(texNorm);
    cudaDestroyTextureObject(texClamp);
    cudaDestroyTextureObject(texLinear);
    cudaFreeArray(cuArray);
    cudaFree(d_out);
    cudaFree(d_lin);
    cudaFree(d_idx);
    return 0;
}
