// dev/cuda-style kernel benchmark: residual add in bf16, one thread per element.
#include "common.h"

__global__ void residual_forward_kernel1(floatX* out, const floatX* inp1, const floatX* inp2, int N)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < N)
        out[idx] = (floatX)((float)inp1[idx] + (float)inp2[idx]);
}

void residual_forward1(floatX* out, const floatX* inp1, const floatX* inp2, int N, const int block_size)
{
    const int grid_size = ceil_div(N, block_size);
    residual_forward_kernel1<<<grid_size, block_size>>>(out, inp1, inp2, N);
}

int main()
{
    const int B = 8, T = 1024, C = 768;
    floatX *out, *inp1, *inp2;
    cudaMalloc(&out, B * T * C * sizeof(floatX));
    cudaMalloc(&inp1, B * T * C * sizeof(floatX));
    cudaMalloc(&inp2, B * T * C * sizeof(floatX));
    residual_forward1(out, inp1, inp2, B * T * C, 256);
    swap_buffers(inp1, inp2);
    residual_forward1(out, inp1, inp2, B * T * C, 256);
    cudaFree(out);
    cudaFree(inp1);
    cudaFree(inp2);
    return 0;
}
