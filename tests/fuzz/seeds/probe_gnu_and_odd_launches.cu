#define K(name) __global__ void name(float* p) { p[threadIdx.x] = p[threadIdx.x] * 2.0f; }
K(k1) K(k2)
__device__ float (*fp)(float);
__device__ float viaPointer(float x) { return fp ? fp(x) : x; }
__global__ void lambdas(float* p, int n) {
    auto f = [=] __device__ (int i) { return p[i] * 2; };
    int i = 0;
again:
    if (i < n) { p[i] = f(i); ++i; goto again; }
    switch (n) { case 1 ... 5: p[0] = 1; break; default: ; case 6: p[1] = viaPointer(p[1]); }
    extern __shared__ float sh[];
    sh[-1] = sh[1u << 31];
    __shared__ float big[1 << 20][1 << 20];
    big[threadIdx.x][threadIdx.y] = 0;
}
template <int N> __global__ void rec(float* p) { if (N > 0) rec<N - 1><<<1, 1>>>(p); p[N] = 0; }
template <> __global__ void rec<-5>(float* p) {}
void launch(float* p) { rec<2147483647><<<0, 0, -1>>>(p); lambdas<<<-1, -1>>>(p, 3); k1<<<dim3(0, 0, 0), dim3()>>>(p); }
