#define N 4096
__global__ void smooth(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < 8; ++k)
        acc += in[(i + k) % n] * 0.125f;
    out[i] = acc;
}
__global__ void scaleVector(float* v, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = v[i] * s + 1.0f;
}
__global__ void blur(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 0.25f * (in[i] + in[i + 1] + in[i + 2] + in[i + 3]);
}
__global__ void legacyCopy(const float* in, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];
}
void run(float* a, float* b)
{
    smooth<<<N / 256, 256>>>(a, b, N);
    scaleVector<<<N / 256, 256>>>(a, 2.0f, N);
    blur<<<N / 256, 256>>>(a, b);
    legacyCopy<<<N / 256, 256>>>(a, b);
}
