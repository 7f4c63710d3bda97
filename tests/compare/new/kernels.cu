#define N 4096
__global__ void smooth(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < 64; ++k)
        acc += in[(i + k) % n] * 0.125f;
    out[i] = acc;
}
__global__ void scaleVectorBy(float* v, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = v[i] * s + 1.0f;
}
__global__ void blur(const float* in, float* out)
{
    __shared__ float tile[260];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = in[i];
    if (threadIdx.x < 4) tile[256 + threadIdx.x] = in[i + 256];
    __syncthreads();
    out[i] = 0.25f * (tile[threadIdx.x] + tile[threadIdx.x + 1] + tile[threadIdx.x + 2]
                      + tile[threadIdx.x + 3]);
}
__global__ void histogram(const int* keys, int* bins, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(&bins[keys[i] & 255], 1);
}
void run(float* a, float* b, int* k, int* h)
{
    smooth<<<N / 256, 256>>>(a, b, N);
    scaleVectorBy<<<N / 256, 256>>>(a, 2.0f, N);
    blur<<<N / 256, 256>>>(a, b);
    histogram<<<N / 256, 256>>>(k, h, N);
}
