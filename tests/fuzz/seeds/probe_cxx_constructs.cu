#include <utility>
struct S { int a[4]; __device__ int& operator[](int i) { return a[i]; } __device__ S operator+(const S& o) const { return o; } };
struct K { static __global__ void member(float* p); __global__ void bad(float* p) { p[0] = 1; } };
__global__ void K::member(float* p) { p[0] = 2; }
__global__ void ranges(float* p, S s) {
    for (auto& v : s.a) v += 1;
    if constexpr (sizeof(int) == 4) { p[0] = 1; }
    auto [x, y] = std::pair<int, int>(1, 2);
    try { p[x] = y; } catch (...) {}
    asm volatile("" ::: "memory");
    S t = s + s; t[3] = 4; p[t[3]] = t[2];
    for (;;) { if (p[0] > 0) break; }
    for (int i = 0, j = 10; i < j; i++, j--) p[i] = j;
    for (int i = 10; i; i >>= 1) p[i] = 0;
    for (float f = 0; f < 1.5f; f += 0.5f) p[0] += f;
    while (int k = p[0]) p[k] = 0;
    do p[0]--; while (p[0] > 0);
    __builtin_expect(p[0] > 0, 1) ? p[1] = 0 : p[2] = 1;
    p[__builtin_popcount(threadIdx.x)] = __builtin_huge_valf();
    int arr[3] = {1, 2, 3}; p[arr[threadIdx.x % 3]] = ({ int z = 3; z * 2; });
}
__global__ void defaults(float* p, int n = 5) { p[n] = 0; }
void launch(float* p) { ranges<<<1, 1>>>(p, S{}); defaults<<<1, 1>>>(p); K::member<<<1, 1>>>(p); }
