// Loops nvcc unrolls part of the way (issue 33: the compiled code's instructions with loop
// unrolling divided out). unrolled_loops.nvcc-sm90.ptx is nvcc 13.0's PTX of this file:
//   nvcc -ptx -lineinfo -arch=sm_90 unrolled_loops.cu -o unrolled_loops.nvcc-sm90.ptx
// sumFour: a loop over a run-time count under #pragma unroll 4 (a main loop with four loads a
// trip and a remainder loop); polynomialEight: a body without memory accesses under #pragma
// unroll 8.
__global__ void sumFour(const float* a, float* out, int n)
{
    float sum = 0.0f;
#pragma unroll 4
    for (int i = 0; i < n; ++i)
        sum += a[i * blockDim.x + threadIdx.x];
    out[threadIdx.x] = sum;
}

__global__ void polynomialEight(float* out, float x, int n)
{
    float y = x;
#pragma unroll 8
    for (int i = 0; i < n; ++i)
        y = y * x + 1.0f;
    out[threadIdx.x] = y;
}

int main()
{
    float* a = nullptr;
    float* out = nullptr;
    sumFour<<<1, 128>>>(a, out, 64);
    polynomialEight<<<1, 128>>>(out, 0.5f, 64);
    return 0;
}
