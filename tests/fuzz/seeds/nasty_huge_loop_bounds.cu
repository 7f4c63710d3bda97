// Loop bounds, steps and launch values at the edges of 64-bit integers.
#define BIG 9223372036854775807LL
__global__ void bounds(float* p) {
    for (long long i = -BIG - 1; i < BIG; i += 1) p[0] += 1.0f;
    for (long long i = BIG; i > -BIG - 1; --i) p[1] += 1.0f;
    for (long long i = 0; i != BIG; i += 3) p[2] += 1.0f;
    for (long long i = 1; i < BIG; i *= 2) p[3] += 1.0f;
    for (long long i = -1; i > -BIG; i *= 3) p[4] += 1.0f;
    for (long long i = 1; i < BIG; i <<= 62) p[5] += 1.0f;
    for (long long i = -BIG; i < 0; i = i / -1) p[6] += 1.0f;
    for (long long i = 0; i < (BIG * 2); i++) p[7] += 1.0f;
    for (int i = 0; i < 1 << 31; i += blockDim.x * gridDim.x) p[8] += 1.0f;
    for (int i = 0; i < 10; i += 0) p[9] += 1.0f;
    for (unsigned i = 0; i < 0xffffffffu; i -= 1u) p[10] += 1.0f;
    for (int i = 0; i < 1000000; ++i) for (int j = 0; j < 1000000; ++j) for (int k = 0; k < 1000000; ++k)
        for (int l = 0; l < 1000000; ++l) for (int m = 0; m < 1000000; ++m) p[11] += 1.0f;
}
template <long long N>
__global__ void templated(float* p) { for (long long i = 0; i < N; i += N / 2) p[i % 8] = 0; }
void launch(float* p) {
    bounds<<<BIG, BIG, BIG>>>(p);
    bounds<<<dim3(BIG, BIG, BIG), dim3(-1, -1, -1)>>>(p);
    const long long g = (-BIG - 1) / -1;
    bounds<<<g, -BIG - 1>>>(p);
    templated<BIG><<<2147483647, 1024>>>(p);
    templated<-BIG - 1><<<1, 1 << 30>>>(p);
}
