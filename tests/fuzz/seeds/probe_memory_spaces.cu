texture<float, 2> tref;
surface<void, 2> sref;
__constant__ float cm[16];
__device__ float gm[16];
__global__ void t(cudaTextureObject_t obj, float* out, float** pp, float* const* cpp) {
    float v = tex2D(tref, 0.5f, 0.5f) + tex2D<float>(obj, 1, 2) + cm[threadIdx.x] + gm[threadIdx.x];
    surf2Dwrite(v, sref, 0, 0);
    out[threadIdx.x] = *pp[0] + **cpp + (*(pp + 1))[2];
    __shared__ float s[32][33];
    s[threadIdx.x][threadIdx.y] = s[threadIdx.y][threadIdx.x] + atomicAdd(&gm[0], 1.0f) + __ldg(&out[1]);
    float* q = threadIdx.x ? out : &s[0][0];
    q[1] = q[2];
    float* r = &(&(&out[1])[1])[1];
    r[0] = *(float*)((char*)out + 4);
}
void launch(float* p) { t<<<dim3(2, 2), dim3(16, 16), 128, 0>>>(0, p, 0, 0); }
